import itertools

import torch.nn as nn

widths = [8, 16, 32]
kernels = [1, 3]
# one branch per (width, kernel) pair, then pairwise fusion convs along the widths
branches = nn.ModuleDict(
    {
        f"w{w}_k{k}": nn.Conv2d(3, w, k, padding=k // 2)
        for w, k in itertools.product(widths, kernels)
    }
)
fuse = nn.ModuleList(nn.Conv2d(2 * a, b, 1) for a, b in itertools.pairwise(widths))
model = nn.ModuleDict(
    {"branches": branches, "fuse": fuse, "head": nn.Linear(sum(widths) * len(kernels), 10)}
)
