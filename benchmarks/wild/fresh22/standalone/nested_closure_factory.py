"""Nested closures returning module factories; the innermost captures width and depth."""

from torch import nn


def family(act):
    def with_width(width):
        def with_depth(depth):
            mods = []
            for _ in range(depth):
                mods += [nn.Linear(width, width), act()]
            return nn.Sequential(*mods)

        return with_depth

    return with_width


tanh_net = family(nn.Tanh)
model = nn.Sequential(nn.Linear(3, 20), tanh_net(20)(3), nn.Linear(20, 2))
