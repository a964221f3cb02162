"""GLM (THUDM GLM-4 base layout), ported into our own repo. The settings file is JSON with
comments (``//`` to the end of a line and ``/* ... */`` blocks, as editors allow), stripped with
one ``re.sub`` before ``json.loads``. The weights held as raw ``nn.Parameter``s in one
``nn.ParameterDict`` per layer and run by pure functions, q/k/v biases but none on the output, a
fused gate/up projection, and rotary on interleaved pairs of the first half of each head only."""

import json
import math
import re

import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS_JSONC = """{
  // GLM-4-9B's layout, shrunk for the unit tests
  "vocab": 640,
  "width": 64,
  "ffn": 160,
  "depth": 2,
  /* grouped queries: four query heads share two KV heads */
  "heads": 8,
  "kv_heads": 2,
  "head_dim": 16,
  "rotary_fraction": 0.5,
  "base": 10000.0,
  "eps": 1e-5
}"""

CONFIG = json.loads(re.sub(r"//[^\n]*|/\*.*?\*/", "", SETTINGS_JSONC, flags=re.S))


def rms_norm(x, w, eps):
    x32 = x.float()
    return w * (x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + eps))


def rotate_pairs(x, cos, sin, rot):
    xr, xp = x[..., :rot], x[..., rot:]
    a, b = xr.unflatten(-1, (rot // 2, 2)).unbind(-1)
    xr = torch.stack((a * cos - b * sin, b * cos + a * sin), -1).flatten(-2)
    return torch.cat((xr, xp), -1)


def layer_params(c):
    q_out = c["heads"] * c["head_dim"]
    kv_out = c["kv_heads"] * c["head_dim"]
    return nn.ParameterDict(
        {
            "ln1": nn.Parameter(torch.ones(c["width"])),
            "wq": nn.Parameter(torch.randn(q_out, c["width"]) * 0.02),
            "bq": nn.Parameter(torch.zeros(q_out)),
            "wk": nn.Parameter(torch.randn(kv_out, c["width"]) * 0.02),
            "bk": nn.Parameter(torch.zeros(kv_out)),
            "wv": nn.Parameter(torch.randn(kv_out, c["width"]) * 0.02),
            "bv": nn.Parameter(torch.zeros(kv_out)),
            "wo": nn.Parameter(torch.randn(c["width"], q_out) * 0.02),
            "ln2": nn.Parameter(torch.ones(c["width"])),
            "w_gate_up": nn.Parameter(torch.randn(2 * c["ffn"], c["width"]) * 0.02),
            "w_down": nn.Parameter(torch.randn(c["width"], c["ffn"]) * 0.02),
        }
    )


def attention(p, x, cos, sin, c):
    b, t, _ = x.shape
    hd, rot = c["head_dim"], int(c["head_dim"] * c["rotary_fraction"])
    q = F.linear(x, p["wq"], p["bq"]).view(b, t, -1, hd).transpose(1, 2)
    k = F.linear(x, p["wk"], p["bk"]).view(b, t, -1, hd).transpose(1, 2)
    v = F.linear(x, p["wv"], p["bv"]).view(b, t, -1, hd).transpose(1, 2)
    q, k = rotate_pairs(q, cos, sin, rot), rotate_pairs(k, cos, sin, rot)
    rep = c["heads"] // c["kv_heads"]
    k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
    s = q @ k.transpose(-1, -2) / math.sqrt(hd)
    s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
    y = s.softmax(-1) @ v
    return F.linear(y.transpose(1, 2).reshape(b, t, -1), p["wo"])


def block(p, x, cos, sin, c):
    x = x + attention(p, rms_norm(x, p["ln1"], c["eps"]), cos, sin, c)
    gate, up = F.linear(rms_norm(x, p["ln2"], c["eps"]), p["w_gate_up"]).chunk(2, -1)
    return x + F.linear(F.silu(gate) * up, p["w_down"])


class GlmLM(nn.Module):
    def __init__(self, c=CONFIG):
        super().__init__()
        self.c = c
        self.embed = nn.Parameter(torch.randn(c["vocab"], c["width"]) * 0.02)
        self.layers = nn.ModuleList([layer_params(c) for _ in range(c["depth"])])
        self.final_norm = nn.Parameter(torch.ones(c["width"]))
        self.unembed = nn.Parameter(torch.randn(c["vocab"], c["width"]) * 0.02)

    def forward(self, ids):
        c = self.c
        rot = int(c["head_dim"] * c["rotary_fraction"])
        inv = 1.0 / c["base"] ** (torch.arange(0, rot, 2).float() / rot)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv[None]
        cos, sin = ang.cos(), ang.sin()
        x = F.embedding(ids, self.embed)
        for p in self.layers:
            x = block(p, x, cos, sin, c)
        return F.linear(rms_norm(x, self.final_norm, c["eps"]), self.unembed)
