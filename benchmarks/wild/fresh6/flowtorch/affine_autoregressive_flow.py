"""A normalizing flow (flowtorch): affine autoregressive bijector with a dense MADE over N(0, I)."""

import flowtorch.bijectors as bij
import flowtorch.distributions as dist
import flowtorch.parameters as params
import torch

base = torch.distributions.Independent(torch.distributions.Normal(torch.zeros(4), torch.ones(4)), 1)
bijector = bij.AffineAutoregressive(params.DenseAutoregressive(hidden_dims=(32, 32)))
model = dist.Flow(base, bijector)
