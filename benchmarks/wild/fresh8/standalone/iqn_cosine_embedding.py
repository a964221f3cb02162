"""Implicit Quantile Network (Dabney et al.): a Nature-DQN torso, a cosine embedding of sampled
quantile fractions (a linear over n_cos basis functions) and a dueling-free quantile head."""

import torch
import torch.nn as nn


class IQN(nn.Module):
    def __init__(self, in_channels=4, num_actions=6, n_cos=64, hidden=512):
        super().__init__()
        self.n_cos = n_cos
        self.register_buffer("pis", torch.arange(1, n_cos + 1).float() * torch.pi)
        self.torso = nn.Sequential(
            nn.Conv2d(in_channels, 32, 8, 4),
            nn.ReLU(),
            nn.Conv2d(32, 64, 4, 2),
            nn.ReLU(),
            nn.Conv2d(64, 64, 3, 1),
            nn.ReLU(),
            nn.Flatten(),
        )
        self.feat = 64 * 7 * 7
        self.cos_embedding = nn.Linear(n_cos, self.feat)
        self.ff_1 = nn.Linear(self.feat, hidden)
        self.ff_2 = nn.Linear(hidden, num_actions)


model = IQN(num_actions=18)
