import torch.nn as nn
from torch.nn.utils import remove_weight_norm, weight_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = weight_norm(nn.Conv1d(4, 8, 3))
        remove_weight_norm(self.c)
        self.d = nn.utils.weight_norm(nn.Linear(3, 3))
