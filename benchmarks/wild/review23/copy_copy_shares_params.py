import copy

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = copy.copy(self.a)
        self.c = copy.deepcopy(self.a)
