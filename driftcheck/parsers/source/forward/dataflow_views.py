"""view / reshape / expand in forward(): sizes from ``x.size()`` rewritten into ops that do not
depend on the input size.

``view(B, T, nh, C // nh)`` on (B, T, C) is ``Unflatten(2, (nh, -1))``; ``view(B, -1, C)`` on
(B, T, nh, hd) is a flatten of the trailing axes and an unflatten; sizes that only another
tensor knows (``x.view(b, s, -1)`` after ``b, s, n = bags.shape``, ``cls.expand(x.size(0), -1,
-1)``) become ``ReshapeFrom`` / ``ExpandFrom`` ops that read them from that tensor's node,
so shape inference can run later with whatever input shape the user gives.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.dataflow_values import UNK, ShapeOf, Sym, Tens


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def int_args(args: list) -> list[Any] | None:
    """Sizes given as ``f(2, 3)`` or ``f((2, 3))`` or ``f(x.shape)``."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return list(args[0])
    if len(args) == 1 and isinstance(args[0], ShapeOf):
        return list(args[0].t.shape) if args[0].t.shape is not None else None
    return list(args)


def reshape(run: Any, t: Tens, kind: str, args: list, fr: Any, loc: Any) -> Tens:
    """view / reshape, with sizes from ``x.size()`` rewritten into size-free ops."""
    out = _reshape(run, t, kind, args, fr, loc)
    run.f.note_shape(out)
    return out


def _reshape(run: Any, t: Tens, kind: str, args: list, fr: Any, loc: Any) -> Tens:
    f = run.f
    dims = int_args(args)
    if not dims or not all(is_int(d) or isinstance(d, Sym) for d in dims):
        return f.add_op(kind, {"shape": None}, [t], fr.parent, loc, unresolved=["shape"])
    if all(is_int(d) for d in dims):
        out = f.add_op(kind, {"shape": tuple(dims)}, [t], fr.parent, loc)
        if out.shape is None and out.src is not None:
            out.shape = tuple(out.axis(i, "view") if d == -1 else d for i, d in enumerate(dims))
        return out
    s = t.shape
    k = 0  # leading sizes that are the input's own (``x.view(x.size(0), -1)``)
    while k < len(dims) and (s is None or k < len(s)) and dims[k] == t.dim(k):
        k += 1
    rest = dims[k:]
    if s is not None and k == len(s) == len(dims):
        return Tens(t.src, t.shape)
    if len(rest) == 1 and k > 0 and (s is None or k < len(s)):
        out = f.add_op("Flatten", {"start_dim": k, "end_dim": -1}, [t], fr.parent, loc)
        if out.src is not None and not (is_int(rest[0]) and rest[0] == -1):
            out.shape = tuple(dims)
        return out
    merged = _merge_run(s, dims, k)
    if merged is not None:  # (B, h, r, T, d) -> (B, h * r, T, d): flatten a run of axes
        out = f.add_op("Flatten", {"start_dim": k, "end_dim": merged}, [t], fr.parent, loc)
        if out.src is not None:
            out.shape = tuple(dims)
        return out
    free = [d for d in rest if not is_int(d) or d == -1]
    if s is not None and len(s) == k + 1 and rest and len(free) <= 1:
        size = tuple(d if is_int(d) else -1 for d in rest)
        out = f.add_op("Unflatten", {"dim": k, "unflattened_size": size}, [t], fr.parent, loc)
        if out.src is not None:
            out.shape = tuple(d if d != -1 else out.axis(i, "view") for i, d in enumerate(dims))
        return out
    if k > 0 and s is not None and rest and all(is_int(d) for d in rest) and rest.count(-1) <= 1:
        # ``view(B, -1, nh, hd)`` on (B, T, C), ``view(B, -1, C)`` on (B, T, nh, hd): the
        # leading axes are the input's own and the rest are plain sizes, so the view is a
        # flatten of the trailing axes into one and an unflatten of it into ``rest``
        flat = f.add_op("Flatten", {"start_dim": k, "end_dim": -1}, [t], fr.parent, loc)
        size = tuple(rest)
        out = f.add_op("Unflatten", {"dim": k, "unflattened_size": size}, [flat], fr.parent, loc)
        if out.src is not None:
            out.shape = tuple(d if d != -1 else out.axis(i, "view") for i, d in enumerate(dims))
        return out
    free = [i for i, d in enumerate(dims) if not is_int(d)]
    if len(free) == 1 and -1 not in dims:
        target = tuple(-1 if i == free[0] else d for i, d in enumerate(dims))
        out = f.add_op(kind, {"shape": target}, [t], fr.parent, loc)
        out.shape = tuple(dims) if out.src is not None else None
        return out
    out = sized_by(run, t, "ReshapeFrom", "shape", dims, fr, loc)
    if out.src is not None:
        return out
    return f.add_op(kind, {"shape": None}, [t], fr.parent, loc, unresolved=["shape"])


def sized_by(run: Any, t: Tens, kind: str, key: str, sizes: list, fr: Any, loc: Any) -> Tens:
    """``kind`` (ReshapeFrom / ExpandFrom) when every size is a number or the size of an axis
    of a node we know (``x.view(b, s, -1)`` with ``b, s, n = bags.shape``): entry ``[i, a]``
    reads axis ``a`` of input ``i`` (0 is ``t`` itself), so shape inference needs no size
    fixed at analysis time. Unknown (``Tens(None)``) otherwise."""
    if t.src is None:
        return Tens(None)
    donors: list[str] = [t.src]
    entries: list[Any] = []
    for d in sizes:
        ref = run.f.size_home(d)
        if is_int(d):
            entries.append(d)
        elif ref is None or run.f.queries.node_type(ref[0]) is None:
            return Tens(None)
        else:
            if ref[0] not in donors:
                donors.append(ref[0])
            entries.append([donors.index(ref[0]), ref[1]])
    ins = [t, *(Tens(s) for s in donors[1:])]
    out = run.f.add_op(kind, {key: entries}, ins, fr.parent, loc)
    if out.src is not None:
        out.shape = tuple(out.axis(i, "view") if d == -1 else d for i, d in enumerate(sizes))
        run.f.note_shape(out)
    return out


def _merge_run(s: tuple | None, dims: list, k: int) -> int | None:
    """End axis when ``dims`` is ``s`` with axes k..end multiplied into one (symbolically)."""
    if s is None or len(dims) >= len(s) or k >= len(dims):
        return None
    m = 0  # matching sizes from the end
    while m < len(dims) - k - 1 and dims[-1 - m] == s[-1 - m] and dims[-1 - m] != -1:
        m += 1
    end = len(s) - m - 1
    if len(dims) - m - k != 1 or end <= k:
        return None
    prod: Any = s[k]
    for d in s[k + 1 : end + 1]:
        prod = prod * d
    return end if prod == dims[k] and not isinstance(prod, type(UNK)) else None


def expand_sizes(s: tuple | None, sizes: list) -> tuple | None:
    """``expand`` sizes with symbols: a symbol equal to the input's size there is -1 (keep)."""
    if s is None or len(sizes) != len(s):
        return None
    out = []
    for d, v in zip(sizes, s):
        if is_int(d):
            out.append(d)
        elif d == v:
            out.append(-1)
        else:
            return None
    return tuple(out)
