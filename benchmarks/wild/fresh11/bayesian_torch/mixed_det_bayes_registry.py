"""A layer registry keyed by (kind, bayesian): the same architecture code builds deterministic and
variational variants; the global model is the Bayesian one."""

import torch.nn as nn
from bayesian_torch.layers import Conv2dReparameterization, LinearReparameterization

LAYERS = {
    ("conv", False): lambda i, o: nn.Conv2d(i, o, 3, padding=1, bias=False),
    ("conv", True): lambda i, o: Conv2dReparameterization(
        i, o, kernel_size=3, padding=1, bias=False
    ),
    ("fc", False): lambda i, o: nn.Linear(i, o),
    ("fc", True): lambda i, o: LinearReparameterization(i, o),
}


class Net(nn.Module):
    def __init__(self, channels=(3, 8, 16, 32), n_out=7, bayesian=False, bayes_last_only=False):
        super().__init__()
        convs = []
        for i, o in zip(channels[:-1], channels[1:]):
            conv_bayes = bayesian and not bayes_last_only
            convs.append(LAYERS["conv", conv_bayes](i, o))
            convs.append(nn.BatchNorm2d(o))
        self.convs = nn.ModuleList(convs)
        self.fc = LAYERS["fc", bayesian](channels[-1], n_out)

    def forward(self, x):
        return x


deterministic = Net(channels=(3, 8, 16, 32), n_out=7)
model = Net(channels=(3, 8, 16, 32), n_out=7, bayesian=True)
