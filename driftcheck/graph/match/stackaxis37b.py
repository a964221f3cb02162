"""Is the first new axis of a three-axis split a stack of parts, or kept whole?

``view(b, t, 2, kv, head_dim)`` of a fused k|v projection stacks the keys and the values on
its first new axis: the code takes that axis apart afterwards (``unbind(2)``, ``[:, :, 0]``,
``permute(2, 0, 3, 1, 4)`` then ``[0]``). A grouped-query port writes the queries' own split
the same way, ``q.view(b, t, kv, heads // kv, head_dim)``, and keeps its first axis whole: it
meets the keys' heads in an ``einsum`` / ``matmul`` (``"bqhgd,bkhd->bhgqk"``). Read as a k|v
stack, its ``kv`` would be ``2`` or ``3`` and ``heads // kv`` the heads (seed_oss_dict_merge:
4 query heads in 2 groups of 2 read as 2 heads). ``stack_kept`` follows the split's output
forward and says which: True where every path reaches such a contraction with the axis whole
and none cuts it, False where one cuts it, None where a path goes through an op it does not
know (the reading then stays as it was).
"""

from __future__ import annotations

from typing import Any

CUTS = frozenset(("Slice", "Select", "Narrow", "Chunk", "Split", "Unbind"))
"""Ops that take an axis apart (``dim`` names it)."""

PASSES = frozenset(
    (
        "Add",
        "Sub",
        "Mul",
        "Div",
        "Neg",
        "Contiguous",
        "Identity",
        "Dropout",
        "Float",
        "Softmax",
        "Concat",
    )
)
"""Ops whose output keeps every axis of the input where it was (a ``Concat`` or ``Softmax``
on the stacked axis itself is no cut: the axis stays one axis)."""

CONTRACTS = frozenset(("Einsum", "MatMul"))

MAX_NODES = 64


def stack_kept(node: Any, out: dict[str, list[str]], by_id: dict[str, Any]) -> bool | None:
    """For an ``Unflatten`` of one axis into three: see the module docstring."""
    dim, size = node.params.get("dim"), node.params.get("unflattened_size")
    if type(dim) is not int or dim < 0 or not isinstance(size, (list, tuple)) or len(size) != 3:
        return None
    # (node id, position of the stacked axis, rank when known)
    todo: list[tuple[str, int, int | None]] = [(node.id, dim, None)]
    seen: set[tuple[str, int]] = set()
    kept = False
    while todo:
        cur, axis, rank = todo.pop()
        if (cur, axis) in seen:
            continue
        seen.add((cur, axis))
        if len(seen) > MAX_NODES:
            return None
        for dst in out.get(cur, []):
            nxt = by_id.get(dst)
            if nxt is None:
                return None
            t = nxt.type
            if t in CUTS:
                d = _axis(nxt.params.get("dim"), axis, rank)
                if d is None:
                    return None
                if d == axis:
                    return False
                if t == "Select":
                    todo.append((nxt.id, axis - 1 if d < axis else axis, _less(rank)))
                else:
                    todo.append((nxt.id, axis, rank))
            elif t in PASSES:
                todo.append((nxt.id, axis, rank))
            elif t == "Permute":
                perm = nxt.params.get("dims")
                if not isinstance(perm, (list, tuple)) or not all(type(x) is int for x in perm):
                    return None
                perm = [x + len(perm) if x < 0 else x for x in perm]
                if sorted(perm) != list(range(len(perm))) or axis not in perm:
                    return None
                todo.append((nxt.id, perm.index(axis), len(perm)))
            elif t == "Transpose":
                a = _axis(nxt.params.get("dim0"), axis, rank)
                b = _axis(nxt.params.get("dim1"), axis, rank)
                if a is None or b is None:
                    return None
                todo.append((nxt.id, b if axis == a else a if axis == b else axis, rank))
            elif t in CONTRACTS:
                if t == "MatMul" and rank is not None and axis >= rank - 2:
                    return None  # the axis is one a matrix product runs over
                kept = True
            else:
                return None
    return True if kept else None


def _axis(d: Any, axis: int, rank: int | None) -> int | None:
    """``d`` as a non-negative axis; a negative one without a known rank only where it cannot
    be the stacked axis (``-1`` / ``-2``: the stacked axis has two new axes after it until a
    permute names the rank), read as a position past it."""
    if type(d) is not int:
        return None
    if d >= 0:
        return d
    if rank is not None:
        return d + rank
    if d in (-1, -2):
        return axis + 3 + d  # a position after the stacked axis; never equal to it
    return None


def _less(rank: int | None) -> int | None:
    return None if rank is None else rank - 1
