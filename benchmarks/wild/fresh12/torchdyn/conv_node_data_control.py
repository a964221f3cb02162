"""A convolutional neural ODE for images with data control (input concatenated to the state)."""

import torch.nn as nn
from torchdyn.core import NeuralODE
from torchdyn.nn import DataControl


class ConvField(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.dc = DataControl()
        self.net = nn.Sequential(
            nn.Conv2d(2 * ch, ch, 3, padding=1),
            nn.GroupNorm(4, ch),
            nn.SiLU(),
            nn.Conv2d(ch, ch, 3, padding=1),
        )


class ODEClassifier(nn.Module):
    def __init__(self, ch=16, classes=10):
        super().__init__()
        self.stem = nn.Conv2d(1, ch, 3, padding=1)
        self.node = NeuralODE(ConvField(ch), solver="euler")
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(ch, classes))


model = ODEClassifier(ch=12)
