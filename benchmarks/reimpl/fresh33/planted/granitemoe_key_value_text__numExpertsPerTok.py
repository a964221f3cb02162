"""Granite MoE (IBM), a dense-compute port for ablations: every expert runs on every token and
the top-k softmax weights zero the rest; muP-style multipliers on the embedding, the residual
branches, the attention scores and the logits. Sizes: the run card's ``key: value`` lines."""

import torch
import torch.nn.functional as F
from torch import nn

RUN_CARD = """
# granite-moe ablation a17
vocab: 512
hidden: 64
expert_hidden: 96
layers: 2
q_heads: 4
kv_heads: 2
experts: 4
active_experts: 1
rope_theta: 10000.0
rms_eps: 1e-6
embedding_multiplier: 12.0
residual_multiplier: 0.22
attention_multiplier: 0.0625
logits_scaling: 4.0
"""
C = {}
for _line in RUN_CARD.strip().splitlines():
    if _line.startswith("#"):
        continue
    _k, _v = (s.strip() for s in _line.split(":"))
    C[_k] = float(_v) if "." in _v or "e-" in _v else int(_v)


def rms(x, w, eps):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


def rot(x, cos, sin):
    h = x.shape[-1] // 2
    return x * cos + torch.cat((-x[..., h:], x[..., :h]), -1) * sin


class MoEBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, hd = c["hidden"], c["hidden"] // c["q_heads"]
        self.c, self.hd = c, hd
        self.ln1 = nn.Parameter(torch.ones(d))
        self.ln2 = nn.Parameter(torch.ones(d))
        self.wq = nn.Linear(d, c["q_heads"] * hd, bias=False)
        self.wk = nn.Linear(d, c["kv_heads"] * hd, bias=False)
        self.wv = nn.Linear(d, c["kv_heads"] * hd, bias=False)
        self.wo = nn.Linear(c["q_heads"] * hd, d, bias=False)
        self.router = nn.Parameter(torch.empty(c["experts"], d))
        self.w_in = nn.Parameter(torch.empty(c["experts"], 2 * c["expert_hidden"], d))
        self.w_out = nn.Parameter(torch.empty(c["experts"], d, c["expert_hidden"]))

    def attend(self, x, cos, sin):
        c, hd = self.c, self.hd
        b, t, _ = x.shape
        q = rot(self.wq(x).view(b, t, -1, hd).transpose(1, 2), cos, sin)
        k = rot(self.wk(x).view(b, t, -1, hd).transpose(1, 2), cos, sin)
        v = self.wv(x).view(b, t, -1, hd).transpose(1, 2)
        g = c["q_heads"] // c["kv_heads"]
        k, v = k.repeat_interleave(g, 1), v.repeat_interleave(g, 1)
        s = torch.einsum("bhqd,bhkd->bhqk", q, k) * c["attention_multiplier"]
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        y = torch.einsum("bhqk,bhkd->bqhd", s.softmax(-1), v)
        return self.wo(y.reshape(b, t, -1))

    def experts(self, x):
        logits = x @ self.router.T
        top, idx = logits.topk(self.c["active_experts"], dim=-1)
        gates = torch.zeros_like(logits).scatter(-1, idx, top.softmax(-1))
        gate, up = torch.einsum("btd,efd->btef", x, self.w_in).chunk(2, dim=-1)
        y = torch.einsum("btef,edf->bted", F.silu(gate) * up, self.w_out)
        return torch.einsum("bted,bte->btd", y, gates)

    def forward(self, x, cos, sin):
        c = self.c
        x = x + self.attend(rms(x, self.ln1, c["rms_eps"]), cos, sin) * c["residual_multiplier"]
        return x + self.experts(rms(x, self.ln2, c["rms_eps"])) * c["residual_multiplier"]


class GraniteMoE(nn.Module):
    def __init__(self, c=C):
        super().__init__()
        self.c = c
        self.wte = nn.Embedding(c["vocab"], c["hidden"])
        self.blocks = nn.ModuleList([MoEBlock(c) for _ in range(c["layers"])])
        self.ln_f = nn.Parameter(torch.ones(c["hidden"]))

    def forward(self, ids):
        c = self.c
        hd = c["hidden"] // c["q_heads"]
        inv = 1.0 / c["rope_theta"] ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd)
        f = torch.outer(torch.arange(ids.shape[1], dtype=torch.float32), inv).repeat(1, 2)
        cos, sin = f.cos(), f.sin()
        x = self.wte(ids) * c["embedding_multiplier"]
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return rms(x, self.ln_f, c["rms_eps"]) @ self.wte.weight.T / c["logits_scaling"]
