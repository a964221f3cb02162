"""Core entries every graph uses: graph inputs, free parameters, Linear, elementwise Add.

This file is also the pattern for every family module: a list ``LAYERS`` of ``LayerSpec``.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked
from driftcheck.graph.catalogue.spec import Example, LayerSpec, P, expect_dim, fmt, numel


def _input_shape(p, shapes):
    return tuple(p["shape"] or ())


def _param_weights(p):
    return {"weight": tuple(p["shape"])}


def _linear_weights(p):
    w = {"weight": (p["out_features"], p["in_features"])}
    if p["bias"]:
        w["bias"] = (p["out_features"],)
    return w


def _linear_shape(p, shapes):
    (x,) = shapes[:1]
    expect_dim("Linear", x, -1, p["in_features"], "in_features")
    return (*x[:-1], p["out_features"])


def _linear_macs(p, shapes, out):
    rows = numel(out[:-1]) if out[:-1] else 1
    return (rows or 0) * p["in_features"] * p["out_features"]


def _broadcast(p, shapes):
    a, b = shapes[0], shapes[1]
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if isinstance(x, int) and isinstance(y, int) and x != y and 1 not in (x, y):
            raise ShapeError(f"cannot broadcast shapes {fmt(shapes[0])} and {fmt(shapes[1])}")
        out.append(y if x == 1 else x)
    return tuple(out)


LAYERS = [
    LayerSpec(
        name="Input",
        family="core",
        params=(P("shape", "ints", None), P("dtype", "str", "float32"), P("name", "str", None)),
        shape=_input_shape,
        macs=lambda p, s, o: 0,
        n_inputs=0,
        doc="A graph input; `shape` may hold symbols such as 'B' or 'T'.",
        extra={"reference": "input"},
        examples=(Example({"shape": (2, 8)}, ()), Example({"shape": (1, 3, 4)}, ())),
    ),
    LayerSpec(
        name="Parameter",
        family="core",
        params=(P("shape", "ints"), P("requires_grad", "bool", True)),
        weights=_param_weights,
        shape=lambda p, s: tuple(p["shape"]),
        macs=lambda p, s, o: 0,
        n_inputs=0,
        aliases=("nn.Parameter",),
        doc="A free trainable tensor (`nn.Parameter(torch.zeros(*shape))`).",
        extra={"reference": "parameter"},
        examples=(Example({"shape": (4, 8)}, ()), Example({"shape": (1, 1, 16)}, ())),
    ),
    LayerSpec(
        name="Linear",
        family="linear",
        params=(
            P("in_features", dim=True, aliases=("in_dim", "input_dim", "fan_in")),
            P("out_features", dim=True, aliases=("out_dim", "output_dim", "units", "fan_out")),
            P("bias", "bool", True, aliases=("use_bias",)),
        ),
        weights=_linear_weights,
        shape=_linear_shape,
        macs=_linear_macs,
        torch="torch.nn.Linear",
        aliases=("dense", "fc", "fully_connected"),
        role="linear",
        doc="y = x W^T + b over the last axis.",
        extra={"bad": (Example({"in_features": 16, "out_features": 4}, ((2, 15),)),)},
        examples=(
            Example({"in_features": 16, "out_features": 32}, ((2, 16),)),
            Example({"in_features": 8, "out_features": 4, "bias": False}, ((2, 5, 8),)),
        ),
    ),
    LayerSpec(
        name="Add",
        family="ops",
        shape=_broadcast,
        n_inputs=2,
        aliases=("residual", "torch.add", "operator.add"),
        doc="Elementwise sum with broadcasting (residual connections).",
        extra={"reference": "add"},
        examples=(Example({}, ((2, 8), (2, 8))), Example({}, ((2, 3, 8), (8,)))),
    ),
]

LAYERS = checked(LAYERS)
