"""Structured channel pruning of a small residual CNN with Torch-Pruning's MagnitudePruner: 50% of the
channels of every coupled group, the classifier's outputs kept."""

import torch
import torch.nn as nn
import torch_pruning as tp


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        return torch.relu(x + self.bn2(self.conv2(torch.relu(self.bn1(self.conv1(x))))))


class ResNetTiny(nn.Module):
    def __init__(self, width=32, n_blocks=2, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1, bias=False), nn.BatchNorm2d(width), nn.ReLU()
        )
        self.blocks = nn.Sequential(*[Block(width) for _ in range(n_blocks)])
        self.expand = nn.Conv2d(width, width * 2, 1)
        self.fc = nn.Linear(width * 2, n_classes)

    def forward(self, x):
        x = self.expand(self.blocks(self.stem(x)))
        return self.fc(x.mean((2, 3)))


model = ResNetTiny(width=32, n_blocks=2, n_classes=10)
example_inputs = torch.randn(1, 3, 32, 32)
pruner = tp.pruner.MagnitudePruner(
    model,
    example_inputs,
    importance=tp.importance.MagnitudeImportance(p=2),
    pruning_ratio=0.5,
    ignored_layers=[model.fc],
)
pruner.step()
