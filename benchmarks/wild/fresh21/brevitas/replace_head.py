"""Float backbone, quantized head swapped in afterwards (what people do before QAT fine-tuning)."""

import brevitas.nn as qnn
import torch.nn as nn


def backbone(width=32):
    return nn.Sequential(
        nn.Conv2d(3, width, 3, padding=1),
        nn.BatchNorm2d(width),
        nn.ReLU(),
        nn.Conv2d(width, width * 2, 3, stride=2, padding=1),
        nn.BatchNorm2d(width * 2),
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
    )


class Net(nn.Module):
    def __init__(self, width=32, classes=100):
        super().__init__()
        self.features = backbone(width)
        self.head = nn.Linear(width * 2, classes)

    def forward(self, x):
        return self.head(self.features(x))


model = Net(width=16, classes=100)
model.head = qnn.QuantLinear(model.head.in_features, 12, bias=True, weight_bit_width=4)
# first conv to a quantized one with the same shape
first = model.features[0]
model.features[0] = qnn.QuantConv2d(
    first.in_channels,
    first.out_channels,
    first.kernel_size,
    padding=first.padding,
    weight_bit_width=8,
)
