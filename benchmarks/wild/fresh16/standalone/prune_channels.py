"""apply()-based init, then structured channel pruning by replacing parameters with sliced copies."""

import torch
import torch.nn as nn


def init_weights(m):
    if isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight, mode="fan_out")
        if m.bias is not None:
            nn.init.zeros_(m.bias)
    elif isinstance(m, nn.BatchNorm2d):
        nn.init.ones_(m.weight)
        nn.init.zeros_(m.bias)


net = nn.Sequential(
    nn.Conv2d(3, 32, 3, padding=1),
    nn.BatchNorm2d(32),
    nn.ReLU(),
    nn.Conv2d(32, 64, 3, padding=1),
    nn.BatchNorm2d(64),
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(64, 10),
)
net.apply(init_weights)

keep = 20  # keep the first 20 of conv0's 32 output channels
with torch.no_grad():
    c0, b0, c1 = net[0], net[1], net[3]
    c0.weight = nn.Parameter(c0.weight[:keep].clone())
    c0.bias = nn.Parameter(c0.bias[:keep].clone())
    c0.out_channels = keep
    b0.weight = nn.Parameter(b0.weight[:keep].clone())
    b0.bias = nn.Parameter(b0.bias[:keep].clone())
    b0.running_mean = b0.running_mean[:keep].clone()
    b0.running_var = b0.running_var[:keep].clone()
    b0.num_features = keep
    c1.weight = nn.Parameter(c1.weight[:, :keep].clone())
    c1.in_channels = keep

model = net
