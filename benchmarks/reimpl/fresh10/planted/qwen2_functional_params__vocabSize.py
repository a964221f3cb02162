"""Qwen2 written functionally: the modules only hold the tensors, and one pure function
``block(p, x, ...)`` reads them out of a flat ``{name: tensor}`` dict (as a JAX port would)."""

import math

import torch
import torch.nn.functional as F
from torch import nn

HP = {"vocab": 512, "d": 96, "ffn": 224, "layers": 3, "heads": 6, "kv": 2, "theta": 1e6}
HP["hd"] = HP["d"] // HP["heads"]
EPS = 1e-6


def rms(x, w):
    h = x.float()
    return w * (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + EPS)).to(x.dtype)


def rope(x, cos, sin):
    a, b = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-b, a), dim=-1) * sin


def block(p, x, cos, sin):
    b, t, _ = x.shape
    nh, nkv, hd = HP["heads"], HP["kv"], HP["hd"]
    h = rms(x, p["input_layernorm.weight"])
    q = F.linear(h, p["self_attn.q_proj.weight"], p["self_attn.q_proj.bias"])
    k = F.linear(h, p["self_attn.k_proj.weight"], p["self_attn.k_proj.bias"])
    v = F.linear(h, p["self_attn.v_proj.weight"], p["self_attn.v_proj.bias"])
    q = rope(q.view(b, t, nh, hd).transpose(1, 2), cos, sin)
    k = rope(k.view(b, t, nkv, hd).transpose(1, 2), cos, sin)
    v = v.view(b, t, nkv, hd).transpose(1, 2)
    k, v = (z.repeat_interleave(nh // nkv, dim=1) for z in (k, v))
    s = q @ k.transpose(-1, -2) / math.sqrt(hd)
    s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
    o = (s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, nh * hd)
    x = x + F.linear(o, p["self_attn.o_proj.weight"])
    h = rms(x, p["post_attention_layernorm.weight"])
    g = F.silu(F.linear(h, p["mlp.gate_proj.weight"])) * F.linear(h, p["mlp.up_proj.weight"])
    return x + F.linear(g, p["mlp.down_proj.weight"])


def params(d, ffn, heads, kv, hd):
    shapes = {
        "input_layernorm.weight": (d,),
        "self_attn.q_proj.weight": (heads * hd, d),
        "self_attn.q_proj.bias": (heads * hd,),
        "self_attn.k_proj.weight": (kv * hd, d),
        "self_attn.k_proj.bias": (kv * hd,),
        "self_attn.v_proj.weight": (kv * hd, d),
        "self_attn.v_proj.bias": (kv * hd,),
        "self_attn.o_proj.weight": (d, heads * hd),
        "post_attention_layernorm.weight": (d,),
        "mlp.gate_proj.weight": (ffn, d),
        "mlp.up_proj.weight": (ffn, d),
        "mlp.down_proj.weight": (d, ffn),
    }
    return {k: torch.randn(s) * 0.02 for k, s in shapes.items()}


class Holder(nn.Module):
    """Holds one layer's tensors under their dotted names (so checkpoints load as they are)."""

    def __init__(self, tensors):
        super().__init__()
        self.names = list(tensors)
        for name, t in tensors.items():
            parent = self
            *path, leaf = name.split(".")
            for part in path:
                if not hasattr(parent, part):
                    parent.add_module(part, nn.Module())
                parent = getattr(parent, part)
            parent.register_parameter(leaf, nn.Parameter(t))

    def flat(self):
        return dict(self.named_parameters())


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(HP["vocab"], HP["d"])
        self.layers = nn.ModuleList(
            Holder(params(HP["d"], HP["ffn"], HP["heads"], HP["kv"], HP["hd"]))
            for _ in range(HP["layers"])
        )
        self.norm = nn.Parameter(torch.ones(HP["d"]))
        self.lm_head = nn.Linear(HP["d"], HP["vocab"], bias=False)

    def forward(self, ids):
        t, hd = ids.shape[1], HP["hd"]
        inv = 1.0 / HP["theta"] ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = block(layer.flat(), x, cos, sin)
        return self.lm_head(rms(x, self.norm))
