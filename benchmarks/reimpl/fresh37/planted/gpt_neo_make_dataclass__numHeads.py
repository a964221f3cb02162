"""GPT-Neo (alternating global / local attention) reproduced for a tokenizer ablation.

The config class is generated with dataclasses.make_dataclass from a field table so the sweep
tool can add fields without editing code.
"""

from dataclasses import make_dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

FIELDS = [
    ("vocab", int, 576),
    ("n_positions", int, 128),
    ("n_embd", int, 64),
    ("n_head", int, 8),
    ("n_inner", int, 192),
    ("n_layer", int, 4),
    ("local_window", int, 8),
    ("ln_eps", float, 1e-5),
]
NeoConfig = make_dataclass("NeoConfig", FIELDS, frozen=True)
cfg = NeoConfig()


class NeoSelfAttention(nn.Module):
    def __init__(self, local: bool):
        super().__init__()
        e = cfg.n_embd
        self.local = local
        self.q_proj = nn.Linear(e, e, bias=False)
        self.k_proj = nn.Linear(e, e, bias=False)
        self.v_proj = nn.Linear(e, e, bias=False)
        self.out_proj = nn.Linear(e, e)

    def forward(self, x):
        b, t, e = x.shape
        h = cfg.n_head
        q, k, v = (
            p(x).view(b, t, h, e // h).transpose(1, 2).float()
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        scores = q @ k.transpose(-1, -2)  # GPT-Neo does not scale the logits
        i = torch.arange(t, device=x.device)
        gap = i[:, None] - i[None, :]
        visible = gap >= 0
        if self.local:
            visible = visible & (gap < cfg.local_window)
        scores = scores.masked_fill(~visible, torch.finfo(scores.dtype).min)
        ctx = (scores.softmax(-1) @ v).to(x.dtype)
        return self.out_proj(ctx.transpose(1, 2).reshape(b, t, e))


class NeoBlock(nn.Module):
    def __init__(self, index: int):
        super().__init__()
        self.ln_1 = nn.LayerNorm(cfg.n_embd, eps=cfg.ln_eps)
        self.attn = NeoSelfAttention(local=index % 2 == 1)
        self.ln_2 = nn.LayerNorm(cfg.n_embd, eps=cfg.ln_eps)
        self.c_fc = nn.Linear(cfg.n_embd, cfg.n_inner)
        self.c_proj = nn.Linear(cfg.n_inner, cfg.n_embd)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPTNeo(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(cfg.vocab, cfg.n_embd)
        self.wpe = nn.Embedding(cfg.n_positions, cfg.n_embd)
        self.h = nn.ModuleList(NeoBlock(i) for i in range(cfg.n_layer))
        self.ln_f = nn.LayerNorm(cfg.n_embd, eps=cfg.ln_eps)

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(pos)[None]
        for block in self.h:
            x = block(x)
        return F.linear(self.ln_f(x), self.wte.weight)
