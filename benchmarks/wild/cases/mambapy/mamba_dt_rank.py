"""mambapy: mamba_dt_rank (wild-code corpus, benchmarks/wild)."""

from mambapy.mamba import Mamba, MambaConfig

config = MambaConfig(d_model=64, n_layers=2, dt_rank=8, d_conv=3)
model = Mamba(config)
