"""Confident wrongs known and not yet fixed, each pinned as a strict xfail against torch.

A confident wrong is the worst outcome the analyzer has (a count with no note). One found and
left is kept here, so that it is never forgotten and the fix is noticed: a strict xfail fails the
suite the day the analyzer gives torch's count (then move the case to a regular test). A case may
also turn into an honest unknown; that passes neither way here on purpose (``_answer`` asserts
the count is torch's), so the xfail keeps holding until the count is right.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _answer(tmp_path, code: str, entry: str | None) -> None:
    """``entry``: a root class's name, or None for the file's module-level ``model``."""
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    want = torch_count(path, root=entry or "model")
    got = parse_source(path, entry=entry).params_total()
    assert got == want, (got, want)


# (session 28 (wrongs28) fixed both session-27 cases; they are regular tests in
# tests/test_wild_constructs28a.py)


# (session 31 (wrongs31) fixed session 30's drained-table case: a regular test in
# tests/test_wild_constructs31w.py)


# (session 32 (wrongs32) fixed both session-31 cases -- the global extended by an unknown list
# (speed/fastpath.py's len counted the run as one item) and map / zip / filter / chain over a
# list changed before they are drained (tuplesub.Once.watch: unknown): regular tests in
# tests/test_wild_constructs32w.py)


# (session 33 (wrongs33) drove session 32's five left cases -- probes32w's globals changed at
# import through an alias or a call and read lazily (interp/aliasing.py), a class body read after
# a base's list was mutated, map's function effects read before the drain -- to honest unknowns:
# regular tests in tests/test_wild_constructs33w.py)


# ------------------------------------------------ session 33 (wrongs33): found and left
# (``list.append(a, 1)`` / ``dict.update(d, x=1)`` / ``set.add(s, 3)`` / ``list.sort(xs)``, found
# by this session, are applied now: tests/test_wild_constructs33w.py)
# (session 34 (wildfix34) applies ``bytearray.extend(b, x)`` -- and the other methods and
# in-place dunders of bytearray / deque / list / dict / set read from the type or called by
# name -- as CPython does: regular tests in tests/test_wild_constructs34x.py)


# (session 34 (wildfix34) found ``ExitStack.pop_all()`` dropping a function callback's effects
# and made them unknown the same session: tests/test_wild_constructs34w.py)
