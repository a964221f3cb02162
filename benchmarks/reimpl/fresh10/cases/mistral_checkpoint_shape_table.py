"""Mistral sized from a pasted checkpoint shape listing (``{name: shape}`` as printed from the
original ``consolidated.pth``): vocabulary and width from the embedding, head counts from the
projection rows, the depth from the largest layer index. Only the window and the rotary base
are written down."""

import torch
import torch.nn.functional as F
from torch import nn

CHECKPOINT_SHAPES = {
    "tok_embeddings.weight": (512, 64),
    "layers.0.attention.wq.weight": (64, 64),
    "layers.0.attention.wk.weight": (16, 64),
    "layers.0.attention.wv.weight": (16, 64),
    "layers.0.attention.wo.weight": (64, 64),
    "layers.0.feed_forward.w1.weight": (192, 64),
    "layers.0.feed_forward.w2.weight": (64, 192),
    "layers.0.feed_forward.w3.weight": (192, 64),
    "layers.0.attention_norm.weight": (64,),
    "layers.0.ffn_norm.weight": (64,),
    "layers.1.ffn_norm.weight": (64,),
    "norm.weight": (64,),
    "output.weight": (512, 64),
}
HEAD_DIM = 16
SLIDING_WINDOW = 32
ROPE_THETA = 1000000.0
NORM_EPS = 1e-5

VOCAB, WIDTH = CHECKPOINT_SHAPES["tok_embeddings.weight"]
N_HEADS = CHECKPOINT_SHAPES["layers.0.attention.wq.weight"][0] // HEAD_DIM
N_KV_HEADS = CHECKPOINT_SHAPES["layers.0.attention.wk.weight"][0] // HEAD_DIM
FFN = CHECKPOINT_SHAPES["layers.0.feed_forward.w1.weight"][0]
N_LAYERS = 1 + max(int(k.split(".")[1]) for k in CHECKPOINT_SHAPES if k.startswith("layers."))
HP = {
    "model.width": WIDTH,
    "model.norm_eps": NORM_EPS,
    "model.attention.rope_base": ROPE_THETA,
    "model.attention.heads": N_HEADS,
    "model.attention.kv_heads": N_KV_HEADS,
    "model.attention.window": SLIDING_WINDOW,
    "model.mlp.hidden": FFN,
    "model.depth": N_LAYERS,
    "data.tokenizer.vocab": VOCAB,
}


def hp(key):
    return HP[key]


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hp("model.width")))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + hp("model.norm_eps"))


def rotary(x):
    t, d = x.shape[-2:]
    inv = hp("model.attention.rope_base") ** (-torch.arange(0, d, 2).float() / d)
    f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
    a, b = x.chunk(2, -1)
    return x * f.cos() + torch.cat((-b, a), -1) * f.sin()


class SlidingAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = hp("model.width"), hp("model.attention.heads"), hp("model.attention.kv_heads")
        self.h, self.kv, self.hd = h, kv, d // h
        self.q_proj = nn.Linear(d, h * self.hd, bias=False)
        self.k_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, kv * self.hd, bias=False)
        self.o_proj = nn.Linear(h * self.hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = rotary(self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2))
        k = rotary(self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2))
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        i = torch.arange(t)
        keep = (i[None, :] <= i[:, None]) & (i[:, None] - i[None, :] < hp("model.attention.window"))
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=keep, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, f = hp("model.width"), hp("model.mlp.hidden")
        self.norm1, self.attn, self.norm2 = Norm(), SlidingAttention(), Norm()
        self.w1, self.w3 = nn.Linear(d, f, bias=False), nn.Linear(d, f, bias=False)
        self.w2 = nn.Linear(f, d, bias=False)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        h = self.norm2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Mistral(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(hp("data.tokenizer.vocab"), hp("model.width"))
        self.blocks = nn.ModuleList(Block() for _ in range(hp("model.depth")))
        self.norm = Norm()
        self.out = nn.Linear(hp("model.width"), hp("data.tokenizer.vocab"), bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.out(self.norm(x))
