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


# found by reimplfix30b (session 30): a module global bound from a table mutated before and
# after its binding (``FIRST = list(sizes)`` between ``sizes.sort()`` and a ``while sizes:
# sizes.pop()`` loop) is read lazily as the whole module leaves the table, because the loop
# also fills a table bound after ``FIRST`` (``LOG``), so modglobals._point_in_time gives up
# (``a table bound at or after the binding``): FIRST reads [] and the model 0 where torch has 60
@pytest.mark.xfail(strict=True, reason="modglobals point-in-time read of a drained table")
def test_binding_between_mutations_of_a_drained_table(tmp_path):
    _answer(
        tmp_path,
        """
        import torch.nn as nn

        sizes = [3, 1, 2]
        sizes.sort()
        FIRST = list(sizes)
        LOG = {}
        while sizes:
            v = sizes.pop()
            LOG[v] = 1


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in FIRST)
        """,
        "M",
    )
