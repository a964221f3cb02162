import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.LayerNorm(3), nn.Dropout())
        n = sum(1 for m in self.layers if hasattr(m, "reset_parameters"))
        self.extra = nn.Linear(n, 1)
