"""Planar and radial normalizing flows (Rezende & Mohamed) stacked after a Gaussian VAE encoder:
each flow holds vector / scalar parameters created with torch.randn, not nn.Linear."""

import torch
import torch.nn as nn


class Planar(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.u = nn.Parameter(torch.randn(1, d) * 0.01)
        self.w = nn.Parameter(torch.randn(1, d) * 0.01)
        self.b = nn.Parameter(torch.zeros(1))


class Radial(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.x0 = nn.Parameter(torch.randn(1, d))
        self.log_alpha = nn.Parameter(torch.zeros(1))
        self.beta = nn.Parameter(torch.zeros(1))


class FlowVAE(nn.Module):
    def __init__(self, x_dim=784, h_dim=400, z_dim=40, n_planar=16, n_radial=4):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Linear(x_dim, h_dim), nn.ReLU(), nn.Linear(h_dim, h_dim), nn.ReLU()
        )
        self.mu = nn.Linear(h_dim, z_dim)
        self.logvar = nn.Linear(h_dim, z_dim)
        self.flows = nn.ModuleList(
            [Planar(z_dim) for _ in range(n_planar)] + [Radial(z_dim) for _ in range(n_radial)]
        )
        self.dec = nn.Sequential(nn.Linear(z_dim, h_dim), nn.ReLU(), nn.Linear(h_dim, x_dim))


model = FlowVAE()
