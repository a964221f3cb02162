# an expert per (modality, scale) pair from itertools.product, keyed by a joined name
import itertools

import torch.nn as nn

modalities = ["rgb", "depth"]
scales = [1, 2, 4]
dim = 96
experts = nn.ModuleDict(
    {
        f"{m}_x{s}": nn.Sequential(
            nn.Conv2d(3 if m == "rgb" else 1, dim // s, 3, padding=1), nn.GELU()
        )
        for m, s in itertools.product(modalities, scales)
    }
)
fuse = nn.Conv2d(sum(dim // s for s in scales) * len(modalities), dim, 1)
model = nn.ModuleDict({"experts": experts, "fuse": fuse})
