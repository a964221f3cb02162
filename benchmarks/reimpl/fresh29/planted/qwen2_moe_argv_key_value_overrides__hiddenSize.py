"""Qwen2-MoE sized by a hand-written command line: ``--key=value`` arguments (``sys.argv`` when
none are given) each replace an entry of a defaults dict (Qwen1.5-MoE-A2.7B's), converted to
the default's type, dashes read as underscores. Every layer sparse; the routed experts are
stacked 3-D Parameters (one fused gate/up tensor and one down tensor, indexed per expert), a
shared expert runs on every token and is scaled by a sigmoid gate, q/k/v carry biases."""

import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULTS = dict(
    vocab=151936,
    dim=2048,
    layers=24,
    ctx=8192,
    heads=16,
    kv_heads=16,
    experts=60,
    top_k=4,
    expert_ff=1408,
    shared_ff=5632,
    eps=1e-6,
    theta=1000000.0,
)


def parse_overrides(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    cfg = dict(DEFAULTS)
    for arg in argv:
        key, _, value = arg.removeprefix("--").partition("=")
        key = key.replace("-", "_")
        if key not in cfg:
            raise SystemExit(f"unknown option --{key}")
        cfg[key] = type(cfg[key])(value)
    return cfg


# python train_qwen2_moe.py --vocab=640 --dim=64 ...
CFG = parse_overrides(
    [
        "--vocab=640",
        "--dim=96",
        "--layers=2",
        "--ctx=256",
        "--heads=4",
        "--kv-heads=2",
        "--experts=6",
        "--top-k=2",
        "--expert-ff=48",
        "--shared-ff=96",
    ]
)
VOCAB, DIM, LAYERS, CTX = CFG["vocab"], CFG["dim"], CFG["layers"], CFG["ctx"]
HEADS, KV_HEADS = CFG["heads"], CFG["kv_heads"]
EXPERTS, TOP_K = CFG["experts"], CFG["top_k"]
EXPERT_FF, SHARED_FF = CFG["expert_ff"], CFG["shared_ff"]
EPS, THETA = CFG["eps"], CFG["theta"]


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class GQA(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = DIM // HEADS
        self.q = nn.Linear(DIM, HEADS * self.hd)
        self.k = nn.Linear(DIM, KV_HEADS * self.hd)
        self.v = nn.Linear(DIM, KV_HEADS * self.hd)
        self.o = nn.Linear(HEADS * self.hd, DIM, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = self.hd
        q = self.q(x).view(b, t, HEADS, hd).transpose(1, 2)
        k = self.k(x).view(b, t, KV_HEADS, hd).transpose(1, 2)
        v = self.v(x).view(b, t, KV_HEADS, hd).transpose(1, 2)
        inv = THETA ** (-torch.arange(0, hd, 2).float() / hd)
        f = torch.outer(torch.arange(t).float(), inv)
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()
        rot = lambda z: torch.cat([-z[..., hd // 2 :], z[..., : hd // 2]], -1)  # noqa: E731
        q, k = q * cos + rot(q) * sin, k * cos + rot(k) * sin
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class SparseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(DIM, EXPERTS, bias=False)
        self.w_gate_up = nn.Parameter(torch.empty(EXPERTS, 2 * EXPERT_FF, DIM))
        self.w_down = nn.Parameter(torch.empty(EXPERTS, DIM, EXPERT_FF))
        self.shared_gate_proj = nn.Linear(DIM, SHARED_FF, bias=False)
        self.shared_up_proj = nn.Linear(DIM, SHARED_FF, bias=False)
        self.shared_down_proj = nn.Linear(SHARED_FF, DIM, bias=False)
        self.shared_gate = nn.Linear(DIM, 1, bias=False)

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, DIM)
        probs = self.router(x).softmax(-1)
        w, idx = probs.topk(TOP_K, dim=-1)
        out = torch.zeros_like(x)
        for e in range(EXPERTS):
            tok, slot = (idx == e).nonzero(as_tuple=True)
            if tok.numel() == 0:
                continue
            g, u = F.linear(x[tok], self.w_gate_up[e]).chunk(2, -1)
            y = F.linear(F.silu(g) * u, self.w_down[e])
            out.index_add_(0, tok, y * w[tok, slot, None])
        s = self.shared_down_proj(F.silu(self.shared_gate_proj(x)) * self.shared_up_proj(x))
        out = out + torch.sigmoid(self.shared_gate(x)) * s
        return out.view(shape)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.attn, self.n2, self.moe = RMSNorm(DIM), GQA(), RMSNorm(DIM), SparseMoE()

    def forward(self, x):
        x = x + self.attn(self.n1(x))
        return x + self.moe(self.n2(x))


class Qwen2Moe(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, DIM)
        self.layers = nn.Sequential(*[Layer() for _ in range(LAYERS)])
        self.norm = RMSNorm(DIM)
        self.head = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        return self.head(self.norm(self.layers(self.emb(ids))))
