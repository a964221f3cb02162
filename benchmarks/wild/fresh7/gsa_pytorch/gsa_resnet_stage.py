import torch.nn as nn
from gsa_pytorch import GSA


class GSABottleneck(nn.Module):
    def __init__(self, dim, hidden, rel_pos_length):
        super().__init__()
        self.reduce = nn.Conv2d(dim, hidden, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(hidden)
        self.attn = GSA(hidden, dim_out=hidden, dim_key=16, heads=4, rel_pos_length=rel_pos_length)
        self.expand = nn.Conv2d(hidden, dim, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(dim)


class GSANet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 64, 3, padding=1, bias=False), nn.BatchNorm2d(64), nn.ReLU()
        )
        self.stage = nn.Sequential(*[GSABottleneck(64, 32, rel_pos_length=32) for _ in range(3)])
        self.fc = nn.Linear(64, num_classes)


model = GSANet()
