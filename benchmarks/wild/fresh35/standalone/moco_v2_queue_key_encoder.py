import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, dim=128, mlp=True):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 32, 3, 2, 1),
            nn.ReLU(),
            nn.Conv2d(32, 64, 3, 2, 1),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.fc = nn.Linear(64, dim)
        if mlp:
            self.fc = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), self.fc)


class MoCo(nn.Module):
    def __init__(self, dim=128, K=4096, m=0.999, T=0.2):
        super().__init__()
        self.K, self.m, self.T = K, m, T
        self.encoder_q = Encoder(dim)
        self.encoder_k = copy.deepcopy(self.encoder_q)
        for p in self.encoder_k.parameters():
            p.requires_grad = False
        self.register_buffer("queue", F.normalize(torch.randn(dim, K), dim=0))
        self.register_buffer("queue_ptr", torch.zeros(1, dtype=torch.long))


model = MoCo(dim=128, K=4096)
