"""Mixtral with the experts in a ``ModuleDict`` keyed ``"expert_0"`` .. by a dict
comprehension, top-k routing by hand; the sizes are one list of (key, value) rows made a dict."""

import torch
import torch.nn.functional as F
from torch import nn

ROWS = [
    ("vocab_size", 384),
    ("dim", 64),
    ("n_layers", 2),
    ("n_heads", 4),
    ("n_kv_heads", 2),
    ("expert_hidden", 96),
    ("n_experts", 8),
    ("top_k", 2),
]
HP = dict(ROWS)


class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(HP["dim"]))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class Expert(nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = nn.Linear(HP["dim"], HP["expert_hidden"], bias=False)
        self.w2 = nn.Linear(HP["expert_hidden"], HP["dim"], bias=False)
        self.w3 = nn.Linear(HP["dim"], HP["expert_hidden"], bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(HP["dim"], HP["n_experts"], bias=False)
        self.experts = nn.ModuleDict({f"expert_{e}": Expert() for e in range(HP["n_experts"])})

    def forward(self, x):
        w, idx = self.gate(x).softmax(-1).topk(HP["top_k"], -1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e in range(HP["n_experts"]):
            sel = (idx == e).to(x.dtype) * w
            out = out + sel.sum(-1, keepdim=True) * self.experts[f"expert_{e}"](x)
        return out


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = HP["dim"], HP["n_heads"], HP["n_kv_heads"]
        self.hd = d // h
        self.attention_norm, self.ffn_norm = RMSNorm(), RMSNorm()
        self.wq = nn.Linear(d, h * self.hd, bias=False)
        self.wk = nn.Linear(d, kv * self.hd, bias=False)
        self.wv = nn.Linear(d, kv * self.hd, bias=False)
        self.wo = nn.Linear(h * self.hd, d, bias=False)
        self.moe = SparseMoE()

    def forward(self, x):
        b, t, _ = x.shape
        h = self.attention_norm(x)
        q = self.wq(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.wk(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.wv(h).view(b, t, -1, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.moe(self.ffn_norm(x))


class Mixtral(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(HP["vocab_size"], HP["dim"])
        self.layers = nn.ModuleList(Block() for _ in range(HP["n_layers"]))
        self.norm = RMSNorm()
        self.output = nn.Linear(HP["dim"], HP["vocab_size"], bias=False)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for blk in self.layers:
            x = blk(x)
        return self.output(self.norm(x))
