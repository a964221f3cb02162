import torch.nn as nn
from torch.nn.utils import weight_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = weight_norm(nn.Conv1d(4, 8, 3), dim=1)
        self.d = weight_norm(nn.ConvTranspose1d(4, 8, 3))
        self.head = nn.Linear(self.c.weight_g.shape[1], 2)
