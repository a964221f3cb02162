"""A neural spline flow assembled from nflows parts, the README way."""

from nflows.distributions.normal import StandardNormal
from nflows.flows.base import Flow
from nflows.transforms.autoregressive import MaskedPiecewiseRationalQuadraticAutoregressiveTransform
from nflows.transforms.base import CompositeTransform
from nflows.transforms.permutations import ReversePermutation

num_layers = 4
features = 3
transforms = []
for _ in range(num_layers):
    transforms.append(ReversePermutation(features=features))
    transforms.append(
        MaskedPiecewiseRationalQuadraticAutoregressiveTransform(
            features=features, hidden_features=32, num_bins=8, tails="linear", tail_bound=3.0
        )
    )
model = Flow(CompositeTransform(transforms), StandardNormal(shape=[features]))
