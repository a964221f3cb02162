"""OLMo (non-parametric LayerNorm) with the FFN width from Meta's multiple_of rounding rule."""

import torch.nn as nn
import torch.nn.functional as F

D_MODEL, N_LAYERS, N_HEADS, VOCAB = 64, 2, 4, 512
MULTIPLE_OF = 16
FFN_HIDDEN = MULTIPLE_OF * -(-int(2 * 4 * D_MODEL / 3) // MULTIPLE_OF)


def layer_norm(x):
    return F.layer_norm(x, x.shape[-1:], eps=1e-5)


class OlmoBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.hd = D_MODEL // N_HEADS
        self.att_proj = nn.Linear(D_MODEL, 3 * D_MODEL, bias=False)
        self.attn_out = nn.Linear(D_MODEL, D_MODEL, bias=False)
        self.ff_proj = nn.Linear(D_MODEL, 2 * FFN_HIDDEN, bias=False)
        self.ff_out = nn.Linear(FFN_HIDDEN, D_MODEL, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.att_proj(layer_norm(x)).view(b, t, 3, N_HEADS, self.hd).unbind(2)
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.attn_out(y.transpose(1, 2).reshape(b, t, -1))
        u, g = self.ff_proj(layer_norm(x)).chunk(2, -1)
        return x + self.ff_out(F.silu(g) * u)


class Olmo(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, D_MODEL)
        self.blocks = nn.ModuleList(OlmoBlock() for _ in range(N_LAYERS))
        self.lm_head = nn.Linear(D_MODEL, VOCAB, bias=False)

    def forward(self, ids):
        x = self.wte(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.lm_head(layer_norm(x))
