# LazyLinear / LazyConv2d sized by one dummy forward pass before use
import torch
import torch.nn as nn

model = nn.Sequential(
    nn.LazyConv2d(16, 5),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.LazyConv2d(32, 3),
    nn.Flatten(),
    nn.LazyLinear(64),
    nn.ReLU(),
    nn.LazyLinear(3),
)
with torch.no_grad():
    model(torch.zeros(1, 1, 28, 28))
