"""Small helpers the forward-crash rules (``dataflow_args``, ``dataflow_axes``,
``dataflow_known``, ``dataflow_masks``, ``dataflow_torch``) share: reading a call's argument,
an axis counted from the front, torch's broadcast of two shapes, a shape's item count. Each
was written out in several of those modules before (session 18's review of
``dataflow_axes``); one definition keeps torch's rules the same everywhere."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.dataflow_values import is_int


def arg(args: list, kwargs: dict, i: int, name: str, default: Any = None) -> Any:
    """Argument ``i`` of a call, given by position or as ``name=``."""
    return args[i] if len(args) > i else kwargs.get(name, default)


def axis(d: Any, rank: int) -> int | None:
    """Axis ``d`` counted from the front; None when ``d`` is not an int or lies outside
    ``[-rank, rank)`` (where torch raises IndexError)."""
    if not is_int(d) or not -rank <= d < rank:
        return None
    return d % rank


def broadcast(a: tuple, b: tuple) -> tuple | None:
    """torch's broadcast of two known shapes (aligned from the right, a 1 stretches to the
    other size, a 0 included: ``(0,)`` with ``(1,)`` is ``(0,)``), or None when they do not
    broadcast."""
    n = max(len(a), len(b))
    a2, b2 = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a2, b2):
        if x != y and 1 not in (x, y):
            return None
        out.append(y if x == 1 else x)
    return tuple(out)


def numel(shape: tuple) -> int:
    """The number of items of a tensor of ``shape`` (1 for a 0-D one)."""
    n = 1
    for s in shape:
        n *= s
    return n
