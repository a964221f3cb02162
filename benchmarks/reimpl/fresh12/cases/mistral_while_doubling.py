"""A Mistral decoder whose MLP width is found by doubling a tile until it covers 3x the width."""

import torch
import torch.nn as nn
import torch.nn.functional as F

n_vocab = 640
d_model = 64
n_layer = 2
n_head, n_kv = 4, 1
sliding = 16
eps = 1e-5
rope_base = 1e6

d_ff = 48
while d_ff < 3 * d_model:
    d_ff *= 2
d_head = d_model // n_head


class MistralAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(d_model, n_head * d_head, bias=False)
        self.kv_proj = nn.Linear(d_model, 2 * n_kv * d_head, bias=False)
        self.o_proj = nn.Linear(n_head * d_head, d_model, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, n_head, d_head).transpose(1, 2)
        k, v = self.kv_proj(x).view(b, t, 2, n_kv, d_head).permute(2, 0, 3, 1, 4)
        inv = rope_base ** (-torch.arange(0, d_head, 2).float() / d_head)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def rot(y):
            return (
                y * ang.cos()
                + torch.cat([-y[..., d_head // 2 :], y[..., : d_head // 2]], -1) * ang.sin()
            )

        q, k = rot(q), rot(k)
        pos = torch.arange(t)
        mask = (pos[:, None] >= pos[None]) & (pos[:, None] - pos[None] < sliding)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class MistralLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm_1 = nn.RMSNorm(d_model, eps=eps)
        self.attn = MistralAttention()
        self.norm_2 = nn.RMSNorm(d_model, eps=eps)
        self.fc_gate = nn.Linear(d_model, d_ff, bias=False)
        self.fc_up = nn.Linear(d_model, d_ff, bias=False)
        self.fc_down = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        x = x + self.attn(self.norm_1(x))
        h = self.norm_2(x)
        return x + self.fc_down(F.silu(self.fc_gate(h)) * self.fc_up(h))


class MistralLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(n_vocab, d_model)
        self.h = nn.ModuleList([MistralLayer() for _ in range(n_layer)])
        self.ln_f = nn.RMSNorm(d_model, eps=eps)
        self.lm_head = nn.Linear(d_model, n_vocab, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for layer in self.h:
            x = layer(x)
        return self.lm_head(self.ln_f(x))
