import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(3, 4)
        n = sum(p.numel() for p in self.enc.parameters())
        self.dec = nn.Linear(n, 2)
