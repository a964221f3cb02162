# one bilinear interaction head per unordered pair of modalities (itertools.combinations)
import itertools

import torch.nn as nn

modalities = {"audio": 128, "video": 256, "text": 96, "pose": 48}


class PairwiseFusion(nn.Module):
    def __init__(self, dims, out=32):
        super().__init__()
        self.proj = nn.ModuleDict({k: nn.Linear(d, 64) for k, d in dims.items()})
        self.pairs = nn.ModuleDict(
            {
                f"{a}_{b}": nn.Bilinear(64, 64, out)
                for a, b in itertools.combinations(sorted(dims), 2)
            }
        )
        self.cls = nn.Linear(out * len(self.pairs), 8)


model = PairwiseFusion(modalities)
