"""Drift between re-implementations and their configs (session 15, issue #17; the eighth
re-implementation set's development part, what drift15c left). Each rule is proven in torch
first, on code written here (not the corpus's): the code builds transformers' parameter count
for the same config and transformers' own model shows the value the rule reads; then the
comparison says nothing on the clean pair and one finding holding both values where the code
differs.

- An MLP declared before the attention (transformers' ``NomicBertLayer``: ``mlp`` then
  ``self_attn``) with attention narrower than the width (``head_dim`` x heads != hidden): the
  last projection back to the width is the attention's output one, so the MLP width read off
  the structure is the attention width. The config's ``intermediate_size`` is one of the
  projections back to the width, so the statement stands: no intermediateSize finding, and a
  heads change is one heads finding (not heads plus a made-up MLP width).
"""

from __future__ import annotations

import runpy
import textwrap
import warnings

import pytest

from driftcheck.drift import drift, load_sides

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

ENCODER = """
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

HP = dict(vocab=100, types=2, width=96, heads=4, head=16, ffn=256, layers=2, theta=1000.0)


def rotate(x, pos, theta):
    half = x.shape[-1] // 2
    freq = theta ** (-torch.arange(half, dtype=torch.float32) / half)
    ang = pos[:, None].float() * freq[None]
    cos, sin = ang.cos(), ang.sin()
    a, b = x[..., :half], x[..., half:]
    return torch.cat((a * cos - b * sin, a * sin + b * cos), -1)


class SelfAttention(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.h, self.d, self.theta = hp["heads"], hp["head"], hp["theta"]
        inner = hp["heads"] * hp["head"]
        self.q = nn.Linear(hp["width"], inner, bias=False)
        self.k = nn.Linear(hp["width"], inner, bias=False)
        self.v = nn.Linear(hp["width"], inner, bias=False)
        self.o = nn.Linear(inner, hp["width"], bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        pos = torch.arange(t)
        q, k, v = (p(x).view(b, t, self.h, self.d).transpose(1, 2) for p in (self.q, self.k, self.v))
        q, k = rotate(q, pos, self.theta), rotate(k, pos, self.theta)
        y = F.scaled_dot_product_attention(q, k, v)
        return self.o(y.transpose(1, 2).reshape(b, t, self.h * self.d))


class Layer(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.attn = SelfAttention(hp)
        self.ln1 = nn.LayerNorm(hp["width"], eps=1e-12)
        self.gate = nn.Linear(hp["width"], hp["ffn"], bias=False)
        self.up = nn.Linear(hp["width"], hp["ffn"], bias=False)
        self.down = nn.Linear(hp["ffn"], hp["width"], bias=False)
        self.ln2 = nn.LayerNorm(hp["width"], eps=1e-12)

    def forward(self, x):
        x = self.ln1(x + self.attn(x))
        return self.ln2(x + self.down(F.silu(self.gate(x)) * self.up(x)))


class M(nn.Module):
    def __init__(self, hp=HP):
        super().__init__()
        self.tok = nn.Embedding(hp["vocab"], hp["width"], padding_idx=0)
        self.seg = nn.Embedding(hp["types"], hp["width"])
        self.ln = nn.LayerNorm(hp["width"], eps=1e-12)
        self.layers = nn.ModuleList(Layer(hp) for _ in range(hp["layers"]))

    def forward(self, ids):
        x = self.ln(self.tok(ids) + self.seg(torch.zeros_like(ids)))
        for layer in self.layers:
            x = layer(x)
        return x
"""

NOMIC = dict(
    hidden_size=96,
    num_attention_heads=4,
    head_dim=16,
    intermediate_size=256,
    num_hidden_layers=2,
    vocab_size=100,
    max_position_embeddings=128,
    type_vocab_size=2,
    layer_norm_eps=1e-12,
    pad_token_id=0,
)


def _setup(tmp_path, code: str, **over):
    try:
        from transformers import NomicBertConfig
    except ImportError:
        pytest.skip("transformers without NomicBert")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cfg = NomicBertConfig(**{**NOMIC, **over})
    cfg.save_pretrained(tmp_path / "cfg")
    path = tmp_path / "encoder.py"
    path.write_text(textwrap.dedent(code))
    with torch.device("meta"):
        mine = runpy.run_path(str(path), run_name="__d15e__")["M"]()
        hf = transformers.NomicBertModel(cfg)
    return cfg, path, tmp_path / "cfg" / "config.json", mine, hf


def _count(model) -> int:
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def _run(code, cfg) -> list:
    fs = drift(load_sides(str(code), str(cfg)), str(code), str(cfg))
    return [f for f in fs if f.severity.rank >= 1]


def test_mlp_first_layer_keeps_stated_mlp_width(tmp_path):
    cfg, code, cfg_path, mine, hf = _setup(tmp_path, ENCODER)
    assert _count(mine) == _count(hf)
    # transformers declares the MLP before the attention, and the attention is narrower than
    # the width: the last Linear back to the width is o_proj (64 in), not down_proj (256 in)
    layer = hf.layers[0]
    back = [m for m in layer.modules() if isinstance(m, torch.nn.Linear) and m.out_features == 96]
    assert back[-1] is layer.self_attn.o_proj and back[-1].in_features == 64
    assert layer.mlp.down_proj.in_features == cfg.intermediate_size == 256
    assert _run(code, cfg_path) == []


def test_mlp_first_layer_heads_change_is_one_finding(tmp_path):
    code = ENCODER.replace("heads=4,", "heads=6,")
    cfg, code, cfg_path, mine, hf = _setup(tmp_path, code)
    assert _count(mine) != _count(hf)
    found = _run(code, cfg_path)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {6, 4}


def test_mlp_first_layer_ffn_change_still_found(tmp_path):
    # the statement stands only where the structure allows it: a code MLP of another width
    # is still one intermediateSize finding holding both widths
    code = ENCODER.replace("ffn=256", "ffn=192")
    cfg, code, cfg_path, mine, hf = _setup(tmp_path, code)
    assert _count(mine) != _count(hf)
    found = _run(code, cfg_path)
    assert len(found) == 1, [f.message for f in found]
    assert {found[0].values["left"], found[0].values["right"]} == {192, 256}
