"""A causal sliding-window TransformerEncoder (stackformers), window 16, ff_mult 2, post-norm."""

from stackformers import TransformerEncoder, windowed_encoder_config

model = TransformerEncoder(
    windowed_encoder_config(
        dim=48,
        heads=4,
        num_layers=3,
        window_size=16,
        causal=True,
        ff_mult=2.0,
        norm_placement="post",
    )
)
