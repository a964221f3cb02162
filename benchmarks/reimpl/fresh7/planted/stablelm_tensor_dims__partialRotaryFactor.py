"""StableLM (2, 1.6B layout): LayerNorms with biases, rotary on the first quarter of each head
(partial rotary), GQA, SwiGLU, an untied head. The sizes are kept in a tensor (as some
checkpoints store them next to the weights) and unpacked with ``.tolist()``."""

import torch
import torch.nn.functional as F
from torch import nn

DIMS = torch.tensor([848, 64, 2, 4, 2, 192], device="cpu")
VOCAB, HIDDEN, LAYERS, HEADS, KV_HEADS, FFN = DIMS.tolist()
ROTARY_PCT = 0.5
ROPE_THETA = 10000.0
EPS = 1e-5


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = HIDDEN // HEADS
        self.q_proj = nn.Linear(HIDDEN, HEADS * self.hd, bias=False)
        self.k_proj = nn.Linear(HIDDEN, KV_HEADS * self.hd, bias=False)
        self.v_proj = nn.Linear(HIDDEN, KV_HEADS * self.hd, bias=False)
        self.o_proj = nn.Linear(HEADS * self.hd, HIDDEN, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = self.hd
        rot = int(hd * ROTARY_PCT)
        q = self.q_proj(x).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        inv = 1.0 / ROPE_THETA ** (torch.arange(0, rot, 2).float() / rot)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()

        def rope(u):
            r, p = u[..., :rot], u[..., rot:]
            r = r * cos + torch.cat((-r[..., rot // 2 :], r[..., : rot // 2]), -1) * sin
            return torch.cat((r, p), -1)

        o = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.gate_proj = nn.Linear(HIDDEN, FFN, bias=False)
        self.up_proj = nn.Linear(HIDDEN, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, HIDDEN, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class StableLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.lm_head = nn.Linear(HIDDEN, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
