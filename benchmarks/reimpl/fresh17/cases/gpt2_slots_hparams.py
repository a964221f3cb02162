"""GPT-2 with its weights kept as [in, out] matrices (the TF checkpoint layout: x @ w + b) and
its hyper-parameters on a __slots__ class."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class HParams:
    __slots__ = ("n_vocab", "n_ctx", "n_embd", "n_head", "n_layer")

    def __init__(self, n_vocab, n_ctx, n_embd, n_head, n_layer):
        self.n_vocab, self.n_ctx, self.n_embd, self.n_head, self.n_layer = (
            n_vocab,
            n_ctx,
            n_embd,
            n_head,
            n_layer,
        )


HPARAMS = HParams(n_vocab=448, n_ctx=96, n_embd=64, n_head=4, n_layer=2)


def dense(n_in, n_out):
    return nn.Parameter(torch.randn(n_in, n_out) * 0.02), nn.Parameter(torch.zeros(n_out))


class Block(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        e = hp.n_embd
        self.ln_1 = nn.LayerNorm(e, eps=1e-5)
        self.c_attn_w, self.c_attn_b = dense(e, 3 * e)
        self.c_proj_w, self.c_proj_b = dense(e, e)
        self.ln_2 = nn.LayerNorm(e, eps=1e-5)
        self.c_fc_w, self.c_fc_b = dense(e, 4 * e)
        self.mlp_proj_w, self.mlp_proj_b = dense(4 * e, e)

    def forward(self, x):
        B, T, e = x.shape
        nh = self.hp.n_head
        q, k, v = (self.ln_1(x) @ self.c_attn_w + self.c_attn_b).split(e, -1)
        q, k, v = (t.view(B, T, nh, e // nh).transpose(1, 2) for t in (q, k, v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(B, T, e)
        x = x + a @ self.c_proj_w + self.c_proj_b
        h = F.gelu(self.ln_2(x) @ self.c_fc_w + self.c_fc_b, approximate="tanh")
        return x + h @ self.mlp_proj_w + self.mlp_proj_b


class GPT2(nn.Module):
    def __init__(self, hp=HPARAMS):
        super().__init__()
        self.wte = nn.Parameter(torch.randn(hp.n_vocab, hp.n_embd) * 0.02)
        self.wpe = nn.Parameter(torch.randn(hp.n_ctx, hp.n_embd) * 0.01)
        self.h = nn.ModuleList([Block(hp) for _ in range(hp.n_layer)])
        self.ln_f = nn.LayerNorm(hp.n_embd, eps=1e-5)

    def forward(self, ids):
        x = self.wte[ids] + self.wpe[: ids.shape[1]]
        for block in self.h:
            x = block(x)
        return self.ln_f(x)
