"""An ensemble of Q networks as batched weights (one (E, in, out) tensor per layer), as in
EDAC / SAC-N / CQL codebases, plus a tanh-Gaussian actor."""

import math

import torch
from torch import nn


class VectorizedLinear(nn.Module):
    def __init__(self, in_features, out_features, ensemble_size):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(ensemble_size, in_features, out_features))
        self.bias = nn.Parameter(torch.empty(ensemble_size, 1, out_features))
        for i in range(ensemble_size):
            nn.init.kaiming_uniform_(self.weight[i], a=math.sqrt(5))
        nn.init.uniform_(self.bias, -1 / math.sqrt(in_features), 1 / math.sqrt(in_features))

    def forward(self, x):
        return x @ self.weight + self.bias


class VectorizedCritic(nn.Module):
    def __init__(self, state_dim, action_dim, hidden=256, num_critics=10):
        super().__init__()
        self.critic = nn.Sequential(
            VectorizedLinear(state_dim + action_dim, hidden, num_critics),
            nn.ReLU(),
            VectorizedLinear(hidden, hidden, num_critics),
            nn.ReLU(),
            VectorizedLinear(hidden, hidden, num_critics),
            nn.ReLU(),
            VectorizedLinear(hidden, 1, num_critics),
        )


class Actor(nn.Module):
    def __init__(self, state_dim, action_dim, hidden=256):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Linear(state_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.mu = nn.Linear(hidden, action_dim)
        self.log_sigma = nn.Linear(hidden, action_dim)


class SACN(nn.Module):
    def __init__(self, state_dim=17, action_dim=6):
        super().__init__()
        self.actor = Actor(state_dim, action_dim)
        self.critic = VectorizedCritic(state_dim, action_dim)
        self.log_alpha = nn.Parameter(torch.tensor([0.0]))


model = SACN()
