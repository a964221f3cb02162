"""Pixtral's vision encoder ported from a JAX checkpoint: the parameters are declared as one
nested tree of shapes, and a recursive builder turns dicts into modules and tuples into
parameters (so the module paths are the tree's keys)."""

import torch
import torch.nn.functional as F
from torch import nn

C, P, D, F_DIM, L, H = 3, 8, 64, 128, 2, 4
EPS = 1e-5
THETA = 10000.0


def layer_tree():
    return {
        "attention_norm": {"weight": (D,)},
        "attention": {n: {"weight": (D, D)} for n in ("q_proj", "k_proj", "v_proj", "o_proj")},
        "ffn_norm": {"weight": (D,)},
        "feed_forward": {
            "gate_proj": {"weight": (F_DIM, D)},
            "up_proj": {"weight": (F_DIM, D)},
            "down_proj": {"weight": (D, F_DIM)},
        },
    }


TREE = {
    "patch_conv": {"weight": (D, C, P, P)},
    "ln_pre": {"weight": (D,)},
    "transformer": {"layers": {str(i): layer_tree() for i in range(L)}},
}


def build(tree):
    node = nn.Module()
    for key, sub in tree.items():
        if isinstance(sub, dict):
            node.add_module(key, build(sub))
        else:
            node.register_parameter(key, nn.Parameter(torch.randn(sub) * 0.02))
    return node


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


def rope_2d(x, rows, cols):
    hd = x.shape[-1]
    inv = THETA ** (-torch.arange(0, hd, 2).float() / hd)
    ang = torch.cat((torch.outer(rows, inv[::2]), torch.outer(cols, inv[1::2])), -1).repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * ang.cos() + torch.cat((-b, a), -1) * ang.sin()


class PixtralVision(nn.Module):
    def __init__(self):
        super().__init__()
        self.params = build(TREE)

    def forward(self, pixels):
        p = self.params
        x = F.conv2d(pixels, p.patch_conv.weight, stride=P)
        gh, gw = x.shape[-2:]
        x = rms(x.flatten(2).transpose(1, 2), p.ln_pre.weight)
        rows = torch.arange(gh).repeat_interleave(gw).float()
        cols = torch.arange(gw).repeat(gh).float()
        b, t, _ = x.shape
        for i in range(L):
            lp = getattr(p.transformer.layers, str(i))
            h = rms(x, lp.attention_norm.weight)
            a = lp.attention
            q, k, v = (
                F.linear(h, getattr(a, n).weight).view(b, t, H, -1).transpose(1, 2)
                for n in ("q_proj", "k_proj", "v_proj")
            )
            o = F.scaled_dot_product_attention(rope_2d(q, rows, cols), rope_2d(k, rows, cols), v)
            x = x + F.linear(o.transpose(1, 2).reshape(b, t, D), a.o_proj.weight)
            h = rms(x, lp.ffn_norm.weight)
            ff = lp.feed_forward
            x = x + F.linear(
                F.silu(F.linear(h, ff.gate_proj.weight)) * F.linear(h, ff.up_proj.weight),
                ff.down_proj.weight,
            )
        return x
