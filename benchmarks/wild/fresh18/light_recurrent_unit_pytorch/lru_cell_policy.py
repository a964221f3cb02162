"""Recurrent actor-critic with an LRU cell stepping one observation at a time."""
import torch
import torch.nn as nn
from light_recurrent_unit_pytorch import LightRecurrentUnitCell


class RecurrentPolicy(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=64, heads=1):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.cell = LightRecurrentUnitCell(hidden, dim_hidden=hidden * 2, heads=heads, learned_init_hidden=True)
        self.pi = nn.Linear(hidden * 2, n_actions)
        self.v = nn.Linear(hidden * 2, 1)

    def forward(self, obs, h=None):
        h = self.cell(self.enc(obs), h)
        return self.pi(h), self.v(h), h


model = RecurrentPolicy(obs_dim=8, n_actions=4, hidden=32, heads=2)
