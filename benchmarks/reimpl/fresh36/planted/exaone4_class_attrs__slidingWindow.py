"""EXAONE 4.0 style hybrid-attention decoder: three local (sliding-window, rotary) layers then
one global layer without positions; per-head q/k RMS norms; outputs of both sublayers are
normalized before the residual add. Sizes are class attributes of a settings holder."""

import torch
from torch import nn
from torch.nn import functional as F


class Settings:
    vocab = 688
    d_model = 64
    d_inner = 208
    n_layers = 4
    n_heads = 4
    n_kv = 1
    local_window = 32
    global_period = 4
    rope_base = 1000000.0
    eps = 1e-5


S = Settings


class HeadRMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))  # scale only

    def forward(self, x):
        inv_rms = (x.square().mean(dim=-1, keepdim=True) + S.eps).rsqrt()
        return self.weight * (x * inv_rms)


def rotate(x, cos, sin):
    h = x.shape[-1] // 2
    first, second = x.split(h, dim=-1)
    return x * cos + torch.cat((-second, first), -1) * sin


class HybridAttention(nn.Module):
    def __init__(self, layer_no):
        super().__init__()
        self.local = (layer_no + 1) % S.global_period != 0
        self.dh = S.d_model // S.n_heads
        self.q_proj = nn.Linear(S.d_model, S.n_heads * self.dh, bias=False)
        self.k_proj = nn.Linear(S.d_model, S.n_kv * self.dh, bias=False)
        self.v_proj = nn.Linear(S.d_model, S.n_kv * self.dh, bias=False)
        self.o_proj = nn.Linear(S.n_heads * self.dh, S.d_model, bias=False)
        self.q_norm = HeadRMS(self.dh)
        self.k_norm = HeadRMS(self.dh)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, -1, self.dh)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, -1, self.dh)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, self.dh).transpose(1, 2)
        pos = torch.arange(t)
        ok = pos[None, :] <= pos[:, None]
        if self.local:
            q = rotate(q, cos, sin)
            k = rotate(k, cos, sin)
            ok = ok & (pos[:, None] - pos[None, :] < S.local_window)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=ok, enable_gqa=True)
        return self.o_proj(y.permute(0, 2, 1, 3).flatten(-2))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(S.d_model, S.d_inner, bias=False)
        self.up_proj = nn.Linear(S.d_model, S.d_inner, bias=False)
        self.down_proj = nn.Linear(S.d_inner, S.d_model, bias=False)

    def forward(self, x):
        act = F.silu(self.gate_proj(x))
        return self.down_proj(act * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.self_attn = HybridAttention(n)
        self.norm_after_attn = HeadRMS(S.d_model)
        self.mlp = Mlp()
        self.norm_after_mlp = HeadRMS(S.d_model)

    def forward(self, x, cos, sin):
        x = x + self.norm_after_attn(self.self_attn(x, cos, sin))
        return x + self.norm_after_mlp(self.mlp(x))


class Exaone4(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(S.vocab, S.d_model)
        self.h = nn.ModuleList(Layer(n) for n in range(S.n_layers))
        self.ln_f = HeadRMS(S.d_model)
        self.lm_head = nn.Linear(S.d_model, S.vocab, bias=False)  # untied

    def forward(self, ids):
        dh = S.d_model // S.n_heads
        inv = 1.0 / S.rope_base ** (torch.arange(0, dh, 2).float() / dh)
        ang = torch.einsum("t,f->tf", torch.arange(ids.shape[1]).float(), inv)
        ang = torch.cat((ang, ang), -1)
        x = self.wte(ids)
        for layer in self.h:
            x = layer(x, ang.cos(), ang.sin())
        return self.lm_head(self.ln_f(x))
