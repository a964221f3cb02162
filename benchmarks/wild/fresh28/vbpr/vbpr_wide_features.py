"""VBPR with 512-dim item features from a CNN (zeros here), a 20-dim latent and a 10-dim visual factor."""

import torch
from vbpr import VBPR

n_items = 120
model = VBPR(
    n_users=64, n_items=n_items, features=torch.zeros((n_items, 512)), dim_gamma=20, dim_theta=10
)
