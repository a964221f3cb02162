"""GPT-2 reimplemented with three separate q/k/v projections (instead of the fused c_attn) and
weights stored transposed ([in, out], as the original TF checkpoints), applied with torch.addmm.
Sizes come from a hyper-parameter tuple unpacked at import."""

import torch
import torch.nn.functional as F
from torch import nn

N_VOCAB, N_CTX, N_EMBD, N_HEAD, N_LAYER = 448, 128, 64, 4, 2
EPS = 1e-5


def dense(n_in, n_out):
    return nn.ParameterDict(
        {"w": nn.Parameter(torch.randn(n_in, n_out) * 0.02), "b": nn.Parameter(torch.zeros(n_out))}
    )


def run(p, x):
    return torch.addmm(p["b"], x.reshape(-1, x.shape[-1]), p["w"]).view(*x.shape[:-1], -1)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(N_EMBD, eps=EPS)
        self.q, self.k, self.v = dense(N_EMBD, N_EMBD), dense(N_EMBD, N_EMBD), dense(N_EMBD, N_EMBD)
        self.proj = dense(N_EMBD, N_EMBD)
        self.ln_2 = nn.LayerNorm(N_EMBD, eps=EPS)
        self.fc = dense(N_EMBD, 4 * N_EMBD)
        self.fc_out = dense(4 * N_EMBD, N_EMBD)

    def forward(self, x):
        b, t, _ = x.shape
        y = self.ln_1(x)
        q, k, v = (
            run(p, y).view(b, t, N_HEAD, -1).transpose(1, 2) for p in (self.q, self.k, self.v)
        )
        o = (
            F.scaled_dot_product_attention(q, k, v, is_causal=True)
            .transpose(1, 2)
            .reshape(b, t, -1)
        )
        x = x + run(self.proj, o)
        return x + run(self.fc_out, F.gelu(run(self.fc, self.ln_2(x)), approximate="tanh"))


class GPT2Split(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(N_VOCAB, N_EMBD)
        self.wpe = nn.Embedding(N_CTX, N_EMBD)
        self.h = nn.ModuleList(Block() for _ in range(N_LAYER))
        self.ln_f = nn.LayerNorm(N_EMBD, eps=EPS)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x)
