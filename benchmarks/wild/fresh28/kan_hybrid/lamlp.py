"""A learnable-activation MLP (kan-mlp-hybrid LAMLP): 8 -> 32 -> 32 -> 3 (hidden widths as a list), grid 5, cubic splines."""

from kan_mlp_hybrid import LAMLP

model = LAMLP(in_features=8, hidden_features=[32, 32], out_features=3, num_layers=3)
