"""A masked affine autoregressive flow (MAF) with random permutations between layers."""

from glasflow.flows import MaskedAffineAutoregressiveFlow

model = MaskedAffineAutoregressiveFlow(
    n_inputs=6, n_transforms=5, n_neurons=48, n_blocks_per_transform=2, use_random_permutations=True
)
