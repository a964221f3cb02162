"""Qwen2-style decoder where every tensor is allocated with torch.empty, initialised by hand and
attached with register_parameter under a flat name ("b0_q_w", "b0_q_b", ...); the LM head reuses
the token embedding. Sizes come from a NamedTuple-free plain class with class attributes."""

import torch
import torch.nn.functional as F
from torch import nn


class Sizes:
    vocab = 320
    width = 64
    blocks = 2
    q_heads = 4
    kv_heads = 2
    mlp = 144
    rope_base = 1000000.0
    eps = 1e-6


def norm(x, w):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + Sizes.eps))


def rope(x):
    t, d = x.shape[-2], x.shape[-1]
    inv = 1.0 / Sizes.rope_base ** (torch.arange(0, d, 2, dtype=torch.float32) / d)
    a = torch.outer(torch.arange(t, dtype=torch.float32), inv).repeat(1, 2)
    return x * a.cos() + torch.cat([-x[..., d // 2 :], x[..., : d // 2]], -1) * a.sin()


class Qwen2Flat(nn.Module):
    def __init__(self):
        super().__init__()
        s = Sizes
        hd = s.width // s.q_heads
        shapes = {"tok": (s.vocab, s.width), "final_norm": (s.width,)}
        for i in range(s.blocks):
            shapes.update(
                {
                    f"b{i}_ln1": (s.width,),
                    f"b{i}_ln2": (s.width,),
                    f"b{i}_q_w": (s.q_heads * hd, s.width),
                    f"b{i}_q_b": (s.q_heads * hd,),
                    f"b{i}_k_w": (s.kv_heads * hd, s.width),
                    f"b{i}_k_b": (s.kv_heads * hd,),
                    f"b{i}_v_w": (s.kv_heads * hd, s.width),
                    f"b{i}_v_b": (s.kv_heads * hd,),
                    f"b{i}_o_w": (s.width, s.q_heads * hd),
                    f"b{i}_gate": (s.mlp, s.width),
                    f"b{i}_up": (s.mlp, s.width),
                    f"b{i}_down": (s.width, s.mlp),
                }
            )
        for name, shape in shapes.items():
            t = torch.empty(shape)
            nn.init.ones_(t) if len(
                shape
            ) == 1 and "ln" in name or "norm" in name else nn.init.normal_(t, std=0.02)
            self.register_parameter(name, nn.Parameter(t))

    def p(self, name):
        return getattr(self, name)

    def forward(self, ids):
        s = Sizes
        b, t = ids.shape
        x = F.embedding(ids, self.tok)
        for i in range(s.blocks):
            y = norm(x, self.p(f"b{i}_ln1"))
            q = F.linear(y, self.p(f"b{i}_q_w"), self.p(f"b{i}_q_b")).view(b, t, s.q_heads, -1)
            k = F.linear(y, self.p(f"b{i}_k_w"), self.p(f"b{i}_k_b")).view(b, t, s.kv_heads, -1)
            v = F.linear(y, self.p(f"b{i}_v_w"), self.p(f"b{i}_v_b")).view(b, t, s.kv_heads, -1)
            q, k, v = rope(q.transpose(1, 2)), rope(k.transpose(1, 2)), v.transpose(1, 2)
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            x = x + F.linear(o.transpose(1, 2).reshape(b, t, -1), self.p(f"b{i}_o_w"))
            y = norm(x, self.p(f"b{i}_ln2"))
            h = F.silu(F.linear(y, self.p(f"b{i}_gate"))) * F.linear(y, self.p(f"b{i}_up"))
            x = x + F.linear(h, self.p(f"b{i}_down"))
        return F.linear(norm(x, self.final_norm), self.tok)
