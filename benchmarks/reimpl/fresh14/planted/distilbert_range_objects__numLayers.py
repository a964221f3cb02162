"""DistilBERT (no token types, no pooler): the sizes are ``range`` objects from our sweep code,
the depth the length of the layer range and the widths their ``stop``."""

import torch
from torch import nn

LAYER_IDS = range(3)
DIM = range(0, 64, 16).stop
HIDDEN = range(0, 192, 64).stop
N_HEADS = len(range(0, DIM, 16))
VOCAB = range(320).stop
MAX_POS = range(128).stop


class TransformerBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_lin, self.k_lin, self.v_lin = (nn.Linear(DIM, DIM) for _ in range(3))
        self.out_lin = nn.Linear(DIM, DIM)
        self.sa_layer_norm = nn.LayerNorm(DIM, eps=1e-12)
        self.lin1 = nn.Linear(DIM, HIDDEN)
        self.lin2 = nn.Linear(HIDDEN, DIM)
        self.output_layer_norm = nn.LayerNorm(DIM, eps=1e-12)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            m(x).view(b, t, N_HEADS, -1).transpose(1, 2)
            for m in (self.q_lin, self.k_lin, self.v_lin)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = self.sa_layer_norm(x + self.out_lin(o.transpose(1, 2).reshape(b, t, -1)))
        return self.output_layer_norm(x + self.lin2(nn.functional.gelu(self.lin1(x))))


class DistilBert(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, DIM, padding_idx=0)
        self.position_embeddings = nn.Embedding(MAX_POS, DIM)
        self.LayerNorm = nn.LayerNorm(DIM, eps=1e-12)
        self.layer = nn.ModuleList(TransformerBlock() for _ in LAYER_IDS)

    def forward(self, ids):
        x = self.word_embeddings(ids) + self.position_embeddings(torch.arange(ids.shape[1]))
        x = self.LayerNorm(x)
        for blk in self.layer:
            x = blk(x)
        return x
