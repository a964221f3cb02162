import torch
import torch.nn as nn


class PrimaryCaps(nn.Module):
    def __init__(self, in_ch=256, caps=32, dim=8, kernel=9, stride=2):
        super().__init__()
        self.dim = dim
        self.conv = nn.Conv2d(in_ch, caps * dim, kernel, stride)


class DigitCaps(nn.Module):
    def __init__(self, n_in=32 * 6 * 6, n_out=10, d_in=8, d_out=16, iters=3):
        super().__init__()
        self.iters = iters
        # one transformation matrix per (input capsule, output capsule) pair
        self.W = nn.Parameter(0.01 * torch.randn(1, n_in, n_out, d_out, d_in))


class CapsNet(nn.Module):
    def __init__(self, in_ch=1, n_classes=10, img=28):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, 256, 9)
        self.primary = PrimaryCaps(256, 32, 8, 9, 2)
        side = ((img - 8) - 9) // 2 + 1
        self.digits = DigitCaps(32 * side * side, n_classes, 8, 16)
        self.decoder = nn.Sequential(
            nn.Linear(16 * n_classes, 512),
            nn.ReLU(inplace=True),
            nn.Linear(512, 1024),
            nn.ReLU(inplace=True),
            nn.Linear(1024, img * img * in_ch),
            nn.Sigmoid(),
        )


model = CapsNet(in_ch=1, n_classes=10, img=28)
