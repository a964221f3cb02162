"""Constructs of users' re-implementations (session 11, issue #17, the code side), each
against real torch: the snippet is parsed statically (never imported by the parser), then
imported HERE and built in torch; the static parameter count must equal torch's and the layers
must be typed as torch builds them. One mechanism per test:

- a bare class filled at module level by ``setattr`` in a ``for`` loop (and ``cls.x = v``),
  read back through ``getattr(cfg, name, default)``: the filled values, never the defaults;
- sizes given as class keywords consumed by ``__init_subclass__``;
- a config class made by ``type(name, bases, namespace)``;
- ``ast.literal_eval`` of hydra-style ``key=value`` overrides;
- ``collections.ChainMap`` of override / default dicts;
- an ml_collections-like ``ConfigDict`` (a dict subclass with its own ``__setattr__``);
- patches cut by ``F.unfold`` into a Linear (an ``Unfold`` op; the patch size read off it);
- GPT-NeoX's per-head fused ``[heads, 3 * head_dim]`` view cut by ``chunk(3, -1)`` (the head
  width, not three times it).
"""

from __future__ import annotations

import pytest

from driftcheck.graph.match.canon import canonicalise
from driftcheck.graph.match.derive import derive
from driftcheck.parsers.source import parse_source
from tests.test_source_counts_reparam import both

torch = pytest.importorskip("torch")


def _layers(g) -> dict[str, str]:
    return {n.id: n.type for n in g.nodes}


def _derived(g) -> dict:
    items, _ = canonicalise(g, g)
    return {k: v.value for k, v in derive(items).items()}


SETATTR_LOOP = """
import torch.nn as nn

class cfg:
    pass

for _name, _value in [("dim", 48), ("n_layers", 3), ("vocab", 100)]:
    setattr(cfg, _name, _value)
cfg.hidden = 96

class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.fc1 = nn.Linear(getattr(c, "dim", 768), getattr(c, "hidden", 3072))
        self.fc2 = nn.Linear(getattr(c, "hidden", 3072), getattr(c, "dim", 768))

class Net(nn.Module):
    def __init__(self, c=cfg):
        super().__init__()
        self.emb = nn.Embedding(getattr(c, "vocab", 30522), getattr(c, "dim", 768))
        self.layers = nn.ModuleList(Block(c) for _ in range(getattr(c, "n_layers", 6)))
"""


def test_class_filled_by_setattr_loop_read_through_getattr_defaults(tmp_path):
    got, want = both(tmp_path, SETATTR_LOOP, "Net")
    assert got == want == 100 * 48 + 3 * (48 * 96 + 96 + 96 * 48 + 48)


INIT_SUBCLASS = """
import torch.nn as nn

class Base(nn.Module):
    spec: dict = {}

    def __init_subclass__(cls, **spec):
        super().__init_subclass__()
        cls.spec = {**Base.spec, **spec}

    def __init__(self):
        super().__init__()
        s = self.spec
        self.embed = nn.Embedding(s["vocab"], s["width"])
        self.layers = nn.ModuleList(nn.Linear(s["width"], s["width"]) for _ in range(s["layers"]))
        self.norm = nn.LayerNorm(s["width"], eps=s["eps"])

class Tiny(Base, vocab=50, width=32, layers=2, eps=1e-5):
    pass
"""


def test_init_subclass_class_keywords(tmp_path):
    got, want = both(tmp_path, INIT_SUBCLASS, "Tiny")
    assert got == want == 50 * 32 + 2 * (32 * 32 + 32) + 64


TYPE_CLASS = """
import torch.nn as nn

Args = type("Args", (), dict(vocab=70, hidden=24, layers=3))

class Net(nn.Module):
    def __init__(self, a=Args):
        super().__init__()
        self.embed = nn.Embedding(a.vocab, a.hidden)
        self.layers = nn.ModuleList([nn.Linear(a.hidden, a.hidden) for _ in range(a.layers)])
"""


def test_type_three_arguments_makes_a_class(tmp_path):
    got, want = both(tmp_path, TYPE_CLASS, "Net")
    assert got == want == 70 * 24 + 3 * (24 * 24 + 24)


DOTLIST = """
import ast
import torch.nn as nn

OVERRIDES = ["model.hidden=40", "model.enc.layers=2", "model.eps=1e-5", "model.vocab=90"]

def from_dotlist(items):
    root = {}
    for item in items:
        key, raw = item.split("=", 1)
        *parents, leaf = key.split(".")
        node = root
        for p in parents:
            node = node.setdefault(p, {})
        node[leaf] = ast.literal_eval(raw)
    return root

M = from_dotlist(OVERRIDES)["model"]

class Net(nn.Module):
    def __init__(self, m=M):
        super().__init__()
        self.tok = nn.Embedding(m["vocab"], m["hidden"])
        self.norm = nn.LayerNorm(m["hidden"], eps=m["eps"])
        self.layers = nn.ModuleList([nn.Linear(m["hidden"], m["hidden"])
                                     for _ in range(m["enc"]["layers"])])
"""


def test_literal_eval_of_dotlist_overrides(tmp_path):
    got, want = both(tmp_path, DOTLIST, "Net")
    assert got == want == 90 * 40 + 80 + 2 * (40 * 40 + 40)
    g = parse_source(tmp_path / next(p.name for p in tmp_path.glob("m_*.py")), entry="Net")
    norm = next(n for n in g.nodes if n.id == "norm")
    assert norm.type == "LayerNorm" and norm.params["eps"] == 1e-5


def test_literal_eval_refuses_what_it_would_refuse(tmp_path):
    code = """
import ast
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(ast.literal_eval("2 ** 5"), 4)
"""
    p = tmp_path / "refuse.py"
    p.write_text(code)
    g = parse_source(p, entry="Net")
    assert g.params_total() is None  # a non-literal: unknown, never guessed


CHAINMAP = """
from collections import ChainMap
import torch.nn as nn

DEFAULTS = dict(width=1152, depth=27, eps=1e-6, mlp=4304)
TINY = dict(width=32, depth=2, mlp=80)
H = ChainMap(TINY, DEFAULTS)

class Net(nn.Module):
    def __init__(self, h=H):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(h["width"], eps=h["eps"]), nn.Linear(h["width"], h["mlp"]))
            for _ in range(h["depth"])
        )
"""


def test_chainmap_first_map_wins(tmp_path):
    got, want = both(tmp_path, CHAINMAP, "Net")
    assert got == want == 2 * (64 + 32 * 80 + 80)


CONFIGDICT = """
import torch.nn as nn

class ConfigDict(dict):
    def __init__(self, initial=None, **kw):
        super().__init__()
        object.__setattr__(self, "_locked", False)
        for k, v in {**(initial or {}), **kw}.items():
            self[k] = ConfigDict(v) if isinstance(v, dict) else v

    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError as e:
            raise AttributeError(k) from e

    def __setattr__(self, k, v):
        if self._locked and k not in self:
            raise AttributeError(k)
        self[k] = ConfigDict(v) if isinstance(v, dict) else v

def get_config():
    c = ConfigDict()
    c.d_model = 24
    c.mlp = dict(hidden=56)
    c.n_layers = 2
    return c

class Net(nn.Module):
    def __init__(self, c=None):
        super().__init__()
        c = c or get_config()
        self.layers = nn.ModuleList(
            nn.Sequential(nn.Linear(c.d_model, c.mlp.hidden), nn.Linear(c.mlp.hidden, c.d_model))
            for _ in range(c.n_layers)
        )
"""


def test_configdict_dict_subclass_with_own_setattr(tmp_path):
    got, want = both(tmp_path, CONFIGDICT, "Net")
    assert got == want == 2 * (24 * 56 + 56 + 56 * 24 + 24)


UNFOLD = """
import torch
import torch.nn as nn
import torch.nn.functional as F

class Net(nn.Module):
    def __init__(self, patch=8, width=32):
        super().__init__()
        self.patch = patch
        self.patch_embed = nn.Linear(3 * patch * patch, width)
        self.pos = nn.Embedding((32 // patch) ** 2, width)
        self.layers = nn.ModuleList(nn.Linear(width, width) for _ in range(2))

    def forward(self, pixels):
        x = F.unfold(pixels, kernel_size=self.patch, stride=self.patch).transpose(1, 2)
        x = self.patch_embed(x) + self.pos(torch.arange(x.shape[1]))
        for layer in self.layers:
            x = layer(x)
        return x
"""


def test_functional_unfold_is_an_op_and_gives_the_patch_size(tmp_path):
    got, want = both(tmp_path, UNFOLD, "Net")
    assert got == want
    g = parse_source(tmp_path / next(p.name for p in tmp_path.glob("m_*.py")), entry="Net")
    unf = [n for n in g.nodes if n.type == "Unfold"]
    assert len(unf) == 1 and unf[0].params["kernel_size"] == 8 and unf[0].params["stride"] == 8
    assert _derived(g).get("patchSize") == 8
    x = torch.randn(1, 3, 32, 32)
    assert torch.nn.functional.unfold(x, kernel_size=8, stride=8).shape == (1, 3 * 64, 16)


def test_tensor_unfold_method_is_not_im2col(tmp_path):
    code = """
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x.unfold(1, 4, 4))
"""
    p = tmp_path / "tunfold.py"
    p.write_text(code)
    g = parse_source(p, entry="Net")
    assert not [n for n in g.nodes if n.type == "Unfold"]
    assert "patchSize" not in _derived(g)


NEOX_FUSED = """
import torch.nn as nn
import torch.nn.functional as F

class Layer(nn.Module):
    def __init__(self, d=64, heads=4):
        super().__init__()
        self.heads, self.hd = heads, d // heads
        self.query_key_value = nn.Linear(d, 3 * d)
        self.dense = nn.Linear(d, d)
        self.fc_in = nn.Linear(d, 4 * d)
        self.fc_out = nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        qkv = self.query_key_value(x).view(b, t, self.heads, 3 * self.hd).transpose(1, 2)
        q, k, v = qkv.chunk(3, dim=-1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.dense(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc_out(F.gelu(self.fc_in(x)))

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(100, 64)
        self.layers = nn.ModuleList(Layer() for _ in range(2))

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return x
"""


def test_per_head_fused_qkv_chunk_reads_the_head_width(tmp_path):
    got, want = both(tmp_path, NEOX_FUSED, "Net")
    assert got == want
    g = parse_source(tmp_path / next(p.name for p in tmp_path.glob("m_*.py")), entry="Net")
    d = _derived(g)
    assert d.get("numHeads") == 4 and d.get("headDim") == 16  # not 48 = 3 * 16
    # torch: each chunk is one head's width
    lin = torch.nn.Linear(64, 192)
    q, _, _ = lin(torch.randn(1, 5, 64)).view(1, 5, 4, 48).transpose(1, 2).chunk(3, dim=-1)
    assert q.shape[-1] == 16 and q.shape[1] == 4


ROPE_IN_FORWARD = """
import torch
import torch.nn as nn

class Attn(nn.Module):
    def __init__(self, d=32, heads=4, theta=500000.0):
        super().__init__()
        self.h, self.hd, self.theta = heads, d // heads, theta
        self.qkv = nn.Linear(d, 3 * d)

    def forward(self, x):
        b, t, d = x.shape
        q = self.qkv(x)[..., :d].view(b, t, self.h, self.hd)
        inv = self.theta ** (-torch.arange(0, self.hd, 2).float() / self.hd)
        ang = torch.arange(t).float()[:, None] * inv[None]
        return q * ang.cos().repeat(1, 2)[None, :, None, :]

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(Attn() for _ in range(2))

    def forward(self, x):
        for layer in self.layers:
            x = layer(x).flatten(2)
        return x
"""


def test_rope_base_computed_in_forward_is_a_use(tmp_path):
    got, want = both(tmp_path, ROPE_IN_FORWARD, "Net")
    assert got == want
    g = parse_source(tmp_path / next(p.name for p in tmp_path.glob("m_*.py")), entry="Net")
    assert {u.value for u in g.uses if u.key == "ropeTheta"} == {500000.0}


TIE_IN_FORWARD = """
import torch.nn as nn
import torch.nn.functional as F

class Net(nn.Module):
    def __init__(self, tied=True):
        super().__init__()
        self.wte = nn.Embedding(120, 32)
        self.layers = nn.ModuleList(nn.Linear(32, 32) for _ in range(2))
        if not tied:
            self.head = nn.Linear(32, 120, bias=False)
        self.tied = tied

    def forward(self, ids):
        x = self.wte(ids)
        for layer in self.layers:
            x = layer(x)
        return F.linear(x, self.wte.weight) if self.tied else self.head(x)
"""


def test_head_tied_through_functional_linear_in_forward(tmp_path):
    got, want = both(tmp_path, TIE_IN_FORWARD, "Net")
    assert got == want == 120 * 32 + 2 * (32 * 32 + 32)  # the tied head adds no weights
    p = tmp_path / next(p.name for p in tmp_path.glob("m_*.py"))
    g = parse_source(p, entry="Net")
    assert g.facts["tieWordEmbeddings"].value is True
    untied = tmp_path / "untied.py"
    untied.write_text(p.read_text().replace("tied=True", "tied=False"))
    g2 = parse_source(untied, entry="Net")
    assert "tieWordEmbeddings" not in g2.facts  # the head's own Linear: not stated tied
