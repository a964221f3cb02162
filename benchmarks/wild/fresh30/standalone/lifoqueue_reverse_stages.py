"""Stage widths pushed into a `queue.LifoQueue` and drained until empty: they come back last-in first-out."""

import queue

import torch.nn as nn

q = queue.LifoQueue()
for w in (10, 20, 30):
    q.put(w)
widths = []
while not q.empty():
    widths.append(q.get())  # 30, 20, 10
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([5] + widths, widths)])
