"""An OLMo-2 decoder: post-norm sublayers (the norm on the sublayer's output, before the residual
add) and q/k RMSNorms over the full projection width. Sizes are positions in a ladder string."""

import torch
import torch.nn as nn
import torch.nn.functional as F

LADDER = "0 1 2 3 4"
L = LADDER.split().index("2")  # the ladder rung we train at
VOCAB, D, H, KV, FFN = 512, 64, 4, 1, 160
EPS, THETA = 1e-6, 500000.0
HD = D // H


def rope(x):
    t = x.shape[-2]
    inv = 1.0 / THETA ** (torch.arange(0, HD, 2).float() / HD)
    ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    return x * ang.cos() + torch.cat([-x[..., HD // 2 :], x[..., : HD // 2]], -1) * ang.sin()


class Olmo2Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D, H * HD, bias=False)
        self.k_proj = nn.Linear(D, KV * HD, bias=False)
        self.v_proj = nn.Linear(D, KV * HD, bias=False)
        self.o_proj = nn.Linear(H * HD, D, bias=False)
        self.q_norm = nn.RMSNorm(H * HD, eps=EPS)
        self.k_norm = nn.RMSNorm(KV * HD, eps=EPS)

    def forward(self, x):
        b, t, _ = x.shape
        q = rope(self.q_norm(self.q_proj(x)).view(b, t, H, HD).transpose(1, 2))
        k = rope(self.k_norm(self.k_proj(x)).view(b, t, KV, HD).transpose(1, 2))
        v = self.v_proj(x).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Olmo2Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = Olmo2Attention()
        self.post_attention_layernorm = nn.RMSNorm(D, eps=EPS)
        self.gate_proj = nn.Linear(D, FFN, bias=False)
        self.up_proj = nn.Linear(D, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, D, bias=False)
        self.post_feedforward_layernorm = nn.RMSNorm(D, eps=EPS)

    def forward(self, x):
        x = x + self.post_attention_layernorm(self.self_attn(x))
        m = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(m)


class Olmo2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Olmo2Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=EPS)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
