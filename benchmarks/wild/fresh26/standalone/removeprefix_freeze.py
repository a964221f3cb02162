"""Parameters frozen by name: str.removeprefix strips the 'backbone.' prefix, and the stripped names of stage 0 are frozen."""

import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Sequential(nn.Conv2d(3, 16, 3), nn.BatchNorm2d(16)),
            nn.Sequential(nn.Conv2d(16, 32, 3), nn.BatchNorm2d(32)),
        )
        self.head = nn.Linear(32, 5)


model = Net()
for name, p in model.named_parameters():
    short = name.removeprefix("backbone.")
    if short != name and short.startswith("0."):
        p.requires_grad = False
