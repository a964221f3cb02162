import torch.nn as nn
from torch.nn.utils.parametrizations import orthogonal


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = orthogonal(nn.Linear(5, 5))
        self.r = nn.Linear(5, 2)
