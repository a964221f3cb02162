import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.LazyLinear(16)
        self.b = nn.Linear(3, 3)
