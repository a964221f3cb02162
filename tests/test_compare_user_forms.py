"""Users' ways of writing a model that the comparison reads (issue #17, session 10, from the
re-implementation set ``benchmarks/reimpl/fresh2``): each is checked against torch where it
claims a value, and a planted change beside it is one finding holding both values.

- sizes held in an ``enum.IntEnum`` reach the graph as plain ints (``abstract.graph_value``);
- ``einops.layers.torch.Rearrange`` inside ``nn.Sequential`` and ``Tensor.unflatten`` split the
  heads as ``view`` does; a ``(heads, -1)`` split takes its head width from the ``Linear`` it
  splits (``canon.Item.src_width``);
- a per-stage config claim (Swin's ``num_heads = [2, 4]``) is honoured by the code that builds
  those heads stage by stage (``unread._per_stage``);
- a ``cfg: Settings | None = None`` parameter whose class the config's keys do not cover keeps
  the code's own fallback (``analyze._covers``); several top-level classes: the largest is the
  code side (``sides._largest_root``); a user class named like a transformers base class is
  matched by structure (``sides.code_against_config``);
- a plain hyperparameter object's fields are values the module holds, ``window`` among them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftcheck.drift import drift, load_sides
from driftcheck.drift.unread import _per_stage
from driftcheck.graph.match import compare
from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")

ENUM_HEADS = """
import enum
import torch
import torch.nn as nn
from einops import einsum
from einops.layers.torch import Rearrange


class Size(enum.IntEnum):
    HIDDEN = 48
    HEADS = 4


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        h = Size.HEADS
        self.q = nn.Sequential(nn.Linear(Size.HIDDEN, Size.HIDDEN), Rearrange("b t (h d) -> b h t d", h=h))
        self.k = nn.Sequential(nn.Linear(Size.HIDDEN, Size.HIDDEN), Rearrange("b t (h d) -> b h t d", h=h))
        self.v = nn.Sequential(nn.Linear(Size.HIDDEN, Size.HIDDEN), Rearrange("b t (h d) -> b h t d", h=h))
        self.merge = Rearrange("b h t d -> b t (h d)")
        self.o = nn.Linear(Size.HIDDEN, Size.HIDDEN)
        self.up = nn.Linear(Size.HIDDEN, 2 * Size.HIDDEN)
        self.down = nn.Linear(2 * Size.HIDDEN, Size.HIDDEN)

    def forward(self, x):
        q, k, v = self.q(x), self.k(x), self.v(x)
        s = einsum(q, k, "b h i d, b h j d -> b h i j")
        y = self.o(self.merge(einsum(s.softmax(-1), v, "b h i j, b h j d -> b h i d")))
        return x + y + self.down(self.up(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, Size.HIDDEN)
        self.layers = nn.Sequential(*[Attn() for _ in range(2)])

    def forward(self, ids):
        return self.layers(self.emb(ids))
"""

UNFLATTEN_KV = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attn(nn.Module):
    def __init__(self, kv=2):
        super().__init__()
        self.q_proj = nn.Linear(64, 64)
        self.k_proj = nn.Linear(64, kv * 8)
        self.o_proj = nn.Linear(64, 64)
        self.kv = kv

    def forward(self, x):
        q = self.q_proj(x).unflatten(-1, (8, 8)).transpose(1, 2)
        k = self.k_proj(x).unflatten(-1, (self.kv, 8)).transpose(1, 2)
        k = k.repeat_interleave(8 // self.kv, 1)
        y = F.scaled_dot_product_attention(q, k, k, is_causal=True)
        return self.o_proj(y.transpose(1, 2).flatten(2))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 64)
        self.layers = nn.ModuleList([Attn(KV) for _ in range(2)])

    def forward(self, ids):
        x = self.emb(ids)
        for m in self.layers:
            x = x + m(x)
        return x
"""


def _run(path: Path, ids=None):
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"ucf_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    m = mod.Model() if hasattr(mod, "Model") else None
    if m is not None and ids is not None:
        m(ids)
    return m


def _findings(a: Path, b: Path) -> list:
    return [f for f in compare(parse_source(str(a)), parse_source(str(b))) if f.severity.rank >= 1]


def test_enum_sizes_are_plain_ints_and_a_rearrange_layer_splits_heads(tmp_path):
    pytest.importorskip("einops")
    pa, pb = tmp_path / "a.py", tmp_path / "b.py"
    pa.write_text(ENUM_HEADS)
    pb.write_text(ENUM_HEADS.replace("HEADS = 4", "HEADS = 6"))
    for p, heads in ((pa, 4), (pb, 6)):  # runs in torch, heads as written
        m = _run(p, torch.randint(0, 100, (2, 5)))
        assert dict(m.layers[0].q[1].axes_lengths) == {"h": heads}
    g = parse_source(str(pa))
    for n in g.nodes:
        for v in n.params.values():
            assert not isinstance(v, int) or type(v) in (int, bool), (n.id, type(v))
    fs = _findings(pa, pb)
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": 4, "right": 6}


def test_tensor_unflatten_splits_heads(tmp_path):
    pa, pb = tmp_path / "a.py", tmp_path / "b.py"
    pa.write_text("KV = 2\n" + UNFLATTEN_KV)
    pb.write_text("KV = 4\n" + UNFLATTEN_KV)
    for p, kv in ((pa, 2), (pb, 4)):
        m = _run(p, torch.randint(0, 100, (2, 5)))
        assert m.layers[0].k_proj.out_features == kv * 8
    types = {n.type for n in parse_source(str(pa)).nodes}
    assert "Unflatten" in types
    fs = _findings(pa, pb)
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": 2, "right": 4}


def test_per_stage_claim():
    assert _per_stage([2, 4], [2, 4])
    assert _per_stage([[2, 4]], [2, 4])
    assert _per_stage([2, 2, 4, 4], [2, 4])
    assert not _per_stage([2, 4], [2, 8])
    assert not _per_stage([4, 2], [2, 4])
    assert not _per_stage([2, 4], 4)


LLAMA_CONFIG = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "vocab_size": 128,
    "hidden_size": 32,
    "intermediate_size": 64,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "rms_norm_eps": 1e-6,
    "tie_word_embeddings": False,
    "max_position_embeddings": 64,
}

SETTINGS_MODEL = """
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Settings:
    vocab_size: int = 128
    hidden_size: int = 32
    intermediate_size: int = 64
    layers: int = 2
    heads: int = 4
    num_key_value_heads: int = KV
    eps: float = 1e-6


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        hd = c.hidden_size // c.heads
        self.input_layernorm = RMSNorm(c.hidden_size, c.eps)
        self.q_proj = nn.Linear(c.hidden_size, c.heads * hd, bias=False)
        self.k_proj = nn.Linear(c.hidden_size, c.num_key_value_heads * hd, bias=False)
        self.v_proj = nn.Linear(c.hidden_size, c.num_key_value_heads * hd, bias=False)
        self.o_proj = nn.Linear(c.heads * hd, c.hidden_size, bias=False)
        self.post_attention_layernorm = RMSNorm(c.hidden_size, c.eps)
        self.gate_proj = nn.Linear(c.hidden_size, c.intermediate_size, bias=False)
        self.up_proj = nn.Linear(c.hidden_size, c.intermediate_size, bias=False)
        self.down_proj = nn.Linear(c.intermediate_size, c.hidden_size, bias=False)

    def forward(self, x):
        h = self.input_layernorm(x)
        x = x + self.o_proj(self.q_proj(h))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class HEADNAME(nn.Module):
    def __init__(self, cfg: Settings | None = None):
        super().__init__()
        cfg = cfg or Settings()
        self.embed_tokens = nn.Embedding(cfg.vocab_size, cfg.hidden_size)
        self.layers = nn.ModuleList([Block(cfg) for _ in range(cfg.layers)])
        self.norm = RMSNorm(cfg.hidden_size, cfg.eps)
        self.lm_head = nn.Linear(cfg.hidden_size, cfg.vocab_size, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for blk in self.layers:
            x = blk(x)
        return self.lm_head(self.norm(x))


class Helper(nn.Module):
    def __init__(self, emb: nn.Embedding):
        super().__init__()
        self.emb = emb
"""


def _pair(tmp_path: Path, kv: int, name: str = "Decoder") -> tuple[str, str]:
    pytest.importorskip("transformers")
    code = tmp_path / "model.py"
    code.write_text(SETTINGS_MODEL.replace("KV", str(kv)).replace("HEADNAME", name))
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(LLAMA_CONFIG))
    return str(code), str(cfg)


def _drift(code: str, cfg: str) -> list:
    return [f for f in drift(load_sides(code, cfg), code, cfg) if f.severity.rank >= 1]


def test_the_code_fallback_config_is_the_model_and_the_largest_class_the_root(tmp_path):
    """``Settings`` has fields the config does not name (``layers``, ``heads``, ``eps``): the
    config is not bound to it, ``Settings()`` is what the model is built from, so a KV-head
    count written there is found; the unused ``Helper`` class does not make the file
    ambiguous (the model holds the most parameters)."""
    code, cfg = _pair(tmp_path, 2)
    import importlib.util

    spec = importlib.util.spec_from_file_location("ucf_settings", code)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.Decoder().layers[0].k_proj.out_features == 2 * 8
    assert _drift(code, cfg) == []
    code, cfg = _pair(tmp_path, 1)
    spec = importlib.util.spec_from_file_location("ucf_settings1", code)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.Decoder().layers[0].k_proj.out_features == 1 * 8
    fs = _drift(code, cfg)
    assert len(fs) == 1, [f.message for f in fs]
    assert fs[0].values == {"left": 8, "right": 16}  # k/v widths: 1 and 2 KV heads of 8


def test_a_user_class_named_like_a_transformers_base_class(tmp_path):
    """``LlamaModel`` written by a user with its own LM head, against a config whose
    ``architectures`` is ``LlamaForCausalLM``: the reference is the class closest in
    structure, so the head is no finding."""
    code, cfg = _pair(tmp_path, 2, "LlamaModel")
    assert _drift(code, cfg) == []


WINDOW = """
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class HP:
    width: int = 32
    window: int = WIN


class Attn(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.proj = nn.Linear(hp.width, hp.width)

    def forward(self, x):
        i = torch.arange(x.shape[1])
        keep = (i[None] <= i[:, None]) & (i[:, None] - i[None] < self.hp.window)
        return self.proj(x) * keep.sum()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Attn(HP()) for _ in range(2)])
"""


def test_a_window_held_in_a_hyperparameter_object_is_a_use(tmp_path):
    p = tmp_path / "w.py"
    p.write_text(WINDOW.replace("WIN", "96"))
    uses = {(u.key, u.value) for u in parse_source(str(p)).uses}
    assert ("slidingWindow", 96) in uses
