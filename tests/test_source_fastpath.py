"""Statements over plain values run by compiled closures (``parsers/source/speed/fastpath.py``).

Each model is parsed with the fast path and without it: the graphs must be identical, the
count must equal torch's, and the fast path must really have run (or, for values it must not
touch, bailed out to the general evaluator).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip("torch")

from driftcheck.parsers.source import parse_source  # noqa: E402
from driftcheck.parsers.source.speed import fastpath  # noqa: E402
from tests.source_coverage import meta_build_count  # noqa: E402

# levit's attention-offset table: two nested loops over grid points, a dict and a list
TABLE = """
import itertools

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, cfg=None, heads=3, resolution=5, stride=2):
        super().__init__()
        points = list(itertools.product(range(resolution), range(resolution)))
        coarse = list(itertools.product(range(resolution // stride), range(resolution // stride)))
        offsets, indices = {}, []
        for p1 in coarse:
            for p2 in points:
                size = 1
                offset = (abs(p1[0] * stride - p2[0] + (size - 1) / 2), abs(p1[1] - p2[1]))
                if offset not in offsets:
                    offsets[offset] = len(offsets)
                indices.append(offsets[offset])
        total = 0
        for i in indices:
            total += i % 3
        widths = [max(2, n - 1) for n in range(4)]
        last, first = widths[-1], min(widths[0], 7)
        self.biases = nn.Parameter(torch.zeros(heads, len(offsets)))
        self.proj = nn.Linear(len(indices) // len(points), total % 11 + last + first)
        self.flag = nn.Linear(2, 3 if not (total > 5 and last <= 2) else 4)


def build():
    return Model()
"""

# values the fast path must leave to the general evaluator: config values (``Sourced``, which
# carry their key into the graph), a module-level ``abs``, ``is``, a list holding config values
BAILS = """
import torch
from torch import nn


def abs(x):
    return 2 * x


class Cfg:
    def __init__(self, hidden=8, sizes=None):
        self.hidden = hidden
        self.sizes = sizes or [3, 5]


class Model(nn.Module):
    def __init__(self, cfg: Cfg):
        super().__init__()
        h = cfg.hidden
        w = h * 2
        doubled = abs(3)
        sizes = [cfg.hidden, cfg.sizes[1]]
        s = sizes[0] + 1
        first = sizes[0]  # the general path hands the item out plain (no key)
        table = {"a": 1}
        one = table["a"]
        none = None
        small = 4 if none is None else 5
        try_cmp = 3 if none == 0 else 6
        text = "x" + "y"
        self.a = nn.Linear(h, doubled)
        self.c = nn.Linear(w, 2)
        self.d = nn.Linear(first, 2)
        self.b = nn.Linear(s, small + try_cmp + one + len(text))


def build():
    return Model(Cfg())
"""


def _parse(p: Path, monkeypatch: pytest.MonkeyPatch, fast: bool) -> tuple[Any, list[bool]]:
    ran: list[bool] = []
    real = fastpath.run

    def run(ip, st, fr):  # noqa: ANN001
        done = real(ip, st, fr) if fast else False
        ran.append(done)
        return done

    with monkeypatch.context() as m:
        m.setattr(fastpath, "run", run)
        # a config dict: its values reach the body as ``Sourced`` (key + line)
        g = parse_source(p, entry="Model", config={"hidden": 8, "sizes": [3, 5]})
    return g, ran


@pytest.mark.parametrize("name, code", [("table", TABLE), ("bails", BAILS)])
def test_fast_path_gives_the_graph_of_the_general_evaluator(tmp_path, monkeypatch, name, code):
    p = tmp_path / f"fast_{name}.py"
    p.write_text(code)
    g, ran = _parse(p, monkeypatch, True)
    slow, _ = _parse(p, monkeypatch, False)
    assert g.params_total() == meta_build_count(p)
    assert json.loads(g.to_json()) == json.loads(slow.to_json())
    if name == "table":
        assert sum(ran) > 100  # the loops ran on the fast path
    else:
        # config values keep their key: read through the general path
        a = next(n for n in g.nodes if n.name == "a")
        assert a.param_locs["in_features"].key == "hidden"


def test_bail_leaves_no_side_effect():
    """A statement that bails after part of its work must not have done any of it: the only
    effect (append, store) comes last, after every value was checked."""
    import ast

    from driftcheck.parsers.source.interp.statements import Frame

    class Ip:
        steps = 0

        def tick(self) -> None:
            self.steps += 1

    fr = Frame(mod=None)
    fr.locals.update(xs=[], d={}, bad=object())
    for src in (
        "xs.append((1, bad + 1))",  # the value bails before the append
        "d[(1, 2)] = bad + 1",
        "y = [xs.append(1)]",  # an effect inside an expression: never compiled
        "z = 1 / 0",  # Python's error: the general path decides (Unknown)
        "z = d['missing']",
        "z = None < 1",
    ):
        st = ast.parse(src).body[0]
        assert fastpath.run(Ip(), st, fr) is False, src
    assert fr.locals["xs"] == [] and fr.locals["d"] == {}
    assert "y" not in fr.locals and "z" not in fr.locals
