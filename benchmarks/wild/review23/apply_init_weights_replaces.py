import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(3, 4), nn.Dropout(), nn.Linear(4, 4))
        self.apply(self._init)
        self.n_lin = sum(isinstance(m, nn.Linear) for m in self.modules())
        self.tail = nn.Linear(self.n_lin, 1)

    def _init(self, m):
        if isinstance(m, nn.Linear):
            nn.init.zeros_(m.bias)
