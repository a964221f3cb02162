"""A Bayesian MLP regressor from torch-blue's variational layers (mean and log-std per weight)."""

import torch_blue.vi as vi


class BayesMLP(vi.VIModule):
    def __init__(self, d_in=8, hidden=32, d_out=1):
        super().__init__()
        self.net = vi.VISequential(
            vi.VILinear(d_in, hidden), vi.VILinear(hidden, hidden), vi.VILinear(hidden, d_out)
        )

    def forward(self, x):
        return self.net(x)


model = BayesMLP(d_in=6, hidden=24, d_out=2)
