"""SigLIP text tower: torch's own ``nn.TransformerEncoder`` (pre-norm ``norm_first`` layers
cloned by the container, a final LayerNorm passed as ``norm=``), token and learned position
embeddings, and a projection head on the last token's state. The sizes are unpacked from one
tuple literal."""

import torch
import torch.nn as nn

VOCAB, WIDTH, DEPTH, HEADS, MLP, CTX, PROJ, EPS = 640, 64, 2, 4, 192, 32, 48, 1e-6


class SiglipText(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_embedding = nn.Embedding(VOCAB, WIDTH)
        self.position_embedding = nn.Embedding(CTX, WIDTH)
        layer = nn.TransformerEncoderLayer(
            d_model=WIDTH,
            nhead=HEADS,
            dim_feedforward=MLP,
            dropout=0.0,
            activation=lambda x: nn.functional.gelu(x, approximate="tanh"),
            layer_norm_eps=EPS,
            batch_first=True,
            norm_first=True,
        )
        self.encoder = nn.TransformerEncoder(
            layer, num_layers=DEPTH, norm=nn.LayerNorm(WIDTH, eps=EPS), enable_nested_tensor=False
        )
        self.head = nn.Linear(WIDTH, PROJ)

    def forward(self, ids):
        x = self.token_embedding(ids) + self.position_embedding(torch.arange(ids.shape[1]))
        x = self.encoder(x)
        return x, self.head(x[:, -1])
