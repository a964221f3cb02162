"""Drift between re-implementations and their configs (session 28, issue #17).

Shown on code written here (not the corpus's): torch builds the code and transformers' model
for the same config and counts both; the comparison says nothing on the clean pair and one
finding holding both values where one size differs.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.drift_support import config as _config
from tests.drift_support import count as _count
from tests.drift_support import hf_model as _hf
from tests.drift_support import mine as _mine
from tests.drift_support import one_sided as _one
from tests.drift_support import run as _run
from tests.drift_support import write as _write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


# ------------------------------------- an encoder-decoder whose first layers hold the bias
# T5 as users write it: the first layer of each stack owns the bucketed relative-position
# table and the rest reuse its bias, so no two layers of a stack are alike until the second.
# The stacks are a ``ModuleList`` or, in a Flax port's names, a ``ModuleDict`` keyed
# ``layer_0``, ``layer_1``...
T5_MINE = """
import math

import torch
import torch.nn as nn

VOCAB, D, HEADS, DKV, FF = 64, 32, 4, 8, 64
ENC, DEC, BUCKETS, FAR = 2, 2, 32, 128


def stack(layers):
    return nn.ModuleList(layers)


def buckets(rel, both):
    n, out = BUCKETS, torch.zeros_like(rel)
    if both:
        n //= 2
        out = out + (rel > 0).long() * n
        rel = rel.abs()
    else:
        rel = -torch.clamp(rel, max=0)
    near = n // 2
    far = near + (torch.log(rel.float() / near) / math.log(FAR / near) * (n - near)).long()
    return out + torch.where(rel < near, rel, torch.clamp(far, max=n - 1))


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(D))

    def forward(self, x):
        return self.gain * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class Attn(nn.Module):
    def __init__(self, table, causal):
        super().__init__()
        self.wq = nn.Linear(D, HEADS * DKV, bias=False)
        self.wk = nn.Linear(D, HEADS * DKV, bias=False)
        self.wv = nn.Linear(D, HEADS * DKV, bias=False)
        self.wo = nn.Linear(HEADS * DKV, D, bias=False)
        self.causal = causal
        if table:
            self.table = nn.Embedding(BUCKETS, HEADS)

    def bias(self, t):
        rel = torch.arange(t)[None, :] - torch.arange(t)[:, None]
        return self.table(buckets(rel, not self.causal)).permute(2, 0, 1)[None]

    def forward(self, x, mem, bias):
        b, t, _ = x.shape
        s = mem.shape[1]
        q = self.wq(x).view(b, t, HEADS, DKV).transpose(1, 2)
        k = self.wk(mem).view(b, s, HEADS, DKV).transpose(1, 2)
        v = self.wv(mem).view(b, s, HEADS, DKV).transpose(1, 2)
        a = (q @ k.transpose(-1, -2) + bias).softmax(-1) @ v
        return self.wo(a.transpose(1, 2).reshape(b, t, HEADS * DKV))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = Scale()
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return x + self.down(torch.relu(self.up(self.norm(x))))


class Enc(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.norm = Scale()
        self.attn = Attn(first, causal=False)
        self.mlp = Mlp()

    def forward(self, x, bias):
        h = self.norm(x)
        return self.mlp(x + self.attn(h, h, bias))


class Dec(nn.Module):
    def __init__(self, first):
        super().__init__()
        self.norm = Scale()
        self.attn = Attn(first, causal=True)
        self.cross_norm = Scale()
        self.cross = Attn(False, causal=False)
        self.mlp = Mlp()

    def forward(self, y, mem, bias):
        h = self.norm(y)
        y = y + self.attn(h, h, bias)
        y = y + self.cross(self.cross_norm(y), mem, 0.0)
        return self.mlp(y)


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.encoder = stack(Enc(i == 0) for i in range(ENC))
        self.enc_final = Scale()
        self.decoder = stack(Dec(i == 0) for i in range(DEC))
        self.dec_final = Scale()

    def forward(self, src, tgt):
        layers = list(self.encoder.values()) if isinstance(self.encoder, nn.ModuleDict) else list(self.encoder)
        x = self.embed(src)
        bias = layers[0].attn.bias(src.shape[1])
        for layer in layers:
            x = layer(x, bias)
        mem = self.enc_final(x)
        layers = list(self.decoder.values()) if isinstance(self.decoder, nn.ModuleDict) else list(self.decoder)
        y = self.embed(tgt)
        bias = layers[0].attn.bias(tgt.shape[1])
        for layer in layers:
            y = layer(y, mem, bias)
        return (self.dec_final(y) * D**-0.5) @ self.embed.weight.T
"""

T5_CFG = dict(
    vocab_size=64,
    d_model=32,
    d_kv=8,
    num_heads=4,
    d_ff=64,
    num_layers=2,
    num_decoder_layers=2,
    relative_attention_num_buckets=32,
    relative_attention_max_distance=128,
    feed_forward_proj="relu",
    tie_word_embeddings=True,
    architectures=["T5ForConditionalGeneration"],
)

FLAX_STACK = """def stack(layers):
    return nn.ModuleDict({f"layer_{i}": layer for i, layer in enumerate(layers)})"""


def _t5(tmp_path, source=T5_MINE, **sizes):
    line = "ENC, DEC, BUCKETS, FAR = 2, 2, 32, 128"
    new = {"ENC": 2, "DEC": 2, "BUCKETS": 32, "FAR": 128, **sizes}
    assert line in source
    source = source.replace(
        line, "ENC, DEC, BUCKETS, FAR = {ENC}, {DEC}, {BUCKETS}, {FAR}".format(**new)
    )
    return _write(tmp_path, "seq2seq.py", source)


def _flax(source=T5_MINE):
    old = "def stack(layers):\n    return nn.ModuleList(layers)"
    assert old in source
    return source.replace(old, FLAX_STACK)


def _shapes(model) -> Counter:
    """Every parameter's shape, tied ones once (``named_parameters`` dedupes them)."""
    return Counter(tuple(p.shape) for _, p in model.named_parameters())


@pytest.mark.parametrize("flax", [False, True])
def test_t5_mine_counts_equal_transformers_and_is_clean(tmp_path, flax):
    code = _t5(tmp_path, _flax() if flax else T5_MINE)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    mine, hf = _mine(code, "Seq2Seq"), _hf(cfg, "T5ForConditionalGeneration")
    assert _count(mine) == _count(hf)
    assert _shapes(mine) == _shapes(hf)
    out = mine(torch.randint(0, 64, (1, 5)), torch.randint(0, 64, (1, 3)))
    assert out.shape == (1, 3, 64)
    assert _run(code, path) == []


def test_one_decoder_layer_against_two_is_one_count_finding(tmp_path):
    code = _t5(tmp_path, DEC=1)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    # torch: the code's decoder holds one layer (with the table), the config's two
    assert len(_mine(code, "Seq2Seq").decoder) == 1
    assert len(_hf(cfg, "T5ForConditionalGeneration").decoder.block) == 2
    f = _one(_run(code, path), 1, 2)
    assert f.kind == "layer-count"


def test_flax_numbered_dict_stack_depth_is_one_count_finding(tmp_path):
    code = _t5(tmp_path, _flax(), ENC=3)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    mine = _mine(code, "Seq2Seq")
    assert list(mine.encoder) == ["layer_0", "layer_1", "layer_2"]
    assert len(_hf(cfg, "T5ForConditionalGeneration").encoder.block) == 2
    f = _one(_run(code, path), 3, 2)
    assert f.kind == "layer-count"


def test_flax_one_layer_decoder_dict_is_one_count_finding(tmp_path):
    code = _t5(tmp_path, _flax(), DEC=1)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    assert list(_mine(code, "Seq2Seq").decoder) == ["layer_0"]
    _one(_run(code, path), 1, 2)


def test_relative_buckets_swap_is_one_finding(tmp_path):
    code = _t5(tmp_path, BUCKETS=16)
    cfg, path = _config(tmp_path, "cfg", "T5Config", **T5_CFG)
    mine, hf = _mine(code, "Seq2Seq"), _hf(cfg, "T5ForConditionalGeneration")
    # torch: the two models' weights differ in the two bias tables alone, 16 rows against 32
    only_mine, only_hf = _shapes(mine) - _shapes(hf), _shapes(hf) - _shapes(mine)
    assert only_mine == Counter({(16, 4): 2}) and only_hf == Counter({(32, 4): 2})
    _one(_run(code, path), 16, 32)
