import numpy as np
import torch.nn as nn

importance = np.array([0.3, 0.9, 0.1, 0.5])
base_widths = np.array([8, 16, 32, 64])

# the most important branch gets the widest layer: rank by descending importance
order = np.argsort(-importance)
widths = np.empty_like(base_widths)
widths[order] = base_widths[::-1]


class Branches(nn.Module):
    def __init__(self, d_in, widths):
        super().__init__()
        self.branches = nn.ModuleList(nn.Linear(d_in, int(w)) for w in widths)
        self.merge = nn.Linear(int(widths.sum()), d_in)


model = Branches(d_in=10, widths=widths)
