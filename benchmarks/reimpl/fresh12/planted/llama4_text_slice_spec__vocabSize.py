"""A Llama-4-style text decoder: dense and MoE layers interleaved, a routed expert plus a shared one,
L2-normed q/k on RoPE layers, every fourth layer without RoPE."""

import torch
import torch.nn as nn
import torch.nn.functional as F

# depth, width and heads as one slice: start = layers, stop = width, step = heads
SPEC = slice(2, 64, 4)
VOCAB, KV, EXPERTS, TOPK = 384, 2, 4, 1
EXPERT_FFN, DENSE_FFN = 96, 160
MOE_EVERY = 2
NOPE_EVERY = 4
EPS, THETA = 1e-5, 500000.0

L, D, H = SPEC.start, SPEC.stop, SPEC.step
HD = D // H


def rotate(x, pos):
    inv = THETA ** -(torch.arange(0, HD, 2).float() / HD)
    ang = pos[:, None].float() * inv
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(xc * torch.polar(torch.ones_like(ang), ang)).flatten(-2)


class Attention(nn.Module):
    def __init__(self, use_rope):
        super().__init__()
        self.use_rope = use_rope
        self.q_proj = nn.Linear(D, H * HD, bias=False)
        self.k_proj = nn.Linear(D, KV * HD, bias=False)
        self.v_proj = nn.Linear(D, KV * HD, bias=False)
        self.o_proj = nn.Linear(H * HD, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, H, HD)
        k = self.k_proj(x).view(b, t, KV, HD)
        v = self.v_proj(x).view(b, t, KV, HD)
        if self.use_rope:
            pos = torch.arange(t)
            q, k = rotate(q.transpose(1, 2), pos), rotate(k.transpose(1, 2), pos)
            q, k = F.normalize(q, dim=-1, eps=EPS), F.normalize(k, dim=-1, eps=EPS)
        else:
            q, k = q.transpose(1, 2), k.transpose(1, 2)
        v = v.transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Mlp(nn.Module):
    def __init__(self, ffn):
        super().__init__()
        self.gate_proj = nn.Linear(D, ffn, bias=False)
        self.up_proj = nn.Linear(D, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Experts(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(D, EXPERTS, bias=False)
        self.gate_up = nn.Parameter(torch.zeros(EXPERTS, D, 2 * EXPERT_FFN))
        self.down = nn.Parameter(torch.zeros(EXPERTS, EXPERT_FFN, D))
        self.shared_expert = Mlp(EXPERT_FFN)

    def forward(self, x):
        flat = x.reshape(-1, D)
        logits = self.router(flat)
        top, idx = logits.topk(TOPK, -1)
        scores = torch.full_like(logits, float("-inf")).scatter(1, idx, top).sigmoid()
        routed = flat[None] * scores.T[..., None]
        gate, up = torch.bmm(routed, self.gate_up).chunk(2, -1)
        out = torch.bmm(up * F.silu(gate), self.down).sum(0)
        return (out + self.shared_expert(flat)).view_as(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(D, eps=EPS)
        self.self_attn = Attention(use_rope=(i + 1) % NOPE_EVERY != 0)
        self.post_attention_layernorm = nn.RMSNorm(D, eps=EPS)
        self.feed_forward = Experts() if (i + 1) % MOE_EVERY == 0 else Mlp(DENSE_FFN)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.feed_forward(self.post_attention_layernorm(x))


class Llama4Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(map(Layer, range(L)))
        self.norm = nn.RMSNorm(D, eps=EPS)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
