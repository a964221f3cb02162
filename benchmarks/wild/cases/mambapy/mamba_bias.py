"""mambapy: mamba_bias (wild-code corpus, benchmarks/wild)."""

from mambapy.mamba import Mamba, MambaConfig

config = MambaConfig(d_model=48, n_layers=2, bias=True, conv_bias=False)
model = Mamba(config)
