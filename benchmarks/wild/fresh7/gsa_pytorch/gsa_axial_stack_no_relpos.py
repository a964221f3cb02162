import torch.nn as nn
from gsa_pytorch import GSA

widths = [32, 64, 64, 128]
layers = []
for c_in, c_out in zip(widths[:-1], widths[1:]):
    # content-only global attention (no relative positions), BatchNorm'd output
    layers += [GSA(c_in, dim_out=c_out, heads=4, dim_key=c_in // 4, batch_norm=True), nn.ReLU()]
model = nn.Sequential(
    nn.Conv2d(3, widths[0], 3, padding=1),
    *layers,
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(widths[-1], 100),
)
