"""A conditional RealNVP (8 inputs, 2 conditioning inputs) with batch norm between transforms."""

from glasflow.flows import RealNVP

model = RealNVP(
    n_inputs=8,
    n_transforms=6,
    n_conditional_inputs=2,
    n_neurons=64,
    batch_norm_between_transforms=True,
)
