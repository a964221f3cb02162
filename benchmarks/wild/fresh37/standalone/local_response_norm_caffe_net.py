# a Caffe-era net with LocalResponseNorm (no parameters) and grouped convolutions
import torch.nn as nn

model = nn.Sequential(
    nn.Conv2d(3, 96, 11, stride=4),
    nn.ReLU(inplace=True),
    nn.LocalResponseNorm(5, alpha=1e-4, beta=0.75, k=2.0),
    nn.MaxPool2d(3, 2),
    nn.Conv2d(96, 256, 5, padding=2, groups=2),
    nn.ReLU(inplace=True),
    nn.LocalResponseNorm(5, alpha=1e-4, beta=0.75, k=2.0),
    nn.MaxPool2d(3, 2),
    nn.Conv2d(256, 384, 3, padding=1),
    nn.ReLU(inplace=True),
    nn.Conv2d(384, 384, 3, padding=1, groups=2),
    nn.ReLU(inplace=True),
    nn.Conv2d(384, 256, 3, padding=1, groups=2),
    nn.AdaptiveAvgPool2d(2),
    nn.Flatten(),
    nn.Linear(1024, 10),
)
