"""Qwen3 written functionally: a pure forward(params, ids) over a flat dict of tensors; the module
only owns the parameters (torch.empty + init) so that it can be trained with torch.optim."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, LAYERS, HEADS, KV, HEAD_DIM, FFN = 256, 64, 2, 4, 2, 32, 192
THETA, EPS = 1000000.0, 1e-06


def shapes():
    out = {"embed": (VOCAB, D), "final_norm": (D,), "unembed": (VOCAB, D)}
    for i in range(LAYERS):
        out |= {
            f"l{i}_in_norm": (D,),
            f"l{i}_wq": (HEADS * HEAD_DIM, D),
            f"l{i}_wk": (KV * HEAD_DIM, D),
            f"l{i}_wv": (KV * HEAD_DIM, D),
            f"l{i}_wo": (D, HEADS * HEAD_DIM),
            f"l{i}_q_norm": (HEAD_DIM,),
            f"l{i}_k_norm": (HEAD_DIM,),
            f"l{i}_post_norm": (D,),
            f"l{i}_w_gate": (FFN, D),
            f"l{i}_w_up": (FFN, D),
            f"l{i}_w_down": (D, FFN),
        }
    return out


def norm(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def forward(p, ids):
    b, t = ids.shape
    inv = THETA ** (-torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    ang = torch.arange(t).float()[:, None] * inv
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()

    def rope(z):
        return z * cos + torch.cat([-z[..., HEAD_DIM // 2 :], z[..., : HEAD_DIM // 2]], -1) * sin

    x = p["embed"][ids]
    for i in range(LAYERS):
        h = norm(x, p[f"l{i}_in_norm"])
        q = torch.einsum("btd,hd->bth", h, p[f"l{i}_wq"]).view(b, t, HEADS, HEAD_DIM)
        k = torch.einsum("btd,hd->bth", h, p[f"l{i}_wk"]).view(b, t, KV, HEAD_DIM)
        v = torch.einsum("btd,hd->bth", h, p[f"l{i}_wv"]).view(b, t, KV, HEAD_DIM)
        q = rope(norm(q, p[f"l{i}_q_norm"]).transpose(1, 2))
        k = rope(norm(k, p[f"l{i}_k_norm"]).transpose(1, 2))
        y = F.scaled_dot_product_attention(q, k, v.transpose(1, 2), is_causal=True, enable_gqa=True)
        x = x + torch.einsum("bth,dh->btd", y.transpose(1, 2).reshape(b, t, -1), p[f"l{i}_wo"])
        h = norm(x, p[f"l{i}_post_norm"])
        g = F.silu(h @ p[f"l{i}_w_gate"].T) * (h @ p[f"l{i}_w_up"].T)
        x = x + g @ p[f"l{i}_w_down"].T
    return norm(x, p["final_norm"]) @ p["unembed"].T


class Qwen3Functional(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = nn.ParameterDict(
            {k: nn.Parameter(torch.empty(s)) for k, s in shapes().items()}
        )
        for prm in self.params.values():
            if prm.dim() == 1:
                nn.init.ones_(prm)
            else:
                nn.init.normal_(prm, std=0.02)

    def forward(self, ids):
        return forward(dict(self.params), ids)
