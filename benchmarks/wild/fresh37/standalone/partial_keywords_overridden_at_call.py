# functools.partial norm / act factories whose keywords are overridden at some call sites
from functools import partial

import torch.nn as nn

Norm = partial(nn.BatchNorm2d, eps=1e-3, momentum=0.01)
Act = partial(nn.LeakyReLU, 0.1, inplace=True)
Conv = partial(nn.Conv2d, kernel_size=3, padding=1, bias=False)

model = nn.Sequential(
    Conv(3, 32),
    Norm(32),
    Act(),
    Conv(32, 64, stride=2),
    Norm(64, affine=False),
    Act(),
    Conv(64, 64, kernel_size=1, padding=0, bias=True),
    Norm(64),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(64, 20),
)
