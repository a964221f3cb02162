"""Phi-3: hyperparameters in an attrs frozen class with validators, fused qkv_proj and
gate_up_proj, rotary by rotate-half, SDPA with GQA by expand + reshape."""

import attrs
import torch
import torch.nn as nn
import torch.nn.functional as F


@attrs.frozen
class Phi3Spec:
    vocab: int = attrs.field(default=800, validator=attrs.validators.gt(0))
    d_model: int = 96
    n_layers: int = 2
    heads: int = 6
    kv_heads: int = 6
    ffn: int = 160
    eps: float = 1e-5
    rope_base: float = 10000.0
    max_pos: int = 512

    @property
    def head_dim(self) -> int:
        return self.d_model // self.heads


class Phi3RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * (x.pow(2).mean(-1, keepdim=True) + self.eps).rsqrt()


class Phi3Attention(nn.Module):
    def __init__(self, s: Phi3Spec):
        super().__init__()
        self.s = s
        op = s.heads * s.head_dim + 2 * s.kv_heads * s.head_dim
        self.qkv_proj = nn.Linear(s.d_model, op, bias=False)
        self.o_proj = nn.Linear(s.heads * s.head_dim, s.d_model, bias=False)

    def forward(self, x, cos, sin):
        s = self.s
        b, t, _ = x.shape
        qkv = self.qkv_proj(x)
        q_end = s.heads * s.head_dim
        kv_end = q_end + s.kv_heads * s.head_dim
        q = qkv[..., :q_end].view(b, t, s.heads, s.head_dim).transpose(1, 2)
        k = qkv[..., q_end:kv_end].view(b, t, s.kv_heads, s.head_dim).transpose(1, 2)
        v = qkv[..., kv_end:].view(b, t, s.kv_heads, s.head_dim).transpose(1, 2)
        h = s.head_dim // 2
        q = q * cos[:t] + torch.cat([-q[..., h:], q[..., :h]], -1) * sin[:t]
        k = k * cos[:t] + torch.cat([-k[..., h:], k[..., :h]], -1) * sin[:t]
        g = s.heads // s.kv_heads
        k = k[:, :, None].expand(b, s.kv_heads, g, t, s.head_dim).reshape(b, s.heads, t, s.head_dim)
        v = v[:, :, None].expand(b, s.kv_heads, g, t, s.head_dim).reshape(b, s.heads, t, s.head_dim)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Phi3MLP(nn.Module):
    def __init__(self, s: Phi3Spec):
        super().__init__()
        self.gate_up_proj = nn.Linear(s.d_model, 2 * s.ffn, bias=False)
        self.down_proj = nn.Linear(s.ffn, s.d_model, bias=False)

    def forward(self, x):
        gate, up = self.gate_up_proj(x).chunk(2, dim=-1)
        return self.down_proj(up * F.silu(gate))


class Phi3Layer(nn.Module):
    def __init__(self, s: Phi3Spec):
        super().__init__()
        self.input_layernorm = Phi3RMSNorm(s.d_model, s.eps)
        self.self_attn = Phi3Attention(s)
        self.post_attention_layernorm = Phi3RMSNorm(s.d_model, s.eps)
        self.mlp = Phi3MLP(s)

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Phi3(nn.Module):
    def __init__(self, spec: Phi3Spec = Phi3Spec()):
        super().__init__()
        self.embed_tokens = nn.Embedding(spec.vocab, spec.d_model, padding_idx=0)
        self.layers = nn.ModuleList([Phi3Layer(spec) for _ in range(spec.n_layers)])
        self.norm = Phi3RMSNorm(spec.d_model, spec.eps)
        self.lm_head = nn.Linear(spec.d_model, spec.vocab, bias=False)
        hd = spec.head_dim
        inv = 1.0 / spec.rope_base ** (torch.arange(0, hd, 2).float() / hd)
        f = torch.outer(torch.arange(spec.max_pos).float(), inv)
        f = torch.cat([f, f], -1)
        self.register_buffer("cos", f.cos(), persistent=False)
        self.register_buffer("sin", f.sin(), persistent=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, self.cos, self.sin)
        return self.lm_head(self.norm(x))
