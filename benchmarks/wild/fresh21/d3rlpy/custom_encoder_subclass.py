"""A user EncoderFactory subclass (the documented extension point) used for an actor and twin critics."""

import dataclasses

import torch.nn as nn
from d3rlpy.models import EncoderFactory
from d3rlpy.models.builders import create_continuous_q_function, create_deterministic_policy
from d3rlpy.models.q_functions import MeanQFunctionFactory
from d3rlpy.models.torch import Encoder, EncoderWithAction


class ResEncoder(Encoder):
    def __init__(self, obs_dim, width, blocks):
        super().__init__()
        self.inp = nn.Linear(obs_dim, width)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(width), nn.Linear(width, width), nn.ReLU())
            for _ in range(blocks)
        )

    def forward(self, x):
        h = self.inp(x)
        for b in self.blocks:
            h = h + b(h)
        return h


class ResEncoderWithAction(EncoderWithAction):
    def __init__(self, obs_dim, act_dim, width, blocks):
        super().__init__()
        self.enc = ResEncoder(obs_dim + act_dim, width, blocks)

    def forward(self, x, action):
        import torch

        return self.enc(torch.cat([x, action], -1))


@dataclasses.dataclass()
class ResEncoderFactory(EncoderFactory):
    width: int = 64
    blocks: int = 2

    def create(self, observation_shape):
        return ResEncoder(observation_shape[0], self.width, self.blocks)

    def create_with_action(self, observation_shape, action_size, discrete_action=False):
        return ResEncoderWithAction(observation_shape[0], action_size, self.width, self.blocks)

    @staticmethod
    def get_type():
        return "res"


class TD3Nets(nn.Module):
    def __init__(self, obs=17, act=6):
        super().__init__()
        self.actor = create_deterministic_policy(
            (obs,), act, ResEncoderFactory(width=48, blocks=1), device="cpu:0", enable_ddp=False
        )
        self.critics, _ = create_continuous_q_function(
            (obs,),
            act,
            ResEncoderFactory(width=32, blocks=3),
            MeanQFunctionFactory(),
            device="cpu:0",
            enable_ddp=False,
            n_ensembles=2,
        )


model = TD3Nets()
