"""OLMo 2 (whole-width q/k RMSNorm, norms after attention and after the MLP, none before) from
a paper repo's nested dataclasses: the model config holds attention and MLP sub-configs made
by ``field(default_factory=...)``."""

from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class AttnCfg:
    n_heads: int = 4
    n_kv_heads: int = 2
    qk_norm: bool = True


@dataclass
class MlpCfg:
    hidden: int = 128
    act: str = "silu"


@dataclass
class ModelCfg:
    d_model: int = 64
    n_layers: int = 2
    vocab_size: int = 320
    eps: float = 1e-6
    attn: AttnCfg = field(default_factory=AttnCfg)
    mlp: MlpCfg = field(default_factory=lambda: MlpCfg(hidden=128))


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self, c: ModelCfg):
        super().__init__()
        a, d = c.attn, c.d_model
        self.h, self.kv, self.hd = a.n_heads, a.n_kv_heads, d // a.n_heads
        self.q_proj = nn.Linear(d, self.h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, self.kv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.h * self.hd, d, bias=False)
        self.q_norm = RMSNorm(self.h * self.hd, c.eps)
        self.k_norm = RMSNorm(self.kv * self.hd, c.eps)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x)).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self, c: ModelCfg):
        super().__init__()
        self.self_attn = Attention(c)
        self.post_attention_layernorm = RMSNorm(c.d_model, c.eps)
        self.gate_proj = nn.Linear(c.d_model, c.mlp.hidden, bias=False)
        self.up_proj = nn.Linear(c.d_model, c.mlp.hidden, bias=False)
        self.down_proj = nn.Linear(c.mlp.hidden, c.d_model, bias=False)
        self.post_feedforward_layernorm = RMSNorm(c.d_model, c.eps)

    def forward(self, x):
        x = x + self.post_attention_layernorm(self.self_attn(x))
        h = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(h)


class Olmo2(nn.Module):
    def __init__(self, c: ModelCfg | None = None):
        super().__init__()
        c = c or ModelCfg()
        self.embed_tokens = nn.Embedding(c.vocab_size, c.d_model)
        self.blocks = nn.ModuleList(Block(c) for _ in range(c.n_layers))
        self.norm = RMSNorm(c.d_model, c.eps)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)
