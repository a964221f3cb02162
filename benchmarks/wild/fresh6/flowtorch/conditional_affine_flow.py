"""A conditional density estimator: flowtorch flow conditioned on a context vector, in a user module."""

import flowtorch.bijectors as bij
import flowtorch.distributions as dist
import flowtorch.parameters as params
import torch
import torch.nn as nn


class ConditionalDensity(nn.Module):
    def __init__(self, x_dim=3, context_dim=5):
        super().__init__()
        self.context_net = nn.Sequential(nn.Linear(context_dim, 16), nn.ReLU())
        base = torch.distributions.Independent(
            torch.distributions.Normal(torch.zeros(x_dim), torch.ones(x_dim)), 1
        )
        bijector = bij.Compose(
            [
                bij.AffineAutoregressive(params.DenseAutoregressive(hidden_dims=(32,))),
                bij.AffineAutoregressive(params.DenseAutoregressive(hidden_dims=(32,))),
            ],
            context_shape=torch.Size([16]),
        )
        self.flow = dist.Flow(base, bijector)


model = ConditionalDensity(x_dim=3, context_dim=5)
