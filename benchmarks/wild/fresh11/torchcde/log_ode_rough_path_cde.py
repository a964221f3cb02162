"""A rough-path style CDE: the vector field is a small ResNet of MLP blocks, with a learnable
initial-state token (a Parameter expanded over the batch) added to the initial map, and a
GRU-D-like decay gate on the output."""

import torch
import torch.nn as nn
import torchcde


class ResBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin1 = nn.Linear(d, d)
        self.lin2 = nn.Linear(d, d)

    def forward(self, x):
        return x + self.lin2(torch.relu(self.lin1(x)))


class ResField(nn.Module):
    def __init__(self, cin, hidden, n_blocks=2):
        super().__init__()
        self.blocks = nn.Sequential(*(ResBlock(hidden) for _ in range(n_blocks)))
        self.proj = nn.Linear(hidden, hidden * cin)
        self.cin, self.hidden = cin, hidden

    def forward(self, t, z):
        return self.proj(self.blocks(z)).tanh().view(-1, self.hidden, self.cin)


class RoughCDE(nn.Module):
    def __init__(self, cin=4, hidden=24, n_out=2, n_blocks=3):
        super().__init__()
        self.z_token = nn.Parameter(torch.zeros(hidden))
        self.initial = nn.Linear(cin, hidden, bias=False)
        self.field = ResField(cin, hidden, n_blocks)
        self.decay = nn.Linear(hidden, hidden)
        self.readout = nn.Linear(hidden, n_out)

    def forward(self, coeffs):
        X = torchcde.LinearInterpolation(coeffs)
        z0 = self.initial(X.evaluate(X.interval[0])) + self.z_token
        zT = torchcde.cdeint(
            X=X, func=self.field, z0=z0, t=X.interval, method="rk4", options=dict(step_size=0.5)
        )[:, -1]
        return self.readout(zT * torch.sigmoid(self.decay(zT)))


model = RoughCDE(cin=4, hidden=24, n_out=2, n_blocks=3)
