"""Phi-3 (tiny): sizes are class attributes inherited down a chain of config classes
(``Phi3Base`` -> ``Phi3Mini`` -> ``Phi3Tiny``), each overriding a few; the model reads the
last one. Phi-3 fuses q/k/v into one projection and gate/up into another."""

import torch.nn.functional as F
from torch import nn


class Phi3Base:
    vocab_size = 32064
    hidden_size = 3072
    num_layers = 32
    num_heads = 32
    num_kv_heads = 32
    intermediate_size = 8192
    eps = 1e-5


class Phi3Mini(Phi3Base):
    num_layers = 4
    hidden_size = 96
    num_heads = 6
    num_kv_heads = 6


class Phi3Tiny(Phi3Mini):
    vocab_size = 640
    num_layers = 2
    intermediate_size = 256
    num_kv_heads = 2


C = Phi3Tiny


class Phi3Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = C.hidden_size // C.num_heads
        out = (C.num_heads + 2 * C.num_kv_heads) * self.hd
        self.qkv_proj = nn.Linear(C.hidden_size, out, bias=False)
        self.o_proj = nn.Linear(C.num_heads * self.hd, C.hidden_size, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv_proj(x).split(
            [C.num_heads * self.hd, C.num_kv_heads * self.hd, C.num_kv_heads * self.hd], -1
        )
        q = q.view(b, t, C.num_heads, self.hd).transpose(1, 2)
        k = k.view(b, t, C.num_kv_heads, self.hd).transpose(1, 2)
        v = v.view(b, t, C.num_kv_heads, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Phi3MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_up_proj = nn.Linear(C.hidden_size, 2 * C.intermediate_size, bias=False)
        self.down_proj = nn.Linear(C.intermediate_size, C.hidden_size, bias=False)

    def forward(self, x):
        g, u = self.gate_up_proj(x).chunk(2, -1)
        return self.down_proj(F.silu(g) * u)


class Phi3Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(C.hidden_size, eps=C.eps)
        self.self_attn = Phi3Attention()
        self.post_attention_layernorm = nn.RMSNorm(C.hidden_size, eps=C.eps)
        self.mlp = Phi3MLP()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Phi3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(C.vocab_size, C.hidden_size)
        self.layers = nn.ModuleList(Phi3Layer() for _ in range(C.num_layers))
        self.norm = nn.RMSNorm(C.hidden_size, eps=C.eps)
        self.lm_head = nn.Linear(C.hidden_size, C.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
