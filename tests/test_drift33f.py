"""Falcon's grouped fused q|k|v read as head counts (session 33, falcon33).

A projection ``g * (per + 2) * head_dim`` wide viewed ``(b, t, g, per + 2, head_dim)`` and cut
apart on its middle axis into ``[:per]``, ``[per:per + 1]``, ``[per + 1:]`` (transformers'
``FalconAttention._split_heads`` with ``new_decoder_architecture``, written with slices) holds
``g * per`` query heads and ``g`` key/value heads of ``head_dim``. Ground truth is torch: the
code's parameter count is transformers' ``FalconModel``'s for the same config, its own forward's
q/k/v tensors have those head counts, and transformers' attention holds the same
``num_heads`` / ``num_kv_heads`` / ``head_dim``. Splits that are not so cut (an index cut, a
NeoX-style ``(3, heads, head_dim)`` view) give no such reading.
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.graph.match.canon import canonical
from driftcheck.graph.match.derive import derive
from driftcheck.parsers.source import parse_source
from tests.drift_support import config, count, hf_model, run, write

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

CODE = """
import torch
from torch import nn

VOCAB, HIDDEN, LAYERS, HEADS, KV = 1024, 64, 2, {heads}, {kv}
HD = HIDDEN // HEADS
SEEN = {{}}


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query_key_value = nn.Linear(HIDDEN, (HEADS + 2 * KV) * HD, bias=False)
        self.dense = nn.Linear(HEADS * HD, HIDDEN, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        per = HEADS // KV
        qkv = self.query_key_value(x).view(b, t, {groups}, per + 2, HD)
        q = qkv[:, :, :, :per]
        k = qkv[:, :, :, per : per + 1]
        v = qkv[:, :, :, per + 1 :]
        SEEN["q"], SEEN["k"] = q.flatten(2, 3).shape[2], k.flatten(2, 3).shape[2]
        k = k.expand(b, t, KV, per, HD)
        v = v.expand(b, t, KV, per, HD)
        q, k, v = (z.reshape(b, t, HEADS, HD).transpose(1, 2) for z in (q, k, v))
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_attn = nn.LayerNorm(HIDDEN)
        self.ln_mlp = nn.LayerNorm(HIDDEN)
        self.self_attention = Attention()
        self.up = nn.Linear(HIDDEN, 4 * HIDDEN, bias=False)
        self.down = nn.Linear(4 * HIDDEN, HIDDEN, bias=False)

    def forward(self, x):
        a = self.self_attention(self.ln_attn(x))
        m = self.down(nn.functional.gelu(self.up(self.ln_mlp(x))))
        return x + a + m


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(VOCAB, HIDDEN)
        self.h = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(HIDDEN)

    def forward(self, ids):
        x = self.word_embeddings(ids)
        for layer in self.h:
            x = layer(x)
        return self.ln_f(x)
"""


def _code(tmp_path, heads=8, kv=2, groups="KV"):
    return write(
        tmp_path, f"falcon_{heads}_{kv}.py", CODE.format(heads=heads, kv=kv, groups=groups)
    )


def _cfg(tmp_path, heads=8, kv=2, name="cfg"):
    return config(
        tmp_path,
        name,
        "FalconConfig",
        vocab_size=1024,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=heads,
        num_kv_heads=kv,
        new_decoder_architecture=True,
        bias=False,
        alibi=False,
        parallel_attn=True,
        ffn_hidden_size=256,
    )


def _derived(code) -> dict:
    return {k: d.value for k, d in derive(canonical(parse_source(code))).items()}


@pytest.mark.parametrize(
    ("heads", "kv", "groups"), [(8, 2, "KV"), (8, 2, "-1"), (16, 4, "KV"), (4, 4, "KV")]
)
def test_grouped_fused_split_reads_the_heads_torch_has(tmp_path, heads, kv, groups):
    code = _code(tmp_path, heads, kv, groups)
    cfg, _ = _cfg(tmp_path, heads, kv)
    hf = hf_model(cfg, "FalconModel")
    att = hf.h[0].self_attention
    assert (att.num_heads, att.num_kv_heads, att.head_dim) == (heads, kv, 64 // heads)
    ns = runpy.run_path(str(code), run_name="__d33f__")
    mine = ns["M"]()
    assert count(mine) == count(hf)
    mine(torch.zeros(1, 3, dtype=torch.long))  # CPU: the code's own q / k heads
    assert (ns["SEEN"]["q"], ns["SEEN"]["k"]) == (heads, kv)
    got = _derived(code)
    assert (got.get("numHeads"), got.get("numKvHeads"), got.get("headDim")) == (
        heads,
        kv,
        64 // heads,
    )


def test_clean_pair_is_quiet_and_a_config_kv_change_is_found(tmp_path):
    code = _code(tmp_path)
    _, clean = _cfg(tmp_path)
    assert run(code, clean) == []
    _, planted = _cfg(tmp_path, kv=1, name="planted")
    found = [f for f in run(code, planted) if "numKvHeads" in (f.attribute or "")]
    assert len(found) == 1, [f.message for f in run(code, planted)]
    vals = {repr(v) for v in (found[0].values or {}).values()}
    assert {"2", "1"} <= vals, found[0].message


NEOX = """
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(64, 3 * 64, bias=False)
        self.out = nn.Linear(64, 64, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv(x).view(b, t, 3, {view}, 8)
        q, k, v = {cuts}
        y = nn.functional.scaled_dot_product_attention(q, k, v)
        return self.out(y.reshape(b, t, -1)[..., :64])
"""


@pytest.mark.parametrize(
    ("view", "cuts"),
    [
        # NeoX-style (3, heads, d): the first new axis is cut, not the middle one
        ("8", "qkv[:, :, 0:1], qkv[:, :, 1:2], qkv[:, :, 2:3]"),
        # the middle axis cut, but not whole (a part of the heads left out)
        ("8", "qkv[:, :, :, :6], qkv[:, :, :, 6:7], qkv[:, :, :, 6:7]"),
    ],
)
def test_other_three_axis_views_give_no_grouped_reading(tmp_path, view, cuts):
    code = write(tmp_path, "neox.py", NEOX.format(view=view, cuts=cuts))
    ns = runpy.run_path(str(code), run_name="__d33f__")
    ns["M"]()(torch.zeros(1, 2, 64))  # CPython and torch run it
    got = _derived(code)
    assert got.get("numKvHeads") != 1 and got.get("numHeads") != 6, got
