import torch.nn as nn
from pyknos.mdn.mdn import MultivariateGaussianMDN


def mdn(k, width):
    return MultivariateGaussianMDN(
        features=4,
        context_features=6,
        hidden_net=nn.Sequential(nn.Linear(6, width), nn.ELU(), nn.Linear(width, width), nn.ELU()),
        num_components=k,
        hidden_features=width,
    )


model = nn.ModuleList([mdn(k, w) for k, w in zip((2, 4, 8), (16, 32, 32))])
