"""Three spline autoregressive layers composed with permutations between them (flowtorch)."""

import flowtorch.bijectors as bij
import flowtorch.distributions as dist
import flowtorch.parameters as params
import torch

DIM = 6
layers = []
for i in range(3):
    layers.append(
        bij.SplineAutoregressive(params.DenseAutoregressive(hidden_dims=(24,)), count_bins=8)
    )
    if i < 2:
        layers.append(bij.Permute(permutation=torch.arange(DIM - 1, -1, -1)))

base = torch.distributions.Independent(
    torch.distributions.Normal(torch.zeros(DIM), torch.ones(DIM)), 1
)
model = dist.Flow(base, bij.Compose(layers))
