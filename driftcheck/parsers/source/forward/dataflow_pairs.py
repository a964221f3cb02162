"""Forward crashes on real sizes (``check --input-shape``), session 23: the shape conditions
torch checks between the tensors of one call, where each size is known for certain. Each is
torch's own condition, measured in torch 2.13 (``tests/test_crash23_pairs.py`` runs each):

- ``torch.inner(a, b)``: the last sizes equal (unless one is 0-D);
- ``torch.linalg.vecdot(x, y)`` / ``F.triplet_margin_loss(a, p, n)`` / ``F.pairwise_distance``
  / ``F.cosine_similarity``: the tensors broadcast (triplet: same rank first);
- ``torch.addr(input, v1, v2)``: ``v1`` / ``v2`` 1-D, ``input`` expands to ``(len(v1), len(v2))``;
- ``select_scatter`` / ``slice_scatter`` / ``diagonal_scatter(input, src, ...)``: ``src`` has
  exactly the shape of the slice of ``input`` it replaces (no broadcasting);
- ``index_copy(_)(dim, index, source)``: ``source`` of ``input``'s rank, the same sizes off
  ``dim``, as many rows along ``dim`` as ``index`` has items.

Anything unknown (a size, an axis, a slice bound) gives no verdict; a call that passes gives
None, so the other rules go on as before.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg, axis, broadcast
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

# functions whose tensor arguments broadcast against each other (name -> how many tensors,
# counting the first); a failure is torch's "The size of tensor a ... must match"
_BROADCAST = {"vecdot": 2, "pairwise_distance": 2, "cosine_similarity": 2}
_SCATTERS = frozenset({"select_scatter", "slice_scatter", "diagonal_scatter"})
NAMES = frozenset(
    {"inner", "addr", "triplet_margin_loss", "index_copy", "index_copy_", *_BROADCAST, *_SCATTERS}
)


def _fmt(s: tuple) -> str:
    return "[" + ", ".join(str(d) for d in s) + "]"


def _mismatch(a: tuple, b: tuple) -> str:
    """torch's broadcast error for shapes ``a`` and ``b`` (which do not broadcast)."""
    n = max(len(a), len(b))
    pa, pb = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    for i in range(n - 1, -1, -1):
        if pa[i] != pb[i] and 1 not in (pa[i], pb[i]):
            return (
                f"The size of tensor a ({pa[i]}) must match the size of tensor b ({pb[i]}) "
                f"at non-singleton dimension {i}"
            )
    return "shapes do not broadcast"  # not reached: the caller checked


def _slice_len(size: int, start: Any, end: Any, step: Any) -> int | None:
    """The length of ``x.narrow``-like slice ``start:end:step`` of an axis of ``size`` as
    ``slice_scatter`` takes it (None bounds are the ends; negatives wrap; clamped; an end
    before the start is an empty slice). None when a bound is not a known int."""
    start = 0 if start is None else start
    end = size if end is None else end
    if not (is_int(start) and is_int(end) and is_int(step)) or step <= 0:
        return None
    if start < 0:
        start += size
    if end < 0:
        end += size
    start = min(max(start, 0), size)
    end = min(max(end, start), size)
    return (end - start + step - 1) // step


def _scatter_slice(name: str, ts: tuple, args: list, kwargs: dict) -> tuple | None:
    """The shape of the slice ``name`` replaces in a tensor of shape ``ts``, or None."""
    if name == "select_scatter":
        d = axis(arg(args, kwargs, 1, "dim"), len(ts))
        i = arg(args, kwargs, 2, "index")
        if d is None or not is_int(i) or not -ts[d] <= i < ts[d]:
            return None
        return ts[:d] + ts[d + 1 :]
    if name == "slice_scatter":
        d = axis(arg(args, kwargs, 1, "dim", 0), len(ts))
        if d is None:
            return None
        n = _slice_len(
            ts[d],
            arg(args, kwargs, 2, "start"),
            arg(args, kwargs, 3, "end"),
            arg(args, kwargs, 4, "step", 1),
        )
        return None if n is None else ts[:d] + (n,) + ts[d + 1 :]
    off = arg(args, kwargs, 1, "offset", 0)
    d1 = axis(arg(args, kwargs, 2, "dim1", 0), len(ts))
    d2 = axis(arg(args, kwargs, 3, "dim2", 1), len(ts))
    if not is_int(off) or d1 is None or d2 is None or d1 == d2:
        return None
    n = max(0, min(ts[d1] + min(off, 0), ts[d2] - max(off, 0)))
    return tuple(s for i, s in enumerate(ts) if i not in (d1, d2)) + (n,)


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``torch.<name>(t, *args)`` / ``t.<name>(*args)``: ``Tens(None)`` after a crash torch
    certainly raises, else None (the caller goes on)."""
    if name not in NAMES or f.input_shape is None:
        return None
    err = _error(t, name, args, kwargs)
    if err is None:
        return None
    f.crash(loc, err)
    return Tens(None)


def _error(t: Tens, name: str, args: list, kwargs: dict) -> str | None:
    ts = known_shape(t)
    if ts is None:
        return None
    if name == "inner":
        o = known_shape(arg(args, kwargs, 0, "other"))
        if o is not None and ts and o and ts[-1] != o[-1]:
            return (
                "inner() the last dimension must match on both input tensors but got shapes "
                f"{_fmt(ts)} and {_fmt(o)}"
            )
        return None
    if name in _BROADCAST:
        o = known_shape(arg(args, kwargs, 0, {"vecdot": "y"}.get(name, "x2")))
        if o is not None and broadcast(ts, o) is None:
            return _mismatch(ts, o)
        return None
    if name == "triplet_margin_loss":
        p = known_shape(arg(args, kwargs, 0, "positive"))
        n = known_shape(arg(args, kwargs, 1, "negative"))
        if p is None or n is None or not len(ts) == len(p) == len(n):
            return None  # (a rank mismatch is torch's error too, left to say elsewhere)
        for o in (p, n):
            if broadcast(ts, o) is None:
                return _mismatch(ts, o)
        return None
    if name == "addr":
        v1 = known_shape(arg(args, kwargs, 0, "vec1"))
        v2 = known_shape(arg(args, kwargs, 1, "vec2"))
        if v1 is None or v2 is None:
            return None
        for what, v in (("vec1", v1), ("vec2", v2)):
            if len(v) != 1:
                return f"addr: Expected 1-D argument {what}, but got {len(v)}-D"
        target = (v1[0], v2[0])
        if len(ts) > 2:
            return (
                f"expand({_fmt(ts)}, size={_fmt(target)}): the number of sizes provided (2) "
                "must be greater or equal to the number of dimensions in the tensor"
            )
        pad = (1,) * (2 - len(ts)) + ts
        for i in (1, 0):
            if pad[i] != target[i] and pad[i] != 1:
                return (
                    f"The expanded size of the tensor ({target[i]}) must match the existing "
                    f"size ({pad[i]}) at non-singleton dimension {i}.  Target sizes: "
                    f"{_fmt(target)}.  Tensor sizes: {_fmt(ts)}"
                )
        return None
    if name in _SCATTERS:
        src = known_shape(arg(args, kwargs, 0, "src"))
        want = _scatter_slice(name, ts, args, kwargs)
        if src is not None and want is not None and src != want:
            return (
                "expected src to have a size equal to the slice of self. src size = "
                f"{_fmt(src)}, slice size = {_fmt(want)}"
            )
        return None
    return _index_copy(ts, name, args, kwargs)


def _index_copy(ts: tuple, name: str, args: list, kwargs: dict) -> str | None:
    """``t.index_copy(_)(dim, index, source)`` (``torch.index_copy(t, dim, index, source)``)."""
    src = known_shape(arg(args, kwargs, 2, "source"))
    idx = known_shape(arg(args, kwargs, 1, "index"))
    d = axis(arg(args, kwargs, 0, "dim"), max(len(ts), 1))
    if src is None or d is None or not ts or not src:
        return None  # (a 0-D self or source: torch's scalar rules, not judged)
    if len(src) != len(ts):
        return (
            "index_copy_(): When source and destination are not scalars, their dimensionality "
            f"must match. Source dimensionality ({len(src)}), destination dimensionality "
            f"({len(ts)})"
        )
    for i, (a, b) in enumerate(zip(ts, src, strict=True)):
        if i != d and a != b:
            j = i if i < d else i - 1
            return (
                "index_copy_(): Source/destination tensor must have same slice shapes. "
                f"Destination slice shape: {a} at dimension {j} and source slice shape: {b} "
                f"at dimension {j}."
            )
    if idx is not None and len(idx) <= 1:
        n = idx[0] if idx else 1
        if n != src[d]:
            return (
                f"index_copy_(): Number of indices ({n}) should be equal to source.size(dim) "
                f"({src[d]})"
            )
    return None
