"""mambapy: mamba_inner_ln (wild-code corpus, benchmarks/wild)."""

from mambapy.mamba import Mamba, MambaConfig

config = MambaConfig(d_model=64, n_layers=1, inner_layernorms=True)
model = Mamba(config)
