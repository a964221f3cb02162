"""hourglass_transformer_pytorch: nested shortening, depth as a nested tuple (fresh batch, benchmarks/wild/fresh)."""

from hourglass_transformer_pytorch import HourglassTransformerLM

model = HourglassTransformerLM(
    num_tokens=256,
    dim=128,
    max_seq_len=256,
    depth=(2, (2, 4, 2), 2),
    shorten_factor=(2, 4),
    heads=4,
    dim_head=32,
    attn_resampling=True,
    updown_sample_type="linear",
)
