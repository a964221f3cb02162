"""Layer types counted with collections.Counter; every module of the most common type is frozen."""

from collections import Counter

import torch.nn as nn

model = nn.Sequential(
    nn.Conv1d(4, 16, 5),
    nn.BatchNorm1d(16),
    nn.Conv1d(16, 16, 3),
    nn.BatchNorm1d(16),
    nn.Conv1d(16, 32, 3),
    nn.Flatten(),
    nn.Linear(32 * 8, 8),
)
kinds = Counter(type(m) for m in model)
((common, _),) = kinds.most_common(1)
for m in model:
    if type(m) is common:
        m.requires_grad_(False)
