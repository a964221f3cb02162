"""VBPR (visual Bayesian personalized ranking): 50 users, 80 items with 32-dim visual features."""

import torch
from vbpr import VBPR

features = torch.zeros(80, 32)
model = VBPR(n_users=50, n_items=80, features=features, dim_gamma=8, dim_theta=6)
