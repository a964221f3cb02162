"""An image classifier whose nonlinearities are alias-free (upsample -> act -> downsample)."""

from alias_free_torch import Activation2d
from torch import nn


def stage(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        Activation2d(activation=nn.PReLU(num_parameters=cout), up_ratio=2, down_ratio=2),
        nn.Conv2d(cout, cout, 3, stride=2, padding=1),
        Activation2d(activation=nn.GELU()),
    )


widths = [3, 16, 24, 32]
model = nn.Sequential(
    *[stage(a, b) for a, b in zip(widths[:-1], widths[1:])],
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(widths[-1], 10),
)
