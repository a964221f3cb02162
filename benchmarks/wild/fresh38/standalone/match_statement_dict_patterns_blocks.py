# a match statement with mapping patterns picks the block type from each spec dict
import torch.nn as nn

SPECS = [
    {"type": "conv", "c": 32, "k": 3},
    {"type": "conv", "c": 64, "k": 3, "stride": 2},
    {"type": "se", "r": 4},
    {"type": "dropout", "p": 0.2},
    {"type": "conv", "c": 96, "k": 1},
]


class SE(nn.Module):
    def __init__(self, c, r):
        super().__init__()
        self.fc1, self.fc2 = nn.Conv2d(c, c // r, 1), nn.Conv2d(c // r, c, 1)


layers, c = [], 3
for spec in SPECS:
    match spec:
        case {"type": "conv", "c": out, "k": k, "stride": s}:
            layers.append(nn.Conv2d(c, out, k, stride=s, padding=k // 2))
            c = out
        case {"type": "conv", "c": out, "k": k}:
            layers.append(nn.Conv2d(c, out, k, padding=k // 2))
            c = out
        case {"type": "se", "r": r}:
            layers.append(SE(c, r))
        case {"type": "dropout", "p": p}:
            layers.append(nn.Dropout2d(p))
model = nn.Sequential(*layers)
