from mup import MuReadout, set_base_shapes
from torch import nn


class MLP(nn.Module):
    def __init__(self, width=128, in_dim=3072, num_classes=10):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, width)
        self.fc2 = nn.Linear(width, width)
        self.readout = MuReadout(width, num_classes)

    def forward(self, x):
        return self.readout(self.fc2(self.fc1(x).relu()).relu())


# muP: the shapes of a base and a delta model tell mup which dimensions are "infinite"
base = MLP(width=64)
delta = MLP(width=96)
model = MLP(width=512)
set_base_shapes(model, base, delta=delta)
