"""OLMo (v1, tiny): every size is a power of two or a multiple written with bit shifts, as
hardware-minded code does, and the layer norms have no weights at all (OLMo's non-parametric
LayerNorm)."""

import torch.nn.functional as F
from torch import nn

D_MODEL = 1 << 6
N_HEADS = D_MODEL >> 4
N_LAYERS = 1 << 2
MLP_HIDDEN = 3 << 6
VOCAB = 5 << 7


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D_MODEL, D_MODEL, bias=False)
        self.k_proj = nn.Linear(D_MODEL, D_MODEL, bias=False)
        self.v_proj = nn.Linear(D_MODEL, D_MODEL, bias=False)
        self.o_proj = nn.Linear(D_MODEL, D_MODEL, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, N_HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, D_MODEL))


class OlmoBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()
        self.ff_gate = nn.Linear(D_MODEL, MLP_HIDDEN, bias=False)
        self.ff_up = nn.Linear(D_MODEL, MLP_HIDDEN, bias=False)
        self.ff_down = nn.Linear(MLP_HIDDEN, D_MODEL, bias=False)

    @staticmethod
    def norm(x):
        return F.layer_norm(x, (x.shape[-1],), eps=1e-5)

    def forward(self, x):
        x = x + self.attn(self.norm(x))
        h = self.norm(x)
        return x + self.ff_down(F.silu(self.ff_gate(h)) * self.ff_up(h))


class Olmo(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D_MODEL)
        self.blocks = nn.ModuleList(OlmoBlock() for _ in range(N_LAYERS))
        self.ff_out = nn.Linear(D_MODEL, VOCAB, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for block in self.blocks:
            x = block(x)
        return self.ff_out(F.layer_norm(x, (D_MODEL,), eps=1e-5))
