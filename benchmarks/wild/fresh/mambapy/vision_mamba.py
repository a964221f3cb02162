"""mambapy: the bidirectional vision Mamba backbone (fresh batch, benchmarks/wild/fresh)."""

from mambapy.vim import MambaConfig, VMamba

model = VMamba(MambaConfig(d_model=64, n_layers=3, d_state=8, expand_factor=2))
