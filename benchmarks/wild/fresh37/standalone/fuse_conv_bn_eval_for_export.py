# deploy step: conv + BN pairs folded into single convs (eval mode), the rest kept
import torch.nn as nn
from torch.nn.utils.fusion import fuse_conv_bn_eval

train_net = nn.Sequential(
    nn.Conv2d(3, 32, 3, padding=1, bias=False),
    nn.BatchNorm2d(32),
    nn.ReLU(),
    nn.Conv2d(32, 64, 3, stride=2, padding=1, bias=False),
    nn.BatchNorm2d(64),
    nn.ReLU(),
    nn.Conv2d(64, 10, 1),
).eval()

fused = []
mods = list(train_net)
i = 0
while i < len(mods):
    if (
        isinstance(mods[i], nn.Conv2d)
        and i + 1 < len(mods)
        and isinstance(mods[i + 1], nn.BatchNorm2d)
    ):
        fused.append(fuse_conv_bn_eval(mods[i], mods[i + 1]))
        i += 2
    else:
        fused.append(mods[i])
        i += 1
model = nn.Sequential(*fused)
