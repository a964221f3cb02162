"""Widths computed with the walrus operator while building; stops when a width exceeds a cap."""

from torch import nn

layers, w = [], 6
while (nw := int(w * 1.5)) <= 40:
    layers.append(nn.Linear(w, nw))
    w = nw
layers.append(nn.Linear(w, 1))
model = nn.Sequential(*layers)
