"""Every zoo model, parsed statically, against the real model built by torch.

Each ``tests/zoo/<name>.py`` defines a model, ``ENTRY`` (root class), ``CONFIG`` (a dict to
bind, or None), ``build()`` and its ``INPUT`` (see ``tests/zoo_io.py``). The test imports the
zoo file (ours, so importing is fine), builds the model on the meta device, and compares
torch's parameter count (tied weights once, as ``model.parameters()`` yields them) with the
static graph's ``params_total``; then it runs the model on CPU on its declared input and
compares the output shapes with shape inference over the static graph's dataflow edges.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from driftcheck.cli import main  # noqa: E402
from driftcheck.graph.model import Graph  # noqa: E402
from driftcheck.parsers.source import parse_source  # noqa: E402
from tests.zoo_io import load_module, static_output_shapes, torch_output_shapes  # noqa: E402

ZOO = Path(__file__).parent / "zoo"
MODELS = sorted(p.stem for p in ZOO.glob("*.py") if not p.stem.startswith(("_", "broken_")))


@cache
def _load(name: str):
    return load_module(ZOO / f"{name}.py", "zoo")


@cache
def _graph(name: str) -> Graph:
    mod = _load(name)
    return parse_source(ZOO / f"{name}.py", entry=mod.ENTRY, config=mod.CONFIG)


def _shape_case(name: str):
    why = getattr(_load(name), "OUTPUT_UNKNOWN", None)
    marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
    return pytest.param(name, marks=marks)


def test_zoo_is_big_enough():
    assert len(MODELS) >= 30


@pytest.mark.parametrize("name", MODELS)
def test_zoo_params_match_torch(name):
    mod = _load(name)
    with torch.device("meta"):
        model = mod.build()
    want = sum(p.numel() for p in model.parameters())
    graph = _graph(name)
    got = graph.params_total()
    assert got == want, f"{name}: static {got} vs torch {want}; notes: {graph.notes[:5]}"
    # every node carries where it was defined
    assert all(n.loc is not None and n.loc.line for n in graph.nodes if n.type != "Parameter")


@pytest.mark.parametrize("name", [_shape_case(n) for n in MODELS])
def test_zoo_output_shape_matches_torch(name):
    """Every tensor the model returns (see zoo_io), in order, has torch's shape."""
    mod = _load(name)
    want = torch_output_shapes(mod.build(), mod)
    graph = _graph(name)
    res = static_output_shapes(graph, mod)
    assert res.errors == []
    assert res.output_shapes == want, f"{name}: notes: {graph.notes[:5]}"
    # made by the model's last layer or op, not the input passed around an op we lost
    assert all(graph.index[o].type != "Input" for o in graph.outputs)


SINGLE_INPUT = [n for n in MODELS if not isinstance(_load(n).INPUT, dict)]


@pytest.mark.parametrize("name", SINGLE_INPUT)
def test_zoo_model_runs_in_torch_and_check_finds_no_blocker(name, capsys):
    """torch runs every zoo model on its input (the shape test does), so a blocker from
    ``driftcheck check`` with that input shape would be a false one."""
    mod = _load(name)
    shape = ",".join(map(str, mod.INPUT))
    rc = main(["check", f"{ZOO / name}.py::{mod.ENTRY}", "--input-shape", shape])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "blocker" not in out
