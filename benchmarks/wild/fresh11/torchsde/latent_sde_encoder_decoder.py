"""Latent SDE (torchsde's examples/latent_sde.py style): GRU encoder over reversed time, posterior drift
conditioned on a context, a prior drift, diagonal diffusion made of one small net per latent dimension."""

import torch
import torch.nn as nn
import torchsde


class Encoder(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.gru = nn.GRU(input_size=input_size, hidden_size=hidden_size)
        self.lin = nn.Linear(hidden_size, output_size)

    def forward(self, inp):
        out, _ = self.gru(inp)
        return self.lin(out)


class LatentSDE(nn.Module):
    sde_type = "ito"
    noise_type = "diagonal"

    def __init__(self, data_size, latent_size, context_size, hidden_size):
        super().__init__()
        self.encoder = Encoder(
            input_size=data_size, hidden_size=hidden_size, output_size=context_size
        )
        self.qz0_net = nn.Linear(context_size, latent_size + latent_size)
        self.f_net = nn.Sequential(
            nn.Linear(latent_size + context_size, hidden_size),
            nn.Softplus(),
            nn.Linear(hidden_size, hidden_size),
            nn.Softplus(),
            nn.Linear(hidden_size, latent_size),
        )
        self.h_net = nn.Sequential(
            nn.Linear(latent_size, hidden_size),
            nn.Softplus(),
            nn.Linear(hidden_size, latent_size),
        )
        self.g_nets = nn.ModuleList(
            [
                nn.Sequential(
                    nn.Linear(1, hidden_size),
                    nn.Softplus(),
                    nn.Linear(hidden_size, 1),
                    nn.Sigmoid(),
                )
                for _ in range(latent_size)
            ]
        )
        self.projector = nn.Linear(latent_size, data_size)
        self.pz0_mean = nn.Parameter(torch.zeros(1, latent_size))
        self.pz0_logstd = nn.Parameter(torch.zeros(1, latent_size))
        self._ctx = None

    def f(self, t, y):
        return self.f_net(torch.cat((y, self._ctx), dim=1))

    def h(self, t, y):
        return self.h_net(y)

    def g(self, t, y):
        y = torch.split(y, split_size_or_sections=1, dim=1)
        return torch.cat([g_net(y_i) for (g_net, y_i) in zip(self.g_nets, y)], dim=1)

    def sample(self, ts, batch_size):
        eps = torch.randn(size=(batch_size, *self.pz0_mean.shape[1:]))
        z0 = self.pz0_mean + self.pz0_logstd.exp() * eps
        zs = torchsde.sdeint(self, z0, ts, names={"drift": "h"}, dt=1e-3)
        return self.projector(zs)


model = LatentSDE(data_size=3, latent_size=4, context_size=16, hidden_size=32)
