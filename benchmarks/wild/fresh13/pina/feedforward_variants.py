"""PINA networks for a PDE: a FeedForward with explicit layer widths and a residual one."""

import torch
from pina.model import FeedForward, ResidualFeedForward


class PINNBundle(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.u = FeedForward(
            input_dimensions=2, output_dimensions=1, layers=[32, 32, 16], func=torch.nn.Softplus
        )
        self.v = ResidualFeedForward(
            input_dimensions=2, output_dimensions=1, inner_size=24, n_layers=3
        )


model = PINNBundle()
