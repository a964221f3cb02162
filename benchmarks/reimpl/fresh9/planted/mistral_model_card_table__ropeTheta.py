"""Mistral (tiny), sizes read from the model card table in this docstring.

| hyper-parameter | value |
|-----------------|-------|
| vocab           | 512   |
| dim             | 96    |
| n_layers        | 2     |
| n_heads         | 6     |
| n_kv_heads      | 2     |
| head_dim        | 16    |
| hidden_dim      | 288   |
| window          | 64    |
| rope_theta      | 10000.0 |

The table is parsed at import (``card_sizes(__doc__)``), so the card and the code cannot drift
apart by hand edits of one of them.
"""

import torch
import torch.nn.functional as F
from torch import nn


def card_sizes(doc):
    sizes = {}
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[1].replace(".", "").isdigit():
            sizes[cells[0]] = float(cells[1]) if "." in cells[1] else int(cells[1])
    return sizes


S = card_sizes(__doc__)


def rope(x, theta):
    hd = x.shape[-1]
    pos = torch.arange(x.shape[-2], device=x.device, dtype=torch.float32)
    ang = pos[:, None] * theta ** (-torch.arange(0, hd, 2, device=x.device) / hd)
    cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)
    return x * cos + torch.cat([-x[..., hd // 2 :], x[..., : hd // 2]], -1) * sin


class SlidingAttention(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, hd = S["n_heads"], S["n_kv_heads"], S["head_dim"]
        self.q_proj = nn.Linear(S["dim"], h * hd, bias=False)
        self.k_proj = nn.Linear(S["dim"], kv * hd, bias=False)
        self.v_proj = nn.Linear(S["dim"], kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, S["dim"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = rope(self.q_proj(x).view(b, t, S["n_heads"], -1).transpose(1, 2), S["rope_theta"])
        k = rope(self.k_proj(x).view(b, t, S["n_kv_heads"], -1).transpose(1, 2), S["rope_theta"])
        v = self.v_proj(x).view(b, t, S["n_kv_heads"], -1).transpose(1, 2)
        i = torch.arange(t, device=x.device)
        ok = (i[None] <= i[:, None]) & (i[:, None] - i[None] < S["window"])
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=ok, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MistralLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = S["dim"], S["hidden_dim"]
        self.input_layernorm = nn.RMSNorm(d, eps=1e-5)
        self.self_attn = SlidingAttention()
        self.post_attention_layernorm = nn.RMSNorm(d, eps=1e-5)
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class MistralFromCard(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(S["vocab"], S["dim"])
        self.layers = nn.ModuleList(MistralLayer() for _ in range(S["n_layers"]))
        self.norm = nn.RMSNorm(S["dim"], eps=1e-5)
        self.lm_head = nn.Linear(S["dim"], S["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
