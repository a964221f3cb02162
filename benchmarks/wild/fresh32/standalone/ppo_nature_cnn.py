"""A PPO actor-critic over Atari frames: the Nature-DQN trunk, the flattened size worked out by the conv formula."""

import math

import numpy as np
import torch
import torch.nn as nn


def layer_init(layer, std=math.sqrt(2), bias_const=0.0):  # noqa: B008
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias_const)
    return layer


def conv_out(size, kernel, stride, padding=0):
    return (size + 2 * padding - kernel) // stride + 1


class Agent(nn.Module):
    CONVS = ((32, 8, 4), (64, 4, 2), (64, 3, 1))

    def __init__(self, obs_shape, n_actions, hidden=512):
        super().__init__()
        c, h, w = obs_shape
        layers = []
        for out_c, k, s in self.CONVS:
            layers += [layer_init(nn.Conv2d(c, out_c, k, stride=s)), nn.ReLU()]
            c, h, w = out_c, conv_out(h, k, s), conv_out(w, k, s)
        flat = int(np.prod((c, h, w)))
        self.network = nn.Sequential(
            *layers, nn.Flatten(), layer_init(nn.Linear(flat, hidden)), nn.ReLU()
        )
        self.actor = layer_init(nn.Linear(hidden, n_actions), std=0.01)
        self.critic = layer_init(nn.Linear(hidden, 1), std=1)

    def get_value(self, x):
        return self.critic(self.network(x / 255.0))


class ContinuousAgent(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden=64):
        super().__init__()
        self.critic = nn.Sequential(
            layer_init(nn.Linear(obs_dim, hidden)),
            nn.Tanh(),
            layer_init(nn.Linear(hidden, 1), std=1.0),
        )
        self.actor_mean = nn.Sequential(
            layer_init(nn.Linear(obs_dim, hidden)),
            nn.Tanh(),
            layer_init(nn.Linear(hidden, act_dim), std=0.01),
        )
        self.actor_logstd = nn.Parameter(torch.zeros(1, act_dim))


model = nn.ModuleDict(
    {
        "atari": Agent(obs_shape=(4, 64, 64), n_actions=6, hidden=128),
        "mujoco": ContinuousAgent(obs_dim=17, act_dim=6),
    }
)
