"""AFMoE assembled from a registry of blocks: each layer named by a layout string."""

from types import MappingProxyType

import torch
import torch.nn as nn
import torch.nn.functional as F

SIZES = MappingProxyType(
    {
        "vocab": 256,
        "d": 64,
        "heads": 4,
        "kv": 2,
        "head_dim": 16,
        "ffn": 128,
        "experts": 8,
        "top_k": 2,
        "expert_ffn": 32,
        "shared": 1,
        "window": 1024,
    }
)
LAYOUT = "DM"  # D: dense FFN, M: routed experts (the first layers are dense)
BLOCKS = {}


def register(name):
    def deco(cls):
        BLOCKS[name] = cls
        return cls

    return deco


@register("rms")
class RMS(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


@register("gated_attn")
class GatedAttention(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s
        self.q_proj = nn.Linear(s["d"], s["heads"] * s["head_dim"], bias=False)
        self.k_proj = nn.Linear(s["d"], s["kv"] * s["head_dim"], bias=False)
        self.v_proj = nn.Linear(s["d"], s["kv"] * s["head_dim"], bias=False)
        self.o_proj = nn.Linear(s["heads"] * s["head_dim"], s["d"], bias=False)
        self.gate_proj = nn.Linear(s["d"], s["heads"] * s["head_dim"], bias=False)
        self.q_norm = BLOCKS["rms"](s["head_dim"])
        self.k_norm = BLOCKS["rms"](s["head_dim"])

    def forward(self, x):
        b, t, _ = x.shape
        s = self.s
        q = self.q_norm(self.q_proj(x).view(b, t, s["heads"], -1)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, s["kv"], -1)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, s["kv"], -1).transpose(1, 2)
        i = torch.arange(t, device=x.device)
        gap = i[:, None] - i[None, :]
        mask = (gap >= 0) & (gap < s["window"])  # causal, within the sliding window
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        y = y.transpose(1, 2).reshape(b, t, -1) * torch.sigmoid(self.gate_proj(x))
        return self.o_proj(y)


@register("swiglu")
class SwiGLU(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


@register("moe")
class MoE(nn.Module):
    def __init__(self, s):
        super().__init__()
        e, d, f = s["experts"], s["d"], s["expert_ffn"]
        self.top_k = s["top_k"]
        self.router = nn.Linear(d, e, bias=False)
        self.expert_bias = nn.Parameter(torch.zeros(e))
        self.gate_up = nn.Parameter(torch.empty(e, 2 * f, d))
        self.down = nn.Parameter(torch.empty(e, d, f))
        self.shared = BLOCKS["swiglu"](d, f * s["shared"])

    def forward(self, x):
        s = torch.sigmoid(self.router(x))
        # each token goes to its top-k experts (picked with the bias, weighted without it)
        top = torch.topk(s + self.expert_bias, self.top_k, dim=-1).indices
        w = torch.zeros_like(s).scatter(-1, top, s.gather(-1, top))
        w = w / (w.sum(-1, keepdim=True) + 1e-20)
        g, u = torch.einsum("btd,efd->btef", x, self.gate_up).chunk(2, -1)
        y = torch.einsum("btef,edf->bted", F.silu(g) * u, self.down)
        return (w.unsqueeze(-1) * y).sum(-2) + self.shared(x)


class Layer(nn.Module):
    def __init__(self, kind, s):
        super().__init__()
        self.attn = BLOCKS["gated_attn"](s)
        self.norms = nn.ModuleList(BLOCKS["rms"](s["d"]) for _ in range(4))
        self.ffn = BLOCKS["swiglu"](s["d"], s["ffn"]) if kind == "D" else BLOCKS["moe"](s)

    def forward(self, x):
        n = self.norms
        x = x + n[1](self.attn(n[0](x)))
        return x + n[3](self.ffn(n[2](x)))


class AfmoeLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(SIZES["vocab"], SIZES["d"])
        self.layers = nn.ModuleList(Layer(k, SIZES) for k in LAYOUT)
        self.norm = BLOCKS["rms"](SIZES["d"])
        self.head = nn.Linear(SIZES["d"], SIZES["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x))
