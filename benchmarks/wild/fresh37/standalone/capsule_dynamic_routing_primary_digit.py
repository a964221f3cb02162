# CapsNet (dynamic routing): primary capsules as one conv, digit capsules hold a 5-D routing weight
import torch
import torch.nn as nn


class PrimaryCaps(nn.Module):
    def __init__(self, cin=256, caps=32, dim=8, k=9):
        super().__init__()
        self.conv = nn.Conv2d(cin, caps * dim, k, stride=2)
        self.dim = dim


class DigitCaps(nn.Module):
    def __init__(self, n_in=32 * 6 * 6, n_out=10, d_in=8, d_out=16, iters=3):
        super().__init__()
        self.W = nn.Parameter(0.01 * torch.randn(1, n_in, n_out, d_out, d_in))
        self.iters = iters


class CapsNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 256, 9)
        self.primary = PrimaryCaps()
        self.digits = DigitCaps()
        self.decoder = nn.Sequential(
            nn.Linear(16 * 10, 512),
            nn.ReLU(),
            nn.Linear(512, 1024),
            nn.ReLU(),
            nn.Linear(1024, 784),
            nn.Sigmoid(),
        )


model = CapsNet()
