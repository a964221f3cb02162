"""A feed-forward torch_ac ACModel for vector observations (no memory, no text)."""

import torch.nn as nn
import torch_ac


class MLPACModel(nn.Module, torch_ac.ACModel):
    def __init__(self, obs_dim, n_actions, hidden=(128, 128)):
        super().__init__()
        layers, d = [], obs_dim
        for h in hidden:
            layers += [nn.Linear(d, h), nn.Tanh()]
            d = h
        self.body = nn.Sequential(*layers)
        self.actor = nn.Linear(d, n_actions)
        self.critic = nn.Linear(d, 1)


model = MLPACModel(obs_dim=24, n_actions=4, hidden=(256, 256, 128))
