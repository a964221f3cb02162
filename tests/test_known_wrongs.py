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


@pytest.mark.xfail(
    strict=True, reason="modglobals: a top-level `xs += <unknown list>` read back later"
)
def test_global_extend_by_unknown_list_read_later(tmp_path):
    # found by session 31 (wildfix31a): the split of an environment string (unknown statically)
    # extends a top-level list; `len(xs)` read through a later global counts one item (10 where
    # torch has 15). Inside a function the same `+=` is unknown since wildfix31a.
    _answer(
        tmp_path,
        """
        import os
        import torch.nn as nn
        xs = [3]
        xs += os.environ.get("DRIFTCHECK_UNSET_WIDTHS", "5,6").split(",")
        ws = [4, len(xs)]
        model = nn.Linear(4, ws[1])
        """,
        None,
    )


@pytest.mark.xfail(strict=True, reason="tuplesub.Once: map / zip / filter read their input eagerly")
def test_map_of_a_list_changed_before_it_is_read(tmp_path):
    # found by session 31 (wildfix31b): `map` is lazy in Python, so an item appended to its input
    # before the map is drained is mapped too (3 items: 8 parameters); the analyzer reads the
    # input when `map` is called (2 items: 6). zip / filter / itertools.chain the same.
    _answer(
        tmp_path,
        """
        import torch.nn as nn
        a = [4, 5]
        z = map(lambda w: w * 2, a)
        a.append(6)
        ws = list(z)
        model = nn.Linear(len(ws), 2)
        """,
        None,
    )
