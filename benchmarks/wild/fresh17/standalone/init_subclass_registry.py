import torch.nn as nn

BLOCKS = {}


class Block(nn.Module):
    expansion = 1

    def __init_subclass__(cls, key=None, expansion=1, **kw):
        super().__init_subclass__(**kw)
        cls.expansion = expansion
        if key is not None:
            BLOCKS[key] = cls


class Plain(Block, key="plain"):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout * self.expansion, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout * self.expansion)


class Wide(Block, key="wide", expansion=2):
    def __init__(self, cin, cout):
        super().__init__()
        self.a = nn.Conv2d(cin, cout, 1)
        self.b = nn.Conv2d(cout, cout * self.expansion, 3, padding=1)


class Net(nn.Module):
    def __init__(self, plan, width=16):
        super().__init__()
        layers, cin = [], 3
        for key in plan:
            cls = BLOCKS[key]
            layers.append(cls(cin, width))
            cin = width * cls.expansion
        self.body = nn.Sequential(*layers)
        self.fc = nn.Linear(cin, 10)


model = Net(["plain", "wide", "wide", "plain"], width=24)
