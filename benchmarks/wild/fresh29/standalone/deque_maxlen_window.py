"""Stage widths pushed through a `collections.deque(maxlen=3)`: only the last three survive, in order."""

from collections import deque

import torch.nn as nn

window = deque(maxlen=3)
for w in (4, 8, 12, 20, 28):
    window.append(w)
ws = list(window)  # [12, 20, 28]
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(ws, ws[1:])])
