# widths grow by 1.5x while a parameter budget allows (walrus in a while condition)
import torch.nn as nn

budget = 400_000
widths = [32]
while (nxt := int(widths[-1] * 1.5)) * widths[-1] * 9 < budget:
    widths.append(nxt)
layers = [nn.Conv2d(3, widths[0], 3, padding=1)]
for a, b in zip(widths, widths[1:]):
    layers += [nn.Conv2d(a, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU()]
model = nn.Sequential(*layers)
