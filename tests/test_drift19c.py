"""Drift between re-implementations and their configs (session 19c, issue #17).

A convolution's string padding is the int padding torch computes from it: ``padding="valid"``
is ``padding=0`` and ``padding="same"`` with stride 1 and an odd (dilated) kernel is
``d * (k - 1) // 2`` on each side. transformers writes the string (Idefics3's and SigLIP's patch
embedding: ``nn.Conv2d(..., padding="valid")``), a re-implementation the default ``0``: the two
are one convolution and the comparison must not call them a ``padding`` drift.
"""

from __future__ import annotations

import json

import pytest

from driftcheck.graph.match.canon import per_axis
from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


@pytest.mark.parametrize(
    ("string", "kernel", "dilation", "as_int"),
    [("valid", 4, 1, 0), ("same", 3, 1, 1), ("same", 5, 2, 4), ("same", (3, 5), 1, (1, 2))],
)
def test_string_padding_is_its_int(string, kernel, dilation, as_int) -> None:
    # torch: the two spellings give the same output on the same weights
    a = torch.nn.Conv2d(2, 3, kernel, padding=string, dilation=dilation)
    b = torch.nn.Conv2d(2, 3, kernel, padding=as_int, dilation=dilation)
    b.load_state_dict(a.state_dict())
    x = torch.randn(1, 2, 11, 12)
    assert torch.equal(a(x), b(x))
    # static: one canonical value
    base = {"in_channels": 2, "out_channels": 3, "kernel_size": kernel, "dilation": dilation}
    left = per_axis("Conv2d", {**base, "padding": string})
    right = per_axis("Conv2d", {**base, "padding": as_int})
    assert left["padding"] == right["padding"]


def test_same_even_kernel_stays_a_string() -> None:
    """An even kernel pads "same" unevenly (one more on the right): no int equals it."""
    a = torch.nn.Conv2d(2, 3, 4, padding="same")
    x = torch.randn(1, 2, 8, 8)
    assert a(x).shape[-1] == 8
    assert torch.nn.Conv2d(2, 3, 4, padding=1)(x).shape[-1] == 7
    assert (
        per_axis(
            "Conv2d", {"in_channels": 2, "out_channels": 3, "kernel_size": 4, "padding": "same"}
        )["padding"]
        == "same"
    )


NEOX = dict(
    architectures=["GPTNeoXForCausalLM"],
    vocab_size=128,
    hidden_size=64,
    intermediate_size=256,
    num_hidden_layers=2,
    rotary_pct=0.25,
    tie_word_embeddings=False,
)

NEOX_CODE = """
import torch
import torch.nn.functional as F
from torch import nn

V, D, H, FF, L = 128, 64, {heads}, 256, 2


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(D)
        self.post_attention_layernorm = nn.LayerNorm(D)
        self.query_key_value = nn.Linear(D, 3 * D)
        self.dense = nn.Linear(D, D)
        self.dense_h_to_4h = nn.Linear(D, FF)
        self.dense_4h_to_h = nn.Linear(FF, D)

    def forward(self, x):
        b, t, _ = x.shape
        hd = D // H
        qkv = self.query_key_value(self.input_layernorm(x)).view(b, t, H, 3 * hd)
        q, k, v = qkv.permute(0, 2, 1, 3).chunk(3, -1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        attn = self.dense(o.transpose(1, 2).reshape(b, t, -1))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(V, D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.final_layer_norm = nn.LayerNorm(D)
        self.embed_out = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
"""


def test_per_head_fused_qkv_chunked_after_a_permute(tmp_path):
    """GPT-NeoX's fused q|k|v viewed per head as ``(b, t, heads, 3 * head_dim)``, then
    ``permute(0, 2, 1, 3)`` before ``chunk(3, -1)``: the chunk still cuts the head-width axis
    (the permute keeps it last), so the head width is 64 // 4 = 16, not the view's 48 (a
    ``headDim`` drift on a clean pair); a config with 8 heads is one finding, 4 against 8."""
    code = write(tmp_path, "neox_mine.py", NEOX_CODE.format(heads=4))
    cfg, path = config(tmp_path, "clean", "GPTNeoXConfig", num_attention_heads=4, **NEOX)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    ids = torch.zeros(1, 5, dtype=torch.long)
    assert mine.to_empty(device="cpu")(ids).shape == (1, 5, 128)
    assert run(code, path) == []
    _, eight = config(tmp_path, "eight", "GPTNeoXConfig", num_attention_heads=8, **NEOX)
    one(run(code, eight), 4, 8)


LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_attention_heads=4,
    num_key_value_heads=4,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)

NAMESPACE_CODE = """
import types

import torch
import torch.nn.functional as F
from torch import nn

hp = {make}
for _name, _value in (("vocab", 96), ("width", 64), ("depth", {depth}), ("heads", 4), ("ffn", 128)):
    setattr(hp, _name, _value)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d = hp.width
        self.input_layernorm = nn.RMSNorm(d, eps=1e-6)
        self.q_proj = nn.Linear(d, d, bias=False)
        self.k_proj = nn.Linear(d, d, bias=False)
        self.v_proj = nn.Linear(d, d, bias=False)
        self.o_proj = nn.Linear(d, d, bias=False)
        self.post_attention_layernorm = nn.RMSNorm(d, eps=1e-6)
        self.gate_proj = nn.Linear(d, hp.ffn, bias=False)
        self.up_proj = nn.Linear(d, hp.ffn, bias=False)
        self.down_proj = nn.Linear(hp.ffn, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, t, hp.heads, -1).transpose(1, 2)
        k = self.k_proj(h).view(b, t, hp.heads, -1).transpose(1, 2)
        v = self.v_proj(h).view(b, t, hp.heads, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o_proj(o.transpose(1, 2).reshape(b, t, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(hp.vocab, hp.width)
        self.layers = nn.ModuleList(Layer() for _ in range(hp.depth))
        self.norm = nn.RMSNorm(hp.width, eps=1e-6)
        self.lm_head = nn.Linear(hp.width, hp.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


@pytest.mark.parametrize("make", ['types.ModuleType("hp")', "types.SimpleNamespace()"])
def test_namespace_filled_by_a_top_level_setattr_loop(tmp_path, make):
    """The sizes live on a namespace object (``types.ModuleType("hp")`` or an empty
    ``SimpleNamespace()``) that a top-level loop fills with ``setattr(hp, name, value)``, as
    importing the module does. The fill was skipped (the namespace's fields were never
    written), so the depth was unknown and the layers a ``missing-layer`` on a clean pair.
    A deeper code is one ``layer-count`` finding, 3 against the config's 2."""
    code = write(tmp_path, "ns_mine.py", NAMESPACE_CODE.format(make=make, depth=2))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", num_hidden_layers=2, **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    deeper = write(tmp_path, "ns_deeper.py", NAMESPACE_CODE.format(make=make, depth=3))
    f = one(run(deeper, path), 3, 2)
    assert f.kind == "layer-count"


FIELDS_HEAD = """
import dataclasses

import torch
import torch.nn.functional as F
from torch import nn

RAW = {{"vocab": "96", "width": "64", "depth": "{depth}", "heads": "4", "ffn": "128"}}


@dataclasses.dataclass
class Sizes:
    vocab: int
    width: int
    depth: int
    heads: int
    ffn: int


hp = Sizes(**{{f.name: f.type(RAW[f.name]) for f in dataclasses.fields(Sizes)}})
"""


def test_dataclass_built_from_its_fields(tmp_path):
    """A dataclass instance built from ``dataclasses.fields(Sizes)``: each field's ``name``
    picks a string of a raw dump and its ``type`` (``int``) converts it. ``fields()`` was
    unknown, so every size was, and the clean pair a ``missing-layer``. A deeper dump is one
    ``layer-count`` finding, 3 against the config's 2."""
    body = NAMESPACE_CODE.split("class Layer", 1)[1]
    make = lambda depth: FIELDS_HEAD.format(depth=depth) + "\n\nclass Layer" + body  # noqa: E731
    code = write(tmp_path, "fields_mine.py", make(2))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", num_hidden_layers=2, **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    f = one(run(write(tmp_path, "fields_deeper.py", make(3)), path), 3, 2)
    assert f.kind == "layer-count"


MATCH_HEAD = """
import torch
import torch.nn.functional as F
from torch import nn

CARD = {{"vocab": 96, "width": 64, "depth": {depth}, "heads": 4, "ffn": 128, "license": "x"}}

match CARD:
    case {{"vocab": V, "width": W, "depth": N, **rest}}:
        pass
    case _:
        raise ValueError("not a card")


class hp:
    vocab, width, depth, heads, ffn = V, W, N, rest["heads"], rest["ffn"]
"""


def test_module_globals_captured_by_a_match_pattern(tmp_path):
    """Top-level ``match CARD: case {"width": W, **rest}:`` binds ``W`` and ``rest`` in the
    module as the import runs it. Only names assigned inside a case body were known as
    globals, so the captures were unknown and the clean pair a ``missing-layer``. A deeper
    card is one ``layer-count`` finding, 3 against the config's 2."""
    body = NAMESPACE_CODE.split("class Layer", 1)[1]
    make = lambda depth: MATCH_HEAD.format(depth=depth) + "\n\nclass Layer" + body  # noqa: E731
    code = write(tmp_path, "match_mine.py", make(2))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", num_hidden_layers=2, **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    f = one(run(write(tmp_path, "match_deeper.py", make(3)), path), 3, 2)
    assert f.kind == "layer-count"


STAR_HEAD = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, *MIDDLE, FFN = (96, 64, {depth}, 4, 128)
WIDTH, DEPTH, HEADS = MIDDLE


class hp:
    vocab, width, depth, heads, ffn = VOCAB, WIDTH, DEPTH, HEADS, FFN
"""


def test_module_globals_of_a_starred_unpacking(tmp_path):
    """``VOCAB, *MIDDLE, FFN = (96, 64, 2, 4, 128)`` at top level: the names around the
    starred one take the first and last items, ``MIDDLE`` the list between (unpacked again).
    A target with a starred name was left out, so every size was unknown and the clean pair
    a ``missing-layer``. A deeper tuple is one ``layer-count`` finding, 3 against 2."""
    body = NAMESPACE_CODE.split("class Layer", 1)[1]
    make = lambda depth: STAR_HEAD.format(depth=depth) + "\n\nclass Layer" + body  # noqa: E731
    code = write(tmp_path, "star_mine.py", make(2))
    cfg, path = config(tmp_path, "clean", "LlamaConfig", num_hidden_layers=2, **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, path) == []
    f = one(run(write(tmp_path, "star_deeper.py", make(3)), path), 3, 2)
    assert f.kind == "layer-count"


def test_expert_counts_of_a_config_whose_moe_switch_is_off(tmp_path):
    """Doge's config class writes ``num_experts = 16384`` and ``num_experts_per_tok = 64`` by
    default, but its model builds ``DogeMLP`` unless ``is_moe`` is set: with ``is_moe=False``
    the counts build nothing (torch: no expert parameter), so a dense re-implementation that
    never reads them is no ``unread-config-key`` (it was two minor findings on a clean
    pair). With ``is_moe=True`` the counts are claims again."""
    from driftcheck.drift.unread import not_a_claim

    cfg, path = config(
        tmp_path, "dense", "DogeConfig", vocab_size=64, hidden_size=32, intermediate_size=64,
        num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2, is_moe=False,
    )  # fmt: skip
    with torch.device("meta"):
        hf = transformers.AutoModelForCausalLM.from_config(cfg)
    assert not any("expert" in n or "router" in n for n, _ in hf.named_parameters())
    raw = json.loads(path.read_text())
    assert raw["num_experts"] > 0 and raw["is_moe"] is False
    assert not_a_claim(raw, "num_experts") and not_a_claim(raw, "num_experts_per_tok")
    assert not not_a_claim({**raw, "is_moe": True}, "num_experts")
