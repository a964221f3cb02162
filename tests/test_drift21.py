"""Drift between re-implementations and their configs (session 21, drift21; issue #17: fresh16's dev
part and the misses left on fresh13..fresh15's dev parts).

Each test proves its rule in torch first (the code, built on the meta device, has the parameter
count or the sizes transformers' own model has for the same config), then statically: the clean
pair gives no finding of minor or above and one planted value gives one finding holding both
values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

MISTRAL = dict(
    architectures=["MistralForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    sliding_window=None,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)

_BLOCK = """
class Norm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        hd = c.width // c.heads
        self.q_proj = nn.Linear(c.width, c.heads * hd, bias=False)
        self.k_proj = nn.Linear(c.width, c.kv * hd, bias=False)
        self.v_proj = nn.Linear(c.width, c.kv * hd, bias=False)
        self.o_proj = nn.Linear(c.heads * hd, c.width, bias=False)
        self.gate_proj = nn.Linear(c.width, c.ffn, bias=False)
        self.up_proj = nn.Linear(c.width, c.ffn, bias=False)
        self.down_proj = nn.Linear(c.ffn, c.width, bias=False)
        self.input_layernorm, self.post_attention_layernorm = Norm(c.width), Norm(c.width)
        self.hd = hd

    def forward(self, x):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k_proj(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v_proj(h).view(b, t, -1, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class M(nn.Module):
    def __init__(self, c=CFG):
        super().__init__()
        self.embed_tokens = nn.Embedding(c.vocab, c.width)
        self.layers = nn.ModuleList(Block(c) for _ in range(c.layers))
        self.norm = Norm(c.width)
        self.lm_head = nn.Linear(c.width, c.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""

HEADS_NS = (
    """
import types

import torch
import torch.nn.functional as F
from torch import nn

CFG = types.SimpleNamespace(vocab=96, width=64, layers=2, heads={heads}, kv=2, ffn=128)
"""
    + _BLOCK
)

HEADS_DC = (
    """
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass(frozen=True)
class Cfg:
    vocab: int = 96
    width: int = 64
    layers: int = 2
    heads: int = {heads}
    kv: int = 2
    ffn: int = 128


CFG = Cfg()
"""
    + _BLOCK
)


@pytest.mark.parametrize("src", [HEADS_NS, HEADS_DC], ids=["namespace", "dataclass"])
def test_head_count_owns_the_head_width_it_changes(tmp_path, src):
    """The code's head width is ``width // heads``: a changed head count (2 for the config's 4)
    changes the head width too (32 for the config's explicit ``head_dim`` 16), which the code
    never reads. One root, the head count: one finding (4 vs 2), not a second ``head_dim``
    claim beside it (fresh16's ``mistral_type_call__numHeads``)."""
    cfg, path = config(tmp_path, "cfg", "MistralConfig", **MISTRAL)
    clean = write(tmp_path, "clean.py", src.format(heads=4))
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf)
    assert mine.layers[0].hd == hf.model.layers[0].self_attn.head_dim == 16
    assert run(clean, path) == []
    planted = write(tmp_path, "planted.py", src.format(heads=2))
    mine, _ = torch_pair(planted, cfg)
    assert mine.layers[0].hd == 32  # the head width follows the head count
    one(run(planted, path), 4, 2)


GPT2 = dict(
    architectures=["GPT2Model"], vocab_size=96, n_positions=32, n_embd=64, n_layer=2, n_head=4
)

_GPT2_TOP = """
import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, CTX, D, HEADS, LAYERS = 96, 32, 64, 4, 2
INNER = {mult} * D
"""

GPT2_LINEAR = (
    _GPT2_TOP
    + """

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.c_attn, self.c_proj = nn.Linear(D, 3 * D), nn.Linear(D, D)
        self.c_fc, self.c_out = nn.Linear(D, INNER), nn.Linear(INNER, D)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(d, -1)
        q, k, v = (z.view(b, t, HEADS, -1).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.c_proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.c_out(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(VOCAB, D), nn.Embedding(CTX, D)
        self.h = nn.ModuleList(Block() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(D)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x)
"""
)

GPT2_MATRICES = (
    _GPT2_TOP
    + """

class Conv(nn.Module):
    \"\"\"x @ W + b with W stored [in, out], as the original TF port keeps it.\"\"\"

    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(n_in, n_out))
        self.bias = nn.Parameter(torch.zeros(n_out))

    def forward(self, x):
        return x @ self.weight + self.bias


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.attn_in, self.attn_out = Conv(D, 3 * D), Conv(D, D)
        self.fc_in, self.fc_out = Conv(D, INNER), Conv(INNER, D)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.attn_in(self.ln_1(x)).split(d, -1)
        q, k, v = (z.view(b, t, HEADS, -1).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.attn_out(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc_out(F.gelu(self.fc_in(self.ln_2(x)), approximate="tanh"))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(VOCAB, D), nn.Embedding(CTX, D)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(D)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.blocks:
            x = blk(x)
        return self.ln_f(x)
"""
)


GPT2_POINTWISE = (
    _GPT2_TOP
    + """

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.c_attn, self.c_proj = nn.Conv1d(D, 3 * D, 1), nn.Conv1d(D, D, 1)
        self.c_fc, self.mlp_proj = nn.Conv1d(D, INNER, 1), nn.Conv1d(INNER, D, 1)

    def forward(self, x):
        b, t, d = x.shape
        h = self.c_attn(self.ln_1(x).transpose(1, 2)).transpose(1, 2)
        q, k, v = (z.view(b, t, HEADS, -1).transpose(1, 2) for z in h.split(d, -1))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        y = y.transpose(1, 2).reshape(b, t, d).transpose(1, 2)
        x = x + self.c_proj(y).transpose(1, 2)
        h = F.gelu(self.c_fc(self.ln_2(x).transpose(1, 2)), approximate="tanh")
        return x + self.mlp_proj(h).transpose(1, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(VOCAB, D), nn.Embedding(CTX, D)
        self.h = nn.ModuleList(Block() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(D)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for blk in self.h:
            x = blk(x)
        return self.ln_f(x)
"""
)


@pytest.mark.parametrize(
    "src", [GPT2_LINEAR, GPT2_MATRICES, GPT2_POINTWISE], ids=["linear", "matrices", "pointwise"]
)
def test_mlp_width_of_bare_matrices(tmp_path, src):
    """transformers' GPT-2 keeps its projections as ``Conv1D`` (bare ``[in, out]`` weights, no
    layer width to read): its MLP width (``n_inner`` unset: 4 x 64 = 256) is the one size both
    a ``[D, X]`` and an ``[X, D]`` matrix hold. A code whose MLP is 3 x 64 = 192 wide (the
    fused q|k|v's width too, so the layers cannot be aligned by shape) gives one finding,
    256 vs 192, not missing and extra layers (fresh16's ``gpt2_sequential_ordereddict``). A
    pointwise ``nn.Conv1d(d, w, 1)`` is a linear over the channels: its width is read as a
    ``Linear``'s (fresh14's ``gpt2_conv1x1``)."""
    cfg, path = config(tmp_path, "cfg", "GPT2Config", **GPT2)
    clean = write(tmp_path, "clean.py", src.format(mult=4))
    mine, hf = torch_pair(clean, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert hf.h[0].mlp.c_fc.weight.shape == (64, 256)
    assert run(clean, path) == []
    planted = write(tmp_path, "planted.py", src.format(mult=3))
    mine, _ = torch_pair(planted, cfg, auto="AutoModel")
    assert count(mine) == count(hf) - 2 * (2 * 64 * 64 + 64)
    one(run(planted, path), 256, 192)


EINSUM_LLAMA = """
import torch
from torch import nn

DIM, HEADS, KV, LAYERS, VOCAB, FFN = 64, 4, {kv}, 2, 96, 128
HEAD = DIM // HEADS


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.w = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_norm, self.mlp_norm = RMSNorm(DIM), RMSNorm(DIM)
        self.wq = nn.Parameter(torch.zeros(DIM, HEADS, HEAD))
        self.wk = nn.Parameter(torch.zeros(DIM, KV, HEAD))
        self.wv = nn.Parameter(torch.zeros(DIM, KV, HEAD))
        self.wo = nn.Parameter(torch.zeros(HEADS, HEAD, DIM))
        self.w_gate = nn.Parameter(torch.zeros(DIM, FFN))
        self.w_up = nn.Parameter(torch.zeros(DIM, FFN))
        self.w_down = nn.Parameter(torch.zeros(FFN, DIM))

    def forward(self, x):
        h = self.attn_norm(x)
        q = torch.einsum("btd,dhk->bhtk", h, self.wq)
        k = torch.einsum("btd,dhk->bhtk", h, self.wk).repeat_interleave(HEADS // KV, 1)
        v = torch.einsum("btd,dhk->bhtk", h, self.wv).repeat_interleave(HEADS // KV, 1)
        s = torch.einsum("bhqk,bhsk->bhqs", q, k) / HEAD**0.5
        t = x.shape[1]
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        o = torch.einsum("bhqs,bhsk->bhqk", s.softmax(-1), v)
        x = x + torch.einsum("bhtk,hkd->btd", o, self.wo)
        h = self.mlp_norm(x)
        g = torch.einsum("btd,df->btf", h, self.w_gate)
        u = torch.einsum("btd,df->btf", h, self.w_up)
        return x + torch.einsum("btf,fd->btd", nn.functional.silu(g) * u, self.w_down)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_embeddings = nn.Embedding(VOCAB, DIM)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = RMSNorm(DIM)
        self.output = nn.Linear(DIM, VOCAB, bias=False)

    def forward(self, ids):
        x = self.tok_embeddings(ids)
        for b in self.blocks:
            x = b(x)
        return self.output(self.norm(x))
"""

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)


@pytest.mark.parametrize(("kv", "claim"), [(4, 2), (2, 4)], ids=["full-vs-2", "gqa-vs-4"])
def test_kv_claim_against_head_shaped_kernels(tmp_path, kv, claim):
    """Attention held as head-shaped einsum kernels (``wk`` ``[D, kv, head_dim]``, ``wo``
    ``[heads, head_dim, D]``) against a config whose KV-head count differs: the kernels'
    widths give the code's KV heads, and where the two parameter totals differ by exactly
    what the KV heads change (K and V, per layer), the layout's missing/extra layers are that
    claim's consequences: one finding, both counts (fresh13's ``llama_next_ladder`` and
    fresh14's ``llama_jax_param_tree`` config plants)."""
    cfg, path = config(tmp_path, "cfg", "LlamaConfig", num_key_value_heads=kv, **LLAMA)
    code = write(tmp_path, "m.py", EINSUM_LLAMA.format(kv=kv))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    other, other_path = config(tmp_path, "cfg2", "LlamaConfig", num_key_value_heads=claim, **LLAMA)
    _, hf2 = torch_pair(code, other)
    assert count(mine) - count(hf2) == 2 * 2 * (kv - claim) * 16 * 64
    one(run(code, other_path), claim, kv)
