import tltorch
from torch import nn


class TRLNet(nn.Module):
    """A small CNN whose flatten + fully-connected head is a tensor regression layer."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 5, padding=2),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 5, padding=2),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.tcl = tltorch.TCL(input_shape=(32, 7, 7), rank=(16, 5, 5))
        self.trl = tltorch.TRL(input_shape=(16, 5, 5), output_shape=(num_classes,), rank=0.5)

    def forward(self, x):
        return self.trl(self.tcl(self.features(x)))


model = TRLNet()
