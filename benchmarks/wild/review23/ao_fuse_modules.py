import torch.nn as nn
from torch.ao.quantization import fuse_modules


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = Net().eval()
        self.n = fuse_modules(n, [["conv", "bn", "relu"]])
