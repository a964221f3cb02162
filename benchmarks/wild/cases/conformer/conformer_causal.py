"""conformer: conformer_causal (wild-code corpus, benchmarks/wild)."""

from conformer import Conformer

model = Conformer(
    dim=32,
    depth=1,
    dim_head=8,
    heads=4,
    conv_causal=True,
    conv_kernel_size=5,
)
