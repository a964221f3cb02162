import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.full = nn.Sequential(nn.Linear(4, 5), nn.ReLU(), nn.Linear(5, 6), nn.Linear(6, 2))
        self.trunk = self.full[:3]
        self.head = self.full[-1]
        self.more = nn.Sequential(*self.full[1:], nn.Linear(2, 2))
