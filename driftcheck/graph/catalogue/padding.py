"""Padding layers: zero, constant, reflection, replication and circular, 1/2/3-D.

``padding`` is an int or a (left, right, [top, bottom, [front, back]]) tuple as in torch,
last axis first. No weights, zero MACs.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, zero_macs
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt, tup

_SHAPES = {1: ((2, 3, 6), (3, 5)), 2: ((2, 3, 4, 5), (3, 4, 4)), 3: ((1, 2, 3, 4, 4), (2, 3, 3, 3))}
_PADS = {1: (2, (1, 3)), 2: (1, (1, 0, 2, 1)), 3: (1, (1, 0, 1, 1, 0, 2))}


def _pad_shape(name: str, n: int, kind: str):
    def rule(p, shapes):
        x = shapes[0]
        if len(x) not in (n + 1, n + 2):
            raise ShapeError(f"{name} expected {n + 1}-D or {n + 2}-D input, got shape {fmt(x)}")
        pads = tup(p["padding"], 2 * n)
        out = list(x)
        for i in range(n):
            axis = len(x) - 1 - i
            lo, hi = pads[2 * i], pads[2 * i + 1]
            size = x[axis]
            if isinstance(size, int):
                if kind == "Reflection" and (lo >= size or hi >= size):
                    raise ShapeError(
                        f"{name} padding {fmt(pads)} must be < input dims, got {fmt(x)}"
                    )
                if kind == "Circular" and (lo > size or hi > size):
                    raise ShapeError(f"{name} padding {fmt(pads)} exceeds input dims {fmt(x)}")
                out[axis] = size + lo + hi
        return tuple(out)

    return rule


def _pad(kind: str, n: int) -> LayerSpec:
    name = f"{kind}Pad{n}d"
    params = [P("padding", "ints")]
    if kind == "Constant":
        params.append(P("value", "float"))
    a, b = _SHAPES[n]
    p1, p2 = _PADS[n]
    extra = {"value": 0.5} if kind == "Constant" else {}
    bad = {}
    if kind == "Reflection":
        bad = {"bad": ex(({"padding": 4}, ((2, 3) + (4,) * n,)))}
    return LayerSpec(
        name=name,
        family="padding",
        params=tuple(params),
        shape=_pad_shape(name, n, kind),
        macs=zero_macs,
        torch=f"torch.nn.{name}",
        role="op",
        aliases=(f"{kind.lower()}_pad{n}d",),
        doc=f"{kind} padding of the last {n} axes (int or per-side tuple, last axis first).",
        examples=ex(({"padding": p1, **extra}, (a,)), ({"padding": p2, **extra}, (b,))),
        extra=bad,
    )


LAYERS = [
    _pad(k, n)
    for k in ("Zero", "Constant", "Reflection", "Replication", "Circular")
    for n in (1, 2, 3)
]

LAYERS = checked(LAYERS)
