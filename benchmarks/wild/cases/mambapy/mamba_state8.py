"""mambapy: mamba_state8 (wild-code corpus, benchmarks/wild)."""

from mambapy.mamba import Mamba, MambaConfig

config = MambaConfig(d_model=32, n_layers=3, d_state=8, expand_factor=2)
model = Mamba(config)
