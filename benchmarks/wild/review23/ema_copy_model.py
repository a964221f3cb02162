import copy

import torch.nn as nn


class EMA(nn.Module):
    def __init__(self, model, decay=0.999):
        super().__init__()
        self.module = copy.deepcopy(model)
        self.module.eval()
        for p in self.module.parameters():
            p.requires_grad_(False)
        self.decay = decay


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))
        self.ema = EMA(self.net)
