"""RoBERTa with the layer norms moved in front (pre-LN), as in the fairseq
``encoder_normalize_before`` runs, rewritten from the paper: a final norm after the stack.
Sizes: the JSON we keep in the experiment tracker, pasted verbatim."""

import json
import math

import torch
from torch import nn

HPARAMS = json.loads(
    """
{
  "vocab": 900,
  "hidden": 64,
  "layers": 3,
  "heads": 4,
  "ffn": 256,
  "positions": 130,
  "segments": 2,
  "ln_eps": 1e-12,
  "padding_idx": 1
}
"""
)


class PreLNLayer(nn.Module):
    def __init__(self, d, heads, ffn, eps):
        super().__init__()
        self.heads = heads
        self.attn_ln = nn.LayerNorm(d, eps=eps)
        self.wq, self.wk, self.wv = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.wo = nn.Linear(d, d)
        self.ffn_ln = nn.LayerNorm(d, eps=eps)
        self.w1 = nn.Linear(d, ffn)
        self.w2 = nn.Linear(ffn, d)

    def forward(self, x):
        b, n, d = x.shape
        h = self.attn_ln(x)
        q = self.wq(h).view(b, n, self.heads, -1)
        k = self.wk(h).view(b, n, self.heads, -1)
        v = self.wv(h).view(b, n, self.heads, -1)
        w = torch.einsum("bihd,bjhd->bhij", q, k).mul(1 / math.sqrt(d // self.heads)).softmax(-1)
        x = x + self.wo(torch.einsum("bhij,bjhd->bihd", w, v).reshape(b, n, d))
        return x + self.w2(nn.functional.gelu(self.w1(self.ffn_ln(x))))


class RobertaPreLN(nn.Module):
    def __init__(self, hp=HPARAMS):
        super().__init__()
        d, pad = hp["hidden"], hp["padding_idx"]
        self.pad = pad
        self.word = nn.Embedding(hp["vocab"], d, padding_idx=pad)
        self.position = nn.Embedding(hp["positions"], d, padding_idx=pad)
        self.segment = nn.Embedding(hp["segments"], d)
        self.emb_ln = nn.LayerNorm(d, eps=hp["ln_eps"])
        self.layers = nn.ModuleList(
            [PreLNLayer(d, hp["heads"], hp["ffn"], hp["ln_eps"]) for _ in range(hp["layers"])]
        )
        self.final_ln = nn.LayerNorm(d, eps=hp["ln_eps"])
        self.pooler = nn.Linear(d, d)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device) + self.pad + 1
        x = self.emb_ln(self.word(ids) + self.position(pos) + self.segment(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        x = self.final_ln(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
