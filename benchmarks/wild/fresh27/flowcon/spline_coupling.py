"""A flowcon flow of two rational-quadratic spline couplings with an alternating mask."""

import torch
from flowcon.distributions.normal import StandardNormal
from flowcon.flows.base import Flow
from flowcon.nn.nets import ResidualNet
from flowcon.transforms.base import CompositeTransform
from flowcon.transforms.coupling import PiecewiseRationalQuadraticCouplingTransform


def net(in_features, out_features):
    return ResidualNet(in_features, out_features, hidden_features=16, num_blocks=1)


mask = torch.tensor([1, 0, 1, 0, 1, 0])
model = Flow(
    CompositeTransform(
        [
            PiecewiseRationalQuadraticCouplingTransform(
                mask, net, num_bins=5, tails="linear", tail_bound=3.0
            ),
            PiecewiseRationalQuadraticCouplingTransform(
                1 - mask, net, num_bins=5, tails="linear", tail_bound=3.0
            ),
        ]
    ),
    StandardNormal([6]),
)
