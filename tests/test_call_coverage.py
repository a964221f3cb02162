"""benchmarks/wild/call_coverage.py: what it counts as building code, how it resolves names,
and how it classifies a callee (the interpreter's own rules: stop list, registry)."""

from __future__ import annotations

import ast

from benchmarks.wild.call_coverage import analyze, classify

SRC = """
import os.path as osp
import torch
from torch import nn
from .helpers import make_block

WIDTH = max(3, 4)


def build_layers(n):
    return [nn.Linear(n, n) for _ in range(n)]


def forward_only(x):
    return torch.flip(x, (0,))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = build_layers(WIDTH)
        self.block = make_block()
        self._setup()
        self.register_buffer("t", torch.transpose(torch.zeros(2, 3), 0, 1))
        with torch.no_grad():
            pass
        warn_me()

    def _setup(self):
        nn.init.zeros_(self.block.weight)
        self.path = osp.join("a", "b")

    def forward(self, x):
        return torch.cumsum(x, 0)
"""


def test_building_code_and_names():
    got = analyze(ast.parse(SRC), "pkg.model", False, {"register_buffer"})
    calls = dict(got)
    assert calls["builtins.max"] == "used"  # module level
    assert "torch.nn.Linear" in calls  # in a builder called from __init__
    assert calls["torch.nn.init.zeros_"] == "dropped"  # in a method __init__ calls
    assert calls["os.path.join"] == "used"
    assert calls["pkg.helpers.make_block"] == "used"  # a relative import, resolved
    assert calls["torch.no_grad"] == "ctx"
    assert calls["torch.nn.Module.register_buffer"] == "dropped"
    assert "torch.flip" not in calls and "torch.cumsum" not in calls  # not building code
    assert "builtins.warn_me" not in calls  # a name bound nowhere is not a builtin


def test_classify_follows_the_interpreter():
    assert classify("torch.transpose", set()) == "modelled"
    assert classify("torch.nn.Linear", set()) == "modelled"  # a layer read from torch
    assert classify("torch.nn.init.zeros_", set()) == "modelled"  # a family rule
    assert classify("os.path.exists", set()) == "unmodelled"  # the file system: unknown
    assert classify("glob.glob", set()) == "followed"  # stdlib Python source, read
    assert classify("somelib.make", {"somelib"}) == "followed"
