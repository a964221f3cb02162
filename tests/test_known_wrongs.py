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


@pytest.mark.xfail(
    raises=AssertionError,
    strict=True,
    reason="session 27: a top-level next(it) before a root class reads the iterator is not "
    "replayed when module globals are read lazily (interp/modglobals.py): 10, torch 6",
)
def test_top_level_next_advances_the_iterator_a_root_class_reads(tmp_path) -> None:
    _answer(
        tmp_path,
        """
        import torch.nn as nn
        SIZES = iter([4, 2, 3])
        next(SIZES)
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.l = nn.Linear(next(SIZES), 2)
        """,
        entry="M",
    )


@pytest.mark.xfail(
    raises=AssertionError,
    strict=True,
    reason="session 27 (burnfix27): a top-level C.register(X) written after the statement that "
    "builds the model is read as already done: isinstance answers True where CPython says False (16, torch 88)",
)
def test_register_after_the_model_is_built_does_not_count(tmp_path) -> None:
    _answer(
        tmp_path,
        """
        from abc import ABCMeta
        import torch.nn as nn
        class Mixer(metaclass=ABCMeta):
            pass
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                layers = [nn.Linear(8, 8), nn.LayerNorm(8)]
                self.keep = nn.ModuleList(p for p in layers if not isinstance(p, Mixer))
        model = M()
        Mixer.register(nn.Linear)
        """,
        entry=None,
    )
