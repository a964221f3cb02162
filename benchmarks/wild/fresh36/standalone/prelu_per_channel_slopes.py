# PReLU with one slope per channel (num_parameters=C) versus one shared slope
import torch.nn as nn


def block(cin, cout, per_channel):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.PReLU(num_parameters=cout if per_channel else 1, init=0.25),
    )


model = nn.Sequential(
    block(3, 32, per_channel=True),
    block(32, 64, per_channel=False),
    block(64, 128, per_channel=True),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(128, 128),
    nn.PReLU(),
    nn.Linear(128, 7),
)
