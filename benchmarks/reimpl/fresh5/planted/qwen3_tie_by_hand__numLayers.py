"""Qwen3, the output head created as its own Linear and tied by hand after the init pass
(``_init_weights`` through ``apply``, then ``tie_weights``), the way a checkpoint loader expects.
head_dim is wider than width / heads; per-head q/k RMSNorm before the rotary."""

import torch
import torch.nn.functional as F
from torch import nn

vocab_size = 512
hidden_size = 64
intermediate_size = 128
num_layers = 2
num_heads = 4
num_kv_heads = 2
head_dim = 32
rope_theta = 1000000.0
rms_eps = 1e-6
tie_embeddings = True


class Norm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * (x.pow(2).mean(-1, keepdim=True) + rms_eps).rsqrt()


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(hidden_size, num_heads * head_dim, bias=False)
        self.k_proj = nn.Linear(hidden_size, num_kv_heads * head_dim, bias=False)
        self.v_proj = nn.Linear(hidden_size, num_kv_heads * head_dim, bias=False)
        self.o_proj = nn.Linear(num_heads * head_dim, hidden_size, bias=False)
        self.q_norm = Norm(head_dim)
        self.k_norm = Norm(head_dim)
        inv = 1.0 / rope_theta ** (torch.arange(0, head_dim, 2).float() / head_dim)
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).unflatten(-1, (num_heads, head_dim))).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).unflatten(-1, (num_kv_heads, head_dim))).transpose(1, 2)
        v = self.v_proj(x).unflatten(-1, (num_kv_heads, head_dim)).transpose(1, 2)
        ang = torch.arange(t, device=x.device).float()[:, None] * self.inv_freq
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)
        h = head_dim // 2
        q = q * cos + torch.cat([-q[..., h:], q[..., :h]], -1) * sin
        k = k * cos + torch.cat([-k[..., h:], k[..., :h]], -1) * sin
        rep = num_heads // num_kv_heads
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).flatten(2))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.up_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.down_proj = nn.Linear(intermediate_size, hidden_size, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = Norm(hidden_size)
        self.self_attn = Attention()
        self.post_attention_layernorm = Norm(hidden_size)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, hidden_size)
        self.layers = nn.ModuleList(Layer() for _ in range(num_layers))
        self.norm = Norm(hidden_size)
        self.lm_head = nn.Linear(hidden_size, vocab_size, bias=False)
        self.apply(self._init_weights)
        self.tie_weights()

    @staticmethod
    def _init_weights(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, std=0.02)

    def tie_weights(self):
        if tie_embeddings:
            self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
