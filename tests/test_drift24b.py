"""Drift between re-implementations and their configs (session 24, issue #17: fresh21's
development part). Each rule is shown on code written here (not the corpus's): torch builds
the code and transformers' model for the same config and counts both; then the comparison says
nothing on the clean pair and one finding holding both values where one value differs.

- a subclass of a torch layer whose ``forward`` calls ``super().forward`` (transformers'
  channels-first ``ConvNextLayerNorm(nn.LayerNorm)``) holds its weights once: the catalogue
  layer its forward runs, not that layer and its Parameters again;
"""

from __future__ import annotations

import warnings

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


# ------------------------------------------------------------------ ConvNeXt, flat parameters
CONVNEXT_CFG = dict(
    num_channels=3, hidden_sizes=[8, 16], depths=[1, 1], patch_size=2, num_stages=2,
    layer_scale_init_value=0.5,
)  # fmt: skip

FLAT = """
import torch
import torch.nn.functional as F
from torch import nn

CH, PATCH, WIDTHS, DEPTHS = 3, 2, [8, 16], [1, 1]


class Flat(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.ParameterDict()

        def add(key, *shape):
            self.w[key] = nn.Parameter(torch.zeros(*shape))

        add("patch", WIDTHS[0], CH, PATCH, PATCH)
        add("patch_b", WIDTHS[0])
        add("ln0", WIDTHS[0])
        add("ln0_b", WIDTHS[0])
        for i, (d, n) in enumerate(zip(WIDTHS, DEPTHS)):
            if i:
                add(f"down{i}_ln", WIDTHS[i - 1])
                add(f"down{i}_ln_b", WIDTHS[i - 1])
                add(f"down{i}", d, WIDTHS[i - 1], 2, 2)
                add(f"down{i}_b", d)
            for j in range(n):
                k = f"{i}_{j}_"
                add(k + "scale", d)
                add(k + "dw", d, 1, 7, 7)
                add(k + "dw_b", d)
                add(k + "ln", d)
                add(k + "ln_b", d)
                add(k + "up", 4 * d, d)
                add(k + "up_b", 4 * d)
                add(k + "down", d, 4 * d)
                add(k + "down_b", d)
        add("ln_f", WIDTHS[-1])
        add("ln_f_b", WIDTHS[-1])

    def forward(self, x):
        w = self.w
        x = F.conv2d(x, w["patch"], w["patch_b"], stride=PATCH)
        return x
"""


def test_torch_layer_subclass_holds_its_weights_once(tmp_path):
    """transformers' ``ConvNextLayerNorm`` subclasses ``nn.LayerNorm`` and calls
    ``super().forward``: its weights are the LayerNorm's, counted once, so a flat port holding
    every tensor as a bare parameter (as many as torch counts in the HF model) is clean, and a
    changed patch size or channel count is one finding with both values."""
    cfg, cfg_path = _config(tmp_path, "convnext", "ConvNextConfig", **CONVNEXT_CFG)
    code = _write(tmp_path, "flat.py", FLAT)
    hf = _hf(cfg, "ConvNextModel")
    assert _count(_mine(code, "Flat")) == _count(hf)
    assert sum(1 for _ in hf.parameters()) == sum(1 for _ in _mine(code, "Flat").parameters())
    assert _run(code, cfg_path) == []
    head = "CH, PATCH, WIDTHS, DEPTHS = 3, 2,"
    patch = _write(tmp_path, "patch.py", FLAT.replace(head, "CH, PATCH, WIDTHS, DEPTHS = 3, 4,"))
    _one(_run(patch, cfg_path), 4, 2)
    mono = _write(tmp_path, "mono.py", FLAT.replace(head, "CH, PATCH, WIDTHS, DEPTHS = 1, 2,"))
    _one(_run(mono, cfg_path), 1, 3)


def test_flat_port_of_a_staged_network_reads_stage_facts(tmp_path):
    """Against a hierarchical network (stages of residual blocks) a flat port's extra copies of
    one stage's block are that stage's depth, and one stage's width changed with its MLP
    (``4 * d``) is that stage's width: one finding each, as lists per stage (no layer count or
    single width, which a staged network does not have)."""
    kw = {**CONVNEXT_CFG, "depths": [2, 2]}
    cfg, cfg_path = _config(tmp_path, "convnext", "ConvNextConfig", **kw)
    head = "CH, PATCH, WIDTHS, DEPTHS = 3, 2, [8, 16], [1, 1]"
    two = head.replace("[1, 1]", "[2, 2]")
    clean = _write(tmp_path, "clean.py", FLAT.replace(head, two))
    deep = _write(tmp_path, "deep.py", FLAT.replace(head, two.replace("[2, 2]", "[2, 3]")))
    wide = _write(tmp_path, "wide.py", FLAT.replace(head, two.replace("16]", "24]")))
    for code, change in (
        (clean, {}),
        (deep, {"depths": [2, 3]}),
        (wide, {"hidden_sizes": [8, 24]}),
    ):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            same = transformers.ConvNextConfig(**{**kw, **change})
        assert _count(_mine(code, "Flat")) == _count(_hf(same, "ConvNextModel"))
    assert _run(clean, cfg_path) == []
    _one(_run(deep, cfg_path), [2, 3], [2, 2])
    _one(_run(wide, cfg_path), [8, 24], [8, 16])


# ------------------------------------------------------------------ CLIP vision, [N, D] table
CLIPV_CFG = dict(
    hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
    image_size=32, patch_size=8,
)  # fmt: skip

CLIPV = """
import torch
from torch import nn

IMG, PATCH, D, FF, L, H = 32, 8, 32, 64, 2, 4


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(D)
        self.q = nn.Linear(D, D)
        self.k = nn.Linear(D, D)
        self.v = nn.Linear(D, D)
        self.o = nn.Linear(D, D)
        self.ln_2 = nn.LayerNorm(D)
        self.fc = nn.Linear(D, FF)
        self.proj = nn.Linear(FF, D)

    def forward(self, x):
        b, t, _ = x.shape
        y = self.ln_1(x)
        q, k, v = (p(y).view(b, t, H, D // H).transpose(1, 2) for p in (self.q, self.k, self.v))
        a = torch.softmax(q @ k.transpose(-1, -2) * (D // H) ** -0.5, -1) @ v
        x = x + self.o(a.transpose(1, 2).reshape(b, t, D))
        y = self.fc(self.ln_2(x))
        return x + self.proj(y * torch.sigmoid(1.702 * y))


class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        g = IMG // PATCH
        self.cls = nn.Parameter(torch.zeros(D))
        self.pos = nn.Parameter(torch.zeros(g * g + 1, D))
        self.patch = nn.Conv2d(3, D, PATCH, stride=PATCH, bias=False)
        self.ln_pre = nn.LayerNorm(D)
        self.layers = nn.ModuleList([Layer() for _ in range(L)])
        self.ln_post = nn.LayerNorm(D)

    def forward(self, pixels):
        x = self.patch(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], 1, -1), x], 1) + self.pos
        x = self.ln_pre(x)
        for layer in self.layers:
            x = layer(x)
        return self.ln_post(x[:, 0])
"""


def test_position_parameter_beside_class_token_gives_image_size(tmp_path):
    """OpenAI CLIP's ``positional_embedding`` is a bare ``[g * g + 1, D]`` Parameter beside a
    ``[D]`` class token, where transformers keeps an ``nn.Embedding``: the image size is read
    off both tables, so a changed image size is one ``imageSize`` finding with both sizes
    (the table's rows under it), not a table of another size."""
    cfg, cfg_path = _config(tmp_path, "clipv", "CLIPVisionConfig", **CLIPV_CFG)
    code = _write(tmp_path, "clipv.py", CLIPV)
    assert _count(_mine(code, "Tower")) == _count(_hf(cfg, "CLIPVisionModel"))
    assert _run(code, cfg_path) == []
    big = _write(tmp_path, "big.py", CLIPV.replace("= 32, 8, 32, 64", "= 64, 8, 32, 64"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cfg64 = transformers.CLIPVisionConfig(**{**CLIPV_CFG, "image_size": 64})
    assert _count(_mine(big, "Tower")) == _count(_hf(cfg64, "CLIPVisionModel"))
    f = _one(_run(big, cfg_path), 64, 32)
    assert f.values["left"] == 64 and "imageSize" in f.message
