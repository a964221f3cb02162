# a backbone whose classifier is deleted and whose pooling becomes Identity for dense features
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, width=64, n_classes=1000):
        super().__init__()
        self.stem = nn.Conv2d(3, width, 7, 2, 3, bias=False)
        self.body = nn.Sequential(*[nn.Conv2d(width, width, 3, padding=1) for _ in range(3)])
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(width, n_classes)
        self.aux = nn.Linear(width, 10)


net = Backbone(width=64, n_classes=1000)
del net.fc
delattr(net, "aux")
net.pool = nn.Identity()
net.proj = nn.Conv2d(64, 128, 1)
model = net
