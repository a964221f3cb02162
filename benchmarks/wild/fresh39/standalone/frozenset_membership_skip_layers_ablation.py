# an ablation: the layer indices named in a frozenset are skipped when the stack is built
import torch.nn as nn

skip = frozenset({1, 4})
depth, dim = 6, 256
blocks = nn.ModuleList(
    [
        nn.Sequential(
            nn.LayerNorm(dim), nn.Linear(dim, dim * 2), nn.GELU(), nn.Linear(dim * 2, dim)
        )
        for i in range(depth)
        if i not in skip
    ]
)
model = nn.ModuleDict({"inp": nn.Linear(40, dim), "blocks": blocks, "out": nn.Linear(dim, 40)})
