"""conformer: conformer_causal_config (wild-code corpus, benchmarks/wild)."""

from conformer import Conformer

config = dict(
    dim=32,
    depth=1,
    dim_head=8,
    heads=4,
    conv_causal=True,
    conv_kernel_size=5,
)
model = Conformer(**config)
