"""A Neural CDE forecaster with a deep vector field built from a widths tuple, a static-covariate
encoder feeding z0, and one read-out head per forecast target (ModuleDict keyed by name)."""

import torch
import torch.nn as nn
import torchcde


class DeepField(nn.Module):
    def __init__(self, input_channels, hidden_channels, widths=(64, 64)):
        super().__init__()
        dims = [hidden_channels, *widths]
        self.net = nn.Sequential(
            *[m for a, b in zip(dims, dims[1:]) for m in (nn.Linear(a, b), nn.Softplus())]
        )
        self.out = nn.Linear(dims[-1], hidden_channels * input_channels)
        self.shape = (hidden_channels, input_channels)

    def forward(self, t, z):
        return torch.tanh(self.out(self.net(z))).view(-1, *self.shape)


class CDEForecaster(nn.Module):
    def __init__(self, input_channels, static_dim, hidden_channels, targets):
        super().__init__()
        self.static_enc = nn.Sequential(nn.Linear(static_dim, hidden_channels), nn.Tanh())
        self.initial = nn.Linear(input_channels, hidden_channels)
        self.func = DeepField(input_channels, hidden_channels, widths=(48, 48, 48))
        self.heads = nn.ModuleDict(
            {name: nn.Linear(hidden_channels, horizon) for name, horizon in targets.items()}
        )

    def forward(self, coeffs, static):
        path = torchcde.CubicSpline(coeffs)
        z0 = self.initial(path.evaluate(path.interval[0])) + self.static_enc(static)
        zT = torchcde.cdeint(X=path, func=self.func, z0=z0, t=path.interval, adjoint=False)[:, -1]
        return {k: head(zT) for k, head in self.heads.items()}


model = CDEForecaster(
    input_channels=5, static_dim=4, hidden_channels=20, targets={"load": 24, "price": 12, "temp": 6}
)
