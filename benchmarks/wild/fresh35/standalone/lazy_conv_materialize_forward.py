import torch
import torch.nn as nn

net = nn.Sequential(
    nn.LazyConv2d(16, 3, padding=1),
    nn.LazyBatchNorm2d(),
    nn.ReLU(),
    nn.LazyConv2d(32, 3, stride=2, padding=1),
    nn.ReLU(),
    nn.Flatten(),
    nn.LazyLinear(10),
)
# one dry run materializes every lazy module from the sample's shape
with torch.no_grad():
    net(torch.zeros(2, 5, 20, 20))
model = net
