"""DDPG pair: a critic on concatenated obs+action and an actor bounded with tanh; the target actor is a
deepcopy (an EMA copy) held as a frozen submodule, as people do to keep both in one checkpoint."""

import copy

import torch
from pfrl.nn import MLP, BoundByTanh, ConcatObsAndAction
from pfrl.policies import DeterministicHead
from torch import nn

OBS, ACT = 17, 6


class ActorCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = nn.Sequential(
            ConcatObsAndAction(), MLP(in_size=OBS + ACT, out_size=1, hidden_sizes=(64, 64))
        )
        self.actor = nn.Sequential(
            MLP(in_size=OBS, out_size=ACT, hidden_sizes=(64,)),
            BoundByTanh(low=-torch.ones(ACT), high=torch.ones(ACT)),
            DeterministicHead(),
        )
        self.target_actor = copy.deepcopy(self.actor)
        for p in self.target_actor.parameters():
            p.requires_grad_(False)


model = ActorCritic()
