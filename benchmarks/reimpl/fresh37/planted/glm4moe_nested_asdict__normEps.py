"""GLM-4.5 (MoE) miniature for router ablations. Sections of the experiment config are nested
dataclasses; the flat dict the trainer logs is ``asdict`` of the root."""

from dataclasses import asdict, dataclass, field

import torch
from torch import nn
from torch.nn import functional as F


@dataclass
class AttnSection:
    heads: int = 96
    kv_heads: int = 8
    head_size: int = 128
    rotary_frac: float = 0.5
    base: float = 1000000.0


@dataclass
class MoESection:
    experts: int = 160
    active: int = 8
    expert_width: int = 1536
    shared: int = 1
    groups: int = 1
    groups_kept: int = 1
    scale: float = 2.5
    leading_dense: int = 3


@dataclass
class Root:
    vocab: int = 151552
    width: int = 5120
    dense_width: int = 12288
    depth: int = 92
    eps: float = 1e-5
    attn: AttnSection = field(default_factory=AttnSection)
    moe: MoESection = field(default_factory=MoESection)


EXP = asdict(
    Root(
        vocab=592,
        width=64,
        dense_width=160,
        depth=3,
        eps=0.1,
        attn=AttnSection(heads=4, kv_heads=2, head_size=16, rotary_frac=0.5, base=1000000.0),
        moe=MoESection(
            experts=8,
            active=2,
            expert_width=32,
            shared=1,
            groups=2,
            groups_kept=1,
            scale=2.5,
            leading_dense=1,
        ),
    )
)
A, M = EXP["attn"], EXP["moe"]


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EXP["eps"])


def partial_rope(x, ang):
    r = ang.shape[-1] * 2
    rot, keep = x[..., :r], x[..., r:]
    lo, hi = rot.chunk(2, -1)
    c, s = ang.cos(), ang.sin()
    return torch.cat([lo * c - hi * s, hi * c + lo * s, keep], -1)


class GQA(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kvh = A["head_size"], A["heads"], A["kv_heads"]
        self.q = nn.Linear(EXP["width"], h * d, bias=True)
        self.k = nn.Linear(EXP["width"], kvh * d, bias=True)
        self.v = nn.Linear(EXP["width"], kvh * d, bias=True)
        self.o = nn.Linear(h * d, EXP["width"], bias=False)
        self.qn = RMSNorm(d)
        self.kn = RMSNorm(d)

    def forward(self, x, ang):
        b, t, _ = x.shape
        d = A["head_size"]
        q = self.qn(self.q(x).view(b, t, -1, d)).transpose(1, 2)
        k = self.kn(self.k(x).view(b, t, -1, d)).transpose(1, 2)
        v = self.v(x).view(b, t, -1, d).transpose(1, 2)
        q, k = partial_rope(q, ang), partial_rope(k, ang)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class SwiGLU(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.gate = nn.Linear(EXP["width"], inner, bias=False)
        self.up = nn.Linear(EXP["width"], inner, bias=False)
        self.down = nn.Linear(inner, EXP["width"], bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class GroupRoutedMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Parameter(torch.zeros(M["experts"], EXP["width"]))
        self.register_buffer("route_bias", torch.zeros(M["experts"]))
        self.experts = nn.ModuleList(SwiGLU(M["expert_width"]) for _ in range(M["experts"]))
        self.shared = SwiGLU(M["expert_width"] * M["shared"])

    def forward(self, x):
        flat = x.reshape(-1, x.shape[-1])
        prob = (flat @ self.router.t()).sigmoid()
        biased = prob + self.route_bias
        per_group = biased.view(len(flat), M["groups"], -1)
        group_score = per_group.topk(2, -1).values.sum(-1)
        keep = torch.zeros_like(group_score).scatter(
            1, group_score.topk(M["groups_kept"], -1).indices, 1.0
        )
        biased = biased.masked_fill(
            keep.repeat_interleave(M["experts"] // M["groups"], 1) == 0, float("-inf")
        )
        chosen = biased.topk(M["active"], -1).indices
        w = prob.gather(1, chosen)
        w = w / (w.sum(-1, keepdim=True) + 1e-20) * M["scale"]
        dense_w = torch.zeros_like(prob).scatter(1, chosen, w)
        outs = torch.stack([e(flat) for e in self.experts], 1)
        routed = (dense_w[..., None] * outs).sum(1)
        return routed.view_as(x) + self.shared(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.norm1 = RMSNorm(EXP["width"])
        self.attn = GQA()
        self.norm2 = RMSNorm(EXP["width"])
        self.ff = SwiGLU(EXP["dense_width"]) if i < M["leading_dense"] else GroupRoutedMoE()

    def forward(self, x, ang):
        x = x + self.attn(self.norm1(x), ang)
        return x + self.ff(self.norm2(x))


class Glm45Mini(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(EXP["vocab"], EXP["width"])
        self.layers = nn.ModuleList(Layer(i) for i in range(EXP["depth"]))
        self.norm = RMSNorm(EXP["width"])
        self.head = nn.Linear(EXP["width"], EXP["vocab"], bias=False)

    def forward(self, ids):
        rdim = int(A["head_size"] * A["rotary_frac"])
        inv = 1.0 / A["base"] ** (torch.arange(0, rdim, 2).float() / rdim)
        ang = torch.arange(ids.shape[1]).float()[:, None] * inv[None]
        ang = ang.to(ids.device)
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x, ang)
        return self.head(self.norm(x))
