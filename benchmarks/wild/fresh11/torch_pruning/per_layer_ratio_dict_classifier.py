"""Per-layer pruning ratios (pruning_ratio_dict) on a CNN classifier with a depthwise-separable stage:
the early conv pruned lightly, the late one hard."""

import torch
import torch.nn as nn
import torch_pruning as tp


class DSConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, padding=1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)

    def forward(self, x):
        return torch.relu(self.bn2(self.pw(torch.relu(self.bn1(self.dw(x))))))


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv_a = nn.Conv2d(3, 24, 3, stride=2, padding=1)
        self.ds = DSConv(24, 48)
        self.conv_b = nn.Conv2d(48, 64, 3, stride=2, padding=1)
        self.head = nn.Linear(64, 12)

    def forward(self, x):
        x = self.conv_b(self.ds(torch.relu(self.conv_a(x))))
        return self.head(x.mean((2, 3)))


model = Classifier()
ratios = {model.conv_a: 0.25, model.conv_b: 0.5}
pruner = tp.pruner.MagnitudePruner(
    model,
    torch.randn(1, 3, 32, 32),
    importance=tp.importance.MagnitudeImportance(),
    pruning_ratio=0.0,
    pruning_ratio_dict=ratios,
    ignored_layers=[model.head],
)
pruner.step()
