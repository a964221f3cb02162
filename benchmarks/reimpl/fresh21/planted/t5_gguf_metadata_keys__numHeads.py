"""A tiny T5 (encoder-decoder) sized by a GGUF-style metadata table, as a llama.cpp loader reads
it: flat ``"t5.attention.head_count"``-style keys under the ``general.architecture`` prefix,
llama.cpp's tensor names (``token_embd``, ``enc_blk.N.attn_q``, ``attn_rel_b``, ``ffn_up``,
``output_norm``). Relative position buckets in the first block of each stack, unscaled
attention, ReLU feed-forward, RMS norms, the tied head scaled by ``d_model ** -0.5``."""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn

GGUF_METADATA = {
    "general.architecture": "t5",
    "t5.vocab_size": 96,
    "t5.context_length": 512,
    "t5.embedding_length": 32,
    "t5.feed_forward_length": 64,
    "t5.block_count": 2,
    "t5.decoder_block_count": 2,
    "t5.attention.head_count": 8,
    "t5.attention.key_length": 8,
    "t5.attention.relative_buckets_count": 32,
    "t5.attention.relative_max_distance": 128,
    "t5.attention.layer_norm_rms_epsilon": 1e-06,
}


def hp(key: str):
    arch = GGUF_METADATA["general.architecture"]
    return GGUF_METADATA[f"{arch}.{key}"]


class RMSNorm(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        var = x.float().pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(var + hp("attention.layer_norm_rms_epsilon")))


def bucket(rel, bidirectional: bool):
    n = hp("attention.relative_buckets_count")
    out = torch.zeros_like(rel)
    if bidirectional:
        n //= 2
        out = out + (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    exact = n // 2
    far = (
        exact
        + (
            torch.log(rel.float() / exact)
            / math.log(hp("attention.relative_max_distance") / exact)
            * (n - exact)
        ).long()
    )
    far = torch.clamp(far, max=n - 1)
    return out + torch.where(rel < exact, rel, far)


class Attn(nn.Module):
    def __init__(self, rel_bias: bool) -> None:
        super().__init__()
        d, inner = hp("embedding_length"), hp("attention.head_count") * hp("attention.key_length")
        self.attn_q = nn.Linear(d, inner, bias=False)
        self.attn_k = nn.Linear(d, inner, bias=False)
        self.attn_v = nn.Linear(d, inner, bias=False)
        self.attn_o = nn.Linear(inner, d, bias=False)
        if rel_bias:
            self.attn_rel_b = nn.Embedding(
                hp("attention.relative_buckets_count"), hp("attention.head_count")
            )

    def position_bias(self, tq, tk, bidirectional):
        rel = torch.arange(tk)[None, :] - torch.arange(tq)[:, None]
        return self.attn_rel_b(bucket(rel, bidirectional)).permute(2, 0, 1)[None]

    def forward(self, x, kv, bias):
        h, dk = hp("attention.head_count"), hp("attention.key_length")
        b, tq, _ = x.shape

        def split(y):
            return y.view(b, y.shape[1], h, dk).transpose(1, 2)

        q, k, v = split(self.attn_q(x)), split(self.attn_k(kv)), split(self.attn_v(kv))
        s = q @ k.transpose(-1, -2) + bias
        return self.attn_o(
            (s.float().softmax(-1).type_as(s) @ v).transpose(1, 2).reshape(b, tq, -1)
        )


class FFN(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.ffn_up = nn.Linear(hp("embedding_length"), hp("feed_forward_length"), bias=False)
        self.ffn_down = nn.Linear(hp("feed_forward_length"), hp("embedding_length"), bias=False)

    def forward(self, x):
        return self.ffn_down(F.relu(self.ffn_up(x)))


class Blk(nn.Module):
    def __init__(self, first: bool, cross: bool) -> None:
        super().__init__()
        d = hp("embedding_length")
        self.attn_norm = RMSNorm(d)
        self.attn = Attn(rel_bias=first)
        if cross:
            self.cross_attn_norm = RMSNorm(d)
            self.cross_attn = Attn(rel_bias=False)
        self.ffn_norm = RMSNorm(d)
        self.ffn = FFN()


class T5(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        d = hp("embedding_length")
        self.token_embd = nn.Embedding(hp("vocab_size"), d)
        self.enc_blk = nn.ModuleList(Blk(i == 0, False) for i in range(hp("block_count")))
        self.enc_output_norm = RMSNorm(d)
        self.dec_blk = nn.ModuleList(Blk(i == 0, True) for i in range(hp("decoder_block_count")))
        self.dec_output_norm = RMSNorm(d)

    def forward(self, ids, tgt):
        x = self.token_embd(ids)
        t = ids.shape[1]
        bias = self.enc_blk[0].attn.position_bias(t, t, True)
        for blk in self.enc_blk:
            y = blk.attn_norm(x)
            x = x + blk.attn(y, y, bias)
            x = x + blk.ffn(blk.ffn_norm(x))
        mem = self.enc_output_norm(x)
        z = self.token_embd(tgt)
        u = tgt.shape[1]
        causal = torch.ones(u, u, dtype=torch.bool).tril()
        dbias = self.dec_blk[0].attn.position_bias(u, u, False)
        dbias = dbias.masked_fill(~causal, torch.finfo(dbias.dtype).min)
        for blk in self.dec_blk:
            y = blk.attn_norm(z)
            z = z + blk.attn(y, y, dbias)
            z = z + blk.cross_attn(blk.cross_attn_norm(z), mem, 0.0)
            z = z + blk.ffn(blk.ffn_norm(z))
        z = self.dec_output_norm(z) * hp("embedding_length") ** -0.5
        return z @ self.token_embd.weight.T
