import torch
import torch.nn as nn


class BasicConv2d(nn.Module):
    def __init__(self, in_channels, out_channels, **kwargs):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, bias=False, **kwargs)
        self.bn = nn.BatchNorm2d(out_channels, eps=0.001)


class Inception(nn.Module):
    def __init__(self, in_channels, ch1x1, ch3x3red, ch3x3, ch5x5red, ch5x5, pool_proj, conv_block=None):
        super().__init__()
        if conv_block is None:
            conv_block = BasicConv2d
        self.branch1 = conv_block(in_channels, ch1x1, kernel_size=1)
        self.branch2 = nn.Sequential(conv_block(in_channels, ch3x3red, kernel_size=1), conv_block(ch3x3red, ch3x3, kernel_size=3, padding=1))
        self.branch3 = nn.Sequential(conv_block(in_channels, ch5x5red, kernel_size=1), conv_block(ch5x5red, ch5x5, kernel_size=3, padding=1))
        self.branch4 = nn.Sequential(nn.MaxPool2d(3, stride=1, padding=1, ceil_mode=True), conv_block(in_channels, pool_proj, kernel_size=1))
        self.out_channels = ch1x1 + ch3x3 + ch5x5 + pool_proj

    def forward(self, x):
        return torch.cat([self.branch1(x), self.branch2(x), self.branch3(x), self.branch4(x)], 1)


# GoogLeNet's inception table, name -> (1x1, 3x3 reduce, 3x3, 5x5 reduce, 5x5, pool proj)
TABLE = {
    "3a": (64, 96, 128, 16, 32, 32),
    "3b": (128, 128, 192, 32, 96, 64),
    "4a": (192, 96, 208, 16, 48, 64),
    "4b": (160, 112, 224, 24, 64, 64),
}


class MiniGoogLeNet(nn.Module):
    def __init__(self, num_classes=10, table=TABLE):
        super().__init__()
        self.stem = nn.Sequential(BasicConv2d(3, 64, kernel_size=3, padding=1), BasicConv2d(64, 192, kernel_size=3, padding=1))
        self.blocks = nn.ModuleDict()
        ch = 192
        for name, spec in table.items():
            self.blocks[name] = Inception(ch, *spec)
            ch = self.blocks[name].out_channels
        self.fc = nn.Linear(ch, num_classes)


model = MiniGoogLeNet(num_classes=10)
