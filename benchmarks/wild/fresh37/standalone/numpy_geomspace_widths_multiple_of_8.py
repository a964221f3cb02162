# widths from np.geomspace, snapped to multiples of 8 with numpy rounding (half to even)
import numpy as np
import torch.nn as nn

raw = np.geomspace(20, 300, num=5)
widths = (np.round(raw / 8) * 8).astype(int).tolist()
layers = []
prev = 12
for w in widths:
    layers += [nn.Linear(prev, w), nn.BatchNorm1d(w), nn.ReLU()]
    prev = w
model = nn.Sequential(*layers, nn.Linear(prev, 2))
