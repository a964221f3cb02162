"""Every zoo model, parsed statically, against the real model built by torch.

Each ``tests/zoo/<name>.py`` defines a model, ``ENTRY`` (root class), ``CONFIG`` (a dict to
bind, or None) and ``build()``. The test imports the zoo file (ours, so importing is fine),
builds the model on the meta device, and compares torch's parameter count (tied weights
once, as ``model.parameters()`` yields them) with the static graph's ``params_total``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from driftcheck.parsers.source import parse_source  # noqa: E402

ZOO = Path(__file__).parent / "zoo"
MODELS = sorted(p.stem for p in ZOO.glob("*.py") if not p.stem.startswith(("_", "broken_")))


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"zoo_{name}", ZOO / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_zoo_is_big_enough():
    assert len(MODELS) >= 30


@pytest.mark.parametrize("name", MODELS)
def test_zoo_params_match_torch(name):
    mod = _load(name)
    with torch.device("meta"):
        model = mod.build()
    want = sum(p.numel() for p in model.parameters())
    graph = parse_source(ZOO / f"{name}.py", entry=mod.ENTRY, config=mod.CONFIG)
    got = graph.params_total()
    assert got == want, f"{name}: static {got} vs torch {want}; notes: {graph.notes[:5]}"
    # every node carries where it was defined
    assert all(n.loc is not None and n.loc.line for n in graph.nodes if n.type != "Parameter")
