"""A plain pre-norm TransformerEncoder (stackformers), dim 64, 4 heads, 2 layers."""

from stackformers import TransformerEncoder, plain_encoder_config

model = TransformerEncoder(plain_encoder_config(dim=64, heads=4, num_layers=2))
