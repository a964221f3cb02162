"""Session 34 (wildfix34b): fresh33 dev's confident wrong and unknowns.

- ``functools.cache`` / ``lru_cache`` keys as CPython builds them (``_make_key``): equal keys
  with equal hashes are one entry (``(1.0,) == (True,)``), a lone untyped int / str argument
  is the key itself (``f(1)`` and ``f(1.0)`` are two entries), ``typed=True`` separates the
  types, a NaN or an argument we cannot key makes the cached result unknown.

Every count is torch's (meta device) on the file run by CPython; a null count is an honest
unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _both(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    return parse_source(path).params_total(), torch_count(path, root="model")


def _widths_model(decorator: str, calls: str) -> str:
    return f"""
import functools
from torch import nn

seen = []


@{decorator}
def width(mult, *rest, **kw):
    seen.append(mult)
    return 8 * len(seen)


widths = [{calls}]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


# (decorator, the calls): each count below is checked against CPython running the same file
EXACT = {
    "bool_collision": ("functools.cache", "width(1), width(1.0), width(True), width(2), width(2)"),
    "float_then_int": ("functools.cache", "width(1.0), width(1), width(True), width(1.0)"),
    "typed": (
        "functools.lru_cache(maxsize=None, typed=True)",
        "width(1), width(1.0), width(True), width(1), width(True)",
    ),
    "bounded_bare": ("functools.lru_cache", "width(0), width(False), width(0.0), width(0)"),
    "keyword_keys": (
        "functools.cache",
        "width(1, k=1), width(1, k=1.0), width(1, k=True), width(True, k=1), width(mult=1),"
        " width(mult=1.0)",
    ),
    "two_args": ("functools.cache", "width(1, 2), width(1.0, 2.0), width(True, 2)"),
    "str_short_path": ("functools.cache", "width('a'), width('a'), width(('a',)), width('b')"),
    "tuple_arg": ("functools.cache", "width((1, 2)), width((1.0, 2)), width((True, 2.0))"),
    "maxsize_one": (
        "functools.lru_cache(maxsize=1)",
        "width(1.0), width(True), width(2), width(1.0), width(1.0)",
    ),
    "negative_zero": ("functools.cache", "width(0.0), width(-0.0), width(0), width(False)"),
    "complex_equal": ("functools.cache", "width(1.0), width(1 + 0j), width(2j), width(2j)"),
}


@pytest.mark.parametrize("case", sorted(EXACT))
def test_cache_keys_as_cpython(tmp_path, case: str) -> None:
    got, want = _both(tmp_path, _widths_model(*EXACT[case]))
    assert got == want, (case, got, want)


def test_bool_collision_wild_shape(tmp_path) -> None:
    """The fresh33 shape: 1 and 1.0 are two entries, True hits 1.0's (not 1's)."""
    got, want = _both(
        tmp_path, _widths_model("functools.cache", "width(1), width(1.0), width(True)")
    )
    assert got == want == (8 + 16 + 16) * 3 + 3 * 3  # widths 8, 16, 16


NAN_SAME_OBJECT = """
import functools
from torch import nn

seen = []


@functools.cache
def width(x):
    seen.append(x)
    return 8 * len(seen)


nan = float("nan")
widths = [width(nan), width(nan), width(float("nan"))]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


def test_nan_key_is_unknown(tmp_path) -> None:
    """A NaN is found by identity (``is``) first: the same object hits, another misses --
    which host floats are one object is not the program's, so the count is unknown."""
    got, want = _both(tmp_path, NAN_SAME_OBJECT)
    assert want == (8 + 8 + 16) * 3 + 9  # CPython: the second call hit, the third missed
    assert got is None


UNKEYED_THEN_KNOWN = """
import functools
from torch import nn

seen = []


class Key:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return other == self.v

    def __hash__(self):
        return hash(self.v)


@functools.cache
def width(x):
    seen.append(x)
    return 8 * len(seen)


widths = [width(Key(2)), width(2.0), width(3)]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


def test_custom_hash_key_makes_later_misses_unknown(tmp_path) -> None:
    """An argument with its own ``__eq__`` / ``__hash__`` is not keyed: the first call is a
    sure miss, but a later call may hit its entry (here ``width(2.0)`` does)."""
    got, want = _both(tmp_path, UNKEYED_THEN_KNOWN)
    assert want == (8 + 8 + 16) * 3 + 9
    assert got is None


PLAIN_INSTANCE_KEY = """
import functools
from torch import nn

seen = []


class Cfg:
    def __init__(self, v):
        self.v = v


@functools.cache
def width(cfg):
    seen.append(cfg)
    return 8 * len(seen) + cfg.v


a, b = Cfg(1), Cfg(1)
widths = [width(a), width(b), width(a), width(Cfg(2))]
model = nn.ModuleList(nn.Linear(w, 3) for w in widths)
"""


def test_plain_instance_keyed_by_identity(tmp_path) -> None:
    got, want = _both(tmp_path, PLAIN_INSTANCE_KEY)
    assert got == want


def test_cache_clear_forgets_unkeyed(tmp_path) -> None:
    code = UNKEYED_THEN_KNOWN.replace(
        "widths = [width(Key(2)), width(2.0), width(3)]",
        "first = width(Key(2))\nwidth.cache_clear()\nwidths = [first, width(2), width(2)]",
    )
    got, want = _both(tmp_path, code)
    assert got == want
