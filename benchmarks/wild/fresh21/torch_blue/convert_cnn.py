"""A plain torch CNN converted to a variational one with torch-blue's convert_to_vimodule."""

import torch.nn as nn
import torch_blue.vi as vi


class SmallCNN(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3)
        self.conv2 = nn.Conv2d(8, 16, 3)
        self.fc = nn.Linear(16, classes)

    def forward(self, x):
        x = self.conv2(self.conv1(x).relu()).relu().mean((2, 3))
        return self.fc(x)


model = SmallCNN(classes=5)
vi.convert_to_vimodule(model)
