"""Nested closures that return module constructors; the outer one captures norm and activation choices."""

import torch.nn as nn


def make_factory(norm="bn", act=nn.ReLU):
    def norm_layer(ch):
        return nn.BatchNorm2d(ch) if norm == "bn" else nn.GroupNorm(8, ch)

    def conv_block(cin, cout, k=3):
        def build():
            return nn.Sequential(
                nn.Conv2d(cin, cout, k, padding=k // 2, bias=False), norm_layer(cout), act()
            )

        return build

    return conv_block


gn_block = make_factory(norm="gn", act=nn.GELU)
bn_block = make_factory()

builders = [gn_block(3, 32), gn_block(32, 32, 5), bn_block(32, 64), bn_block(64, 64, 1)]
model = nn.Sequential(
    *(b() for b in builders), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 7)
)
