"""Qwen2.5-VL's text tower as we run it for scan-style training: one template block, the layer
weights stacked with ``torch.func.stack_module_state`` into ``[L, ...]`` parameters and applied
with ``torch.func.functional_call`` one slice at a time. Returns the final hidden states (no
head). The sizes are star-unpacked from one tuple."""

import torch
import torch.nn.functional as F
from torch import nn
from torch.func import functional_call, stack_module_state

VOCAB, *MIDDLE, KV_HEADS = (384, 64, 3, 4, 160, 2)
WIDTH, N_LAYERS, N_HEADS, FFN = MIDDLE
EPS, BASE = 1e-6, 1000000.0


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * self.weight


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = WIDTH // N_HEADS
        self.ln1, self.ln2 = RMSNorm(WIDTH), RMSNorm(WIDTH)
        self.q = nn.Linear(WIDTH, N_HEADS * hd)
        self.k = nn.Linear(WIDTH, KV_HEADS * hd)
        self.v = nn.Linear(WIDTH, KV_HEADS * hd)
        self.o = nn.Linear(N_HEADS * hd, WIDTH, bias=False)
        self.gate = nn.Linear(WIDTH, FFN, bias=False)
        self.up = nn.Linear(WIDTH, FFN, bias=False)
        self.down = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.ln1(x)
        q = self.q(h).view(b, t, N_HEADS, -1).transpose(1, 2)
        k = self.k(h).view(b, t, KV_HEADS, -1).transpose(1, 2)
        v = self.v(h).view(b, t, KV_HEADS, -1).transpose(1, 2)

        def rot(z):
            z1, z2 = z.chunk(2, -1)
            return z * cos + torch.cat([-z2, z1], -1) * sin

        a = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        h = self.ln2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class ScannedQwen25Text(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        blocks = [Block() for _ in range(N_LAYERS)]
        params, _ = stack_module_state(blocks)
        self.stacked = nn.ParameterDict(
            {k.replace(".", "__"): nn.Parameter(v) for k, v in params.items()}
        )
        self.template = [Block().to("meta")]  # a list: not a registered submodule
        self.norm = RMSNorm(WIDTH)

    def forward(self, ids):
        x = self.embed(ids)
        t = ids.shape[1]
        hd = WIDTH // N_HEADS
        inv = 1.0 / BASE ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(t).float()[:, None] * inv[None]
        cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
        for i in range(N_LAYERS):
            layer = {k.replace("__", "."): v[i] for k, v in self.stacked.items()}
            x = functional_call(self.template[0], layer, (x, cos, sin))
        return self.norm(x)
