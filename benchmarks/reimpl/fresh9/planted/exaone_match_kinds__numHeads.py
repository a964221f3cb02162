"""EXAONE built from a layer plan: each entry of ``PLAN`` names a part, and a ``match``
statement turns it into a module. Sizes are module constants."""

import torch.nn.functional as F
from torch import nn

VOCAB_SIZE = 768
D_MODEL = 96
N_HEAD = 8
N_KV_HEAD = 2
HEAD_SIZE = 16
D_FF = 256
N_LAYER = 2
EPS = 1e-5

PLAN = ["norm", "attention", "norm", "mlp"]


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv_sizes = (N_HEAD * HEAD_SIZE, N_KV_HEAD * HEAD_SIZE, N_KV_HEAD * HEAD_SIZE)
        self.q_proj = nn.Linear(D_MODEL, N_HEAD * HEAD_SIZE, bias=False)
        self.k_proj = nn.Linear(D_MODEL, N_KV_HEAD * HEAD_SIZE, bias=False)
        self.v_proj = nn.Linear(D_MODEL, N_KV_HEAD * HEAD_SIZE, bias=False)
        self.out_proj = nn.Linear(N_HEAD * HEAD_SIZE, D_MODEL, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, N_HEAD, HEAD_SIZE).transpose(1, 2)
        k = self.k_proj(x).view(b, t, N_KV_HEAD, HEAD_SIZE).transpose(1, 2)
        v = self.v_proj(x).view(b, t, N_KV_HEAD, HEAD_SIZE).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, -1))


class SwiGLU(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_fc_0 = nn.Linear(D_MODEL, D_FF, bias=False)
        self.c_fc_1 = nn.Linear(D_MODEL, D_FF, bias=False)
        self.c_proj = nn.Linear(D_FF, D_MODEL, bias=False)

    def forward(self, x):
        return self.c_proj(F.silu(self.c_fc_0(x)) * self.c_fc_1(x))


def build(kind):
    match kind:
        case "norm":
            return nn.RMSNorm(D_MODEL, eps=EPS)
        case "attention":
            return Attention()
        case "mlp":
            return SwiGLU()
        case _:
            raise ValueError(kind)


class ExaoneBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.parts = nn.ModuleList([build(kind) for kind in PLAN])

    def forward(self, x):
        n1, attn, n2, mlp = self.parts
        x = x + attn(n1(x))
        return x + mlp(n2(x))


class Exaone(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB_SIZE, D_MODEL)
        self.h = nn.ModuleList([ExaoneBlock() for _ in range(N_LAYER)])
        self.ln_f = build("norm")
        self.lm_head = nn.Linear(D_MODEL, VOCAB_SIZE, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))
