# encoder with a few frozen embedding rows (DoubleEmbedding) and a regression head on the pooled output
import torch.nn as nn
from sequence_models.convolutional import ByteNet


class ProteinRegressor(nn.Module):
    def __init__(self, n_tokens=28, n_frozen=4, d_model=64, n_layers=5):
        super().__init__()
        self.encoder = ByteNet(
            n_tokens,
            16,
            d_model,
            n_layers,
            kernel_size=5,
            r=4,
            n_frozen_embs=n_frozen,
            padding_idx=0,
        )
        self.head = nn.Sequential(
            nn.Linear(d_model, d_model // 2), nn.ReLU(), nn.Linear(d_model // 2, 1)
        )

    def forward(self, x):
        return self.head(self.encoder(x).mean(1))


model = ProteinRegressor(n_tokens=28, n_frozen=4, d_model=64, n_layers=5)
