"""Width multipliers through round(): ties go to the even integer (2.5 -> 2, 3.5 -> 4), and round(x, 1) of a binary float."""

from torch import nn

base = 5
mults = [0.5, 0.7, 0.9, 1.3]
widths = [round(base * m) for m in mults]  # 2.5, 3.5, 4.5, 6.5 -> 2, 4, 4, 6
scale = round(2.675, 2) * 100  # 2.67 (binary), -> 267.0
layers, d = [], 4
for w in widths:
    layers.append(nn.Linear(d, w * 4))
    d = w * 4
layers.append(nn.Linear(d, int(scale) // 10))
model = nn.Sequential(*layers)
