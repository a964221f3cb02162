"""Phi-2 with module-level constants."""

import torch
from torch import nn
import torch.nn.functional as F

HIDDEN_SIZE = 64
NUM_LAYERS = 2
NUM_HEADS = 4
VOCAB_SIZE = 1000
MAX_POSITIONS = 128
FFN_SIZE = 256
EPS = 0.0001
ROTARY_DIMS = 8
ROPE_BASE = 10000.0



def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


class PartialRotary(nn.Module):
    """Rotates only the first ``rot_dims`` channels of each head."""

    def __init__(self, rot_dims, max_positions, base):
        super().__init__()
        self.rot_dims = rot_dims
        inv_freq = 1.0 / (base ** (torch.arange(0, rot_dims, 2).float() / rot_dims))
        freqs = torch.outer(torch.arange(max_positions).float(), inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos(), persistent=False)
        self.register_buffer("sin", emb.sin(), persistent=False)

    def forward(self, x):
        n = x.shape[-2]
        rot, keep = x[..., : self.rot_dims], x[..., self.rot_dims :]
        rot = rot * self.cos[:n] + rotate_half(rot) * self.sin[:n]
        return torch.cat((rot, keep), dim=-1)

class Attention(nn.Module):
    def __init__(self, hidden_size, num_heads, rot_dims, max_positions, base):
        super().__init__()
        self.num_heads = num_heads
        self.head_size = hidden_size // num_heads
        self.q_proj = nn.Linear(hidden_size, hidden_size)
        self.k_proj = nn.Linear(hidden_size, hidden_size)
        self.v_proj = nn.Linear(hidden_size, hidden_size)
        self.dense = nn.Linear(hidden_size, hidden_size)
        self.rotary = PartialRotary(rot_dims, max_positions, base)

    def forward(self, x):
        b, t, c = x.shape
        q = self.q_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.num_heads, self.head_size).transpose(1, 2)
        q, k = self.rotary(q), self.rotary(k)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, c))


class Layer(nn.Module):
    def __init__(self, hidden_size, num_heads, ffn_size, eps, rot_dims, max_positions, base):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(hidden_size, eps=eps)
        self.self_attn = Attention(hidden_size, num_heads, rot_dims, max_positions, base)
        self.fc1 = nn.Linear(hidden_size, ffn_size)
        self.fc2 = nn.Linear(ffn_size, hidden_size)

    def forward(self, x):
        h = self.input_layernorm(x)
        return x + self.self_attn(h) + self.fc2(F.gelu(self.fc1(h), approximate="tanh"))


class CausalLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB_SIZE, HIDDEN_SIZE)
        self.layers = nn.ModuleList(
            Layer(HIDDEN_SIZE, NUM_HEADS, FFN_SIZE, EPS, ROTARY_DIMS, MAX_POSITIONS, ROPE_BASE)
            for _ in range(NUM_LAYERS)
        )
        self.final_layernorm = nn.LayerNorm(HIDDEN_SIZE, eps=EPS)
        self.lm_head = nn.Linear(HIDDEN_SIZE, VOCAB_SIZE, bias=True)

    def forward(self, input_ids):
        x = self.embed_tokens(input_ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.final_layernorm(x))
