"""A TransformerDecoder with cross-attention (stackformers), dim 32, 2 heads, 2 layers."""

from stackformers import TransformerDecoder, plain_decoder_config

model = TransformerDecoder(plain_decoder_config(dim=32, heads=2, num_layers=2, ff_mult=3.0))
