import copy

import torch.nn as nn


class DuelingQNet(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=(128, 128)):
        super().__init__()
        layers, d = [], obs_dim
        for h in hidden:
            layers += [nn.Linear(d, h), nn.ReLU()]
            d = h
        self.feature = nn.Sequential(*layers)
        self.value = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, 1))
        self.advantage = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, n_actions))


class DoubleDQN(nn.Module):
    """Online and target networks in one module; the target is a deep copy with gradients off."""

    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.online = DuelingQNet(obs_dim, n_actions)
        self.target = copy.deepcopy(self.online)
        for p in self.target.parameters():
            p.requires_grad_(False)


model = DoubleDQN(obs_dim=8, n_actions=4)
