"""Head counts from np.digitize buckets of the layer width: right=False and right=True differ on a width equal to an edge."""

import numpy as np
from torch import nn

edges = np.array([32, 64, 128])
head_table = [1, 2, 4, 8]
widths = [24, 32, 64, 96, 128, 200]
left = [head_table[int(np.digitize(w, edges))] for w in widths]
right = [head_table[int(np.digitize(w, edges, right=True))] for w in widths]
model = nn.ModuleList(
    [nn.MultiheadAttention(w, h, bias=False) for w, h in zip(widths, left)]
    + [nn.Linear(w, 8 * h) for w, h in zip(widths, right)]
)
