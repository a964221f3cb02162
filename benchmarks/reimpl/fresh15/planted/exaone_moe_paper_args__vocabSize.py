"""EXAONE-MoE from a paper repo: its own args dataclass, dense layers derived in __post_init__."""

from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class ExaoneMoeArgs:
    vocab_size: int = 384
    d_model: int = 64
    n_layers: int = 2
    n_heads: int = 4
    n_kv_heads: int = 2
    d_ff: int = 128
    n_experts: int = 4
    d_expert: int = 32
    top_k: int = 2
    route_scale: float = 2.5
    n_dense: int = 1
    eps: float = 1e-5
    window: int = 4096
    sparse: list = field(default_factory=list)

    def __post_init__(self):
        self.sparse = [i >= self.n_dense for i in range(self.n_layers)]


def rms(x, w, eps):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


class Attn(nn.Module):
    def __init__(self, a):
        super().__init__()
        hd = a.d_model // a.n_heads
        self.a, self.hd = a, hd
        self.wq = nn.Linear(a.d_model, a.n_heads * hd, bias=False)
        self.wk = nn.Linear(a.d_model, a.n_kv_heads * hd, bias=False)
        self.wv = nn.Linear(a.d_model, a.n_kv_heads * hd, bias=False)
        self.wo = nn.Linear(a.n_heads * hd, a.d_model, bias=False)
        self.q_scale = nn.Parameter(torch.ones(hd))
        self.k_scale = nn.Parameter(torch.ones(hd))

    def forward(self, x):
        b, t, _ = x.shape
        q = rms(self.wq(x).view(b, t, -1, self.hd), self.q_scale, self.a.eps).transpose(1, 2)
        k = rms(self.wk(x).view(b, t, -1, self.hd), self.k_scale, self.a.eps).transpose(1, 2)
        v = self.wv(x).view(b, t, -1, self.hd).transpose(1, 2)
        i = torch.arange(t, device=x.device)
        gap = i[:, None] - i[None, :]
        mask = (gap >= 0) & (gap < self.a.window)  # causal, within the sliding window
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class FFN(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.w1, self.w3 = nn.Linear(d, f, bias=False), nn.Linear(d, f, bias=False)
        self.w2 = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseFFN(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.router = nn.Linear(a.d_model, a.n_experts, bias=False)
        self.w13 = nn.Parameter(torch.empty(a.n_experts, 2 * a.d_expert, a.d_model))
        self.w2 = nn.Parameter(torch.empty(a.n_experts, a.d_model, a.d_expert))
        self.shared = FFN(a.d_model, a.d_expert)
        self.register_buffer("e_score_correction_bias", torch.zeros(a.n_experts))
        self.a = a

    def forward(self, x):
        s = self.router(x).sigmoid()
        # top-k experts a token (chosen with the correction bias), renormalised, then scaled
        top = (s + self.e_score_correction_bias).topk(self.a.top_k, dim=-1).indices
        p = torch.zeros_like(s).scatter(-1, top, s.gather(-1, top))
        p = p / (p.sum(-1, keepdim=True) + 1e-20) * self.a.route_scale
        g, u = torch.einsum("btd,efd->btef", x, self.w13).chunk(2, -1)
        y = torch.einsum("btef,edf->bted", F.silu(g) * u, self.w2)
        return (p.unsqueeze(-1) * y).sum(-2) + self.shared(x)


class Block(nn.Module):
    def __init__(self, a, sparse):
        super().__init__()
        self.a = a
        self.attn = Attn(a)
        self.ffn = SparseFFN(a) if sparse else FFN(a.d_model, a.d_ff)
        self.attn_norm = nn.Parameter(torch.ones(a.d_model))
        self.ffn_norm = nn.Parameter(torch.ones(a.d_model))

    def forward(self, x):
        x = x + self.attn(rms(x, self.attn_norm, self.a.eps))
        return x + self.ffn(rms(x, self.ffn_norm, self.a.eps))


class ExaoneMoe(nn.Module):
    def __init__(self, args: ExaoneMoeArgs = ExaoneMoeArgs()):  # noqa: B008
        super().__init__()
        self.args = args
        self.tok = nn.Embedding(args.vocab_size, args.d_model)
        self.blocks = nn.ModuleList(Block(args, s) for s in args.sparse)
        self.norm = nn.Parameter(torch.ones(args.d_model))
        self.out = nn.Linear(args.d_model, args.vocab_size, bias=False)

    def forward(self, ids):
        x = self.tok(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.out(rms(x, self.norm, self.args.eps))
