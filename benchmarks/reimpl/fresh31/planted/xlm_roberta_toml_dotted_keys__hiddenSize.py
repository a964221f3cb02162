"""XLM-RoBERTa port: the run's TOML uses dotted keys (``encoder.layers = 2`` inside
``[model]``), which ``tomllib`` turns into a nested table; RoBERTa's position offset, one token
type, post-LayerNorm blocks, q/k/v split by ``torch.tensor_split``, a tanh pooler."""

import tomllib
import torch
import torch.nn as nn
import torch.nn.functional as F

TRAIN_TOML = """\
[run]
name = "xlmr-tiny"
seed = 7

[model]
vocab_size = 1000
hidden = 96
encoder.layers = 2
encoder.heads = 8
encoder.ffn = 256
max_positions = 130
type_vocab = 1
ln_eps = 1.0e-5
pad_idx = 1
"""
M = tomllib.loads(TRAIN_TOML)["model"]


class Layer(nn.Module):
    def __init__(self, m):
        super().__init__()
        d, e = m["hidden"], m["encoder"]
        self.heads = e["heads"]
        self.qkv = nn.Linear(d, 3 * d)
        self.attn_out = nn.Linear(d, d)
        self.attn_norm = nn.LayerNorm(d, eps=m["ln_eps"])
        self.ffn_in = nn.Linear(d, e["ffn"])
        self.ffn_out = nn.Linear(e["ffn"], d)
        self.ffn_norm = nn.LayerNorm(d, eps=m["ln_eps"])

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = torch.tensor_split(self.qkv(x), 3, dim=-1)
        q, k, v = (z.view(b, t, self.heads, -1).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask[:, None, None, :])
        x = self.attn_norm(x + self.attn_out(y.transpose(1, 2).reshape(b, t, d)))
        return self.ffn_norm(x + self.ffn_out(F.gelu(self.ffn_in(x))))


class XLMRoberta(nn.Module):
    def __init__(self, m=M):
        super().__init__()
        d = m["hidden"]
        self.pad = m["pad_idx"]
        self.tok = nn.Embedding(m["vocab_size"], d, padding_idx=self.pad)
        self.pos = nn.Embedding(m["max_positions"], d, padding_idx=self.pad)
        self.typ = nn.Embedding(m["type_vocab"], d)
        self.emb_norm = nn.LayerNorm(d, eps=m["ln_eps"])
        self.layers = nn.ModuleList([Layer(m) for _ in range(m["encoder"]["layers"])])
        self.pool = nn.Linear(d, d)

    def forward(self, ids):
        keep = ids.ne(self.pad)
        pos = torch.cumsum(keep, dim=1) * keep + self.pad
        x = self.emb_norm(self.tok(ids) + self.pos(pos) + self.typ(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x, keep)
        return x, torch.tanh(self.pool(x[:, 0]))
