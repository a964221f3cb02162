"""A long-context BERT (rotary positions, SwiGLU, no biases in the projections, post-norm).
The hot element-wise helpers are ``torch.jit.script`` functions, as in training code that
predates torch.compile."""

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "vocab_size": 1024,
    "n_embd": 96,
    "n_layer": 2,
    "n_head": 6,
    "n_inner": 384,
    "type_vocab_size": 2,
    "rotary_emb_base": 1000.0,
    "layer_norm_epsilon": 1e-12,
}


@torch.jit.script
def swiglu(gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
    return F.silu(gate) * up


@torch.jit.script
def apply_rotary(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return x * cos + torch.cat((-x[..., half:], x[..., :half]), -1) * sin


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, self.h = c["n_embd"], c["n_head"]
        self.Wq = nn.Linear(d, d, bias=False)
        self.Wk = nn.Linear(d, d, bias=False)
        self.Wv = nn.Linear(d, d, bias=False)
        self.out_proj = nn.Linear(d, d, bias=False)
        self.norm1 = nn.LayerNorm(d, eps=c["layer_norm_epsilon"])
        self.fc11 = nn.Linear(d, c["n_inner"], bias=False)
        self.fc12 = nn.Linear(d, c["n_inner"], bias=False)
        self.fc2 = nn.Linear(c["n_inner"], d, bias=False)
        self.norm2 = nn.LayerNorm(d, eps=c["layer_norm_epsilon"])

    def forward(self, x, cos, sin, mask):
        b, t, d = x.shape
        q = apply_rotary(self.Wq(x).view(b, t, self.h, -1).transpose(1, 2), cos, sin)
        k = apply_rotary(self.Wk(x).view(b, t, self.h, -1).transpose(1, 2), cos, sin)
        v = self.Wv(x).view(b, t, self.h, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask[:, None, None, :])
        x = self.norm1(x + self.out_proj(y.transpose(1, 2).reshape(b, t, d)))
        return self.norm2(x + self.fc2(swiglu(self.fc11(x), self.fc12(x))))


class NomicBert(nn.Module):
    def __init__(self, config=None):
        super().__init__()
        c = {**CONFIG, **(config or {})}
        self.c = c
        self.word_embeddings = nn.Embedding(c["vocab_size"], c["n_embd"], padding_idx=0)
        self.token_type_embeddings = nn.Embedding(c["type_vocab_size"], c["n_embd"])
        self.emb_ln = nn.LayerNorm(c["n_embd"], eps=c["layer_norm_epsilon"])
        self.layers = nn.ModuleList(Block(c) for _ in range(c["n_layer"]))

    def forward(self, ids, types, mask):
        d = self.c["n_embd"] // self.c["n_head"]
        inv = self.c["rotary_emb_base"] ** (-torch.arange(0, d, 2).float() / d)
        a = torch.outer(torch.arange(ids.shape[1]).float(), inv).repeat(1, 2)
        x = self.emb_ln(self.word_embeddings(ids) + self.token_type_embeddings(types))
        for layer in self.layers:
            x = layer(x, a.cos(), a.sin(), mask)
        return x
