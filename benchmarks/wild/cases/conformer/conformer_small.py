"""conformer: conformer_small (wild-code corpus, benchmarks/wild)."""

from conformer import Conformer

model = Conformer(
    dim=64,
    depth=2,
    dim_head=16,
    heads=4,
    ff_mult=2,
    conv_kernel_size=7,
)
