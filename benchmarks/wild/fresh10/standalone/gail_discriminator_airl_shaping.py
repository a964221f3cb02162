"""AIRL discriminator: reward g(s, a) and potential h(s) networks, plus a PPO policy whose value
and policy trunks are separate; the policy's log-std is a free parameter."""

import torch
from torch import nn


def mlp(i, o, hidden=(64, 64), act=nn.Tanh):
    layers, d = [], i
    for h in hidden:
        layers += [nn.Linear(d, h), act()]
        d = h
    layers.append(nn.Linear(d, o))
    return nn.Sequential(*layers)


class AIRLDiscrim(nn.Module):
    def __init__(self, state_dim, action_dim, gamma=0.99):
        super().__init__()
        self.g = mlp(state_dim + action_dim, 1, (100, 100), nn.ReLU)
        self.h = mlp(state_dim, 1, (100, 100), nn.ReLU)
        self.gamma = gamma


class PPOPolicy(nn.Module):
    def __init__(self, state_dim, action_dim):
        super().__init__()
        self.pi = mlp(state_dim, action_dim)
        self.v = mlp(state_dim, 1)
        self.log_std = nn.Parameter(torch.zeros(1, action_dim))


class AIRL(nn.Module):
    def __init__(self, state_dim=11, action_dim=3):
        super().__init__()
        self.disc = AIRLDiscrim(state_dim, action_dim)
        self.policy = PPOPolicy(state_dim, action_dim)


model = AIRL()
