"""Last-layer Bayesian: a frozen deterministic encoder, only the head converted (Flipout)."""

import torch.nn as nn
from bayesian_torch.models.dnn_to_bnn import dnn_to_bnn


def make_encoder(in_dim, hidden, depth):
    layers = []
    for i in range(depth):
        layers += [nn.Linear(in_dim if i == 0 else hidden, hidden), nn.LayerNorm(hidden), nn.GELU()]
    return nn.Sequential(*layers)


class Regressor(nn.Module):
    def __init__(self, in_dim=20, hidden=48, depth=3, out_dim=2):
        super().__init__()
        self.encoder = make_encoder(in_dim, hidden, depth)
        self.head = nn.Sequential(
            nn.Linear(hidden, hidden // 2), nn.ReLU(), nn.Linear(hidden // 2, out_dim)
        )

    def forward(self, x):
        return self.head(self.encoder(x))


model = Regressor(in_dim=20, hidden=48, depth=3, out_dim=2)
for p in model.encoder.parameters():
    p.requires_grad_(False)
dnn_to_bnn(
    model.head,
    {
        "prior_mu": 0.0,
        "prior_sigma": 0.1,
        "posterior_mu_init": 0.0,
        "posterior_rho_init": -4.0,
        "type": "Flipout",
        "moped_enable": False,
    },
)
