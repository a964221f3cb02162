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


# ------------------------------------------------ session 32 (wrongs32): probes32w's left cases
# The root class ``M`` reads module globals lazily (interp/modglobals.py): a global whose value
# another top-level statement changes through an alias or a call is read without that change.


@pytest.mark.xfail(strict=True, reason="modglobals: `a = b = []` then `b.append`, read lazily")
def test_alias_chain_mutated_read_lazily(tmp_path):
    # probes32w p28: 8 where torch has 11 (b.append(2) is not replayed for a)
    _answer(
        tmp_path,
        """
        import torch.nn as nn
        a = b = []
        a.append(1)
        b.append(2)
        WIDTHS = [len(a) + 2, len(b)]
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(w, 1) for w in WIDTHS)
        """,
        "M",
    )


@pytest.mark.xfail(strict=True, reason="modglobals: a function mutating its argument at import")
def test_function_mutating_argument_read_lazily(tmp_path):
    # probes32w p29: 6 where torch has 23 (``grow(a)`` runs ``xs += [9]`` on the global)
    _answer(
        tmp_path,
        """
        import torch.nn as nn
        def grow(xs):
            xs += [9]
        a = [1]
        grow(a)
        WIDTHS = [len(a), a[-1]]
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(w, 1) for w in WIDTHS)
        """,
        "M",
    )


@pytest.mark.xfail(strict=True, reason="modglobals: a call at import advancing closure state")
def test_closure_state_advanced_at_import_read_lazily(tmp_path):
    # probes32w p48: 18 where torch has 23 (the top-level ``b()`` is not replayed)
    _answer(
        tmp_path,
        """
        import torch.nn as nn
        def make():
            box = [0]
            def bump():
                box[0] += 5
                return box[0]
            return bump
        b = make()
        b()
        WIDTHS = [b(), make()()]
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList(nn.Linear(w, 1) for w in WIDTHS)
        """,
        "M",
    )


@pytest.mark.xfail(strict=True, reason="class body read lazily after a base's list was mutated")
def test_subclass_body_reads_base_list_before_mutation(tmp_path):
    # probes32w p125: B's body ran before ``C.layers.append(4)`` (A's list, inherited)
    _answer(
        tmp_path,
        """
        import torch.nn as nn
        class A:
            layers = [1, 2]
        class B(A):
            layers = A.layers + [3]
        class C(A):
            pass
        C.layers.append(4)
        model = nn.Linear(len(B.layers), 1)
        """,
        None,
    )


@pytest.mark.xfail(strict=True, reason="map's function run eagerly: its effects seen early")
def test_map_side_effects_read_before_the_drain(tmp_path):
    # probes32w p165: ``len(log)`` read between ``map(f, xs)`` and its drain is 0 in Python
    _answer(
        tmp_path,
        """
        import torch.nn as nn
        log = []
        def f(v):
            log.append(v)
            return v
        m = map(f, [1, 2, 3])
        n = len(log)
        out = list(m)
        model = nn.Linear(n + 1, 1)
        """,
        None,
    )
