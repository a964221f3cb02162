import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.LazyLinear(16), nn.ReLU(), nn.LazyLinear(4))
        self.body(torch.zeros(2, 10))
