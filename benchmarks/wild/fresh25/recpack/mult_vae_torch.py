"""Mult-VAE for collaborative filtering over 500 items (the torch module, no training loop)."""

from recpack.algorithms.mult_vae import MultiVAETorch

model = MultiVAETorch(
    dim_input_layer=500, dim_hidden_layer=64, dim_bottleneck_layer=16, dropout=0.3
)
