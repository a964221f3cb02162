# per-stage depths from a numpy split of the total depth; boundaries from np.cumsum
import numpy as np
import torch.nn as nn

total_depth, n_stages = 12, 4
depths = np.array_split(np.arange(total_depth), n_stages)
bounds = np.cumsum([len(d) for d in depths])
dims = [int(32 * 2 ** min(i, 2)) for i in range(n_stages)]


class Stage(nn.Module):
    def __init__(self, cin, cout, n):
        super().__init__()
        self.down = nn.Conv2d(cin, cout, 2, 2)
        self.blocks = nn.Sequential(
            *[nn.Conv2d(cout, cout, 3, padding=1, groups=cout) for _ in range(n)]
        )


stages, prev = [], 3
for i, n in enumerate(np.diff(np.concatenate([[0], bounds]))):
    stages.append(Stage(prev, dims[i], int(n)))
    prev = dims[i]
model = nn.Sequential(*stages)
