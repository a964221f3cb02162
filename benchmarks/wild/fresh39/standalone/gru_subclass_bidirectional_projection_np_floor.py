# a GRU subclass that owns its own projection of the two directions; hidden size from np.floor
import numpy as np
import torch.nn as nn


class ProjectedGRU(nn.GRU):
    def __init__(self, input_size, hidden_size, proj_size_out, **kw):
        super().__init__(input_size, hidden_size, batch_first=True, bidirectional=True, **kw)
        self.out_proj = nn.Linear(2 * hidden_size, proj_size_out)

    def forward(self, x, h=None):
        y, h = super().forward(x, h)
        return self.out_proj(y), h


n_mels = 80
hidden = int(np.floor(n_mels * 2.5))  # 200
model = ProjectedGRU(n_mels, hidden, proj_size_out=64, num_layers=3, dropout=0.1)
