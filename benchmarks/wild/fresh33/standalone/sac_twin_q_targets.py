"""Soft Actor-Critic: a squashed Gaussian actor, twin Q critics and their target copies (deepcopy), a learnable log-alpha."""

import copy

import numpy as np
import torch
from torch import nn


def mlp(sizes, act=nn.ReLU, out_act=nn.Identity):
    layers = []
    for j in range(len(sizes) - 1):
        layers += [nn.Linear(sizes[j], sizes[j + 1]), act() if j < len(sizes) - 2 else out_act()]
    return nn.Sequential(*layers)


class Actor(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.net = mlp([obs_dim, *hidden], out_act=nn.ReLU)
        self.mu = nn.Linear(hidden[-1], act_dim)
        self.log_std = nn.Linear(hidden[-1], act_dim)


class QFunction(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.q = mlp([obs_dim + act_dim, *hidden, 1])


class SAC(nn.Module):
    def __init__(self, obs_shape=(17,), act_shape=(6,), hidden=(64, 64)):
        super().__init__()
        obs_dim, act_dim = int(np.prod(obs_shape)), int(np.prod(act_shape))
        self.actor = Actor(obs_dim, act_dim, list(hidden))
        self.q1 = QFunction(obs_dim, act_dim, list(hidden))
        self.q2 = QFunction(obs_dim, act_dim, list(hidden))
        self.q1_target = copy.deepcopy(self.q1)
        self.q2_target = copy.deepcopy(self.q2)
        for p in list(self.q1_target.parameters()) + list(self.q2_target.parameters()):
            p.requires_grad_(False)
        self.log_alpha = nn.Parameter(torch.zeros(1))
        self.target_entropy = -float(act_dim)


model = SAC(obs_shape=(3, 4), act_shape=(2,), hidden=(48, 32))
