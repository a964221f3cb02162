"""Sizes reached through Python's object protocols and standard modules, each read as CPython
reads them: the static ``params_total`` of ``M`` equals the parameter count of ``M()`` built by
torch (meta device), and where the code's value cannot be known the count is null (an honest
unknown), never a default the code does not use.

Constructs: a plain settings class with its own ``__setitem__`` / ``__getitem__`` mapping alias
names onto one entry, ``next()`` of a generator expression (a named preset table), sizes parsed
from the class docstring with ``re`` flags, ``dataclasses.astuple`` unpacked into constants
(fields in definition order, nested dataclasses as tuples), a class indexed by preset through
its own ``__class_getitem__``, parts found by ``cls.__subclasses__()`` (also as root picking:
those subclasses are no candidate roots), and sizes packed into a ``struct`` header.
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
    "setitem_alias_map": """
        import torch.nn as nn
        class Cfg:
            ALIASES = {"n_embd": "D", "n_inner": "F", "n_layer": "L", "n_vocab": "V"}
            def __init__(self, **kw):
                self._d = {}
                for k, v in kw.items():
                    self[k] = v
            def __setitem__(self, key, value):
                self._d[self.ALIASES.get(key, key)] = value
            def __getitem__(self, key):
                return self._d[self.ALIASES.get(key, key)]
            def __getattr__(self, key):
                if key.startswith("_"):
                    raise AttributeError(key)
                return self[key]
        CFG = Cfg(n_embd=4096, n_inner=11008, n_layer=32, n_vocab=32000)
        CFG["n_embd"] = 24
        CFG["F"] = 40
        CFG["n_layer"] = 3
        CFG["V"] = 70
        def size(k):
            return CFG[k] if k in ("D", "V") else getattr(CFG, k)
    """,
    "setitem_converting": """
        import torch.nn as nn
        class Sizes:
            def __init__(self):
                self.store = {}
            def __setitem__(self, key, value):
                self.store[key.upper()] = int(value) * 2
            def __getitem__(self, key):
                return self.store[key.upper()]
        S = Sizes()
        for k, v in (("d", "12"), ("f", 20), ("l", 1), ("v", 35)):
            S[k] = v
        def size(k):
            return S[k]
    """,
    "next_of_generator_named_presets": """
        from dataclasses import dataclass
        import torch.nn as nn
        PRESETS = [
            dict(name="big", D=2048, F=8192, L=24, V=50000),
            dict(name="tiny", D=16, F=48, L=2, V=60),
            dict(name="tiny", D=999, F=999, L=9, V=999),
        ]
        @dataclass
        class Config:
            name: str
            D: int
            F: int
            L: int
            V: int
            @classmethod
            def from_name(cls, name):
                return cls(**next(c for c in PRESETS if c["name"] == name))
        C = Config.from_name("tiny")
        def size(k):
            return getattr(C, k)
    """,
    "next_of_generator_default": """
        import torch.nn as nn
        ROWS = [("D", 20), ("F", 36), ("L", 2)]
        def size(k):
            return next((v for n, v in ROWS if n == k), 44)
    """,
    "sizes_from_class_docstring": """
        import re
        import torch.nn as nn
        class Spec:
            '''The sizes, as a release note writes them.

            Sizes:
                D: 28
                F: 60
                L: 2
                V: 81
                eps: 1e-5
            '''
        def parse(cls):
            section = cls.__doc__.split("Sizes:", 1)[1]
            out = {}
            for key, value in re.findall(r"^\\s*(\\w+):\\s*([\\d.e+-]+)\\s*$", section, re.M):
                out[key] = float(value) if any(c in value for c in ".e") else int(value)
            return out
        def size(k):
            return parse(Spec)[k]
    """,
    "sizes_from_self_docstring": """
        import re
        import torch.nn as nn
        class M(nn.Module):
            '''width=20 depth=3 vocab=45'''
            def __init__(self):
                super().__init__()
                s = {k: int(v) for k, v in re.findall(r"(\\w+)=(\\d+)", self.__doc__)}
                self.emb = nn.Embedding(s["vocab"], s["width"])
                self.layers = nn.ModuleList(
                    nn.Linear(s["width"], s["width"]) for _ in range(s["depth"])
                )
    """,
    "astuple_field_order": """
        from dataclasses import astuple, dataclass, field
        from typing import ClassVar
        import torch.nn as nn
        @dataclass
        class Sizes:
            KIND: ClassVar[str] = "dense"
            V: int = 77
            D: int = 32
            F: int = 72
            L: int = 2
            tags: list = field(default_factory=list)
            def __post_init__(self):
                self.head_dim = self.D // 4  # no field: astuple leaves it out
        V, D, F, L, _ = astuple(Sizes())
        def size(k):
            return {"V": V, "D": D, "F": F, "L": L}[k]
    """,
    "astuple_nested": """
        import dataclasses
        import torch.nn as nn
        @dataclasses.dataclass
        class Ffn:
            F: int = 52
        @dataclasses.dataclass
        class Top:
            D: int = 20
            ffn: Ffn = dataclasses.field(default_factory=Ffn)
            L: int = 3
            V: int = 66
        (D, (F,), L, V) = dataclasses.astuple(Top(L=2))
        def size(k):
            return {"V": V, "D": D, "F": F, "L": L}[k]
    """,
    "class_getitem_preset_subclass": """
        import torch.nn as nn
        _P = {"base": dict(D=768, F=3072, L=12, V=30000), "tiny": dict(D=24, F=40, L=2, V=50)}
        class Base(nn.Module):
            p = None
            def __class_getitem__(cls, name):
                return type(f"Base_{name}", (cls,), {"p": _P[name]})
            def __init__(self):
                super().__init__()
                d = self.p["D"]
                self.emb = nn.Embedding(self.p["V"], d)
                self.blocks = nn.ModuleList(
                    nn.Sequential(nn.Linear(d, self.p["F"]), nn.Linear(self.p["F"], d))
                    for _ in range(self.p["L"])
                )
        class M(Base["tiny"]):
            pass
    """,
    "class_getitem_in_init": """
        import torch.nn as nn
        class Head(nn.Module):
            def __class_getitem__(cls, n):
                return type("Head", (cls,), {"n": n})
            def __init__(self, d):
                super().__init__()
                self.proj = nn.Linear(d, self.n)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = Head[7](16)
                self.b = Head[3](16)
    """,
    "subclasses_plugin_lookup": """
        import torch.nn as nn
        class Mixer(nn.Module):
            kind = None
            @classmethod
            def by_kind(cls, kind, d):
                return next(s for s in cls.__subclasses__() if s.kind == kind)(d)
        class Attn(Mixer):
            kind = "attn"
            def __init__(self, d):
                super().__init__()
                self.qkv = nn.Linear(d, 3 * d)
        class Ffn(Mixer):
            kind = "ffn"
            def __init__(self, d):
                super().__init__()
                self.up, self.down = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)
        class Block(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.mix = nn.ModuleList(Mixer.by_kind(k, d) for k in ("attn", "ffn", "ffn"))
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.blocks = nn.ModuleList(Block(12) for _ in range(2))
    """,
    "struct_header": """
        import struct
        import torch.nn as nn
        HEADER = struct.pack("<4I", 70, 24, 2, 40)
        V, D, L, F = struct.unpack("<4I", HEADER)
        (EXTRA,) = struct.unpack_from("<H", HEADER + struct.pack("<H", 3), struct.calcsize("<4I"))
        def size(k):
            return {"V": V, "D": D, "L": L + EXTRA - 3, "F": F}[k]
    """,
}


@pytest.mark.parametrize("name", sorted(MODELS))
def test_model_count_matches_torch(name, tmp_path):
    check_count_matches_torch(tmp_path, MODELS[name])


# the code's value cannot be known statically: the count is null, never a guessed default
UNKNOWN: dict[str, str] = {
    "struct_of_bytes_read_from_a_file": """
        import struct
        import torch.nn as nn
        def size(k):
            with open("header.bin", "rb") as f:
                v, d, l, ff = struct.unpack("<4I", f.read(16))
            return {"V": v, "D": d, "L": l, "F": ff}[k]
    """,
    "subclasses_with_a_class_made_at_run_time": """
        import torch.nn as nn
        class Sized:
            D = F = L = V = None
        class Small(Sized):
            D, F, L, V = 8, 16, 1, 20
        Big = type("Big", (Sized,), {"D": 64, "F": 128, "L": 4, "V": 90})
        def size(k):
            return getattr(Sized.__subclasses__()[-1], k)
    """,
    "astuple_of_a_plain_object": """
        from dataclasses import astuple
        import torch.nn as nn
        class Plain:
            def __init__(self):
                self.D, self.F, self.L, self.V = 8, 16, 1, 20
        def size(k):
            try:
                D, F, L, V = astuple(Plain())
            except TypeError:  # CPython: not a dataclass instance
                D, F, L, V = 12, 24, 2, 30
            return {"D": D, "F": F, "L": L, "V": V}[k]
    """,
}


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_unreadable_size_is_an_honest_unknown(name, tmp_path):
    check_honest_unknown(tmp_path, UNKNOWN[name])


def test_next_of_an_empty_generator_without_default_is_unknown(tmp_path):
    """``next(gen)`` of a generator that yields nothing raises StopIteration in CPython: the
    size is unknown, never a preset that did not match."""
    path = write_sized(
        tmp_path,
        """
        import torch.nn as nn
        PRESETS = [dict(name="big", D=64, F=128, L=4, V=90)]
        def size(k):
            return next(p for p in PRESETS if p["name"] == "tiny")[k]
        """,
    )
    with pytest.raises(StopIteration):
        runpy.run_path(str(path))["M"]()
    assert parse_source(path, entry="M").params_total() is None


def test_root_is_found_past_subclasses_found_by_lookup(tmp_path):
    """The mixers are reached only through ``cls.__subclasses__()``: no class names them, yet
    they are parts of the model; the one top-level class is the root without ``--entry``."""
    path = write_sized(tmp_path, MODELS["subclasses_plugin_lookup"])
    g = parse_source(path)
    assert g.params_total() == torch_count(path)


NORM_EPS_FORWARD = """
    import torch
    from torch import nn
    class Cfg:
        def __init__(self, **kw):
            self._d = dict(kw)
        def __getattr__(self, key):
            if key.startswith("_"):
                raise AttributeError(key)
            return self._d[key]
    CFG = Cfg(width=16, vocab=40, rms_norm_eps=3e-6, eps=0.25)
    class RMSNorm(nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = nn.Parameter(torch.ones(CFG.width))
        def forward(self, x):
            return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + CFG.rms_norm_eps)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(CFG.vocab, CFG.width)
            self.norm = RMSNorm()
        def forward(self, ids):
            x = self.emb(ids)
            return self.norm(x / (x.abs().max() + CFG.eps))
"""


def test_eps_read_by_a_norms_forward_is_a_use(tmp_path):
    """``CFG.rms_norm_eps`` read by a norm's own ``forward`` is that norm's epsilon (a value
    use holding what CPython reads); an ``eps`` read outside a norm (a division guard) is
    not one."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(NORM_EPS_FORWARD))
    ns = runpy.run_path(str(path), run_name="__d15a__")
    g = parse_source(path)
    assert g.params_total() == torch_count(path)
    uses = {(u.key, u.value) for u in g.uses}
    assert ("normEps", ns["CFG"].rms_norm_eps) in uses
    assert not any(u.value == ns["CFG"].eps for u in g.uses)
