# conv bias only where no normalisation follows; norm chosen per stage from a list of flags
import torch.nn as nn

stages = [(3, 32, "bn"), (32, 64, "gn"), (64, 64, None), (64, 128, "bn"), (128, 128, None)]
layers = []
for cin, cout, norm in stages:
    layers.append(nn.Conv2d(cin, cout, 3, padding=1, bias=norm is None))
    if norm == "bn":
        layers.append(nn.BatchNorm2d(cout))
    elif norm == "gn":
        layers.append(nn.GroupNorm(16, cout))
    layers.append(nn.ReLU())
model = nn.Sequential(*layers)
