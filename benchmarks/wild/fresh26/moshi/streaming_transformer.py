"""A small causal streaming transformer from moshi (rope positions, layer scale, gating)."""

from moshi.modules.transformer import StreamingTransformer

model = StreamingTransformer(
    d_model=64,
    num_heads=4,
    num_layers=2,
    dim_feedforward=128,
    causal=True,
    context=32,
    positional_embedding="rope",
    layer_scale=0.01,
    gating="silu",
    norm="rms_norm",
)
