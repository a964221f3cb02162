"""TSMixer: alternating time-mixing and feature-mixing MLPs with batch norm over (time, feature)."""

import torch.nn as nn


class TimeMixing(nn.Module):
    def __init__(self, seq_len, n_features, dropout):
        super().__init__()
        self.norm = nn.BatchNorm2d(1)
        self.lin = nn.Linear(seq_len, seq_len)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        y = self.norm(x.unsqueeze(1)).squeeze(1)
        return x + self.drop(self.lin(y.transpose(1, 2)).relu().transpose(1, 2))


class FeatureMixing(nn.Module):
    def __init__(self, n_features, ff_dim, dropout):
        super().__init__()
        self.norm = nn.BatchNorm2d(1)
        self.fc1 = nn.Linear(n_features, ff_dim)
        self.fc2 = nn.Linear(ff_dim, n_features)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        y = self.norm(x.unsqueeze(1)).squeeze(1)
        return x + self.drop(self.fc2(self.drop(self.fc1(y).relu())))


class TSMixer(nn.Module):
    def __init__(self, seq_len, pred_len, n_features, n_block=4, ff_dim=64, dropout=0.1):
        super().__init__()
        blocks = []
        for _ in range(n_block):
            blocks += [
                TimeMixing(seq_len, n_features, dropout),
                FeatureMixing(n_features, ff_dim, dropout),
            ]
        self.mixer = nn.Sequential(*blocks)
        self.temporal_projection = nn.Linear(seq_len, pred_len)

    def forward(self, x):
        return self.temporal_projection(self.mixer(x).transpose(1, 2)).transpose(1, 2)


hparams = {
    "seq_len": 336,
    "pred_len": 96,
    "n_features": 21,
    "n_block": 4,
    "ff_dim": 64,
    "dropout": 0.3,
}
model = TSMixer(**hparams)
