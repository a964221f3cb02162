"""i-ResNet / residual flow blocks: Lipschitz-constrained MLPs via spectral normalization with
extra power iterations, ActNorm between blocks."""

import torch
from torch import nn
from torch.nn.utils.parametrizations import spectral_norm


class ActNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(dim))
        self.log_scale = nn.Parameter(torch.zeros(dim))
        self.register_buffer("initialized", torch.tensor(0, dtype=torch.uint8))


def lipschitz_mlp(dim, hidden, n_power_iterations=5):
    return nn.Sequential(
        spectral_norm(nn.Linear(dim, hidden), n_power_iterations=n_power_iterations),
        nn.ELU(),
        spectral_norm(nn.Linear(hidden, hidden), n_power_iterations=n_power_iterations),
        nn.ELU(),
        spectral_norm(nn.Linear(hidden, dim), n_power_iterations=n_power_iterations),
    )


class ResidualFlow(nn.Module):
    def __init__(self, dim=2, hidden=128, blocks=10):
        super().__init__()
        self.blocks = nn.ModuleList()
        for _ in range(blocks):
            self.blocks.append(ActNorm(dim))
            self.blocks.append(lipschitz_mlp(dim, hidden))
        self.final_norm = ActNorm(dim)


model = ResidualFlow()
