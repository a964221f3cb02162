# lazy layers whose input sizes come from one dummy batch
import torch
import torch.nn as nn

model = nn.Sequential(
    nn.LazyConv2d(24, 3, stride=2),
    nn.LazyBatchNorm2d(),
    nn.ReLU(),
    nn.LazyConv2d(48, 3, stride=2),
    nn.ReLU(),
    nn.Flatten(),
    nn.LazyLinear(64),
    nn.ReLU(),
    nn.LazyLinear(6),
)
with torch.no_grad():
    model(torch.zeros(2, 4, 42, 42))
