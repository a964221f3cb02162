"""conformer: block (wild-code corpus, benchmarks/wild)."""

from conformer import ConformerBlock

model = ConformerBlock(
    dim=64,
    dim_head=16,
    heads=4,
    ff_mult=2,
    conv_kernel_size=7,
)
