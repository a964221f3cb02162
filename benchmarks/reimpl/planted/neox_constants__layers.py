"""GPT-NeoX with module-level constants."""

import torch
from torch import nn
import torch.nn.functional as F

HIDDEN_SIZE = 64
NUM_LAYERS = 3
NUM_HEADS = 4
VOCAB_SIZE = 1000
MAX_POSITIONS = 128
FFN_SIZE = 256
EPS = 1e-05
ROTARY_DIMS = 4
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
        self.query_key_value = nn.Linear(hidden_size, 3 * hidden_size)
        self.dense = nn.Linear(hidden_size, hidden_size)
        self.rotary = PartialRotary(rot_dims, max_positions, base)

    def forward(self, x):
        b, t, c = x.shape
        qkv = self.query_key_value(x).view(b, t, self.num_heads, 3 * self.head_size)
        q, k, v = qkv.permute(0, 2, 1, 3).chunk(3, dim=-1)
        q, k = self.rotary(q), self.rotary(k)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, c))


class Layer(nn.Module):
    def __init__(self, hidden_size, num_heads, ffn_size, eps, rot_dims, max_positions, base):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(hidden_size, eps=eps)
        self.post_attention_layernorm = nn.LayerNorm(hidden_size, eps=eps)
        self.attention = Attention(hidden_size, num_heads, rot_dims, max_positions, base)
        self.dense_h_to_4h = nn.Linear(hidden_size, ffn_size)
        self.dense_4h_to_h = nn.Linear(ffn_size, hidden_size)

    def forward(self, x):
        attn = self.attention(self.input_layernorm(x))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class CausalLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(VOCAB_SIZE, HIDDEN_SIZE)
        self.layers = nn.ModuleList(
            Layer(HIDDEN_SIZE, NUM_HEADS, FFN_SIZE, EPS, ROTARY_DIMS, MAX_POSITIONS, ROPE_BASE)
            for _ in range(NUM_LAYERS)
        )
        self.final_layer_norm = nn.LayerNorm(HIDDEN_SIZE, eps=EPS)
        self.embed_out = nn.Linear(HIDDEN_SIZE, VOCAB_SIZE, bias=False)

    def forward(self, input_ids):
        x = self.embed_in(input_ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
