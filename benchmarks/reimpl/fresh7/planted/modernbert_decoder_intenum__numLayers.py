"""ModernBERT-decoder (the causal sibling of ModernBERT): bias-free LayerNorms, a LayerNorm on the
embeddings and none before the first attention, GeGLU MLPs from one fused ``Wi``, causal
attention that is global every third layer and sliding-window (with its own rotary base) in
between, a prediction head (dense, GELU, LayerNorm) before a decoder tied to the embeddings
with its own bias. Sizes are members of an ``enum.IntEnum``, used directly as ints."""

import enum

import torch
import torch.nn.functional as F
from torch import nn


class Size(enum.IntEnum):
    VOCAB = 592
    HIDDEN = 64
    INTERMEDIATE = 96
    LAYERS = 4
    HEADS = 4
    GLOBAL_EVERY = 3
    LOCAL_WINDOW = 16
    MAX_POSITIONS = 128


GLOBAL_THETA = 160000.0
LOCAL_THETA = 10000.0
EPS = 1e-5


def norm():
    return nn.LayerNorm(Size.HIDDEN, eps=EPS, bias=False)


class CausalAttention(nn.Module):
    def __init__(self, is_global):
        super().__init__()
        self.is_global = is_global
        self.q_proj = nn.Linear(Size.HIDDEN, Size.HIDDEN, bias=False)
        self.k_proj = nn.Linear(Size.HIDDEN, Size.HIDDEN, bias=False)
        self.v_proj = nn.Linear(Size.HIDDEN, Size.HIDDEN, bias=False)
        self.Wo = nn.Linear(Size.HIDDEN, Size.HIDDEN, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        hd = Size.HIDDEN // Size.HEADS
        q, k, v = (
            p(x).view(b, t, Size.HEADS, hd).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        theta = GLOBAL_THETA if self.is_global else LOCAL_THETA
        inv = 1.0 / theta ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        delta = torch.arange(t)[:, None] - torch.arange(t)[None, :]
        mask = delta >= 0
        if not self.is_global:
            mask = mask & (delta <= Size.LOCAL_WINDOW // 2)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.Wo(o.transpose(1, 2).reshape(b, t, -1))


class DecoderLayer(nn.Module):
    def __init__(self, i):
        super().__init__()
        self.attn_norm = nn.Identity() if i == 0 else norm()
        self.attn = CausalAttention(is_global=i % Size.GLOBAL_EVERY == 0)
        self.mlp_norm = norm()
        self.Wi = nn.Linear(Size.HIDDEN, 2 * Size.INTERMEDIATE, bias=False)
        self.Wo = nn.Linear(Size.INTERMEDIATE, Size.HIDDEN, bias=False)

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        inp, gate = self.Wi(self.mlp_norm(x)).chunk(2, -1)
        return x + self.Wo(F.gelu(inp) * gate)


class ModernBertDecoderLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(Size.VOCAB, Size.HIDDEN)
        self.embed_norm = norm()
        self.layers = nn.ModuleList(DecoderLayer(i) for i in range(Size.LAYERS))
        self.final_norm = norm()
        self.head_dense = nn.Linear(Size.HIDDEN, Size.HIDDEN, bias=False)
        self.head_norm = norm()
        self.decoder_bias = nn.Parameter(torch.zeros(Size.VOCAB))

    def forward(self, ids):
        x = self.embed_norm(self.tok_embeddings(ids))
        for layer in self.layers:
            x = layer(x)
        h = self.head_norm(F.gelu(self.head_dense(self.final_norm(x))))
        return h @ self.tok_embeddings.weight.T + self.decoder_bias
