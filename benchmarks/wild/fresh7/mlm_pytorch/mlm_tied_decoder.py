"""MLM pre-training where the output projection reuses the input embedding matrix."""

import torch.nn as nn
import torch.nn.functional as F
from mlm_pytorch import MLM


class TiedEncoder(nn.Module):
    def __init__(self, vocab, dim, depth):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(
            [nn.TransformerEncoderLayer(dim, 8, dim * 4, batch_first=True) for _ in range(depth)]
        )
        self.bias = nn.Parameter(nn.init.zeros_(nn.Embedding(1, vocab).weight[0].detach().clone()))

    def forward(self, x):
        h = self.embed(x)
        for layer in self.layers:
            h = layer(h)
        return F.linear(h, self.embed.weight, self.bias)


model = MLM(
    TiedEncoder(vocab=12000, dim=256, depth=3),
    num_tokens=12000,
    random_token_prob=0.1,
    mask_token_id=3,
)
