import argparse

import torch.nn as nn


class CVAE(nn.Module):
    """Conditional VAE on flattened images: the one-hot label is concatenated to the encoder
    input and to the latent code."""

    def __init__(self, x_dim, n_classes, hidden_dims, z_dim):
        super().__init__()
        enc, d = [], x_dim + n_classes
        for h in hidden_dims:
            enc += [nn.Linear(d, h), nn.ReLU()]
            d = h
        self.encoder = nn.Sequential(*enc)
        self.fc_mu = nn.Linear(d, z_dim)
        self.fc_logvar = nn.Linear(d, z_dim)
        dec, d = [], z_dim + n_classes
        for h in reversed(hidden_dims):
            dec += [nn.Linear(d, h), nn.ReLU()]
            d = h
        dec += [nn.Linear(d, x_dim), nn.Sigmoid()]
        self.decoder = nn.Sequential(*dec)


parser = argparse.ArgumentParser()
parser.add_argument("--x-dim", type=int, default=28 * 28)
parser.add_argument("--classes", type=int, default=10)
parser.add_argument("--hidden", type=str, default="512,256")
parser.add_argument("--latent", type=int, default=16)
args, _ = parser.parse_known_args([])

model = CVAE(args.x_dim, args.classes, [int(h) for h in args.hidden.split(",")], args.latent)
