"""A Qwen3 decoder (per-head q/k RMSNorms, a head size wider than width / heads, tied head); the
sizes are popped from a launch options dict, each with its default."""

import torch
import torch.nn as nn
import torch.nn.functional as F

opts = {"vocab": 512, "layers": 2, "heads": 4, "run": "tiny-ablation"}
VOCAB = opts.pop("vocab", 151936)
LAYERS = opts.pop("layers", 28)
HEADS = opts.pop("heads", 16)
KV_HEADS = opts.pop("kv_heads", 2)
HEAD_DIM = opts.pop("head_dim", 32)
FFN = opts.pop("ffn", 160)
WIDTH = opts.pop("width", 64)
EPS = opts.pop("eps", 1e-6)
THETA = opts.pop("theta", 1e6)


def rope(x):
    t = x.shape[-2]
    inv = 1.0 / THETA ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    h = HEAD_DIM // 2
    return x * ang.cos() + torch.cat([-x[..., h:], x[..., :h]], -1) * ang.sin()


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(WIDTH, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV_HEADS * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)
        self.q_norm = nn.RMSNorm(HEAD_DIM, eps=EPS)
        self.k_norm = nn.RMSNorm(HEAD_DIM, eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        q = rope(self.q_norm(self.q_proj(x).view(b, t, HEADS, HEAD_DIM)).transpose(1, 2))
        k = rope(self.k_norm(self.k_proj(x).view(b, t, KV_HEADS, HEAD_DIM)).transpose(1, 2))
        v = self.v_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(WIDTH, eps=EPS)
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.RMSNorm(WIDTH, eps=EPS)
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Qwen3(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(WIDTH, eps=EPS)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)
        self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
