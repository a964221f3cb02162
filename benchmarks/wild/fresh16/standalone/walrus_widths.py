import torch.nn as nn

base = 8
growth = 1.5
n = 5
prev = 3
# widths computed with walrus in a comprehension; prev chains through
layers = [nn.Conv1d(prev, (prev := int(base * growth**i)), 3) for i in range(n)]
if (extra := prev % 4) != 0:
    layers.append(nn.Conv1d(prev, prev + (4 - extra), 1))
    prev += 4 - extra
model = nn.Sequential(*layers, nn.AdaptiveMaxPool1d(1), nn.Flatten(), nn.Linear(prev, 2))
