"""Per-bucket expert widths from np.histogram counts (the last bin is closed on the right) and np.bincount of bucket ids."""

import numpy as np
from torch import nn

lengths = [3, 5, 8, 10, 10, 12, 20]
counts, edges = np.histogram(lengths, bins=3, range=(0, 20))
ids = np.array([0, 2, 2, 1, 2])
per_id = np.bincount(ids, minlength=4)
model = nn.ModuleDict(
    {
        "experts": nn.ModuleList([nn.Linear(8, 8 * int(c) + 4) for c in counts]),
        "heads": nn.ModuleList([nn.Linear(4, int(c) + 1) for c in per_id]),
    }
)
