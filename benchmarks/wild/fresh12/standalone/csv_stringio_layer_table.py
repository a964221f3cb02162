"""A layer table kept as CSV text, read with csv.DictReader over io.StringIO; each row is a stage
of a 1-D conv encoder (kernel, channels, stride, repeats), the last column an optional SE flag."""

import csv
import io

import torch.nn as nn

TABLE = """kernel,channels,stride,repeats,se
7,32,2,1,0
5,48,2,2,1
3,64,2,3,1
3,96,1,2,0
"""


class SE1d(nn.Module):
    def __init__(self, c, r=8):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(c, c // r), nn.ReLU(), nn.Linear(c // r, c), nn.Sigmoid())


def build(table, cin=1, classes=12):
    layers = []
    for row in csv.DictReader(io.StringIO(table)):
        k, c, s, n = (int(row[key]) for key in ("kernel", "channels", "stride", "repeats"))
        for i in range(n):
            layers += [
                nn.Conv1d(cin, c, k, s if i == 0 else 1, k // 2),
                nn.BatchNorm1d(c),
                nn.ReLU(),
            ]
            cin = c
        if row["se"] == "1":
            layers.append(SE1d(c))
    return nn.Sequential(*layers, nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(cin, classes))


model = build(TABLE)
