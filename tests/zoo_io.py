"""Inputs and outputs of the zoo models, in torch and in the static graph (shared by the zoo tests).

A zoo file declares its input: ``INPUT`` is a shape (one input) or a dict ``{argument: shape}``
(several, passed by name); ``INPUT_KIND = "tokens"`` (or a dict of kinds) makes token ids in
``range(VOCAB)`` instead of floats. ``OUTPUT_UNKNOWN = "why"`` marks a model whose output shape
is honestly not inferable statically (the test xfails strictly with that reason).

What is compared: every tensor the model returns, in order, when it returns a tuple or list
(nested ones flattened: ``out, (h, c)``); the first field of a dict (a ``ModelOutput``, whose
``[0]`` is its first field) -- exactly what the dataflow pass records as the graph's outputs.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from driftcheck.graph.model import Graph
from driftcheck.graph.shapes import infer_shapes


def load_module(path: Path, prefix: str):
    spec = importlib.util.spec_from_file_location(f"{prefix}_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _kind(mod, name: str | None) -> str:
    kind = getattr(mod, "INPUT_KIND", "float")
    return kind.get(name, "float") if isinstance(kind, dict) else kind


def torch_inputs(mod) -> tuple[list, dict]:
    """(args, kwargs) for ``model(*args, **kwargs)``; seeded, on CPU."""
    import torch

    torch.manual_seed(0)

    def make(shape, name=None):
        if _kind(mod, name) == "tokens":
            return torch.randint(0, mod.VOCAB, tuple(shape))
        return torch.randn(tuple(shape))

    if isinstance(mod.INPUT, dict):
        return [], {k: make(s, k) for k, s in mod.INPUT.items()}
    return [make(mod.INPUT)], {}


def flatten_output(y: Any) -> list[tuple[int, ...]]:
    """Shapes of what a model returned (see the module docstring for the convention)."""
    import torch

    if isinstance(y, torch.Tensor):
        return [tuple(y.shape)]
    if isinstance(y, dict) or hasattr(y, "to_tuple"):
        first = next(iter(y.values()))
        return flatten_output(first)
    if isinstance(y, (tuple, list)):
        return [s for x in y for s in flatten_output(x)]
    return []


def torch_output_shapes(model, mod) -> list[tuple[int, ...]]:
    import torch

    args, kwargs = torch_inputs(mod)
    model = model.eval()
    with torch.no_grad():
        return flatten_output(model(*args, **kwargs))


def static_output_shapes(graph: Graph, mod):
    """Shape inference over the graph's dataflow edges, from the declared input shapes."""
    inputs = graph.inputs()
    if isinstance(mod.INPUT, dict):
        given = {n.id: tuple(mod.INPUT[n.params.get("name")]) for n in inputs}
    else:
        assert len(inputs) == 1, [n.id for n in inputs]
        given = {inputs[0].id: tuple(mod.INPUT)}
    return infer_shapes(graph, given)
