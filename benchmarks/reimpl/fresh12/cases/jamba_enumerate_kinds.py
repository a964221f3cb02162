"""A Jamba-style hybrid: Mamba mixers with attention every other layer, MoE every other layer."""

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, WIDTH, DEPTH = 512, 64, 4
N_HEADS, N_KV = 4, 2
FFN = 160
EXPERTS, ACTIVE = 4, 2
D_STATE, D_CONV, EXPAND, DT_RANK = 8, 4, 2, 8
EPS = 1e-6

# layer kinds numbered from 1, as in the paper's figure: even-numbered layers attend and route
KINDS = [("attn" if n % 2 == 0 else "mamba", n % 2 == 0) for n in range(1, DEPTH + 1)]
INNER = EXPAND * WIDTH


class RMS(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return self.weight * x * (x.pow(2).mean(-1, keepdim=True) + EPS).rsqrt()


class Mamba(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(WIDTH, 2 * INNER, bias=False)
        self.conv1d = nn.Conv1d(INNER, INNER, D_CONV, groups=INNER, padding=D_CONV - 1)
        self.x_proj = nn.Linear(INNER, DT_RANK + 2 * D_STATE, bias=False)
        self.dt_proj = nn.Linear(DT_RANK, INNER)
        self.A_log = nn.Parameter(torch.log(torch.arange(1, D_STATE + 1).float()).repeat(INNER, 1))
        self.D = nn.Parameter(torch.ones(INNER))
        self.out_proj = nn.Linear(INNER, WIDTH, bias=False)
        self.dt_norm, self.b_norm, self.c_norm = RMS(DT_RANK), RMS(D_STATE), RMS(D_STATE)

    def forward(self, x):
        t = x.shape[1]
        h, z = self.in_proj(x).chunk(2, -1)
        h = F.silu(self.conv1d(h.transpose(1, 2))[..., :t]).transpose(1, 2)
        dt, b, c = self.x_proj(h).split([DT_RANK, D_STATE, D_STATE], -1)
        dt = F.softplus(self.dt_proj(self.dt_norm(dt)))
        b, c = self.b_norm(b), self.c_norm(c)
        a = -self.A_log.exp()
        state = x.new_zeros(x.shape[0], INNER, D_STATE)
        ys = []
        for i in range(t):
            state = (
                state * (dt[:, i, :, None] * a).exp()
                + (dt[:, i] * h[:, i])[..., None] * b[:, i, None]
            )
            ys.append((state * c[:, i, None]).sum(-1))
        y = torch.stack(ys, 1) + h * self.D
        return self.out_proj(y * F.silu(z))


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        hd = WIDTH // N_HEADS
        self.q_proj = nn.Linear(WIDTH, N_HEADS * hd, bias=False)
        self.k_proj = nn.Linear(WIDTH, N_KV * hd, bias=False)
        self.v_proj = nn.Linear(WIDTH, N_KV * hd, bias=False)
        self.o_proj = nn.Linear(N_HEADS * hd, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, N_HEADS, -1).transpose(1, 2)
        k = self.k_proj(x).view(b, t, N_KV, -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, N_KV, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Dense(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Routed(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(WIDTH, EXPERTS, bias=False)
        self.experts = nn.ModuleList(Dense() for _ in range(EXPERTS))

    def forward(self, x):
        flat = x.reshape(-1, WIDTH)
        w, idx = self.router(flat).softmax(-1).topk(ACTIVE, -1)
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            hit = (idx == e).any(-1)
            if hit.any():
                out[hit] += expert(flat[hit]) * (w * (idx == e)).sum(-1)[hit, None]
        return out.view_as(x)


class Layer(nn.Module):
    def __init__(self, kind, routed):
        super().__init__()
        self.input_layernorm = RMS(WIDTH)
        self.mixer = Attention() if kind == "attn" else Mamba()
        self.pre_ff_layernorm = RMS(WIDTH)
        self.feed_forward = Routed() if routed else Dense()

    def forward(self, x):
        x = x + self.mixer(self.input_layernorm(x))
        return x + self.feed_forward(self.pre_ff_layernorm(x))


class Jamba(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList(Layer(kind, routed) for kind, routed in KINDS)
        self.final_layernorm = RMS(WIDTH)
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.final_layernorm(x))
