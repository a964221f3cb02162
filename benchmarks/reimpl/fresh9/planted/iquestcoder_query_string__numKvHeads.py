"""IQuest-Coder (tiny): the model sizes travel as a URL query string (the way a serving
endpoint or an experiment tracker's link carries them), decoded with
``urllib.parse.parse_qsl``."""

from urllib.parse import parse_qsl

import torch
import torch.nn.functional as F
from torch import nn

MODEL_QUERY = "vocab=576&dim=64&layers=2&heads=4&kv_heads=1&head_dim=16&ffn=160&eps=1e-5"


def load_preset(query=MODEL_QUERY):
    return {k: (float(v) if k == "eps" else int(v)) for k, v in parse_qsl(query)}


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return F.rms_norm(x, (x.shape[-1],), self.weight, self.eps)


class CoderAttention(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p
        self.wq = nn.Linear(p["dim"], p["heads"] * p["head_dim"], bias=False)
        self.wk = nn.Linear(p["dim"], p["kv_heads"] * p["head_dim"], bias=False)
        self.wv = nn.Linear(p["dim"], p["kv_heads"] * p["head_dim"], bias=False)
        self.wo = nn.Linear(p["heads"] * p["head_dim"], p["dim"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        p = self.p
        q = self.wq(x).view(b, t, p["heads"], -1).transpose(1, 2)
        k = self.wk(x).view(b, t, p["kv_heads"], -1).transpose(1, 2)
        v = self.wv(x).view(b, t, p["kv_heads"], -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class CoderBlock(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.attention_norm = RMSNorm(p["dim"], p["eps"])
        self.attention = CoderAttention(p)
        self.ffn_norm = RMSNorm(p["dim"], p["eps"])
        self.w1 = nn.Linear(p["dim"], p["ffn"], bias=False)
        self.w3 = nn.Linear(p["dim"], p["ffn"], bias=False)
        self.w2 = nn.Linear(p["ffn"], p["dim"], bias=False)

    def forward(self, x):
        x = x + self.attention(self.attention_norm(x))
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class IQuestCoder(nn.Module):
    def __init__(self, query=MODEL_QUERY):
        super().__init__()
        p = load_preset(query)
        self.tok_embeddings = nn.Embedding(p["vocab"], p["dim"])
        self.layers = nn.ModuleList(CoderBlock(p) for _ in range(p["layers"]))
        self.norm = RMSNorm(p["dim"], p["eps"])
        self.output = nn.Linear(p["dim"], p["vocab"], bias=False)

    def forward(self, ids):
        h = self.tok_embeddings(ids)
        for layer in self.layers:
            h = layer(h)
        return self.output(self.norm(h))
