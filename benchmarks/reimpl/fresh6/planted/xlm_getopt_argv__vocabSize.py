"""XLM (Lample & Conneau, 2019), the MLM encoder of the XLM repository: learned positions, a
LayerNorm on the embedding sum, post-norm layers with a 4x GELU FFN, padding-masked outputs.
Sizes are parsed with ``getopt`` from the argument vector the original ``train.py`` was launched
with (kept here as a list)."""

import getopt
import math

import torch
from torch import nn

ARGV = [
    "--emb_dim", "64",
    "--n_layers", "3",
    "--n_heads", "8",
    "--n_words", "1000",
    "--max_positions", "160",
    "--eps", "1e-12",
]  # fmt: skip

OPTS, _ = getopt.getopt(
    ARGV, "", ["emb_dim=", "n_layers=", "n_heads=", "n_words=", "max_positions=", "eps="]
)
P = {k.lstrip("-"): v for k, v in OPTS}
DIM, N_LAYERS, N_HEADS = int(P["emb_dim"]), int(P["n_layers"]), int(P["n_heads"])
N_WORDS, MAX_POS, EPS = int(P["n_words"]), int(P["max_positions"]), float(P["eps"])


class MultiHeadAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_lin = nn.Linear(DIM, DIM)
        self.k_lin = nn.Linear(DIM, DIM)
        self.v_lin = nn.Linear(DIM, DIM)
        self.out_lin = nn.Linear(DIM, DIM)

    def forward(self, x, mask):
        bs, qlen, _ = x.shape
        dh = DIM // N_HEADS
        shape = lambda z: z.view(bs, -1, N_HEADS, dh).transpose(1, 2)  # noqa: E731
        q = shape(self.q_lin(x)) / math.sqrt(dh)
        k, v = shape(self.k_lin(x)), shape(self.v_lin(x))
        scores = q @ k.transpose(2, 3)
        scores = scores.masked_fill(~mask[:, None, None, :], torch.finfo(scores.dtype).min)
        ctx = scores.softmax(-1) @ v
        return self.out_lin(ctx.transpose(1, 2).reshape(bs, qlen, DIM))


class XLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.position_embeddings = nn.Embedding(MAX_POS, DIM)
        self.embeddings = nn.Embedding(N_WORDS, DIM, padding_idx=2)
        self.layer_norm_emb = nn.LayerNorm(DIM, eps=EPS)
        self.attentions = nn.ModuleList()
        self.layer_norm1 = nn.ModuleList()
        self.ffns = nn.ModuleList()
        self.layer_norm2 = nn.ModuleList()
        for _ in range(N_LAYERS):
            self.attentions.append(MultiHeadAttention())
            self.layer_norm1.append(nn.LayerNorm(DIM, eps=EPS))
            self.ffns.append(
                nn.Sequential(nn.Linear(DIM, 4 * DIM), nn.GELU(), nn.Linear(4 * DIM, DIM))
            )
            self.layer_norm2.append(nn.LayerNorm(DIM, eps=EPS))

    def forward(self, ids, mask=None):
        mask = torch.ones_like(ids, dtype=torch.bool) if mask is None else mask.bool()
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.layer_norm_emb(self.embeddings(ids) + self.position_embeddings(pos))
        x = x * mask[..., None]
        for attn, ln1, ffn, ln2 in zip(
            self.attentions, self.layer_norm1, self.ffns, self.layer_norm2
        ):
            x = ln1(x + attn(x, mask))
            x = ln2(x + ffn(x)) * mask[..., None]
        return x
