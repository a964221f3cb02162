"""nystrom_attention: nystrom_attention_layer (wild-code corpus, benchmarks/wild)."""

from nystrom_attention import NystromAttention

model = NystromAttention(
    dim=64,
    dim_head=16,
    heads=4,
    num_landmarks=16,
    residual_conv_kernel=9,
)
