"""Qwen2, held by a Lightning-style training module: ``LitQwen2`` takes its hyperparameters as
keyword arguments, keeps them in ``self.hparams`` (as ``save_hyperparameters()`` does) and
builds the network in ``configure_model``; the net is ``self.net``. Qwen2: q/k/v with biases,
o without, GQA, SwiGLU, an untied head."""

from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn


class Qwen2Norm(nn.Module):
    def __init__(self, n, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.eps = eps

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


class Qwen2Layer(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        hd = hp.d_model // hp.n_head
        self.q_proj = nn.Linear(hp.d_model, hp.n_head * hd)
        self.k_proj = nn.Linear(hp.d_model, hp.n_kv_head * hd)
        self.v_proj = nn.Linear(hp.d_model, hp.n_kv_head * hd)
        self.o_proj = nn.Linear(hp.n_head * hd, hp.d_model, bias=False)
        self.gate_proj = nn.Linear(hp.d_model, hp.d_ff, bias=False)
        self.up_proj = nn.Linear(hp.d_model, hp.d_ff, bias=False)
        self.down_proj = nn.Linear(hp.d_ff, hp.d_model, bias=False)
        self.ln_attn = Qwen2Norm(hp.d_model, hp.eps)
        self.ln_mlp = Qwen2Norm(hp.d_model, hp.eps)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        hd = self.hp.d_model // self.hp.n_head
        h = self.ln_attn(x)
        q = self.q_proj(h).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        h = self.ln_mlp(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Qwen2Net(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.wte = nn.Embedding(hp.vocab, hp.d_model)
        self.blocks = nn.ModuleList([Qwen2Layer(hp) for _ in range(hp.n_layer)])
        self.ln_f = Qwen2Norm(hp.d_model, hp.eps)
        self.head = nn.Linear(hp.d_model, hp.vocab, bias=False)

    def forward(self, ids):
        hd = self.hp.d_model // self.hp.n_head
        inv = 1.0 / self.hp.rope_base ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.outer(torch.arange(ids.shape[1]).float(), inv)
        cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x, cos, sin)
        return self.head(self.ln_f(x))


class LitQwen2(nn.Module):
    def __init__(
        self,
        vocab=896,
        d_model=96,
        n_layer=2,
        n_head=6,
        n_kv_head=2,
        d_ff=320,
        eps=1e-6,
        rope_base=1000000.0,
        lr=3e-4,
        warmup_steps=200,
    ):
        super().__init__()
        self.hparams = SimpleNamespace(
            **{k: v for k, v in locals().items() if k not in ("self", "__class__")}
        )
        self.configure_model()

    def configure_model(self):
        self.net = Qwen2Net(self.hparams)

    def forward(self, ids):
        return self.net(ids)

    def training_step(self, batch, batch_idx):
        logits = self(batch[:, :-1])
        return F.cross_entropy(logits.flatten(0, 1), batch[:, 1:].flatten())

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)
