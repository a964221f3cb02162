"""A tiny CLIP text tower built from a YAML block: the sizes are a YAML string in the file,
read line by line (``key: value``, values by ``ast.literal_eval``) into a dict the model is
built from. Pre-norm causal encoder, quick-GELU MLP, the pooled output taken at the highest
token id of each row (the end-of-text token of CLIP's original vocabulary)."""

from __future__ import annotations

import ast

import torch
from torch import nn

MODEL_YAML = """
text_model:
  vocab_size: 99
  context_length: 32
  width: 32
  layers: 2
  heads: 2
  mlp_width: 64
  ln_eps: 1e-05
"""


def load_yaml(text: str) -> dict:
    out: dict = {}
    section = out
    for line in text.strip().splitlines():
        key, _, value = line.strip().partition(":")
        if not value.strip():
            section = out.setdefault(key, {})
            continue
        section[key] = ast.literal_eval(value.strip())
    return out


CFG = load_yaml(MODEL_YAML)["text_model"]


def quick_gelu(x):
    return x * torch.sigmoid(1.702 * x)


class ResidualAttentionBlock(nn.Module):
    def __init__(self, cfg: dict) -> None:
        super().__init__()
        w = cfg["width"]
        self.heads = cfg["heads"]
        self.ln_1 = nn.LayerNorm(w, eps=cfg["ln_eps"])
        self.q_proj = nn.Linear(w, w)
        self.k_proj = nn.Linear(w, w)
        self.v_proj = nn.Linear(w, w)
        self.out_proj = nn.Linear(w, w)
        self.ln_2 = nn.LayerNorm(w, eps=cfg["ln_eps"])
        self.c_fc = nn.Linear(w, cfg["mlp_width"])
        self.c_proj = nn.Linear(cfg["mlp_width"], w)

    def attention(self, x):
        b, t, w = x.shape
        d = w // self.heads

        def split(y):
            return y.view(b, t, self.heads, d).transpose(1, 2)

        q = split(self.q_proj(x)) * d**-0.5
        k, v = split(self.k_proj(x)), split(self.v_proj(x))
        s = q @ k.transpose(-1, -2)
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        return self.out_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, w))

    def forward(self, x):
        x = x + self.attention(self.ln_1(x))
        return x + self.c_proj(quick_gelu(self.c_fc(self.ln_2(x))))


class TextTransformer(nn.Module):
    def __init__(self, cfg: dict = CFG) -> None:
        super().__init__()
        self.token_embedding = nn.Embedding(cfg["vocab_size"], cfg["width"])
        self.positional_embedding = nn.Parameter(torch.zeros(cfg["context_length"], cfg["width"]))
        self.resblocks = nn.ModuleList(ResidualAttentionBlock(cfg) for _ in range(cfg["layers"]))
        self.ln_final = nn.LayerNorm(cfg["width"], eps=cfg["ln_eps"])

    def forward(self, ids):
        x = self.token_embedding(ids) + self.positional_embedding[: ids.shape[1]]
        for block in self.resblocks:
            x = block(x)
        x = self.ln_final(x)
        pooled = x[torch.arange(x.shape[0]), ids.argmax(-1)]
        return x, pooled
