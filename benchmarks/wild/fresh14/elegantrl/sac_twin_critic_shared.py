"""SAC: an actor plus a twin critic, with a target critic deep-copied and frozen."""

from copy import deepcopy

import torch.nn as nn
from elegantrl.agents.net import ActorSAC, CriticTwin


class SACModules(nn.Module):
    def __init__(self, state_dim: int, action_dim: int, width: int = 256, depth: int = 2):
        super().__init__()
        dims = [width] * depth
        self.actor = ActorSAC(dims=dims, state_dim=state_dim, action_dim=action_dim)
        self.critic = CriticTwin(dims=dims, state_dim=state_dim, action_dim=action_dim)
        self.critic_target = deepcopy(self.critic)
        for p in self.critic_target.parameters():
            p.requires_grad_(False)


model = SACModules(state_dim=11, action_dim=3, width=64, depth=3)
