"""Drift between re-implementations and their configs (session 27, issue #17).

Shown on code written here (not the corpus's): torch builds the code and transformers' model
for the same config and counts both; the comparison says nothing on the clean pair and one
finding holding both values where one size differs.
"""

from __future__ import annotations

import runpy

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


# ------------------------------------------------- a ViT whose layers are stacked weights
# Per-layer weights stacked on a leading layer axis (a port of a ``lax.scan`` model): torch
# registers the module's own Parameters before its submodules, so the stack stands before the
# patch convolution assigned first; the patch and image sizes are read all the same.
SCAN_VIT = """
import torch
import torch.nn as nn
import torch.nn.functional as F

LAYERS, WIDTH, HEADS, FFN, PATCH, IMAGE = 2, 32, 4, 64, 8, 32


def per_layer(*shape, fill=None):
    w = torch.empty(LAYERS, *shape)
    if fill is None:
        nn.init.normal_(w, std=0.02)
    else:
        nn.init.constant_(w, fill)
    return nn.Parameter(w)


class ScanViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.to_patches = nn.Conv2d(3, WIDTH, PATCH, stride=PATCH)
        grid = IMAGE // PATCH
        self.cls_token = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.positions = nn.Parameter(torch.zeros(1, grid * grid + 1, WIDTH))
        self.n1_w, self.n1_b = per_layer(WIDTH, fill=1.0), per_layer(WIDTH, fill=0.0)
        self.q_w, self.q_b = per_layer(WIDTH, WIDTH), per_layer(WIDTH, fill=0.0)
        self.k_w, self.k_b = per_layer(WIDTH, WIDTH), per_layer(WIDTH, fill=0.0)
        self.v_w, self.v_b = per_layer(WIDTH, WIDTH), per_layer(WIDTH, fill=0.0)
        self.o_w, self.o_b = per_layer(WIDTH, WIDTH), per_layer(WIDTH, fill=0.0)
        self.n2_w, self.n2_b = per_layer(WIDTH, fill=1.0), per_layer(WIDTH, fill=0.0)
        self.f1_w, self.f1_b = per_layer(FFN, WIDTH), per_layer(FFN, fill=0.0)
        self.f2_w, self.f2_b = per_layer(WIDTH, FFN), per_layer(WIDTH, fill=0.0)
        self.final = nn.LayerNorm(WIDTH, eps=1e-12)
        self.pool = nn.Linear(WIDTH, WIDTH)

    def block(self, x, i):
        b, t, d = x.shape
        h = F.layer_norm(x, (d,), self.n1_w[i], self.n1_b[i], 1e-12)
        q = F.linear(h, self.q_w[i], self.q_b[i]).view(b, t, HEADS, -1).transpose(1, 2)
        k = F.linear(h, self.k_w[i], self.k_b[i]).view(b, t, HEADS, -1).transpose(1, 2)
        v = F.linear(h, self.v_w[i], self.v_b[i]).view(b, t, HEADS, -1).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, d)
        x = x + F.linear(a, self.o_w[i], self.o_b[i])
        h = F.layer_norm(x, (d,), self.n2_w[i], self.n2_b[i], 1e-12)
        return x + F.linear(F.gelu(F.linear(h, self.f1_w[i], self.f1_b[i])), self.f2_w[i], self.f2_b[i])

    def forward(self, pixels):
        x = self.to_patches(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.positions
        for i in range(LAYERS):
            x = self.block(x, i)
        x = self.final(x)
        return x, torch.tanh(self.pool(x[:, 0]))
"""

VIT_CFG = dict(
    hidden_size=32,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=64,
    image_size=32,
    patch_size=8,
    architectures=["ViTModel"],
)


def test_scanned_vit_counts_equal_transformers(tmp_path):
    code = _write(tmp_path, "scan_vit.py", SCAN_VIT)
    cfg, path = _config(tmp_path, "cfg", "ViTConfig", **VIT_CFG)
    assert _count(_mine(code, "ScanViT")) == _count(_hf(cfg, "ViTModel"))
    assert _run(code, path) == []


def test_scanned_vit_image_size_is_one_finding(tmp_path):
    code = _write(tmp_path, "scan_vit.py", SCAN_VIT)
    cfg, path = _config(tmp_path, "cfg", "ViTConfig", **{**VIT_CFG, "image_size": 64})
    # torch: the config's position table has (64 / 8) ** 2 + 1 rows, the code's 17
    hf = _hf(cfg, "ViTModel")
    assert hf.embeddings.position_embeddings.shape[1] == 65
    assert _mine(code, "ScanViT").positions.shape[1] == 17
    _one(_run(code, path), 32, 64)


def test_scanned_vit_patch_size_is_one_finding(tmp_path):
    code = _write(
        tmp_path,
        "scan_vit.py",
        SCAN_VIT.replace(
            "PATCH, IMAGE = 2, 32, 4, 64, 8, 32", "PATCH, IMAGE = 2, 32, 4, 64, 4, 32"
        ),
    )
    cfg, path = _config(tmp_path, "cfg", "ViTConfig", **VIT_CFG)
    mine = _mine(code, "ScanViT")
    assert mine.to_patches.kernel_size == (4, 4) and mine.positions.shape[1] == 65
    f = _one(_run(code, path), 4, 8)
    assert "patch" in f.message.lower()


# --------------------------------------------- a norm's epsilon as a function's parameter
# ``def rms(x, weight, tiny=SMALL)``: the parameter added to a mean under ``rsqrt`` is the
# epsilon torch computes the normalisation with (its default here, the caller passing none),
# whatever its name.
LLAMA_FN = """
import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, WIDTH, FFN, LAYERS, HEADS, KV = 64, 32, 48, 2, 4, 2
SMALL = 1e-6


def rms(x, weight, tiny=SMALL):
    var = x.pow(2).mean(-1, keepdim=True)
    return weight * (x * torch.rsqrt(var + tiny))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hd = WIDTH // HEADS
        self.attn_norm = nn.Parameter(torch.ones(WIDTH))
        self.q_proj = nn.Linear(WIDTH, HEADS * hd, bias=False)
        self.k_proj = nn.Linear(WIDTH, KV * hd, bias=False)
        self.v_proj = nn.Linear(WIDTH, KV * hd, bias=False)
        self.o_proj = nn.Linear(HEADS * hd, WIDTH, bias=False)
        self.mlp_norm = nn.Parameter(torch.ones(WIDTH))
        self.gate_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.up_proj = nn.Linear(WIDTH, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = rms(x, self.attn_norm)
        q = self.q_proj(h).view(b, t, HEADS, -1).transpose(1, 2)
        k = self.k_proj(h).view(b, t, KV, -1).transpose(1, 2)
        v = self.v_proj(h).view(b, t, KV, -1).transpose(1, 2)
        k = k.repeat_interleave(HEADS // KV, 1)
        v = v.repeat_interleave(HEADS // KV, 1)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o_proj(a.transpose(1, 2).reshape(b, t, -1))
        h = rms(x, self.mlp_norm)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Llama(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList([Block() for _ in range(LAYERS)])
        self.norm = nn.Parameter(torch.ones(WIDTH))
        self.lm_head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(rms(x, self.norm))
"""

LLAMA_CFG = dict(
    vocab_size=64,
    hidden_size=32,
    intermediate_size=48,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    tie_word_embeddings=False,
    rms_norm_eps=1e-6,
    architectures=["LlamaForCausalLM"],
)


def test_norm_eps_parameter_default_is_torchs_epsilon(tmp_path):
    code = _write(tmp_path, "llama_fn.py", LLAMA_FN.replace("SMALL = 1e-6", "SMALL = 1e-2"))
    ns = runpy.run_path(str(code), run_name="__d27__")
    x, w = torch.randn(3, 32), torch.rand(32)
    want = torch.nn.functional.rms_norm(x, (32,), w, eps=1e-2)
    assert torch.allclose(ns["rms"](x, w), want, atol=1e-6)
    assert not torch.allclose(ns["rms"](x, w), torch.nn.functional.rms_norm(x, (32,), w, 1e-6))


def test_norm_eps_parameter_clean_and_planted(tmp_path):
    cfg, path = _config(tmp_path, "cfg", "LlamaConfig", **LLAMA_CFG)
    clean = _write(tmp_path, "llama_fn.py", LLAMA_FN)
    assert _count(_mine(clean, "Llama")) == _count(_hf(cfg, "LlamaForCausalLM"))
    assert _run(clean, path) == []
    planted = _write(tmp_path, "llama_fn2.py", LLAMA_FN.replace("SMALL = 1e-6", "SMALL = 1e-2"))
    _one(_run(planted, path), 1e-2, 1e-6)


# ------------------------------------------------- per-stage spatial reduction ratios (PvT)
PVT_CFG = dict(
    num_channels=3, num_encoder_blocks=2, depths=[1, 1], sequence_reduction_ratios=[2, 1],
    hidden_sizes=[16, 32], patch_sizes=[4, 2], strides=[4, 2], num_attention_heads=[1, 2],
    mlp_ratios=[2, 2], image_size=32,
)  # fmt: skip
PVT_SRC = """
from transformers import PvtConfig, PvtModel

SIZES = {sizes!r}


class Tiny(PvtModel):
    def __init__(self):
        super().__init__(PvtConfig(**SIZES))
"""


def _pvt(tmp_path, **change):
    cfg, cfg_path = _config(tmp_path, "cfg", "PvtConfig", **PVT_CFG, architectures=["PvtModel"])
    code = _write(tmp_path, "tiny.py", PVT_SRC.format(sizes={**PVT_CFG, **change}))
    return cfg, cfg_path, code


def _sr_kernels(model) -> list:
    """torch: each stage's reduction convolution's kernel side, 1 where the stage has none."""
    out = []
    for stage in model.encoder.block:
        convs = [m for n, m in stage.named_modules() if n.endswith("sequence_reduction")]
        out.append(convs[0].kernel_size[0] if convs else 1)
    return out


def test_per_stage_sr_ratios_are_one_finding_holding_both_lists(tmp_path):
    cfg, cfg_path, clean = _pvt(tmp_path)
    assert _sr_kernels(_mine(clean, "Tiny")) == [2, 1] == _sr_kernels(_hf(cfg, "PvtModel"))
    assert _run(clean, cfg_path) == []
    _, _, planted = _pvt(tmp_path, sequence_reduction_ratios=[4, 1])
    assert _sr_kernels(_mine(planted, "Tiny")) == [4, 1]
    f = _one(_run(planted, cfg_path), [4, 1], [2, 1])
    assert f.values["left"] == [4, 1] and f.values["right"] == [2, 1], f.message


def test_per_stage_sr_ratios_and_mlp_ratios_two_plants_two_findings(tmp_path):
    _, cfg_path, planted = _pvt(tmp_path, sequence_reduction_ratios=[4, 1], mlp_ratios=[4, 2])
    found = _run(planted, cfg_path)
    got = {(str(f.values["left"]), str(f.values["right"])) for f in found}
    assert got == {("[4, 1]", "[2, 1]"), ("[4, 2]", "[2, 2]")}, [f.message for f in found]


# ------------------------------------------------------ class tokens in one table (Pixio)
PIXIO_CFG = dict(
    hidden_size=32, num_hidden_layers=2, num_attention_heads=4, mlp_ratio=2, image_size=32,
    patch_size=8, n_cls_tokens=8,
)  # fmt: skip
PIXIO_SRC = """
from transformers import PixioConfig, PixioModel

SIZES = {sizes!r}


class Tiny(PixioModel):
    def __init__(self):
        super().__init__(PixioConfig(**SIZES))
"""


def _cls_rows(model) -> list:
    """torch: the rows of every ``[1, k, D]`` table the model holds, in registration order."""
    return [p.shape[1] for p in model.parameters() if p.dim() == 3 and p.shape[0] == 1]


def test_class_token_count_is_one_finding(tmp_path):
    cfg, cfg_path = _config(
        tmp_path, "cfg", "PixioConfig", **PIXIO_CFG, architectures=["PixioModel"]
    )
    clean = _write(tmp_path, "tiny.py", PIXIO_SRC.format(sizes=PIXIO_CFG))
    assert _count(_mine(clean, "Tiny")) == _count(_hf(cfg, "PixioModel"))
    assert _run(clean, cfg_path) == []
    planted = _write(
        tmp_path, "planted.py", PIXIO_SRC.format(sizes={**PIXIO_CFG, "n_cls_tokens": 4})
    )
    # torch: 4 class-token rows, and the position table 4 rows shorter (16 patches + 4)
    assert sorted(_cls_rows(_mine(planted, "Tiny"))) == [4, 20]
    assert sorted(_cls_rows(_hf(cfg, "PixioModel"))) == [8, 24]
    f = _one(_run(planted, cfg_path), 4, 8)
    assert "numClsTokens" in f.message, f.message
