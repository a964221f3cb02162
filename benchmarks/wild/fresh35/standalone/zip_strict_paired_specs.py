import torch.nn as nn

channels = (16, 32, 64)
strides = (1, 2, 2)
groups = (1, 4, 8)


class Stack(nn.Module):
    def __init__(self, cin=4):
        super().__init__()
        self.convs = nn.ModuleList()
        for c, s, g in zip(channels, strides, groups, strict=True):
            self.convs.append(nn.Conv2d(cin, c, 3, s, 1, groups=g if cin % g == 0 else 1))
            cin = c
        self.head = nn.Conv2d(cin, 1, 1)


model = Stack(cin=4)
