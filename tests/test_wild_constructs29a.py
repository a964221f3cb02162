"""Session 29 (wildfix29a, issue #16): fresh27's dev part -- unknowns made exact, by general rules.

- ``C.__bases__`` of a class read from source: its resolved bases (``(object,)`` for none), a
  library base as its class; ``hasattr(nn.Module, name)`` on the class object decided from the
  members torch's ``nn.Module`` class body binds (with or without torch's source).
- ``E.__members__`` of an enum read from source: every name in definition order, aliases
  included (iteration skips them); a member of a value not known: unknown.
- ``functools.wraps(f)`` on a nested ``def`` (and ``update_wrapper``): the wrapper's
  ``__wrapped__`` is ``f`` (calling it skips the wrapper) and its ``__name__`` / ``__module__``
  are ``f``'s.
- A coroutine-style generator (a body that uses a ``yield``'s value) driven by ``next`` /
  ``send``: replayed from its start per resumption where its body is closed
  (interp/genreplay.py); exhaustion with a default, a value sent to a just-started generator,
  a loop over it: as Python (unknown where Python raises).
- A proxy object whose class defines a ``__class__`` property naming a module class and a
  forwarding ``__getattr__`` (bitorch's ``LayerContainer``): torch registers it as a sub-module
  (``isinstance`` reads ``__class__``) and counts the wrapped layer's parameters; it was
  dropped from a module's attributes (a confident wrong: 32 where torch has 48) and unknown in
  containers (interp/classproxy.py). A proxy not provably forwarding: unknown. ``isinstance``
  reads the ``__class__`` property too (it answered False for the wrapped layer's class).
- Core install: ``hasattr`` on a torch layer (a runtime-checkable Protocol's
  ``isinstance``) answered from the shipped ``instance_names`` table
  (tools/gen_torch_signatures.py, from torch's source as the full install reads it): the same
  count with and without torch.
- ``pickle.loads(pickle.dumps(m))`` of a module whose class defines only ``__getstate__``: the
  state it returns (``super().__getstate__()``: nn.Module's ``__dict__`` copy) rebuilds the
  clone through ``nn.Module.__setstate__`` (library/stdlib.py); a state not followed: unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


# ------------------------------------------------------------------ __bases__
BASES = """
import torch.nn as nn
class Coarse:
    width = 6
class Fine(object):
    width = 14
class Plain:
    pass
class Fused(nn.Module, Coarse, Fine, Plain):
    def __init__(self, dim):
        super().__init__()
        self.branches = nn.ModuleList(
            nn.Linear(dim, base.width) for base in type(self).__bases__ if hasattr(base, "width")
        )
        self.n = nn.Linear(dim, len(Fused.__bases__) + len(Coarse.__bases__) + len(Fine.__bases__))
        self.o = nn.Linear(dim, 3 if Coarse.__bases__[0] is object else 5)
        self.m = nn.Linear(dim, 7 if hasattr(nn.Module, "{name}") else 2)
model = Fused(dim=10)
"""


@pytest.mark.parametrize("name", ["width", "parameters", "training", "mro"])
def test_bases_of_a_class_read_from_source(tmp_path, name) -> None:
    got, want = _count(tmp_path, BASES.replace("{name}", name))
    assert got == want


def test_bases_with_a_base_not_known_is_unknown(tmp_path) -> None:
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            """
            import torch.nn as nn
            def pick():
                return nn.Module
            class Net(pick()):
                def __init__(self):
                    super().__init__()
                    self.l = nn.Linear(4, len(type(self).__bases__))
            model = Net()
            """
        )
    )
    g = parse_source(path)
    assert g.params_total() in (None, torch_count(path, root="model"))


# ------------------------------------------------------------------ Enum.__members__
MEMBERS = """
import enum
import torch.nn as nn
class Task({base}):
    MOOD = {a}
    STYLE = {b}
    GENRE = {b}
    ALL = {c}
    def describe(self):
        return self.name
heads = {{name.lower(): nn.Linear(20, 1 + int(member.value) % 50) for name, member in Task.__members__.items()}}
n = len(Task.__members__) * 10 + len(list(Task))
model = nn.ModuleDict({{**heads, "n": nn.Linear(n, 2)}})
"""


@pytest.mark.parametrize(
    "base,a,b,c",
    [
        ("enum.Enum", "4", "9", "13"),
        ("enum.IntEnum", "4", "9", "4"),
        ("str, enum.Enum", "'4'", "'9'", "'13'"),
        ("enum.Flag", "1", "2", "3"),
        ("enum.IntFlag", "1", "4", "5"),
    ],
)
def test_enum_members_include_aliases(tmp_path, base, a, b, c) -> None:
    got, want = _count(tmp_path, MEMBERS.format(base=base, a=a, b=b, c=c))
    assert got == want


def test_enum_members_with_a_value_not_known_is_unknown(tmp_path) -> None:
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            """
            import enum, os
            import torch.nn as nn
            class Task(enum.Enum):
                MOOD = 4
                STYLE = int(os.environ.get("STYLE_WIDTH", "4"))
            model = nn.ModuleList(nn.Linear(3, 2) for _ in Task.__members__)
            """
        )
    )
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ functools.wraps
WRAPS = """
import functools
import torch.nn as nn
def with_norm(fn):
    @functools.wraps(fn)
    def inner(d_in, d_out):
        return nn.Sequential(fn(d_in, d_out), nn.LayerNorm(d_out))
    return inner
def plain_wrap(fn):
    def inner(d_in, d_out):
        return nn.Sequential(fn(d_in, d_out), nn.ReLU())
    return functools.update_wrapper(inner, fn)
@with_norm
def proj(d_in, d_out):
    return nn.Linear(d_in, d_out)
@plain_wrap
@with_norm
def wide(d_in, d_out):
    return nn.Linear(d_in, 2 * d_out)
table = {f.__name__: f for f in (proj, wide)}
model = nn.ModuleList(
    [
        proj(16, 32),
        proj.__wrapped__(32, 32),
        table["wide"](8, 4),
        table["proj"](4, 4),
        wide.__wrapped__(3, 3),
        wide.__wrapped__.__wrapped__(5, 5),
        nn.Linear(len(wide.__name__ + with_norm.__name__), 2),
    ]
)
"""


def test_functools_wraps_wrapped_and_name(tmp_path) -> None:
    got, want = _count(tmp_path, WRAPS)
    assert got == want


# ------------------------------------------------------------------ generator send
SEND = """
import torch.nn as nn
def width_schedule(start, floor=4):
    width = start
    while True:
        got = yield width
        if got is None:
            return
        width = got // 2 if got > 16 else max(got + 8, floor)
def countdown(n):
    total = 0
    while n > 0:
        step = yield n
        total += step or 1
        n -= step or 1
class Tower(nn.Module):
    def __init__(self, start, depth):
        super().__init__()
        sched = width_schedule(start)
        prev = next(sched)
        layers = []
        for _ in range(depth):
            nxt = sched.send(prev)
            layers.append(nn.Linear(prev, nxt))
            prev = nxt
        self.layers = nn.Sequential(*layers)
        c = countdown(5)
        widths = [next(c), c.send(2), next(c)]
        widths.append(next(c, 40))
        widths.append(next(c, 41))
        self.tail = nn.ModuleList(nn.Linear(w, 3) for w in widths)
model = Tower(start=64, depth=4)
"""


def test_generator_send_is_replayed(tmp_path) -> None:
    got, want = _count(tmp_path, SEND)
    assert got == want


@pytest.mark.parametrize(
    "drive",
    [
        "g.send(5)",  # TypeError: can't send non-None value to a just-started generator
        "next(g)\nfor x in g:\n    break",  # a loop over it (Python: one item taken)
        "g.throw(ValueError)",
    ],
)
def test_generator_send_unknown_where_python_raises_or_not_followed(tmp_path, drive) -> None:
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            """
            import torch.nn as nn
            def sched(w):
                while True:
                    got = yield w
                    w = (got or w) + 1
            g = sched(4)
            """
        )
        + f"first = {drive}\nmodel = nn.Linear(4, 2 + next(g))\n"
    )
    assert parse_source(path).params_total() is None


def test_generator_using_yield_values_iterated_by_a_loop(tmp_path) -> None:
    # a loop resumes it with None each time: the eager reading, as before replaying existed
    got, want = _count(
        tmp_path,
        """
        import torch.nn as nn
        def widths(n):
            w = 8
            for i in range(n):
                got = yield w
                w = w * 2 if got is None else got
        model = nn.ModuleList([nn.Linear(w, 3) for w in widths(4)] + [nn.Linear(4, len(list(widths(2))))])
        """,
    )
    assert got == want


def test_generator_not_closed_keeps_the_eager_reading(tmp_path) -> None:
    # the body calls a user function (it could change state outside the body): not
    # replayed; the eager reading sends None, so the count stays unknown, never a guess
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            """
            import torch.nn as nn
            def half(x):
                return x // 2
            def sched(w):
                while w > 1:
                    got = yield w
                    w = half(got)
            g = sched(64)
            a = next(g)
            b = g.send(a)
            model = nn.Linear(a, b)
            """
        )
    )
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ __class__ proxies
PROXY = """
import torch.nn as nn
class Container:
    internal = ["_impl", "_note"]
    def __init__(self, cls, *args, **kwargs):
        self._impl = cls(*args, **kwargs)
        self._note = "wrapped"
    def __getattr__(self, item):
        if item in self.internal:
            return self.__dict__[item]
        return getattr(self._impl, item)
    def __setattr__(self, key, value):
        if key in self.internal:
            self.__dict__[key] = value
            return
        setattr(self._impl, key, value)
    def __call__(self, *args, **kwargs):
        return self._impl(*args, **kwargs)
    @property
    def __class__(self):
        return {shown}
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)
    def forward(self, x):
        return self.norm(self.fc(x))
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(8, 16)
        self.proxied = Container(nn.Linear, 16, 16, bias=False)
        self.block = Container(Block, 16)
        self.seq = nn.Sequential(Container(nn.Linear, 16, 4), nn.ReLU())
        self.more = nn.ModuleList([Container(Block, 4)])
    def forward(self, x):
        return self.more[0](self.seq(self.block(self.proxied(self.stem(x)))))
model = Net()
"""


def test_class_property_proxy_counts_the_wrapped_module(tmp_path) -> None:
    # ``__class__`` giving the wrapped layer's class: torch registers every proxy
    got, want = _count(tmp_path, PROXY.format(shown="self._impl.__class__"))
    assert want == 8 * 16 + 16 + 256 + (256 + 16 + 32) + (64 + 4) + (16 + 4 + 8)
    assert got == want


def test_class_property_proxy_of_a_plain_class_is_no_module(tmp_path) -> None:
    # ``__class__`` naming a class that is no module: ``isinstance(x, Module)`` is false, torch
    # keeps the attributes plain (and refuses the containers' items: left out here)
    code = PROXY.format(shown="dict")
    code = code.replace(
        "        self.seq = nn.Sequential(Container(nn.Linear, 16, 4), nn.ReLU())\n", ""
    ).replace("        self.more = nn.ModuleList([Container(Block, 4)])\n", "")
    got, want = _count(tmp_path, code)
    assert want == 8 * 16 + 16
    assert got == want


def test_isinstance_reads_the_class_property(tmp_path) -> None:
    # ``isinstance`` is true by ``type(x)`` or by ``x.__class__`` (it was False for the
    # wrapped layer's class: a confident wrong width)
    code = PROXY.format(shown="self._impl.__class__").replace(
        "model = Net()",
        "p = Container(nn.Linear, 2, 2)\n"
        "flags = [isinstance(p, nn.Linear), isinstance(p, Container), isinstance(p, nn.Conv2d),"
        " isinstance(p, (nn.Conv2d, nn.Module))]\n"
        "model = nn.Linear(3, 1 + sum(f << i for i, f in enumerate(flags)))",
    )
    got, want = _count(tmp_path, code)
    assert got == want


def test_class_property_proxy_not_followed_is_unknown(tmp_path) -> None:
    # its ``__getattr__`` hands back something else than the wrapped layer's registries
    code = PROXY.format(shown="self._impl.__class__").replace(
        "        return getattr(self._impl, item)", "        return {}"
    )
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ core install: hasattr
HASATTR = """
from typing import Protocol, runtime_checkable
import torch.nn as nn
@runtime_checkable
class Resettable(Protocol):
    def reset_parameters(self) -> None: ...
layers = [nn.Linear(12, 12), nn.GELU(), nn.Conv1d(12, 12, 3), nn.Dropout(0.1), nn.LayerNorm(12)]
mods = []
for layer in layers:
    mods.append(layer)
    if isinstance(layer, Resettable):
        mods.append(nn.Linear(12, 2 + hasattr(layer, "in_features") + 2 * hasattr(layer, "eps")))
    if hasattr(layer, "approximate"):
        mods.append(nn.Linear(12, 5))
model = nn.Sequential(*mods)
"""


def test_torch_layer_hasattr_core_install_matches_torch(tmp_path) -> None:
    import json
    import subprocess
    import sys

    from benchmarks import installs
    from tests.conftest import ROOT

    path = tmp_path / "proto.py"
    path.write_text(textwrap.dedent(HASATTR))
    want = torch_count(path, root="model")
    for mode in ("core", "full"):
        p = subprocess.run(
            [sys.executable, "-c", installs.cli(mode), "check", str(path), "--format", "json"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=300,
        )
        assert json.loads(p.stdout)["params_total"] == want, (mode, p.stdout[-2000:])


# ------------------------------------------------------------------ pickle __getstate__
GETSTATE = """
import pickle
import torch
import torch.nn as nn
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.aux = nn.Linear(d, 100)
        self.scale = nn.Parameter(torch.ones(d))
        self.width = d
    def __getstate__(self):
        state = super().__getstate__().copy()
        {body}
        return state
first = Block(16)
clone = pickle.loads(pickle.dumps(first))
model = nn.ModuleList([first, clone, nn.Linear(clone.width, 3)])
"""


@pytest.mark.parametrize(
    "body",
    [
        'state["_modules"] = {k: v for k, v in state["_modules"].items() if k != "aux"}',
        "pass",
        'state["width"] = 7',
        'state["_parameters"] = {}',
    ],
)
def test_pickle_getstate_round_trip(tmp_path, body) -> None:
    got, want = _count(tmp_path, GETSTATE.replace("{body}", body))
    assert got == want


def test_pickle_getstate_state_not_followed_is_unknown(tmp_path) -> None:
    code = GETSTATE.replace("{body}", 'state["_modules"] = dict(os.environ)').replace(
        "import pickle", "import os, pickle"
    )
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    assert parse_source(path).params_total() is None
