"""GPT-NeoX with q/k/v split."""

import torch
from torch import nn
import torch.nn.functional as F



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
        self.post_attention_layernorm = nn.LayerNorm(hidden_size, eps=eps)
        self.attention = Attention(hidden_size, num_heads, rot_dims, max_positions, base)
        self.dense_h_to_4h = nn.Linear(hidden_size, ffn_size)
        self.dense_4h_to_h = nn.Linear(ffn_size, hidden_size)

    def forward(self, x):
        attn = self.attention(self.input_layernorm(x))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class CausalLM(nn.Module):
    def __init__(
        self,
        hidden_size=64,
        num_layers=2,
        num_heads=4,
        vocab_size=1000,
        max_positions=128,
        ffn_size=512,
        eps=1e-05,
        rotary_dims=4,
        rope_base=10000.0,
    ):
        super().__init__()
        self.embed_in = nn.Embedding(vocab_size, hidden_size)
        self.layers = nn.ModuleList(
            Layer(hidden_size, num_heads, ffn_size, eps, rotary_dims, max_positions, rope_base)
            for _ in range(num_layers)
        )
        self.final_layer_norm = nn.LayerNorm(hidden_size, eps=eps)
        self.embed_out = nn.Linear(hidden_size, vocab_size, bias=False)

    def forward(self, input_ids):
        x = self.embed_in(input_ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
