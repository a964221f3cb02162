"""conformer: conv_module (wild-code corpus, benchmarks/wild)."""

from conformer import ConformerConvModule

model = ConformerConvModule(dim=32, causal=False, expansion_factor=2, kernel_size=7)
