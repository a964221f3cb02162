"""ModernBERT, from the paper: pre-norm encoder without biases (LayerNorm without bias too), a
fused Wqkv, GeGLU MLP (``Wi`` gives input and gate halves), no norm before the first layer's
attention (the embedding norm plays that part), every third layer global, the others
attending within +-LOCAL/2 tokens; global and local layers use different rotary bases. The
layer pattern is produced with ``itertools.cycle`` / ``islice`` over ("global", "local",
"local")."""

import itertools

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 800
D = 96
FFN = 192
LAYERS = 4
HEADS = 6
LOCAL = 32
GLOBAL_EVERY = 3
THETA = {"global": 160000.0, "local": 10000.0}
EPS = 1e-5
PATTERN = ("global",) + ("local",) * (GLOBAL_EVERY - 1)


def norm():
    return nn.LayerNorm(D, eps=EPS, bias=False)


class EncoderLayer(nn.Module):
    def __init__(self, kind, first):
        super().__init__()
        self.kind = kind
        self.attn_norm = nn.Identity() if first else norm()
        self.Wqkv = nn.Linear(D, 3 * D, bias=False)
        self.Wo = nn.Linear(D, D, bias=False)
        self.mlp_norm = norm()
        self.Wi = nn.Linear(D, 2 * FFN, bias=False)
        self.Wo_mlp = nn.Linear(FFN, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = D // HEADS
        q, k, v = self.Wqkv(self.attn_norm(x)).view(b, t, 3, HEADS, hd).permute(2, 0, 3, 1, 4)
        inv = THETA[self.kind] ** (-torch.arange(0, hd, 2, device=x.device).float() / hd)
        ang = torch.arange(t, device=x.device).float()[:, None] * inv
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)
        q = q * cos + torch.cat([-q[..., hd // 2 :], q[..., : hd // 2]], -1) * sin
        k = k * cos + torch.cat([-k[..., hd // 2 :], k[..., : hd // 2]], -1) * sin
        mask = None
        if self.kind == "local":
            i = torch.arange(t, device=x.device)
            mask = (i[:, None] - i[None, :]).abs() <= LOCAL // 2
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        x = x + self.Wo(o.transpose(1, 2).reshape(b, t, D))
        inp, gate = self.Wi(self.mlp_norm(x)).chunk(2, -1)
        return x + self.Wo_mlp(F.gelu(inp) * gate)


class ModernBert(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, D)
        self.embed_norm = norm()
        kinds = itertools.islice(itertools.cycle(PATTERN), LAYERS)
        self.layers = nn.ModuleList(EncoderLayer(k, i == 0) for i, k in enumerate(kinds))
        self.final_norm = norm()

    def forward(self, ids):
        x = self.embed_norm(self.tok_embeddings(ids))
        for layer in self.layers:
            x = layer(x)
        return self.final_norm(x)
