from mup import MuReadout, make_base_shapes, set_base_shapes
from torch import nn


def make_cnn(width_mult=1):
    c = 16 * width_mult
    return nn.Sequential(
        nn.Conv2d(3, c, 3, padding=1),
        nn.BatchNorm2d(c),
        nn.ReLU(),
        nn.Conv2d(c, 2 * c, 3, stride=2, padding=1),
        nn.BatchNorm2d(2 * c),
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        MuReadout(2 * c, 100, readout_zero_init=True),
    )


base_shapes = make_base_shapes(make_cnn(1), make_cnn(2))
model = make_cnn(width_mult=4)
set_base_shapes(model, base_shapes)
