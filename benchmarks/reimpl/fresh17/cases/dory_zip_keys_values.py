"""Dory (a normalised transformer: no norm weights, learned per-channel scales instead) whose
sizes are ``dict(zip(KEYS, VALUES))``. Forward: unit-norm residual updates with the learned
scales, without RoPE (count-proved)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

KEYS = ("vocab", "d", "layers", "heads", "kv", "head", "ffn")
VALUES = (256, 64, 2, 4, 2, 16, 128)
C = dict(zip(KEYS, VALUES))


def unit(x):
    return F.normalize(x, dim=-1)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(C["d"], C["heads"] * C["head"], bias=False)
        self.k_proj = nn.Linear(C["d"], C["kv"] * C["head"], bias=False)
        self.v_proj = nn.Linear(C["d"], C["kv"] * C["head"], bias=False)
        self.o_proj = nn.Linear(C["heads"] * C["head"], C["d"], bias=False)
        self.gate_proj = nn.Linear(C["d"], C["heads"] * C["head"], bias=False)
        self.sqk = nn.Parameter(torch.ones(C["heads"] * C["head"]))
        self.s_gate = nn.Parameter(torch.ones(C["heads"] * C["head"]))

    def forward(self, x):
        B, T, _ = x.shape
        q = unit(self.q_proj(x).view(B, T, C["heads"], C["head"])) * self.sqk.view(
            C["heads"], C["head"]
        )
        k = unit(self.k_proj(x).view(B, T, C["kv"], C["head"]))
        v = self.v_proj(x).view(B, T, C["kv"], C["head"])
        o = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True, enable_gqa=True
        )
        o = o.transpose(1, 2).reshape(B, T, -1) * torch.sigmoid(self.gate_proj(x) * self.s_gate)
        return self.o_proj(o)


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(C["d"], C["ffn"], bias=False)
        self.up_proj = nn.Linear(C["d"], C["ffn"], bias=False)
        self.down_proj = nn.Linear(C["ffn"], C["d"], bias=False)
        self.suv_gate = nn.Parameter(torch.ones(C["ffn"]))
        self.suv_up = nn.Parameter(torch.ones(C["ffn"]))

    def forward(self, x):
        return self.down_proj(
            F.silu(self.gate_proj(x) * self.suv_gate) * self.up_proj(x) * self.suv_up
        )


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = Attention()
        self.mlp = Mlp()
        self.lambda_1 = nn.Parameter(torch.full((C["d"],), 0.05))
        self.lambda_2 = nn.Parameter(torch.full((C["d"],), 0.05))

    def forward(self, x):
        x = unit(x + self.lambda_1 * (unit(self.self_attn(x)) - x))
        return unit(x + self.lambda_2 * (unit(self.mlp(x)) - x))


class Dory(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(C["vocab"], C["d"])
        self.layers = nn.ModuleList(Block() for _ in range(C["layers"]))

    def forward(self, ids):
        x = unit(self.embed_tokens(ids))
        for block in self.layers:
            x = block(x)
        return x
