"""Session 35 (pins35): lazy iterators whose items are made as they are drained.

``map(f, xs)`` with an ``f`` that changes state runs ``f`` only as the map is drained; so does
a generator expression. Drained where it is made (``list(map(f, xs))``, ``g(*map(f, xs))``,
a call-free comprehension over it, a stored generator expression drained by the very next
statement), the eager reading is exact; drained later, after other statements, or item by item
with code in between that may read what ``f`` changes, the count is the honest unknown. Each
case is built in real torch (CPU); the analyzer gives torch's count or None, never another."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")

HEAD = """\
import torch.nn as nn
log = []
def f(v):
    log.append(v)
    return v + 1
def take(*a):
    return a
"""

# (code binding ``out`` and ``n``, exact expected)
_MAPS = [
    ("out = tuple(map(f, [1, 2, 3]))\nn = len(log)", True),
    ("out = sorted(map(f, [3, 1]))\nn = len(log)", True),
    ("out = [sum(map(f, [1, 2]))]\nn = len(log)", True),
    ("out = take(*map(f, [1, 2, 3]))\nn = len(log)", True),
    ("n = len(log)\nout = {v for v in map(f, [1, 2])}", True),
    # item by item with a read of the log in between: CPython reads 1, 2, 3 (eager: 3, 3, 3)
    ("out = [len(log) for v in map(f, [1, 2, 3])]\nn = sum(out)", False),
    # any() stops at the first true item: f ran once
    ("out = [any(map(f, [1, 2, 3]))]\nn = len(log)", False),
    ("m = map(f, [1, 2])\nn = len(log)\nout = tuple(m)", False),
]


def _check(path: Path, known: bool) -> None:
    want = torch_count(path, root="model", device="cpu")
    g = parse_source(path)
    got = g.params_total()
    if known:
        assert got == want, (got, want, g.notes)
    else:
        assert got is None, (got, want)
        assert any("params_total unknown" in n for n in g.notes), g.notes


@pytest.mark.parametrize(("code", "known"), _MAPS)
def test_map_drained_at_once_or_later(tmp_path, code, known):
    path = tmp_path / "model.py"
    path.write_text(HEAD + code + "\nmodel = nn.Linear(n + 1, len(out) + 1 + len(log))\n")
    _check(path, known)


GEN = """\
import torch.nn as nn

width = [1]


def f(i):
    return nn.Linear(width[0], 1)


BODY
model = nn.ModuleList(layers)
"""

_GENS = [
    # drained after the width changed: torch builds Linear(6, 1) twice (14), eager read 4
    ("g = (f(i) for i in range(2))\nwidth[0] = 6\nlayers = [*g]", False),
    ("g = (f(i) for i in range(2))\nwidth[0] = 6\nlayers = list(g)", False),
    # drained by the very next statement: nothing in between
    ("g = (f(i) for i in range(2))\nlayers = list(g)\nwidth[0] = 6", True),
    ("g = (f(i) for i in range(2))\nlayers = take(*g)\nwidth[0] = 6", True),
    # a body reading only its own target: nothing can change it
    ("g = (i + 2 for i in range(2))\nwidth[0] = 6\nlayers = [f(w) for w in g]", True),
    # unpacked where it is made
    ("a, b = (f(i) for i in range(2))\nwidth[0] = 6\nlayers = [a, b]", True),
    # made and drained in one expression
    ("layers = [*(f(i) for i in range(2))]\nwidth[0] = 6", True),
]


@pytest.mark.parametrize(("body", "known"), _GENS)
def test_generator_expression_stored_and_drained(tmp_path, body, known):
    path = tmp_path / "model.py"
    src = GEN.replace("BODY", "def take(*a):\n    return list(a)\n\n\n" + body)
    path.write_text(textwrap.dedent(src))
    _check(path, known)
