"""RQ-Transformer over residual-quantized image codes (spatial x depth), small settings."""

from rq_transformer import RQTransformer

model = RQTransformer(
    num_tokens=4096,
    dim=256,
    max_spatial_seq_len=64,
    depth_seq_len=4,
    spatial_layers=4,
    depth_layers=2,
    dim_head=32,
    heads=8,
)
