"""StarCoder2 (LayerNorm with biases, biased projections, GELU MLP, tied head) with every
power-of-two size written as a bit shift of one, as in our kernel-tuning notes."""

import torch.nn as nn
import torch.nn.functional as F

VOCAB = 1 << 9
WIDTH = 1 << 6
HEADS = 1 << 2
KV_HEADS = 1 << 1
FFN = 1 << 7
LAYERS = 1 << 1
EPS = 1e-5


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = WIDTH // HEADS
        self.q_proj = nn.Linear(WIDTH, HEADS * self.hd)
        self.k_proj = nn.Linear(WIDTH, KV_HEADS * self.hd)
        self.v_proj = nn.Linear(WIDTH, KV_HEADS * self.hd)
        self.o_proj = nn.Linear(HEADS * self.hd, WIDTH)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV_HEADS, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV_HEADS, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.LayerNorm(WIDTH, eps=EPS)
        self.c_fc, self.c_proj = nn.Linear(WIDTH, FFN), nn.Linear(FFN, WIDTH)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.c_proj(
            F.gelu(self.c_fc(self.post_attention_layernorm(x)), approximate="tanh")
        )


class StarCoder2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x) @ self.embed_tokens.weight.T
