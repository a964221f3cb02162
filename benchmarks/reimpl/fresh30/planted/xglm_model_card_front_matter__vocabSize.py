"""XGLM, ported into our own repo. The sizes are the ``model:`` entry of the model card's YAML
front matter (between the first two ``---`` lines of ``README.md``), read with ``yaml``; the
per-layer lists are built from it. Fairseq-style sinusoidal positions computed, not learned
(offset by the padding index), the token embedding scaled by sqrt(d_model), pre-LayerNorm
blocks with biases, a final LayerNorm, and logits from the tied embedding. The layers are built
by a list comprehension over a zip of per-layer settings (one tuple per layer)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

MODEL_CARD = """---
language: [en, fr, de]
license: mit
tags: [xglm, tiny, tests]
model:
  vocab_size: 768
  d_model: 64
  max_positions: 256
  layers: 2
  heads: 4
  ffn: 192
  dropout: 0.1
---
# xglm-tiny

A two-layer XGLM used by the tokenizer tests. Not for anything else.
"""

FRONT = yaml.safe_load(MODEL_CARD.split("---")[1])["model"]
VOCAB, D_MODEL, MAX_POS, PAD = FRONT["vocab_size"], FRONT["d_model"], FRONT["max_positions"], 1
LAYER_HEADS = [FRONT["heads"]] * FRONT["layers"]
LAYER_FFN = [FRONT["ffn"]] * FRONT["layers"]
LAYER_DROPOUT = [FRONT["dropout"]] * FRONT["layers"]


def sinusoids(n, d, offset=2):
    half = d // 2
    scale = math.log(10000) / (half - 1)
    freq = torch.exp(torch.arange(half, dtype=torch.float) * -scale)
    ang = torch.arange(n + offset, dtype=torch.float)[:, None] * freq[None]
    table = torch.cat([ang.sin(), ang.cos()], dim=1)
    table[PAD] = 0
    return table


class XGLMLayer(nn.Module):
    def __init__(self, d, heads, ffn, dropout):
        super().__init__()
        self.heads = heads
        self.dropout = dropout
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)
        self.final_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.self_attn_layer_norm(x)
        q, k, v = (
            p(h).view(b, t, self.heads, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(
            q, k, v, is_causal=True, dropout_p=self.dropout * self.training
        )
        x = x + self.out_proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.final_layer_norm(x))))


class XGLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_scale = math.sqrt(D_MODEL)
        self.embed_tokens = nn.Embedding(VOCAB, D_MODEL, padding_idx=PAD)
        self.register_buffer("positions", sinusoids(MAX_POS, D_MODEL), persistent=False)
        self.layers = nn.ModuleList(
            [
                XGLMLayer(D_MODEL, h, f, p)
                for h, f, p in zip(LAYER_HEADS, LAYER_FFN, LAYER_DROPOUT, strict=True)
            ]
        )
        self.layer_norm = nn.LayerNorm(D_MODEL)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]) + PAD + 1
        x = self.embed_tokens(ids) * self.embed_scale + self.positions[pos]
        for layer in self.layers:
            x = layer(x)
        return F.linear(self.layer_norm(x), self.embed_tokens.weight)
