"""A GLM-4V-style text decoder (no LM head): q/k/v biases, a fused gate|up projection, and
sandwich norms (a norm after attention and after the MLP as well as before them)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

# sizes written as character codes, the way our firmware table stores them (one byte each)
V = ord("\u0200")
D = ord("@")
H = ord("\x04")
KV = ord("\x02")
F_DIM = ord("\xc0")
L = ord("\x02")
EPS = 1e-5
THETA = 10000.0
HD = D // H


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return F.rms_norm(x, (D,), self.scale, EPS)


def rope_half(x):
    # GLM rotates the first half of each head, pairs interleaved
    rot = HD // 2
    t = x.shape[-2]
    inv = 1.0 / THETA ** (torch.arange(0, rot, 2).float() / rot)
    ang = torch.arange(t).float()[:, None] * inv
    cos, sin = ang.cos().repeat_interleave(2, -1), ang.sin().repeat_interleave(2, -1)
    xr, xp = x[..., :rot], x[..., rot:]
    x1, x2 = xr[..., 0::2], xr[..., 1::2]
    turned = torch.stack([-x2, x1], -1).flatten(-2)
    return torch.cat([xr * cos + turned * sin, xp], -1)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre_attn, self.post_attn = Norm(), Norm()
        self.pre_mlp, self.post_mlp = Norm(), Norm()
        self.q = nn.Linear(D, H * HD)
        self.k = nn.Linear(D, KV * HD)
        self.v = nn.Linear(D, KV * HD)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.gate_up = nn.Linear(D, 2 * F_DIM, bias=False)
        self.down = nn.Linear(F_DIM, D, bias=False)

    def attend(self, x):
        b, t, _ = x.shape
        q = rope_half(self.q(x).view(b, t, H, HD).transpose(1, 2))
        k = rope_half(self.k(x).view(b, t, KV, HD).transpose(1, 2))
        v = self.v(x).view(b, t, KV, HD).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o(o.transpose(1, 2).reshape(b, t, D))

    def forward(self, x):
        x = x + self.post_attn(self.attend(self.pre_attn(x)))
        g, u = self.gate_up(self.pre_mlp(x)).chunk(2, -1)
        return x + self.post_mlp(self.down(F.silu(g) * u))


class Glm4vText(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, D)
        self.blocks = nn.ModuleList([Block() for _ in range(L)])
        self.final = Norm()

    def forward(self, ids):
        x = self.embed(ids)
        for b in self.blocks:
            x = b(x)
        return self.final(x)
