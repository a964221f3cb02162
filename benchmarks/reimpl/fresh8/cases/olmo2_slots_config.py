"""An OLMo 2 (norms after each sublayer instead of before, QK-norm over the whole projection,
untied head). Its config is a plain class with ``__slots__`` and defaults in ``__init__``."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ModelArgs:
    __slots__ = (
        "vocab",
        "d_model",
        "n_layers",
        "n_heads",
        "n_kv_heads",
        "mlp_hidden",
        "theta",
        "eps",
    )

    def __init__(
        self,
        vocab=1100,
        d_model=64,
        n_layers=2,
        n_heads=4,
        n_kv_heads=4,
        mlp_hidden=192,
        theta=500000.0,
        eps=1e-6,
    ):
        self.vocab = vocab
        self.d_model = d_model
        self.n_layers = n_layers
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.mlp_hidden = mlp_hidden
        self.theta = theta
        self.eps = eps


class Block(nn.Module):
    def __init__(self, a: ModelArgs):
        super().__init__()
        self.a = a
        hd = a.d_model // a.n_heads
        self.att_q = nn.Linear(a.d_model, a.n_heads * hd, bias=False)
        self.att_k = nn.Linear(a.d_model, a.n_kv_heads * hd, bias=False)
        self.att_v = nn.Linear(a.d_model, a.n_kv_heads * hd, bias=False)
        self.att_out = nn.Linear(a.n_heads * hd, a.d_model, bias=False)
        self.q_norm = nn.RMSNorm(a.n_heads * hd, eps=a.eps)
        self.k_norm = nn.RMSNorm(a.n_kv_heads * hd, eps=a.eps)
        self.attn_post_norm = nn.RMSNorm(a.d_model, eps=a.eps)
        self.ff_gate = nn.Linear(a.d_model, a.mlp_hidden, bias=False)
        self.ff_up = nn.Linear(a.d_model, a.mlp_hidden, bias=False)
        self.ff_down = nn.Linear(a.mlp_hidden, a.d_model, bias=False)
        self.ff_post_norm = nn.RMSNorm(a.d_model, eps=a.eps)

    def forward(self, x):
        a = self.a
        b, t, _ = x.shape
        hd = a.d_model // a.n_heads
        q = self.q_norm(self.att_q(x)).view(b, t, a.n_heads, hd).transpose(1, 2)
        k = self.k_norm(self.att_k(x)).view(b, t, a.n_kv_heads, hd).transpose(1, 2)
        v = self.att_v(x).view(b, t, a.n_kv_heads, hd).transpose(1, 2)
        inv = a.theta ** (-torch.arange(0, hd, 2).float() / hd)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        q = q * ang.cos() + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * ang.sin()
        k = k * ang.cos() + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * ang.sin()
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.attn_post_norm(self.att_out(y.transpose(1, 2).reshape(b, t, -1)))
        return x + self.ff_post_norm(self.ff_down(F.silu(self.ff_gate(x)) * self.ff_up(x)))


class OLMo2(nn.Module):
    def __init__(self, args: ModelArgs | None = None):
        super().__init__()
        a = args or ModelArgs()
        self.wte = nn.Embedding(a.vocab, a.d_model)
        self.blocks = nn.ModuleList(Block(a) for _ in range(a.n_layers))
        self.ln_f = nn.RMSNorm(a.d_model, eps=a.eps)
        self.ff_out = nn.Linear(a.d_model, a.vocab, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.ff_out(self.ln_f(x))
