"""Session 35 (pins35): ``x in xs`` calls an ``__eq__`` of the analyzed code that we do not
follow. One that changes state (a log it appends to) leaves what it reaches unknown
(wrongs34); one that only compares leaves the membership unknown and nothing else, so the
other layers stay known and the note names the layer whose size hangs on it. Ground truth:
torch (CPU)."""

from __future__ import annotations

import runpy
import textwrap

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")

SRC = """
import torch.nn as nn

log = []


class Node:
    def __init__(self, w):
        self.w = w

    def __eq__(self, other):
        BODY
        return isinstance(other, Node) and other.w == self.w


w = 7 if Node(4) in [Node(4)] else 9
layers = [nn.Linear(3, 5)] * (len(log) + 1)
layers.append(nn.Linear(w, w))
model = nn.ModuleList(layers)
"""


def _count(path) -> int:
    m = runpy.run_path(str(path))["model"]
    return sum(p.numel() for p in m.parameters())


@pytest.mark.parametrize("body", ["pass", "log.append(other)"])
def test_eq_called_by_in(tmp_path, body):
    path = tmp_path / "m.py"
    path.write_text(textwrap.dedent(SRC).replace("BODY", body))
    want = _count(path)
    assert want == (3 * 5 + 5) + (7 * 7 + 7)  # ModuleList dedups the repeated layer
    g = parse_source(path)
    assert g.params_total() is None
    note = next(n for n in g.notes if n.startswith("params_total unknown"))
    if body == "pass":  # only the membership: the Linear sized from it is named
        assert "torch.nn.Linear" in note and "m.py:" in note, note
