"""An implicit MLP with torchdeq's spectral norm applied to every layer except ones filtered out by name."""

import torch.nn as nn
from torchdeq import get_deq
from torchdeq.norm import apply_norm


class Implicit(nn.Module):
    def __init__(self, d=64, depth=3):
        super().__init__()
        self.inj = nn.Linear(16, d)
        self.layers = nn.ModuleList(nn.Linear(d, d) for _ in range(depth))
        self.readout = nn.Linear(d, 1)
        apply_norm(self, norm_type="spectral_norm", filter_out=["inj", "readout"])
        self.deq = get_deq(ift=True, f_max_iter=40)


model = Implicit(d=80, depth=2)
