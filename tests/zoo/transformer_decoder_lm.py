"""Zoo: a decoder with learned positional embeddings (nn.Parameter sliced to the length),
torch's TransformerDecoder over an encoded prefix (memory), tied output projection."""

import torch
import torch.nn as nn


class PrefixLM(nn.Module):
    def __init__(self, vocab=150, dim=32, heads=4, depth=2, max_len=64, prefix_dim=20):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.prefix_proj = nn.Linear(prefix_dim, dim)
        layer = nn.TransformerDecoderLayer(dim, heads, 2 * dim, dropout=0.0, batch_first=True)
        self.decoder = nn.TransformerDecoder(layer, depth, norm=nn.LayerNorm(dim))
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.lm_head.weight = self.tok.weight

    def forward(self, tokens, prefix):  # tokens (B, T), prefix features (B, P, prefix_dim)
        t = tokens.size(1)
        x = self.tok(tokens) + self.pos[:, :t]
        memory = self.prefix_proj(prefix)
        causal = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
        x = self.decoder(x, memory, tgt_mask=causal)
        return self.lm_head(x)


ENTRY = "PrefixLM"
CONFIG = None
INPUT = {"tokens": (2, 9), "prefix": (2, 4, 20)}
INPUT_KIND = {"tokens": "tokens"}
VOCAB = 150


def build():
    return PrefixLM()
