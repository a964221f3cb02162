"""How the middle axis of a three-axis split is used: taken apart, or kept whole?

``view(b, t, heads, 3, head_dim)`` of a fused q|k|v projection (GPT-NeoX-Japanese's layout
written with the parts on their own axis) stacks the query, key and value on its *middle* new
axis: the code takes that axis apart afterwards (``permute(3, 0, 2, 1, 4)`` then ``[0]``,
``unbind(3)``, ``[:, :, :, 0]``), and the first new axis is the heads. A grouped-query port
writes ``q.view(b, t, kv, heads // kv, head_dim)`` and keeps both axes whole into a
contraction (``stackaxis37b``): ``kv * (heads // kv)`` heads. Read without looking at the
middle axis, the first would be ``heads * 3`` heads (fresh36's gpt_neox_japanese_ini: 12 for 4,
a false major on the clean port and on every plant of it).

``mid_axis`` follows the split's output forward, tracking the middle axis:

- ``"index"``: every path takes it apart into single slots (``Select``, ``Unbind``, ``chunk``
  into as many pieces as it has slots, ``split`` into ones) and none keeps it whole into a
  contraction: each slot is one part (q, k, v), each part ``size[0]`` heads of ``size[2]``;
- ``"cut"``: some path takes it apart otherwise (a slice, a chunk into fewer pieces): its
  slots are no single parts, and the first axis is no head count that can be told;
- ``"kept"``: no path cuts it and some reaches a contraction with it whole;
- None: a path goes through an op this does not know (the readings stay as they were).
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph.match.stackaxis37b import CONTRACTS, CUTS, PASSES

MAX_NODES = 64


def mid_axis(node: Any, out: dict[str, list[str]], by_id: dict[str, Any]) -> str | None:
    """For an ``Unflatten`` of one axis into three: see the module docstring."""
    dim, size = node.params.get("dim"), node.params.get("unflattened_size")
    if type(dim) is not int or dim < 0 or not isinstance(size, (list, tuple)) or len(size) != 3:
        return None
    slots = size[1]
    if type(slots) is not int or slots < 2:
        return None
    # (node id, position of the middle axis, rank when known, axes after it when the rank is
    # not). The split axis is read as the input's last (a projection's output, the only
    # splits the readings use: ``src_width``), so the rank is ``dim + 3`` and one axis
    # follows the middle one
    todo: list[tuple[str, int, int | None, int | None]] = [(node.id, dim + 1, dim + 3, 1)]
    seen: set[tuple[str, int]] = set()
    kept = index = other = False
    while todo:
        cur, axis, rank, after = todo.pop()
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
                d = _axis(nxt.params.get("dim"), axis, rank, after)
                if d is None:
                    return None
                if d == axis:
                    if _one_slot(nxt, slots):
                        index = True
                    else:
                        other = True
                    continue
                if t in ("Select", "Unbind"):
                    # one axis fewer: before the middle one it moves down, after it one less
                    # follows it
                    if d < axis:
                        todo.append((nxt.id, axis - 1, _less(rank), after))
                    else:
                        todo.append((nxt.id, axis, _less(rank), _less(after)))
                else:
                    todo.append((nxt.id, axis, rank, after))
            elif t in PASSES:
                todo.append((nxt.id, axis, rank, after))
            elif t == "Permute":
                perm = nxt.params.get("dims")
                if not isinstance(perm, (list, tuple)) or not all(type(x) is int for x in perm):
                    return None
                perm = [x + len(perm) if x < 0 else x for x in perm]
                if sorted(perm) != list(range(len(perm))) or axis not in perm:
                    return None
                n = len(perm)
                at = perm.index(axis)
                todo.append((nxt.id, at, n, n - 1 - at))
            elif t == "Transpose":
                a = _axis(nxt.params.get("dim0"), axis, rank, after)
                b = _axis(nxt.params.get("dim1"), axis, rank, after)
                if a is None or b is None:
                    return None
                if rank is None and (a == axis or b == axis):
                    return None  # moved to a place whose distance from the end is not known
                todo.append((nxt.id, b if axis == a else a if axis == b else axis, rank, after))
            elif t in CONTRACTS:
                if t == "MatMul" and rank is not None and axis >= rank - 2:
                    return None  # the axis is one a matrix product runs over
                kept = True
            else:
                return None
    if other:
        return "cut"
    if index and not kept:
        return "index"
    if kept and not index:
        return "kept"
    return "cut" if index else None


def _one_slot(op: Any, slots: int) -> bool:
    """The cut takes the axis apart into single slots."""
    t = op.type
    if t in ("Select", "Unbind"):
        return True
    if t == "Chunk":
        return op.params.get("chunks") == slots
    if t == "Split":
        s = op.params.get("split_size_or_sections")
        if type(s) is int:
            return s == 1
        return isinstance(s, (list, tuple)) and len(s) == slots and all(x == 1 for x in s)
    return False


def _axis(d: Any, axis: int, rank: int | None, after: int | None) -> int | None:
    """``d`` as a non-negative axis; a negative one without a known rank only where the axes
    after the tracked one are counted (``after``): ``-1`` .. ``-after`` lie past it,
    ``-(after + 1)`` is the tracked axis itself."""
    if type(d) is not int:
        return None
    if d >= 0:
        return d
    if rank is not None:
        return d + rank
    if after is not None and -d <= after + 1:
        return axis + after + 1 + d
    return None


def _less(n: int | None) -> int | None:
    return None if n is None else n - 1


def fused_parts(it: Any, size: Any) -> list[int] | None:
    """``view(b, t, heads, k, head_dim)`` (``heads`` or ``head_dim`` may be ``-1``) of a
    fused projection ``heads * k * head_dim`` wide whose middle axis of ``k`` (2 or 3: k|v or
    q|k|v) is taken apart into single slots (``mid_axis == "index"``): each part is a split of
    ``heads`` heads of ``head_dim``, as ``[heads, head_dim]``. None for any other split."""
    if getattr(it, "mid_axis", None) != "index":
        return None
    if not (isinstance(size, (list, tuple)) and len(size) == 3):
        return None
    n, k, d = size
    width = it.src_width
    if type(k) is not int or k not in (2, 3) or type(width) is not int or width <= 0:
        return None
    if type(n) is not int or type(d) is not int:
        return None
    if n == -1 and d > 0 and width % (k * d) == 0:
        n = width // (k * d)
    elif d == -1 and n > 0 and width % (k * n) == 0:
        d = width // (k * n)
    if n <= 0 or d <= 0 or n * k * d != width:
        return None
    return [n, d]
