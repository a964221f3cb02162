"""A Bayesian VGG-ish CNN from torchbnn's BayesConv2d / BayesBatchNorm2d / BayesLinear, built from a
layer-spec list (numbers = channels, "M" = pool)."""

import torch.nn as nn
import torchbnn as bnn

CFG = [16, "M", 32, 32, "M", 64]
PRIOR = dict(prior_mu=0.0, prior_sigma=0.05)


def make_features(cfg, in_ch=3):
    layers = []
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2d(2))
            continue
        layers += [
            bnn.BayesConv2d(**PRIOR, in_channels=in_ch, out_channels=v, kernel_size=3, padding=1),
            bnn.BayesBatchNorm2d(**PRIOR, num_features=v),
            nn.ReLU(inplace=True),
        ]
        in_ch = v
    return nn.Sequential(*layers), in_ch


class BayesVGG(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.features, ch = make_features(CFG)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = bnn.BayesLinear(**PRIOR, in_features=ch, out_features=n_classes)

    def forward(self, x):
        return self.classifier(self.pool(self.features(x)).flatten(1))


model = BayesVGG(n_classes=10)
