"""A plain CNN converted with torchbnn's (deprecated) transform utilities: Conv2d /
Linear leaves are rebuilt as their Bayes counterparts from their repr; the original is kept."""

import torch.nn as nn
from torchbnn.utils import freeze
from torchbnn.utils._convert_model import nonbayes_to_bayes


class Plain(nn.Module):
    def __init__(self, width=12, n_classes=4):
        super().__init__()
        self.conv = nn.Conv2d(1, width, kernel_size=3, stride=1, padding=1)
        self.bn = nn.GroupNorm(3, width)  # not converted
        self.drop = nn.Dropout(0.1)
        self.fc = nn.Linear(width * 7 * 7, n_classes)

    def forward(self, x):
        return self.fc(self.drop(self.bn(self.conv(x)).relu()).flatten(1))


base = Plain(width=12, n_classes=4)
model = nonbayes_to_bayes(base, prior_mu=0.0, prior_sigma=0.1, inplace=False)
freeze(model)
