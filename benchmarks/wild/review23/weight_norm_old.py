import torch.nn as nn
from torch.nn.utils import weight_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = weight_norm(nn.Conv1d(4, 8, 3))
        self.l = weight_norm(nn.Linear(6, 5), dim=None)
