"""The same peri-norm decoder configured by a one-line spec string, as passed on a cluster
command line (``--model "d=96;L=2;H=6;KV=3;ff=256;V=640"``) and parsed with ``split``."""

import torch
import torch.nn as nn
import torch.nn.functional as F

MODEL_SPEC = "V=640;d=96;L=2;H=6;KV=2;ff=256;theta=10000.0;eps=1e-6"


def parse_spec(spec: str) -> dict:
    out = {}
    for item in spec.split(";"):
        key, value = item.split("=")
        out[key] = float(value) if "." in value or "e" in value else int(value)
    return out


class PeriNormLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, hd = c["d"], c["d"] // c["H"]
        self.c, self.hd = c, hd
        self.pre_attn = nn.RMSNorm(d, eps=c["eps"])
        self.post_attn = nn.RMSNorm(d, eps=c["eps"])
        self.pre_mlp = nn.RMSNorm(d, eps=c["eps"])
        self.post_mlp = nn.RMSNorm(d, eps=c["eps"])
        self.wqkv = nn.Linear(d, (c["H"] + 2 * c["KV"]) * hd, bias=False)
        self.wo = nn.Linear(c["H"] * hd, d, bias=False)
        self.w_gate_up = nn.Linear(d, 2 * c["ff"], bias=False)
        self.w_down = nn.Linear(c["ff"], d, bias=False)

    def forward(self, x):
        c, hd = self.c, self.hd
        b, t, _ = x.shape
        q, k, v = self.wqkv(self.pre_attn(x)).split([c["H"] * hd, c["KV"] * hd, c["KV"] * hd], -1)
        q = q.view(b, t, c["H"], hd).transpose(1, 2)
        k = k.view(b, t, c["KV"], hd).transpose(1, 2)
        v = v.view(b, t, c["KV"], hd).transpose(1, 2)
        inv = c["theta"] ** (-torch.arange(0, hd, 2).float() / hd)
        a = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        q = q * a.cos() + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * a.sin()
        k = k * a.cos() + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * a.sin()
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.post_attn(self.wo(y.transpose(1, 2).reshape(b, t, -1)))
        g, u = self.w_gate_up(self.pre_mlp(x)).chunk(2, -1)
        return x + self.post_mlp(self.w_down(F.silu(g) * u))


class HyperClova(nn.Module):
    def __init__(self, spec: str = MODEL_SPEC):
        super().__init__()
        c = parse_spec(spec)
        self.embed = nn.Embedding(c["V"], c["d"])
        self.layers = nn.ModuleList(PeriNormLayer(c) for _ in range(c["L"]))
        self.norm = nn.RMSNorm(c["d"], eps=c["eps"])
        self.unembed = nn.Linear(c["d"], c["V"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.unembed(self.norm(x))
