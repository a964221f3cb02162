"""Shapes of tensors that ``__init__`` code builds from other tensors (not from sizes).

``torch.cat((q_bias, torch.zeros_like(v_bias), v_bias))`` becomes a parameter in BLIP-2's
attention: its size is the sum along the joined dimension. Anything unknown stays Unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain


def joined_shape(q: str, args: list[Any], kwargs: dict[str, Any]) -> tuple[Any, ...] | Unknown:
    """``torch.cat`` / ``torch.stack`` of tensors whose shapes are known."""
    seq = plain(args[0]) if args else plain(kwargs.get("tensors"))
    dim = plain(args[1]) if len(args) > 1 else plain(kwargs.get("dim", 0))
    if not isinstance(seq, (list, tuple)) or not seq or not isinstance(dim, int):
        return Unknown(q)
    shapes = []
    for t in seq:
        t = plain(t)
        shp = plain(t.shape) if isinstance(t, Tensor) else None
        if not isinstance(shp, tuple) or not all(isinstance(d, int) for d in shp):
            return Unknown(q)
        shapes.append(shp)
    first = shapes[0]
    if q == "torch.stack":
        if any(s != first for s in shapes) or not -len(first) - 1 <= dim <= len(first):
            return Unknown(q)
        d = dim % (len(first) + 1)
        return (*first[:d], len(shapes), *first[d:])
    if not first or not -len(first) <= dim < len(first):
        return Unknown(q)
    d = dim % len(first)
    if any(
        len(s) != len(first) or s[:d] + s[d + 1 :] != first[:d] + first[d + 1 :] for s in shapes
    ):
        return Unknown(q)
    return (*first[:d], sum(s[d] for s in shapes), *first[d + 1 :])


# torch functions whose result has their first argument's shape (a causal mask buffer is
# ``torch.tril(torch.ones(T, T))``): its shape lets forward check the mask on real sizes
KEEP_SHAPE = {"torch.tril", "torch.triu"}


def kept_shape(q: str, args: list[Any], kwargs: dict[str, Any]) -> tuple[Any, ...] | Unknown:
    """``torch.tril(t)`` / ``torch.triu(t)``: ``t``'s shape when known."""
    t = plain(args[0]) if args else plain(kwargs.get("input"))
    shp = plain(t.shape) if isinstance(t, Tensor) else None
    return shp if isinstance(shp, tuple) else Unknown(q)
