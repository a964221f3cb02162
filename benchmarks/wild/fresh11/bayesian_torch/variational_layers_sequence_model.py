"""Bayesian sequence classifier from bayesian-torch layers: Conv1d flipout front end, variational LSTM, linear head."""

import torch
import torch.nn as nn
from bayesian_torch.layers import Conv1dFlipout, LinearReparameterization, LSTMReparameterization


class BayesSeqClassifier(nn.Module):
    def __init__(self, in_channels=6, conv_channels=24, hidden=32, n_classes=5, prior_variance=0.5):
        super().__init__()
        self.conv = Conv1dFlipout(
            in_channels=in_channels,
            out_channels=conv_channels,
            kernel_size=5,
            padding=2,
            prior_variance=prior_variance,
        )
        self.lstm = LSTMReparameterization(
            in_features=conv_channels, out_features=hidden, prior_variance=prior_variance
        )
        self.fc = LinearReparameterization(in_features=hidden, out_features=n_classes, bias=True)

    def forward(self, x):
        kl_total = 0
        h, kl = self.conv(x)
        kl_total = kl_total + kl
        h, kl = self.lstm(torch.relu(h).transpose(1, 2))
        kl_total = kl_total + kl
        out, kl = self.fc(h[:, -1])
        return out, kl_total + kl


model = BayesSeqClassifier(in_channels=6, conv_channels=24, hidden=32, n_classes=5)
