import torch.nn as nn
from lassonet.model import LassoNet


class MultiSeedLassoNet(nn.Module):
    """One LassoNet per seed for stability selection."""

    def __init__(self, dims, n_seeds=3):
        super().__init__()
        self.members = nn.ModuleList([LassoNet(*dims) for _ in range(n_seeds)])


model = MultiSeedLassoNet(dims=[8, 16, 16, 1], n_seeds=4)
