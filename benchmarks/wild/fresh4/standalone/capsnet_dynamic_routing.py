"""CapsNet (Sabour et al.): primary capsules as a list of convs, digit capsules with a routing weight
tensor, reconstruction decoder."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def squash(s, dim=-1):
    n2 = (s**2).sum(dim, keepdim=True)
    return n2 / (1 + n2) * s / torch.sqrt(n2 + 1e-8)


class PrimaryCaps(nn.Module):
    def __init__(self, num_capsules=8, in_channels=256, out_channels=32, kernel_size=9):
        super().__init__()
        self.capsules = nn.ModuleList(
            [
                nn.Conv2d(in_channels, out_channels, kernel_size, stride=2)
                for _ in range(num_capsules)
            ]
        )

    def forward(self, x):
        u = torch.stack([c(x) for c in self.capsules], dim=1)
        return squash(u.view(x.size(0), 8, -1).transpose(1, 2))


class DigitCaps(nn.Module):
    def __init__(
        self, num_capsules=10, num_routes=32 * 6 * 6, in_channels=8, out_channels=16, iters=3
    ):
        super().__init__()
        self.W = nn.Parameter(torch.randn(1, num_routes, num_capsules, out_channels, in_channels))
        self.iters = iters

    def forward(self, x):
        u_hat = torch.matmul(self.W, x[:, :, None, :, None]).squeeze(-1)
        b = torch.zeros(u_hat.shape[:3], device=x.device)
        for i in range(self.iters):
            c = F.softmax(b, dim=2)
            v = squash((c.unsqueeze(-1) * u_hat).sum(1, keepdim=True))
            if i < self.iters - 1:
                b = b + (u_hat * v).sum(-1)
        return v.squeeze(1)


class CapsNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 256, 9)
        self.primary_capsules = PrimaryCaps()
        self.digit_capsules = DigitCaps()
        self.decoder = nn.Sequential(
            nn.Linear(16 * 10, 512),
            nn.ReLU(inplace=True),
            nn.Linear(512, 1024),
            nn.ReLU(inplace=True),
            nn.Linear(1024, 784),
            nn.Sigmoid(),
        )

    def forward(self, x):
        v = self.digit_capsules(self.primary_capsules(F.relu(self.conv1(x))))
        return v, self.decoder(v.flatten(1))


model = CapsNet()
