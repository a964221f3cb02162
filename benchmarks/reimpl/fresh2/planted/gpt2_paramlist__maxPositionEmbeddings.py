"""GPT-2 written functionally: every layer's weights live in an nn.ParameterDict (a list of
them in an nn.ModuleList), the forward is all torch.nn.functional on those tensors, weights
stored [in, out] as in the original TF checkpoint, the head is the token table itself."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def _p(*shape, std=0.02):
    return nn.Parameter(torch.randn(*shape) * std)


def _zeros(*shape):
    return nn.Parameter(torch.zeros(*shape))


def _ones(*shape):
    return nn.Parameter(torch.ones(*shape))


def layer_params(d):
    return nn.ParameterDict(
        {
            "ln1_g": _ones(d),
            "ln1_b": _zeros(d),
            "attn_w": _p(d, 3 * d),
            "attn_b": _zeros(3 * d),
            "proj_w": _p(d, d, std=0.02 / math.sqrt(2)),
            "proj_b": _zeros(d),
            "ln2_g": _ones(d),
            "ln2_b": _zeros(d),
            "fc_w": _p(d, 4 * d),
            "fc_b": _zeros(4 * d),
            "out_w": _p(4 * d, d),
            "out_b": _zeros(d),
        }
    )


def block(p, x, heads):
    b, t, d = x.shape
    h = F.layer_norm(x, (d,), p["ln1_g"], p["ln1_b"], eps=1e-5)
    q, k, v = torch.addmm(p["attn_b"], h.view(-1, d), p["attn_w"]).view(b, t, 3 * d).split(d, -1)
    q, k, v = (z.view(b, t, heads, d // heads).transpose(1, 2) for z in (q, k, v))
    y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(-1, d)
    x = x + torch.addmm(p["proj_b"], y, p["proj_w"]).view(b, t, d)
    h = F.layer_norm(x, (d,), p["ln2_g"], p["ln2_b"], eps=1e-5).view(-1, d)
    h = F.gelu(torch.addmm(p["fc_b"], h, p["fc_w"]), approximate="tanh")
    return x + torch.addmm(p["out_b"], h, p["out_w"]).view(b, t, d)


class FunctionalGPT2(nn.Module):
    def __init__(self, vocab=900, ctx=256, d=64, depth=2, heads=4):
        super().__init__()
        self.heads = heads
        self.wte = _p(vocab, d)
        self.wpe = _p(ctx, d, std=0.01)
        self.layers = nn.ModuleList(layer_params(d) for _ in range(depth))
        self.lnf = nn.ParameterList([_ones(d), _zeros(d)])

    def forward(self, ids):
        t = ids.shape[1]
        x = F.embedding(ids, self.wte) + self.wpe[:t]
        for p in self.layers:
            x = block(p, x, self.heads)
        x = F.layer_norm(x, (x.shape[-1],), self.lnf[0], self.lnf[1], eps=1e-5)
        return F.linear(x, self.wte)
