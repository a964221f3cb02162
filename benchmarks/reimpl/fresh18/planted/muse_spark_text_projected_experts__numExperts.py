"""Muse-Spark-like text decoder, own rewrite: gated attention (sigmoid output gate), experts that
run in a narrower projected space (project down, normalise, route, experts, normalise, project
up), learned residual gates, sandwich norms. Hyper-parameters are one argv-like string list."""

import torch
import torch.nn.functional as F
from torch import nn

ARGS = "--vocab 256 --dim 64 --layers 2 --heads 4 --kv-heads 2 --head-dim 16".split()
MOE_ARGS = "--experts 8 --top-k 2 --expert-dim 48 --expert-ffn 32".split()


def parse(argv):
    return {k[2:].replace("-", "_"): int(v) for k, v in zip(argv[::2], argv[1::2])}


A = parse(ARGS)
M = parse(MOE_ARGS)


class Norm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class GatedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        h, kv, d = A["heads"], A["kv_heads"], A["head_dim"]
        self.q = nn.Linear(A["dim"], h * d, bias=False)
        self.k = nn.Linear(A["dim"], kv * d, bias=False)
        self.v = nn.Linear(A["dim"], kv * d, bias=False)
        self.g = nn.Linear(A["dim"], h * d, bias=False)
        self.o = nn.Linear(h * d, A["dim"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q(x).view(b, t, A["heads"], -1).transpose(1, 2)
        k = self.k(x).view(b, t, A["kv_heads"], -1).transpose(1, 2)
        v = self.v(x).view(b, t, A["kv_heads"], -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(o.transpose(1, 2).reshape(b, t, -1) * torch.sigmoid(self.g(x)))


class ProjectedMoE(nn.Module):
    def __init__(self):
        super().__init__()
        e, w, f = M["experts"], M["expert_dim"], M["expert_ffn"]
        self.router = nn.Linear(A["dim"], e, bias=False)
        self.down_in = nn.Linear(A["dim"], w, bias=False)
        self.norm_in = Norm(w)
        self.experts_gate_up = nn.Parameter(torch.randn(e, 2 * f, w) * 0.02)
        self.experts_down = nn.Parameter(torch.randn(e, w, f) * 0.02)
        self.norm_out = Norm(w)
        self.up_out = nn.Linear(w, A["dim"], bias=False)

    def forward(self, x):
        z = self.norm_in(self.down_in(x))
        p, idx = self.router(x).softmax(-1).topk(M["top_k"], -1)
        y = torch.zeros_like(z)
        for e in range(M["experts"]):
            g, u = (z @ self.experts_gate_up[e].T).chunk(2, -1)
            y = y + (p * (idx == e)).sum(-1, keepdim=True) * (
                (F.silu(g) * u) @ self.experts_down[e].T
            )
        return self.up_out(self.norm_out(y))


class SparkLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_in = Norm(A["dim"])
        self.attn = GatedAttention()
        self.attn_gate = nn.Parameter(torch.ones(A["dim"]))
        self.ffn_in = Norm(A["dim"])
        self.ffn_out = Norm(A["dim"])
        self.moe = ProjectedMoE()
        self.ffn_gate = nn.Parameter(torch.ones(A["dim"]))

    def forward(self, x):
        x = x + self.attn_gate * self.attn(self.attn_in(x))
        return x + self.ffn_gate * self.ffn_out(self.moe(self.ffn_in(x)))


class MuseSparkText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(A["vocab"], A["dim"])
        self.layers = nn.ModuleList(SparkLayer() for _ in range(A["layers"]))
        self.norm = Norm(A["dim"])

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
