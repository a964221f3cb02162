"""Neural posterior estimation on time series: a conv embedding net summarises x before the MDN."""

import torch.nn as nn
from pyknos.mdn.mdn import MultivariateGaussianMDN


class SummaryNet(nn.Module):
    def __init__(self, channels=1, out=8):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(channels, 8, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(4)
        )
        self.fc = nn.Linear(32, out)

    def forward(self, x):
        return self.fc(self.conv(x).flatten(1))


class NPE(nn.Module):
    """pyknos refuses embedding_net, so the summary net sits in front of the MDN by hand."""

    def __init__(self, summary, mdn):
        super().__init__()
        self.summary = summary
        self.mdn = mdn

    def log_prob(self, theta, x):
        return self.mdn.log_prob(theta, self.summary(x))


summary = SummaryNet(channels=1, out=8)
mdn = MultivariateGaussianMDN(
    features=2,
    context_features=8,
    hidden_net=nn.Sequential(nn.Linear(8, 32), nn.Tanh()),
    num_components=3,
    hidden_features=32,
    custom_initialization=True,
)
model = NPE(summary, mdn)
