"""SAC agent module: Gaussian actor, twin Q critics, frozen target copies, learnable log temperature."""

import copy

import torch
import torch.nn as nn


def mlp(i, o, hidden=(256, 256)):
    layers, d = [], i
    for h in hidden:
        layers += [nn.Linear(d, h), nn.ReLU()]
        d = h
    return nn.Sequential(*layers, nn.Linear(d, o))


class Actor(nn.Module):
    def __init__(self, obs, act):
        super().__init__()
        self.trunk = mlp(obs, 256)[:-1]
        self.mu = nn.Linear(256, act)
        self.log_std = nn.Linear(256, act)


class SAC(nn.Module):
    def __init__(self, obs_dim=17, act_dim=6):
        super().__init__()
        self.actor = Actor(obs_dim, act_dim)
        self.q1 = mlp(obs_dim + act_dim, 1)
        self.q2 = mlp(obs_dim + act_dim, 1)
        self.q1_target = copy.deepcopy(self.q1).requires_grad_(False)
        self.q2_target = copy.deepcopy(self.q2).requires_grad_(False)
        self.log_alpha = nn.Parameter(torch.zeros(1))
        self.target_entropy = -float(act_dim)


model = SAC()
