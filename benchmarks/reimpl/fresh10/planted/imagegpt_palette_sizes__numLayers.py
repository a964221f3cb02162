"""ImageGPT: a GPT-2 over colour-palette indices. The vocabulary is the palette plus one
start-of-image token, the context is one token per pixel of the (small) image, the norms are
not mean-centred (a weight, no bias), the MLP uses quick GELU, and the head predicts palette
entries only (no start token)."""

import torch
from torch import nn

PALETTE = 64
VOCAB = PALETTE + 1  # + start of image
SIDE = 8
N_POSITIONS = SIDE * SIDE
N_EMBD, N_HEAD, N_LAYER = 64, 4, 3
EPS = 1e-5


class UncentredNorm(nn.Module):
    def __init__(self, n, eps=EPS):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class Conv1D(nn.Module):
    def __init__(self, nx, nf):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(nx, nf) * 0.02)
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        return x @ self.weight + self.bias


def quick_gelu(x):
    return x * torch.sigmoid(1.702 * x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = UncentredNorm(N_EMBD)
        self.c_attn = Conv1D(N_EMBD, 3 * N_EMBD)
        self.c_proj = Conv1D(N_EMBD, N_EMBD)
        self.ln_2 = UncentredNorm(N_EMBD)
        self.c_fc = Conv1D(N_EMBD, 4 * N_EMBD)
        self.mlp_proj = Conv1D(4 * N_EMBD, N_EMBD)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            z.view(b, t, N_HEAD, -1).transpose(1, 2) for z in self.c_attn(self.ln_1(x)).split(d, -1)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.c_proj(o.transpose(1, 2).reshape(b, t, d))
        return x + self.mlp_proj(quick_gelu(self.c_fc(self.ln_2(x))))


class ImageGPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, N_EMBD)
        self.wpe = nn.Embedding(N_POSITIONS, N_EMBD)
        self.h = nn.ModuleList(Block() for _ in range(N_LAYER))
        self.ln_f = UncentredNorm(N_EMBD)
        self.lm_head = nn.Linear(N_EMBD, PALETTE, bias=False)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
