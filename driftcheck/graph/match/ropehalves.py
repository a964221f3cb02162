"""Is a split of a head width the rotary's two halves, not a split into heads?

A hand-written rotary takes each head's vector apart into its two halves by a reshape,
``x.unflatten(-1, (2, head_dim // 2)).unbind(-2)`` (or the interleaved pairs,
``x.unflatten(-1, (head_dim // 2, 2)).unbind(-1)``), where ``x`` is a projection already cut into
heads (``q_proj(x).view(b, t, heads, head_dim)``). That second reshape is an ``Unflatten`` of one
axis into two, which ``derive._head_splits`` reads as a split into heads: ``(2, 8)`` of a
16-wide head, as wide as a key projection of one 16-wide head, gave two head widths and no head
reading at all (session 40 reimplfix40b, fresh37 ``granitemoe_enum_sizes``).

``rotary_halves`` says True for such a split: its input is another ``Unflatten`` whose last new
axis it cuts whole, one of its two sizes is 2, and that axis of 2 is taken apart right after
(an ``Unbind`` of it, the two halves) and joined again by ``torch.cat`` / ``torch.stack`` after
arithmetic alone (``x1 * cos - x2 * sin``). A per-head fused k|v cut into its key and value the
same way (``kv.view(b, t, kv_heads, 2 * d).unflatten(-1, (2, d)).unbind(-2)``) is never joined
again, and stays a split as before. A split of a fused k|v axis (``kv.view(b, t, 2, kv * d)``
then ``.view(b, t, 2, kv, d)``, taken apart on the earlier axis of 2) is not one. Switch:
``DRIFTCHECK_ROPE_HALVES=0`` (the split read as before).
"""

from __future__ import annotations

import os
from typing import Any


def enabled() -> bool:
    return os.environ.get("DRIFTCHECK_ROPE_HALVES", "1") != "0"


def rotary_halves(node: Any, out: dict[str, list[str]], graph: Any) -> bool:
    """``node`` (an ``Unflatten``) cuts the last new axis of the head split feeding it into
    the two halves (``(2, d)`` / ``(d, 2)``) a rotary then takes apart (see the docstring)."""
    if not enabled():
        return False
    size, dim = node.params.get("unflattened_size"), node.params.get("dim")
    if not (isinstance(size, (list, tuple)) and len(size) == 2 and type(dim) is int):
        return False
    if not all(type(x) is int for x in size) or 2 not in size:
        return False
    srcs = [src for src, dsts in out.items() if node.id in dsts]
    if len(srcs) != 1:
        return False
    prev = graph.index.get(srcs[0])
    if prev is None or prev.type != "Unflatten":
        return False
    psize, pdim = prev.params.get("unflattened_size"), prev.params.get("dim")
    if not (isinstance(psize, (list, tuple)) and len(psize) >= 2 and type(pdim) is int):
        return False
    last = psize[-1]
    if type(last) is not int or last <= 0:
        return False
    a, b = size
    if -1 in (a, b):
        whole = last % 2 == 0
    else:
        whole = a * b == last and a > 0 and b > 0
    if not whole:
        return False
    # the axis it cuts: the last one ``prev`` made (both counted from the front, or both
    # from the back)
    if pdim >= 0 and dim >= 0:
        cuts_last = dim == pdim + len(psize) - 1
    elif pdim < 0 and dim < 0:
        cuts_last = dim == pdim
    else:
        cuts_last = False
    if not cuts_last:
        return False
    # the axis of 2 taken apart right after, counted from the front or (the head split
    # cutting the tensor's last axis, as ``view(b, t, heads, head_dim)`` does) from the back
    axes = {i - len(size) for i, x in enumerate(size) if x == 2}
    if dim >= 0:
        axes |= {dim + i for i, x in enumerate(size) if x == 2}
    for dst in out.get(node.id, []):
        nxt = graph.index.get(dst)
        if nxt is not None and nxt.type == "Unbind" and nxt.params.get("dim") in axes:
            if _rejoined(nxt.id, out, graph):
                return True
    return False


_ARITH = frozenset(("Mul", "Add", "Sub", "Neg", "Div"))
_JOINS = frozenset(("Concat", "Stack"))


def _rejoined(unbind: str, out: dict[str, list[str]], graph: Any) -> bool:
    """The pieces ``unbind`` takes apart are joined again (``torch.cat`` / ``torch.stack``)
    after arithmetic alone (``x1 * cos - x2 * sin``): every input of the join comes from the
    pieces through ``_ARITH`` ops. A per-head fused k|v cut into its key and value
    (``kv.unflatten(-1, (2, d)).unbind(-2)``) is never so joined: the parts go to the
    attention apart."""
    reached = {unbind}
    todo = [unbind]
    joins: set[str] = set()
    while todo and len(reached) < 64:
        cur = todo.pop()
        for dst in out.get(cur, []):
            n = graph.index.get(dst)
            if n is None or dst in reached:
                continue
            if n.type in _JOINS:
                joins.add(dst)
            elif n.type in _ARITH:
                reached.add(dst)
                todo.append(dst)
    for j in joins:
        srcs = [src for src, dsts in out.items() if j in dsts]
        if len(srcs) >= 2 and all(s in reached for s in srcs):
            return True
    return False
