# CBAM: a shared channel MLP over avg- and max-pooled features, then a 7x7 spatial conv
import torch.nn as nn


class ChannelGate(nn.Module):
    def __init__(self, c, r=16):
        super().__init__()
        self.mlp = nn.Sequential(
            nn.Flatten(), nn.Linear(c, c // r), nn.ReLU(), nn.Linear(c // r, c)
        )


class SpatialGate(nn.Module):
    def __init__(self, k=7):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(2, 1, k, padding=k // 2, bias=False), nn.BatchNorm2d(1))


class CBAM(nn.Module):
    def __init__(self, c, r=16, no_spatial=False):
        super().__init__()
        self.channel = ChannelGate(c, r)
        self.spatial = None if no_spatial else SpatialGate()


class BasicBlockCBAM(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.cbam = CBAM(cout, r=16, no_spatial=cout >= 256)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout)
            )


chans = [64, 128, 256]
blocks = [BasicBlockCBAM(64, 64)]
for a, b in zip(chans, chans[1:]):
    blocks += [BasicBlockCBAM(a, b, stride=2), BasicBlockCBAM(b, b)]
model = nn.Sequential(nn.Conv2d(3, 64, 3, 1, 1, bias=False), nn.BatchNorm2d(64), *blocks)
