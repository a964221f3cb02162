"""A deterministic CIFAR CNN turned Bayesian in place with bayesian-torch's dnn_to_bnn."""

import torch.nn as nn
from bayesian_torch.models.dnn_to_bnn import dnn_to_bnn, get_kl_loss

const_bnn_prior_parameters = {
    "prior_mu": 0.0,
    "prior_sigma": 1.0,
    "posterior_mu_init": 0.0,
    "posterior_rho_init": -3.0,
    "type": "Reparameterization",  # Flipout or Reparameterization
    "moped_enable": False,
    "moped_delta": 0.5,
}


class SmallCNN(nn.Module):
    def __init__(self, num_classes=10, width=16):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width * 2, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(width * 2)
        self.pool = nn.AdaptiveAvgPool2d(4)
        self.fc1 = nn.Linear(width * 2 * 16, 64)
        self.fc2 = nn.Linear(64, num_classes)

    def forward(self, x):
        x = self.bn1(self.conv1(x)).relu()
        x = self.pool(self.bn2(self.conv2(x)).relu())
        return self.fc2(self.fc1(x.flatten(1)).relu())


model = SmallCNN(num_classes=10, width=16)
dnn_to_bnn(model, const_bnn_prior_parameters)
kl = get_kl_loss  # used in the training loop
