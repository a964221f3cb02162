"""SchNet (Schuett et al.): Gaussian RBF expansion buffer, continuous-filter convolutions, shared filter option."""

import torch
import torch.nn as nn


class GaussianSmearing(nn.Module):
    def __init__(self, start=0.0, stop=5.0, num_gaussians=50):
        super().__init__()
        offset = torch.linspace(start, stop, num_gaussians)
        self.coeff = -0.5 / (offset[1] - offset[0]).item() ** 2
        self.register_buffer("offset", offset)


class CFConv(nn.Module):
    def __init__(self, in_channels, out_channels, num_filters, filter_net):
        super().__init__()
        self.lin1 = nn.Linear(in_channels, num_filters, bias=False)
        self.lin2 = nn.Linear(num_filters, out_channels)
        self.nn = filter_net


class InteractionBlock(nn.Module):
    def __init__(self, hidden, num_gaussians, num_filters, filter_net=None):
        super().__init__()
        if filter_net is None:
            filter_net = nn.Sequential(
                nn.Linear(num_gaussians, num_filters),
                nn.Softplus(),
                nn.Linear(num_filters, num_filters),
            )
        self.mlp = filter_net
        self.conv = CFConv(hidden, hidden, num_filters, self.mlp)
        self.act = nn.Softplus()
        self.lin = nn.Linear(hidden, hidden)


class SchNet(nn.Module):
    def __init__(
        self,
        hidden_channels=128,
        num_filters=128,
        num_interactions=6,
        num_gaussians=50,
        cutoff=10.0,
        share_filters=False,
    ):
        super().__init__()
        self.embedding = nn.Embedding(100, hidden_channels, padding_idx=0)
        self.distance_expansion = GaussianSmearing(0.0, cutoff, num_gaussians)
        shared = (
            nn.Sequential(
                nn.Linear(num_gaussians, num_filters),
                nn.Softplus(),
                nn.Linear(num_filters, num_filters),
            )
            if share_filters
            else None
        )
        self.interactions = nn.ModuleList(
            [
                InteractionBlock(hidden_channels, num_gaussians, num_filters, shared)
                for _ in range(num_interactions)
            ]
        )
        self.lin1 = nn.Linear(hidden_channels, hidden_channels // 2)
        self.lin2 = nn.Linear(hidden_channels // 2, 1)


model = nn.ModuleList(
    [
        SchNet(
            hidden_channels=32, num_filters=24, num_interactions=3, num_gaussians=20, cutoff=6.0
        ),
        SchNet(
            hidden_channels=16,
            num_filters=16,
            num_interactions=4,
            num_gaussians=12,
            share_filters=True,
        ),
    ]
)
