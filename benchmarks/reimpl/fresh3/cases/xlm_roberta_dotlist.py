"""XLM-RoBERTa: settings given as hydra/omegaconf command-line overrides (a list of
``key=value`` strings in dotted paths, parsed with ``ast.literal_eval`` into a nested dict),
RoBERTa's position ids offset past the padding index, one token type, post-LayerNorm blocks,
q/k/v as one Linear split three ways by ``torch.tensor_split``, and a tanh pooler."""

import ast

import torch
import torch.nn as nn
import torch.nn.functional as F

OVERRIDES = [
    "model.vocab_size=1000",
    "model.hidden=64",
    "model.encoder.layers=2",
    "model.encoder.heads=8",
    "model.encoder.ffn=256",
    "model.max_positions=130",
    "model.type_vocab=1",
    "model.ln_eps=1e-5",
    "model.pad_idx=1",
]


def from_dotlist(items):
    root: dict = {}
    for item in items:
        key, raw = item.split("=", 1)
        *parents, leaf = key.split(".")
        node = root
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = ast.literal_eval(raw)
    return root


M = from_dotlist(OVERRIDES)["model"]


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
