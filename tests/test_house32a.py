"""Session 32 (house32): the shared lookups, and the cheap test before the syntax walks.

- ``dir(obj)`` runs the ``__dir__`` of a class read from source whose module's name merely
  starts with "torch" (``torchtasks``, as ``torch_geometric`` / ``torchmetrics`` do): only
  torch's own classes (module ``torch`` / ``torch.*``, ``dunders.torch_class``) are left to
  the other rules. Was ``startswith("torch")``: an honest unknown where torch counts 84.
- ``symbolic.plain_hole_unread`` is ``plain_hole`` wherever working the value out reads no
  ``Probe``, and says ``UNREAD`` otherwise (``global_use`` asks it before walking the
  function's syntax; a Probe is never read there).
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.speed.symbolic import (
    UNREAD,
    SymVal,
    plain_hole,
    plain_hole_unread,
)
from driftcheck.parsers.source.values.abstract import Probe, Sourced
from tests.model_count_support import torch_count

TASKS = """
class TaskSet:
    sentiment = 3
    topic = 12
    language = 40
    def __init__(self, enabled):
        self.enabled = enabled
    def __dir__(self):
        return iter(self.enabled)
"""

MODEL = """
import torch.nn as nn
from {mod} import TaskSet
class Tasks(TaskSet):
    pass
class M(nn.Module):
    def __init__(self):
        super().__init__()
        t = Tasks(["topic", "sentiment"])
        self.heads = nn.ModuleDict({{n: nn.Linear(4, getattr(t, n)) for n in dir(t)}})
        self.first = nn.Linear(2, getattr(t, dir(t)[0]))
"""


@pytest.mark.parametrize("mod", ["torchtasks", "torch_tasklib", "tasklib"])
def test_dir_of_a_class_from_a_torch_named_module_runs_its_dunder(tmp_path, mod) -> None:
    pytest.importorskip("torch")
    (tmp_path / f"{mod}.py").write_text(textwrap.dedent(TASKS))
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(MODEL.format(mod=mod)))
    g = parse_source(path, entry="M")
    want = torch_count(path, sys_path=tmp_path)
    assert want == 84  # sentiment 4*3+3, topic 4*12+12, first 2*12+12 (sorted: topic first)
    assert g.params_total() == want, [str(n) for n in g.notes]


def test_plain_hole_unread_agrees_with_plain_hole() -> None:
    sym = SymVal(7, "n", "n", None, None, False, None)
    symf = SymVal(0.5, "e", "e", None, None, False, None)
    for v in (3, 0.25, True, None, "x", sym, symf, Sourced(4, "k", None, None)):
        a, b = plain_hole_unread(v), plain_hole(v)
        assert a is not UNREAD
        assert type(a) is type(b) and a == b, (v, a, b)
    assert isinstance(plain_hole_unread(Sourced(sym, "k", None, None)), int)
    assert isinstance(plain_hole_unread(symf), float)


class _Rec:
    active = True


def test_plain_hole_unread_never_reads_a_probe() -> None:
    probe = Probe(5, _Rec(), 0)
    for v in (probe, Sourced(probe, "k", None, None), (probe,), [1, probe], (1, 2), []):
        assert plain_hole_unread(v) is UNREAD  # (reading it would raise ProbeUsed)


def test_local_names_by_class_first_is_the_isinstance_chain(monkeypatch) -> None:
    """``globalstmt.local_names`` tests a node's exact class against ``_WALK_ONLY`` before its
    isinstance chain: with both sets empty (the chain alone, as before session 32) every
    function of driftcheck's own source gets the same names."""
    import ast
    from pathlib import Path

    from driftcheck.parsers.source.interp import globalstmt

    root = Path(globalstmt.__file__).resolve().parents[2]  # driftcheck/parsers
    funcs = [
        n
        for p in sorted(root.rglob("*.py"))[:60]
        for n in ast.walk(ast.parse(p.read_text()))
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
    ]
    assert len(funcs) > 250
    fast = [globalstmt.local_names(f, keep=False) for f in funcs]
    monkeypatch.setattr(globalstmt, "_WALK_ONLY", frozenset())
    monkeypatch.setattr(globalstmt, "_NO_CHILDREN", frozenset())
    assert fast == [globalstmt.local_names(f, keep=False) for f in funcs]
    assert any("x" in got for got in fast)  # (names are found at all)
