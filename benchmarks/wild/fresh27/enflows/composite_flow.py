"""A flow assembled by hand from enflows transforms: a MADE affine step, a permutation, an LU linear."""

from enflows.distributions.normal import StandardNormal
from enflows.flows.base import Flow
from enflows.transforms.autoregressive import MaskedAffineAutoregressiveTransform
from enflows.transforms.base import CompositeTransform
from enflows.transforms.lu import LULinear
from enflows.transforms.permutations import ReversePermutation

transform = CompositeTransform(
    [
        MaskedAffineAutoregressiveTransform(features=5, hidden_features=16),
        ReversePermutation(features=5),
        LULinear(features=5),
        MaskedAffineAutoregressiveTransform(features=5, hidden_features=12, num_blocks=1),
    ]
)
model = Flow(transform, StandardNormal([5]))
