import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = nn.LazyConv2d(8, 3)
        self.bn = nn.LazyBatchNorm2d()
        with torch.no_grad():
            self.bn(self.c(torch.zeros(1, 5, 9, 9)))
