"""A PPO-style actor-critic: shared obs normalizer, then pfrl.nn.Branched policy/value heads."""

import torch
from pfrl.nn import Branched, EmpiricalNormalization
from pfrl.policies import GaussianHeadWithStateIndependentCovariance
from torch import nn

OBS, ACT = 11, 3


def mlp(sizes, act=nn.Tanh):
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers += [nn.Linear(a, b), act()]
    return layers[:-1]


policy = nn.Sequential(
    *mlp([OBS, 32, 32, ACT]),
    GaussianHeadWithStateIndependentCovariance(
        action_size=ACT, var_type="diagonal", var_func=lambda x: torch.exp(2 * x), var_param_init=0
    ),
)
vf = nn.Sequential(*mlp([OBS, 48, 1]))

model = nn.Sequential(EmpiricalNormalization(OBS, clip_threshold=5), Branched(policy, vf))
