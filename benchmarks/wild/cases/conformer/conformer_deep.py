"""conformer: conformer_deep (wild-code corpus, benchmarks/wild)."""

from conformer import Conformer

model = Conformer(
    dim=48,
    depth=4,
    dim_head=12,
    heads=4,
    conv_expansion_factor=1,
)
