"""mambapy: mamba (wild-code corpus, benchmarks/wild)."""

from mambapy.mamba import Mamba, MambaConfig

config = MambaConfig(d_model=64, n_layers=2)
model = Mamba(config)
