# factory objects with __call__ (configured once, called per layer), like a user's ConvBNAct maker
import torch.nn as nn


class ConvBNAct:
    def __init__(self, k=3, act=nn.ReLU, bn=True):
        self.k, self.act, self.bn = k, act, bn

    def __call__(self, cin, cout, stride=1):
        layers = [nn.Conv2d(cin, cout, self.k, stride, self.k // 2, bias=not self.bn)]
        if self.bn:
            layers.append(nn.BatchNorm2d(cout))
        return nn.Sequential(*layers, self.act())


c3 = ConvBNAct()
c1 = ConvBNAct(k=1, act=nn.Identity, bn=False)
model = nn.Sequential(c3(3, 32, 2), c3(32, 64, 2), c1(64, 16), c3(16, 64), c1(64, 21))
