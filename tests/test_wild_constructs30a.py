"""Session 30 (wildfix30a, issue #16): constructs left unknown in fresh28 / fresh26 / fresh24 /
fresh22's dev parts, each checked against torch (meta device) or CPython.

- ``isinstance(key, slice)`` in a class's own ``__getitem__`` (a slice is a real ``slice``).
- Instances of ``int`` / ``float`` / ``str`` subclasses without an own ``__new__`` hold their
  value (interp/numsub.py): the class's own ``__mod__`` runs, ``int(self)`` inside it is the
  value; truth, ``==`` / ``<``, arithmetic and dict keys act on the value where the class does
  not override them. Before: ``Channels(0)`` was truthy, ``W(5) == 5`` False and
  ``d.get(W(5), 3)`` missed the key (three confident wrongs).
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _both(tmp_path, code: str, root: str = "model") -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root=root)


# ------------------------------------------------------------------ isinstance(key, slice)
def test_getitem_slice_branch(tmp_path) -> None:
    """A ``__getitem__`` answering slices one way and ints another (doubled widths)."""
    code = """
    import torch.nn as nn


    class Plan:
        def __init__(self, widths):
            self._w = list(widths)

        def __getitem__(self, key):
            if isinstance(key, slice):
                return [2 * w for w in self._w[key]]
            return self._w[key]


    plan = Plan([8, 12, 20, 28, 36])
    tail = plan[1:4]
    head = plan[slice(0, 2)]
    model = nn.Sequential(nn.Linear(plan[0], tail[0]), nn.Linear(tail[2], head[1]))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_isinstance_slice_of_other_values(tmp_path) -> None:
    """``isinstance(x, slice)`` is False for an int, a tuple and an object."""
    code = """
    import torch.nn as nn


    class Box:
        pass


    n = sum(1 for v in (3, (1, 2), Box(), slice(2)) if isinstance(v, slice))
    model = nn.Linear(n + 4, 3)
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


# ------------------------------------------------------------------ int / float / str subclasses
CHANNELS = """
import torch.nn as nn


class Channels(int):
    def __mod__(self, groups):
        g = groups
        while int(self) % g:
            g -= 1
        return g


class Block(nn.Module):
    def __init__(self, c, want_groups):
        super().__init__()
        g = Channels(c) % want_groups
        self.conv = nn.Conv2d(c, c, 3, padding=1, groups=g, bias=False)
        self.norm = nn.GroupNorm(g, c)


model = nn.Sequential(Block(24, 5), Block(30, 8), Block(28, 3))
"""


def test_int_subclass_own_mod(tmp_path) -> None:
    got, want = _both(tmp_path, CHANNELS)
    assert got == want, (got, want)


@pytest.mark.parametrize(
    "expr",
    [
        "4 if W(0) else 6",  # truth of the value (was truthy: 10 vs 14)
        "4 if W(5) == 5 else 6",  # int's == (was identity: False)
        "4 if W(5) != 5 else 6",
        "4 if W(5) > 3 else 6",
        "4 if 3 < W(5) <= 5 else 6",
        "{5: 7}.get(W(5), 3)",  # hashed as 5 (was missed: 3)
        "{5: 7}[W(5)]",
        "W(5) + 1",
        "1 + W(5)",
        "W(7) // 2 * W(2)",
        "int(W(5)) * 2",
        "abs(W(-3))",
        "round(F(2.6))",
        "int(F(3.9)) + 1",
        "4 if F(0.0) else 6",
        "4 if S('') else 6",
        "4 if S('ab') == 'ab' else 6",
        "{'ab': 9}.get(S('ab'), 1)",
    ],
)
def test_builtin_subclass_values(tmp_path, expr) -> None:
    code = f"""
    import torch.nn as nn


    class W(int):
        pass


    class F(float):
        pass


    class S(str):
        pass


    n = {expr}
    model = nn.Linear(n, 2)
    """
    got, want = _both(tmp_path, code)
    assert got == want, (expr, got, want)


def test_int_subclass_own_methods_first(tmp_path) -> None:
    """The class's own ``__add__`` / ``__radd__`` / ``__eq__`` / ``__bool__`` answer; a
    right operand whose class derives from the left's type and defines ``__radd__`` goes
    first (``5 + W(3)``)."""
    code = """
    import torch.nn as nn


    class W(int):
        def __add__(self, other):
            return int(self) * 10 + other

        def __radd__(self, other):
            return other * 100 + int(self)

        def __eq__(self, other):
            return False

        def __hash__(self):
            return 1

        def __bool__(self):
            return False


    a = W(2) + 3  # 23
    b = 1 + W(3)  # 103
    c = 4 if W(5) == 5 else 6  # 6
    d = 5 if W(7) else 2  # 2
    model = nn.Sequential(nn.Linear(a, b), nn.Linear(c, d))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_int_subclass_with_init(tmp_path) -> None:
    """``int.__new__`` makes the value, then the class's own ``__init__`` runs."""
    code = """
    import torch.nn as nn


    class Width(int):
        def __init__(self, v):
            self.mult = 3 if v > 10 else 2

        def scaled(self):
            return self * self.mult


    w = Width(12)
    model = nn.Linear(w.scaled(), int(w))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_builtin_subclass_unknowns(tmp_path) -> None:
    """Honest unknowns: an ``int`` subclass of a value not known, a ``list`` subclass's ``==``
    (not identity), a stored key of such a class (``{W(n): ...}``) read with a plain key."""
    code = """
    import os
    import torch.nn as nn


    class W(int):
        pass


    class L(list):
        pass


    a = 4 if W(os.environ.get("N", "3")) else 6
    b = 4 if L([1]) == [1] else 6
    c = {W(5): 8}.get(5, 1)
    model = nn.Sequential(nn.Linear(a, 2), nn.Linear(b, 2), nn.Linear(c, 2))
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    g = parse_source(path)
    assert g.params_total() is None


# ------------------------------------------------------------------ datetime arithmetic
def test_date_difference_width(tmp_path) -> None:
    """``(date - date).days`` and ``date + timedelta`` (library/configtexts.py)."""
    code = """
    import datetime

    import torch.nn as nn

    span = (datetime.date(2024, 3, 1) - datetime.date(2024, 1, 1)).days  # 60
    end = datetime.date(2024, 2, 27) + datetime.timedelta(days=3)
    hours = int((datetime.datetime(2024, 1, 2, 6) - datetime.datetime(2024, 1, 1)).total_seconds()) // 3600
    zero = datetime.timedelta(0)
    extra = 5 if zero else 1
    model = nn.Sequential(nn.Linear(span, end.day + extra), nn.Linear(hours, end.month))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


# ------------------------------------------------------------------ user iterators: next / iter
DOUBLING = """
import torch.nn as nn


class Doubling:
    def __init__(self, start, stop):
        self.cur, self.stop = start, stop

    def __iter__(self):
        return self

    def __next__(self):
        if self.cur > self.stop:
            raise StopIteration
        w = self.cur
        self.cur *= 2
        return w


widths = Doubling(12, 100)
{body}
"""


@pytest.mark.parametrize(
    "body",
    [
        # ``next()`` consumes an item before the loop sees the iterator
        "first = next(widths)\nlayers, prev = [], 3\nfor w in widths:\n"
        "    layers += [nn.Conv2d(prev, w, 3), nn.BatchNorm2d(w)]\n    prev = w\n"
        "model = nn.Sequential(*layers, nn.Conv2d(prev, first, 1))",
        # ``iter(obj)`` is the object itself: nothing is read until ``next()`` (it was read
        # eagerly, so ``list(widths)`` then saw it exhausted: 13 instead of 52)
        "it = iter(widths)\na = next(it)\nws = list(widths)\nmodel = nn.Linear(a, len(ws) + 1)",
        # a plain comprehension over the iterator (it was read twice: the second time empty)
        "ws = [w for w in widths]\nmodel = nn.Linear(ws[0], len(ws))",
        # the default once exhausted
        "ws = list(widths)\nn = next(widths, 5)\nmodel = nn.Linear(n, len(ws))",
    ],
)
def test_user_iterator_next(tmp_path, body) -> None:
    got, want = _both(tmp_path, DOUBLING.format(body=body))
    assert got == want, (body, got, want)


def test_user_iterator_exhausted_next_is_unknown(tmp_path) -> None:
    """``next()`` of an exhausted iterator without a default raises StopIteration: unknown."""
    path = tmp_path / "model.py"
    path.write_text(
        textwrap.dedent(
            DOUBLING.format(body="ws = list(widths)\nmodel = nn.Linear(next(widths), 2)")
        )
    )
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ str.maketrans / translate
def test_translate_block_codes(tmp_path) -> None:
    code = """
    import torch.nn as nn

    codes = "c-B-r|C-b-R".translate(str.maketrans("cbrCBR", "CBRcbr", "-"))

    layers, ch = [], 3
    for group in codes.split("|"):
        for letter in group:
            if letter == "C":
                layers.append(nn.Conv2d(ch, ch * 4, 3))
                ch *= 4
            elif letter == "c":
                layers.append(nn.Conv2d(ch, ch, 1))
            elif letter == "B":
                layers.append(nn.BatchNorm2d(ch))
            elif letter == "R":
                layers.append(nn.ReLU())
    layers.append(nn.Linear(ch, len("ab".translate({97: "xyz"}))))
    model = nn.Sequential(*layers)
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


# ------------------------------------------------------------------ types.new_class
def test_types_new_class_blocks(tmp_path) -> None:
    code = """
    import types

    import torch.nn as nn


    def _init(self, d):
        nn.Module.__init__(self)
        self.fc = nn.Linear(d, d * self.expand)
        self.back = nn.Linear(d * self.expand, d)


    def _fill(ns):
        ns["expand"] = 3
        ns["__init__"] = _init


    Wide = types.new_class("Wide", (nn.Module,), exec_body=lambda ns: ns.update(expand=4, __init__=_init))
    Mid = types.new_class("Mid", (nn.Module,), {}, _fill)
    Narrow = type("Narrow", (nn.Module,), {"expand": 1, "__init__": _init})
    model = nn.Sequential(Wide(10), Narrow(10), Mid(6))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_types_new_class_keywords_unknown(tmp_path) -> None:
    """Class keywords (``kwds``) are handed to ``__init_subclass__`` / a metaclass: unknown."""
    code = """
    import types

    import torch.nn as nn


    class Base(nn.Module):
        def __init_subclass__(cls, width=4, **kw):
            super().__init_subclass__(**kw)
            cls.width = width

        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(self.width, 2)


    W = types.new_class("W", (Base,), {"width": 9})
    model = W()
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    assert parse_source(path).params_total() is None


def test_three_argument_type_runs_init_subclass(tmp_path) -> None:
    """``type(name, bases, ns)`` calls the base's ``__init_subclass__`` (a registry): the
    class made at run time is registered (it was missed: 8 instead of 16)."""
    code = """
    import types

    import torch.nn as nn

    REG = [nn.Linear]


    class Base(nn.Module):
        def __init_subclass__(cls, **kw):
            super().__init_subclass__(**kw)
            REG.append(cls)

        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 2)


    W = type("W", (Base,), {})
    V = types.new_class("V", (Base,))
    model = nn.Sequential(*[k(3, 2) if k is nn.Linear else k() for k in REG])
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_three_argument_type_source_metaclass_unknown(tmp_path) -> None:
    """A base whose metaclass is read from source: that metaclass makes the class: unknown."""
    code = """
    import torch.nn as nn


    class Meta(type):
        def __new__(mcls, name, bases, ns):
            ns["width"] = 7
            return super().__new__(mcls, name, bases, ns)


    class Base(metaclass=Meta):
        width = 3


    W = type("W", (Base,), {})
    model = nn.Linear(W.width, 2)
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    assert parse_source(path).params_total() is None


# ------------------------------------------------------------------ self.register(x) is no ABC's
def test_instance_register_is_not_abc_register(tmp_path) -> None:
    """``self.register(x)`` in a plain method reads ``register`` on an instance: never
    ``ABCMeta.register`` (a metaclass method): ``isinstance(Cls, AbcBase)`` stays decided
    (it was unknown: class_resolver's ``BaseResolver.__init__``)."""
    code = """
    import abc

    import torch.nn as nn


    class Rep(nn.Module, abc.ABC):
        pass


    class Emb(Rep):
        def __init__(self, n):
            super().__init__()
            self.w = nn.Linear(n, n)


    class Resolver:
        def __init__(self, elements):
            self.table = {}
            for e in elements:
                self.register(e)

        def register(self, e):
            self.table[e.__name__.lower()] = e

        def make(self, query, n):
            if isinstance(query, Rep):
                return query
            cls = self.table[query] if isinstance(query, str) else query
            return cls(n)


    res = Resolver([Emb])
    model = nn.Sequential(res.make("emb", 4), res.make(Emb, 3))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_type_of_builtin_class(tmp_path) -> None:
    """``type(type(nn.SiLU))`` is ``type`` (gin builds its decorating metaclass so)."""
    code = """
    import torch.nn as nn

    meta = type(nn.SiLU)
    n = 3 if type(meta) is type and type(int) is type else 5
    model = nn.Linear(n, 2)
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


# ------------------------------------------------------------------ recursion that cannot progress
def test_recursion_repeating_unknown_arguments_stops(tmp_path) -> None:
    """A recursive call whose arguments are its recursive caller's (the same objects, unknowns
    in the same places) can learn nothing new: it is unknown at once, instead of stopping the
    whole analysis at the call-depth bound (torchao's ``quantize_`` walk over a child not
    known). The walk's own value stays unknown; the model around it is counted."""
    code = """
    import time

    import torch.nn as nn


    def walk(m, fn, extra, prefix=""):
        if fn(m, prefix):
            return m
        for name, child in list(m.named_children()):
            walk(child, fn, extra, f"{prefix}{name}.")
        return m


    def never(m, name):
        return False


    model = nn.Sequential(nn.Linear(4, 4), nn.Sequential(nn.ReLU(), nn.Linear(4, 3)))
    walk(model, never, (2,))
    act = (nn.ReLU if time.time() > 0 else nn.Tanh)()  # the clock: never read
    walk(act, never, (model,))
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


def test_decided_recursion_with_state_still_runs(tmp_path) -> None:
    """The same arguments (an unknown among them) but a decided condition on state the call
    changes: the recursion ends by that state, as in Python (5 layers)."""
    code = """
    import time

    import torch.nn as nn


    def grow(x, lst):
        lst.append(nn.Linear(2, 2))
        if len(lst) < 5:
            grow(x, lst)


    layers = []
    grow("a" if time.time() > 0 else "b", layers)  # the clock: never read
    model = nn.Sequential(*layers)
    """
    got, want = _both(tmp_path, code)
    assert got == want, (got, want)


# ------------------------------------------------------------------ core install: shipped signature
TYPEERROR_FALLBACK = """
import torch.nn as nn


def make_proj(d_in, d_out):
    try:
        return nn.Linear(d_in, d_out, gain=2.0)
    except TypeError:
        return nn.Sequential(nn.Linear(d_in, d_out * 2), nn.GLU())


def make_norm(d):
    try:
        return nn.LayerNorm(d, 1e-5, False, True, None, None, 7)
    except TypeError:
        return nn.BatchNorm1d(d)


model = nn.Sequential(make_proj(12, 20), make_norm(20), make_proj(20, 4))
"""


@pytest.mark.parametrize("mode", ["full", "core"])
def test_except_typeerror_fallback_both_installs(tmp_path, mode) -> None:
    """A keyword (or a positional argument) torch's ``__init__`` refuses, under ``except
    TypeError``: the fallback is built in both installs (the core install reads the shipped
    signature table: ``unknown torch layer`` before)."""
    import json
    import subprocess
    import sys

    from benchmarks import installs
    from tests.conftest import ROOT

    path = tmp_path / "model.py"
    path.write_text(TYPEERROR_FALLBACK)
    want = torch_count(path, root="model")
    r = subprocess.run(
        [sys.executable, "-c", installs.cli(mode), "check", str(path), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert r.returncode in (0, 1), r.stderr
    assert json.loads(r.stdout)["params_total"] == want
