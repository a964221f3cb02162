"""Toy score network for 2-D data: fixed Gaussian Fourier features (a frozen parameter) + MLP."""

import numpy as np
import torch
import torch.nn as nn


class GaussianFourierProjection(nn.Module):
    def __init__(self, embed_dim, scale=30.0):
        super().__init__()
        self.W = nn.Parameter(torch.randn(embed_dim // 2) * scale, requires_grad=False)


class ScoreNet(nn.Module):
    def __init__(self, data_dim=2, embed_dim=128, hidden=(256, 256, 256), sigma=25.0):
        super().__init__()
        self.embed = nn.Sequential(
            GaussianFourierProjection(embed_dim), nn.Linear(embed_dim, embed_dim)
        )
        dims = [data_dim + embed_dim, *hidden]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(hidden[-1], data_dim)
        self.log_sigma = float(np.log(sigma))


model = ScoreNet()
