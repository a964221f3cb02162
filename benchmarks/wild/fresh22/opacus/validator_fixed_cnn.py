"""A small CNN with BatchNorm, passed through opacus' ModuleValidator.fix (BatchNorm -> GroupNorm),
as the opacus tutorials do before attaching the privacy engine."""

from opacus.validators import ModuleValidator
from torch import nn


def block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


net = nn.Sequential(
    block(3, 16), block(16, 32), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10)
)
if not ModuleValidator.is_valid(net):
    net = ModuleValidator.fix(net)

model = net
