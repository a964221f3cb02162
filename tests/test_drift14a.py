"""Sizes kept in Python's own containers and protocols, each read as CPython reads them: the
static ``params_total`` of ``M`` equals the parameter count of ``M()`` built by torch (meta
device), and where the code's value cannot be known the count is null (an honest unknown),
never a default the code does not use.

Constructs: a ``contextvars.ContextVar`` (default, ``set`` at import, ``set`` / ``reset`` in a
function, ``get(default)``), a ``collections.UserDict`` subclass whose ``__setitem__``
validates and converts (run for every initial item, as ``UserDict.__init__`` does), a ``dict``
subclass's own ``__setitem__`` reaching ``super().__setitem__``, a ``dict`` subclass's
``__missing__`` supplying defaults, a layer pattern from ``itertools.islice(cycle(...), n)``,
descriptors (``__set_name__`` / ``__get__`` / ``__set__``) as size attributes, and module-level
stores into a table inside a global (``CFG.sizes["d"] = 24``, ``TABLE["small"]["L"] = 2``).
"""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import (
    check_count_matches_torch,
    check_honest_unknown,
    torch_count,
    write_sized,
)

torch = pytest.importorskip("torch")


MODELS: dict[str, str] = {
    "contextvar_default": """
        import contextvars
        import torch.nn as nn
        SIZES = contextvars.ContextVar("sizes", default={"D": 24, "F": 56, "L": 3, "V": 90})
        def size(k):
            return SIZES.get()[k]
    """,
    "contextvar_set_at_import": """
        from contextvars import ContextVar
        import torch.nn as nn
        SIZES = ContextVar("sizes", default={"D": 4096, "F": 11008, "L": 32, "V": 32000})
        SIZES.set({"D": 16, "F": 40, "L": 2, "V": 70})
        def size(k):
            return SIZES.get()[k]
    """,
    "contextvar_set_reset_in_a_function": """
        import contextvars
        import torch.nn as nn
        SIZES = contextvars.ContextVar("sizes", default={"D": 32, "F": 64, "L": 2, "V": 50})
        EXTRA = contextvars.ContextVar("extra")
        big = SIZES.set({"D": 4096, "F": 11008, "L": 32, "V": 32000})
        SIZES.reset(big)
        def size(k):
            tok = SIZES.set({**SIZES.get(), "F": 72})
            try:
                return EXTRA.get({"L": 4}).get(k, SIZES.get()[k])
            finally:
                SIZES.reset(tok)
    """,
    # a copied context is modelled since session 22 (library/ctxvars.py ``Context``)
    "contextvar_in_a_copied_context": """
        import contextvars
        import torch.nn as nn
        SIZES = contextvars.ContextVar("sizes", default={"D": 24, "F": 56, "L": 3, "V": 90})
        def size(k):
            return contextvars.copy_context().run(lambda: SIZES.get()[k])
    """,
    "contextvar_set_while_building": """
        import contextvars
        from torch import nn
        W = contextvars.ContextVar("w", default=16)
        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.l = nn.Linear(W.get(), W.get())
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.ModuleList(Block() for _ in range(3))
                tok = W.set(32)
                self.b = nn.ModuleList(Block() for _ in range(3))
                W.reset(tok)
                self.c = Block()
    """,
    "userdict_validating_setitem": """
        from collections import UserDict
        import torch.nn as nn
        class Sizes(UserDict):
            def __setitem__(self, key, value):
                value = int(value)
                if value <= 0:
                    raise ValueError(key)
                super().__setitem__(key, 2 * value if key == "F" else value)
        S = Sizes({"D": "20", "L": 2}, V=60.0, F=30)
        S["L"] = "3"
        def size(k):
            return S[k]
    """,
    "userdict_reads_data": """
        import collections
        import torch.nn as nn
        class Sizes(collections.UserDict):
            def __setitem__(self, key, value):
                self.data[key.upper()] = value
        S = Sizes(d=28, f=44, l=2, v=66)
        def size(k):
            return S.data[k]
    """,
    "dict_subclass_setitem_super": """
        import torch.nn as nn
        class Sizes(dict):
            def __setitem__(self, key, value):
                if value <= 0:
                    raise ValueError(key)
                super().__setitem__(key, value + 1)
        S = Sizes(D=32, L=2, V=80, F=5)
        S["F"] = 95
        def size(k):
            return S[k]
    """,
    "dict_subclass_missing_defaults": """
        import torch.nn as nn
        class WithDefaults(dict):
            RELEASE = {"F": 3072, "L": 12, "V": 30522}
            def __missing__(self, key):
                return self.RELEASE[key]
        S = WithDefaults(D=40, F=88)
        def size(k):
            return S[k]
    """,
    "islice_of_cycle_pattern": """
        import itertools
        import torch.nn as nn
        D, F, V = 32, 64, 100
        PATTERN = ("global",) + ("local",) * 2
        class Block(nn.Module):
            def __init__(self, kind):
                super().__init__()
                self.attn = nn.Linear(D, 3 * D, bias=kind == "global")
                self.ff = nn.Linear(D, F if kind == "global" else F // 2)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.emb = nn.Embedding(V, D)
                kinds = itertools.islice(itertools.cycle(PATTERN), 5)
                self.blocks = nn.ModuleList(Block(k) for k in kinds)
                it = iter([1, 2, 3, 4])
                self.tail = nn.ModuleList(nn.Linear(D, n) for n in itertools.islice(it, 1, 4, 2))
    """,
    "descriptor_sizes": """
        import torch.nn as nn
        class Dim:
            def __init__(self, default):
                self.default = default
            def __set_name__(self, owner, name):
                self.name = name
            def __get__(self, obj, owner=None):
                if obj is None:
                    return self.default
                return obj.__dict__.get(self.name, self.default)
        class Checked:
            def __set_name__(self, owner, name):
                self.slot = "_" + name
            def __get__(self, obj, owner=None):
                return getattr(obj, self.slot, 7)
            def __set__(self, obj, value):
                if value <= 0:
                    raise ValueError(value)
                setattr(obj, self.slot, value * 2)
        class Dims:
            D = Dim(4096)
            F = Dim(52)
            V = Checked()
            L = Dim(3)
        DIMS = Dims()
        DIMS.__dict__["D"] = 36
        DIMS.V = 45
        def size(k):
            return Dims.L if k == "L" else getattr(DIMS, k)
    """,
    # module-level stores below the first binding, into a table inside a global: a size read
    # from its first binding would be the full model's (a confident wrong count)
    "nested_stores_at_import": """
        import torch.nn as nn
        class Cfg:
            def __init__(self):
                self.sizes = {"D": 4096, "F": 11008}
        CFG = Cfg()
        CFG.sizes["D"] = 24
        CFG.sizes.update(F=40)
        TABLE = {"small": {"L": 32}, "vocab": [32000]}
        TABLE["small"]["L"] = 2
        TABLE["vocab"].append(55)
        CFG.extra = Cfg()
        CFG.extra.v = 4096
        CFG.extra.v = TABLE["vocab"][-1]
        def size(k):
            return CFG.extra.v if k == "V" else TABLE["small"][k] if k == "L" else CFG.sizes[k]
    """,
}


# pinned: an honest unknown where the count was exact (fix first next session)
_ALIAS_PINNED: set[str] = set()  # exact again (session 34 alias34: a plain class's instances)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            n,
            marks=pytest.mark.xfail(
                strict=True,
                reason="session 33 (wrongs33's interp/aliasing.py): globals changed in place through "
                "a nested item / attribute are read as unknown (exact with DRIFTCHECK_NO_ALIAS_CHECK=1)",
            ),
        )
        if n in _ALIAS_PINNED
        else n
        for n in sorted(MODELS)
    ],
)
def test_model_count_matches_torch(name, tmp_path):
    check_count_matches_torch(tmp_path, MODELS[name])


# a value the code does not let us read: the count is unknown, never a default's
UNKNOWN: dict[str, str] = {
    "contextvar_without_value_or_default": """
        import contextvars
        import torch.nn as nn
        SIZES = contextvars.ContextVar("sizes")
        def size(k):
            return SIZES.get()[k]
    """,
    "contextvar_reset_by_a_foreign_token": """
        import sys
        import contextvars
        import torch.nn as nn
        SIZES = contextvars.ContextVar("sizes", default={"D": 24, "F": 56, "L": 3, "V": 90})
        SIZES.reset(sys.modules[__name__])
        def size(k):
            return SIZES.get()[k]
    """,
    "islice_of_cycle_to_an_unknown_depth": """
        import itertools, sys
        import torch.nn as nn
        D, F, V = 32, 64, 100
        def size(k):
            if k == "L":
                return len(list(itertools.islice(itertools.cycle("ab"), int(sys.argv[1]))))
            return {"D": D, "F": F, "V": V}[k]
    """,
    "descriptor_set_name_raises": """
        import torch.nn as nn
        class Dim:
            def __init__(self, default):
                self.default = default
            def __set_name__(self, owner, name):
                raise RuntimeError(name)
            def __get__(self, obj, owner=None):
                return self.default
        class Dims:
            D = Dim(32)
        def size(k):
            return Dims.D if k == "D" else {"F": 64, "L": 2, "V": 80}[k]
    """,
}


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_unreadable_size_is_an_honest_unknown(name, tmp_path):
    check_honest_unknown(tmp_path, UNKNOWN[name])


REJECTED = """
    from collections import UserDict
    import torch.nn as nn
    class Sizes(UserDict):
        def __setitem__(self, key, value):
            if value <= 0:
                raise ValueError(key)
            super().__setitem__(key, value)
    S = Sizes(D=32, F=64, L=0, V=80)
    def size(k):
        return S[k]
"""


def test_userdict_setitem_that_rejects_a_value_raises(tmp_path):
    """``UserDict.__init__`` stores each item through the subclass's ``__setitem__``: one that
    rejects ``L=0`` raises, so the model cannot be built (as in CPython), never counted."""
    path = write_sized(tmp_path, REJECTED)
    with pytest.raises(ValueError):
        runpy.run_path(str(path), run_name="__d14a__")
    g = parse_source(path, entry="M")  # no count: a blocker finding (IMP004)
    assert g.params_total() is None
    assert any(n.startswith("construction raises ValueError") for x in g.nodes for n in x.notes)


SINGLEDISPATCH = """
    import functools
    from dataclasses import dataclass
    import torch.nn as nn
    @dataclass
    class AttnSpec:
        width: int
    @dataclass
    class FfnSpec:
        width: int
        hidden: int
    class Attention(nn.Module):
        def __init__(self, width):
            super().__init__()
            self.qkv = nn.Linear(width, 3 * width)
    @functools.singledispatch
    def build(spec):
        raise TypeError(spec)
    @build.register
    def _(spec: AttnSpec):
        return Attention(spec.width)
    @build.register(FfnSpec)
    def _(spec):
        return nn.Sequential(nn.Linear(spec.width, spec.hidden), nn.Linear(spec.hidden, spec.width))
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.parts = nn.ModuleList(build(s) for s in (AttnSpec(24), FfnSpec(24, 40)) * 2)
"""


def test_root_is_found_past_singledispatch_implementations(tmp_path):
    """``Attention`` is built only by a ``@build.register`` implementation named ``_``: the
    model is the one top-level class, found without ``--entry``."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(SINGLEDISPATCH))
    g = parse_source(path)
    assert g.name == "M"
    assert g.params_total() == torch_count(path)


WINDOW = """
    import torch
    from torch import nn
    HP = {"width": 32, "window": 12, "span": 5, "vocab": 50}
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(HP["vocab"], HP["width"])
            self.proj = nn.Linear(HP["width"], HP["width"])
        def forward(self, ids):
            x = self.emb(ids)
            pos = torch.arange(ids.shape[1])
            ok = (pos[:, None] - pos[None, :]) < HP["window"]
            ok = ok & (pos[:, None] > HP["span"])
            s = (x @ x.transpose(-1, -2)).masked_fill(~ok, float("-inf"))
            return self.proj(s.softmax(-1) @ x)
"""


def test_window_read_from_a_table_in_forward_is_a_use(tmp_path):
    """``hp["window"]`` read only by ``forward`` (the mask) is the model's sliding window:
    a value use, with the value CPython reads; ``hp["span"]`` names no fact."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(WINDOW))
    ns = runpy.run_path(str(path), run_name="__d14a__")
    g = parse_source(path)
    assert g.params_total() == torch_count(path)
    uses = {(u.key, u.value) for u in g.uses}
    assert ("slidingWindow", ns["HP"]["window"]) in uses
    assert not any(u.value == ns["HP"]["span"] for u in g.uses)


ATTRDICT_FORWARD = """
    import torch
    from torch import nn
    class AttrDict(dict):
        __getattr__ = dict.__getitem__
    class Dim:
        def __init__(self, default):
            self.default = default
        def __get__(self, obj, owner=None):
            return self.default
    class Window:
        sliding_window = Dim(6)
    cfg = AttrDict(width=16, heads=2, rope_theta=50000.0, vocab=40)
    W = Window()
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(cfg.vocab, cfg.width)
            self.qkv = nn.Linear(cfg.width, 3 * cfg.width)
        def forward(self, ids):
            hd = cfg.width // cfg.heads
            inv = 1.0 / cfg.rope_theta ** (torch.arange(0, hd, 2).float() / hd)
            ang = torch.arange(ids.shape[1]).float()[:, None] * inv
            pos = torch.arange(ids.shape[1])
            ok = (pos[:, None] - pos[None, :]) < W.sliding_window
            x = self.emb(ids) * ang.cos().repeat(1, 2).repeat(1, cfg.heads)
            q, k, v = self.qkv(x).chunk(3, -1)
            return ((q @ k.transpose(-1, -2)).masked_fill(~ok, -1e9).softmax(-1)) @ v
"""


def test_settings_object_read_by_forward_as_cpython_reads_it(tmp_path):
    """``forward`` reads ``cfg.rope_theta`` of an "AttrDict" (``__getattr__ =
    dict.__getitem__``) and a descriptor's ``W.sliding_window``: the values CPython reads,
    as value uses (the rotary base, the mask's window)."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(ATTRDICT_FORWARD))
    ns = runpy.run_path(str(path), run_name="__d14a__")
    g = parse_source(path)
    assert g.params_total() == torch_count(path)
    uses = {(u.key, u.value) for u in g.uses}
    assert ("ropeTheta", ns["cfg"].rope_theta) in uses
    assert ("slidingWindow", ns["W"].sliding_window) in uses


HEADS_FORWARD = """
    from torch import nn
    class Defaults(dict):
        def __missing__(self, key):
            return {"n_head": 16, "n_embd": 1024}[key]
    H = Defaults(n_embd=24, n_head=3, vocab=30)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(H["vocab"], H["n_embd"])
            self.qkv = nn.Linear(H["n_embd"], 3 * H["n_embd"])
        def forward(self, ids):
            x = self.emb(ids)
            b, t, d = x.shape
            nh = H["n_head"]
            q, k, v = self.qkv(x).view(b, t, 3, nh, d // nh).unbind(2)
            return (q.transpose(1, 2) @ k.transpose(1, 2).transpose(-1, -2)).softmax(-1)
"""


def test_dict_subclass_item_read_by_forward_is_the_head_count(tmp_path):
    """``nh = H["n_head"]`` of a ``dict`` subclass read only by ``forward``: the head count
    CPython reads (the item, not the ``__missing__`` default), as a use."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(HEADS_FORWARD))
    ns = runpy.run_path(str(path), run_name="__d14a__")
    g = parse_source(path)
    assert g.params_total() == torch_count(path)
    assert ("numHeads", ns["H"]["n_head"]) in {(u.key, u.value) for u in g.uses}
