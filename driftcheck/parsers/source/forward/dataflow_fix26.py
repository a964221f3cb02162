"""Value bounds of token ids (session 26, crashfix26): ``check --input-range LO:HI``.

The crash benchmarks feed token ids drawn by ``torch.randint(LO, HI)``; a user knows the
vocabulary their ids come from. ``--input-range LO:HI`` (with ``--input-dtype int64``) says
every value of the first input lies in ``[LO, HI)``. The pass keeps that as the ``bounds``
value fact ``(lo, hi)``, inclusive: every item lies in it (not that the ends occur), so a verdict
is only drawn where *every* value the bounds allow is rejected (and the tensor is not empty):

- ``Embedding(n)(ids)``: every id ``< 0`` or every id ``>= n`` (IndexError: index out of
  range in self);
- ``F.one_hot(ids, n)``: every value negative, or every value ``>= n``;
- ``torch.bincount(ids)``: every value negative;
- ``t[ids]``: every index ``< -size`` or every index ``>= size`` of the axis it indexes.

Bounds follow an int64 tensor through ``+`` / ``-`` / ``*`` with a Python int or another
bounded int64 tensor (interval arithmetic, kept only while far from int64 overflow), unary
``-``, and the views and copies that keep each value (``view``, ``reshape``, ``flatten``,
``unsqueeze``, ``transpose``, ``clone``, ``.long()``...). Anything else (a clamp, ``%``, a
float, an in-place write: the fact is a stamped value fact) drops them: no verdict.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

BOUNDS = "bounds"
_LIMIT = 1 << 52  # far from int64 overflow: bounds beyond it are dropped
# methods whose result holds only values of ``t`` (views, copies, an int64 cast of int64)
KEEP_VALUES = frozenset({"view", "reshape", "expand", "expand_as", "permute", "transpose",
                         "unsqueeze", "squeeze", "flatten", "repeat", "flip", "roll", "t",
                         "clone", "contiguous", "detach", "long", "round", "floor", "ceil",
                         "trunc", "view_as", "reshape_as", "movedim", "swapaxes"})  # fmt: skip


def _int64(f: Any, t: Any) -> bool:
    return (
        dataflow_checks.fact(f, t, "dtype") == dataflow_checks.INT
        and dataflow_checks.fact(f, t, "long") is True
    )


def give(f: Any, t: Any, lo: int, hi: int) -> None:
    """``t``'s values all lie in ``[lo, hi]`` (``t`` is int64)."""
    if f.input_shape is None or not isinstance(t, Tens) or lo > hi:
        return
    if max(abs(lo), abs(hi)) >= _LIMIT:
        return
    dataflow_checks.add_facts(f, t, **{BOUNDS: (int(lo), int(hi))})


def bounds(f: Any, t: Any) -> tuple[int, int] | None:
    """Inclusive bounds of an int64 tensor's values: the ``bounds`` fact, an ``arange``'s
    ``range``, or a known array's min and max; None: not known."""
    if f.input_shape is None or not isinstance(t, Tens):
        return None
    got = dataflow_checks.fact(f, t, BOUNDS)
    if got is not None and _int64(f, t):
        return got
    rng = dataflow_checks.fact(f, t, "range")
    if rng is not None and _int64(f, t):
        return (int(rng[0]), int(rng[1]))
    arr = dataflow_checks.fact(f, t, "array")
    if arr is not None and getattr(arr.dtype, "kind", None) == "i" and arr.size:
        return (int(arr.min()), int(arr.max()))
    return None


def _own(f: Any, t: Any) -> tuple[int, int] | None:
    """The ``bounds`` fact only (what this module carries), on an int64 tensor."""
    got = dataflow_checks.fact(f, t, BOUNDS) if isinstance(t, Tens) else None
    return got if got is not None and _int64(f, t) else None


def arith(f: Any, op: str, a: Any, b: Any, out: Any) -> None:
    """``a + b`` / ``a - b`` / ``a * b`` with a bounded int64 tensor and a Python int or
    another bounded int64 tensor: the result is int64 within the interval arithmetic's
    bounds."""
    if f.input_shape is None or not isinstance(out, Tens) or op not in ("Add", "Sub", "Mult"):
        return
    if not isinstance(a, Tens) and not isinstance(b, Tens):
        return
    ends = []
    for v in (a, b):
        if isinstance(v, Tens):
            got = _own(f, v)
            if got is None:
                return
            ends.append(got)
        elif is_int(v) and not isinstance(v, bool):
            ends.append((v, v))
        else:
            return
    (alo, ahi), (blo, bhi) = ends
    if op == "Add":
        lo, hi = alo + blo, ahi + bhi
    elif op == "Sub":
        lo, hi = alo - bhi, ahi - blo
    else:
        prods = (alo * blo, alo * bhi, ahi * blo, ahi * bhi)
        lo, hi = min(prods), max(prods)
    dataflow_checks.add_facts(f, out, dtype=dataflow_checks.INT, long=True)
    give(f, out, lo, hi)


def negate(f: Any, t: Any, out: Any) -> None:
    """``-ids``: the bounds mirrored."""
    got = _own(f, t)
    if got is not None and isinstance(out, Tens) and out is not t:
        dataflow_checks.add_facts(f, out, dtype=dataflow_checks.INT, long=True)
        give(f, out, -got[1], -got[0])


def after_method(f: Any, t: Any, name: str, out: Any) -> None:
    """A view or copy of a bounded int64 tensor keeps its bounds (``.neg()`` mirrors them)."""
    got = _own(f, t)
    if got is None or not isinstance(out, Tens) or out is t:
        return
    if name == "neg":
        negate(f, t, out)
    elif name in KEEP_VALUES:
        dataflow_checks.add_facts(f, out, dtype=dataflow_checks.INT, long=True)
        give(f, out, *got)


def _nonempty(t: Any) -> bool:
    s = known_shape(t)
    return s is not None and all(d > 0 for d in s)


def embedding_error(f: Any, x: Any, size: Any) -> str | None:
    """``Embedding(size)(x)`` where every value of ``x`` lies outside ``[0, size)``."""
    got = bounds(f, x)
    if got is None or not is_int(size) or not _nonempty(x):
        return None
    lo, hi = got
    if hi < 0 or lo >= size:
        bad = lo if lo >= size else hi
        return (
            f"Embedding: every index lies outside the table of {size} rows (values {lo}..{hi}, "
            f"e.g. {bad}; IndexError: index out of range in self)"
        )
    return None


def one_hot_error(f: Any, ids: Any, n: Any) -> str | None:
    """``F.one_hot(ids, n)`` where every value is negative, or every one ``>= n``."""
    got = bounds(f, ids)
    if got is None or not is_int(n) or not _nonempty(ids):
        return None
    lo, hi = got
    if hi < 0:
        return f"one_hot: Class values must be non-negative (values {lo}..{hi})"
    if n >= 1 and lo >= n:
        return f"one_hot: Class values must be smaller than num_classes (values {lo}..{hi}, num_classes={n})"
    return None


def bincount_error(f: Any, x: Any) -> str | None:
    """``torch.bincount(x)`` of a 1-D tensor whose values are all negative."""
    got = bounds(f, x)
    if got is None or not _nonempty(x) or got[1] >= 0:
        return None
    return f"bincount only supports 1-d non-negative integral inputs (values {got[0]}..{got[1]})"


def index_error(f: Any, idx: Any, size: int) -> str | None:
    """``t[idx]`` on an axis of ``size`` where every index lies outside ``[-size, size)``."""
    got = _own(f, idx)
    if got is None or not _nonempty(idx):
        return None
    lo, hi = got
    if hi < -size or lo >= size:
        bad = lo if lo >= size else hi
        return f"IndexError: index {bad} is out of bounds for an axis of size {size} (values {lo}..{hi})"
    return None


def linear_dtype(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``F.linear(x, w, b)`` / ``F.bilinear(x1, x2, w, b)``: torch takes only operands of one
    dtype (else it raises), so a result is that dtype when every tensor operand's is known
    and floating and they agree (an exact one too)."""
    from driftcheck.parsers.source.forward import dataflow_fix25b

    keys = (
        ("input", "weight", "bias") if name == "linear" else ("input1", "input2", "weight", "bias")
    )
    ops = [args[i] if i < len(args) else kwargs.get(k) for i, k in enumerate(keys)]
    tens = [v for v in ops if v is not None]
    if len(tens) < len(keys) - 1 or not all(isinstance(v, Tens) for v in tens):
        return
    dts = {dataflow_checks.fact(f, v, "dtype") for v in tens}
    if len(dts) != 1 or not dts <= {dataflow_checks.FLOAT, "float64"}:
        return
    dataflow_checks.add_facts(f, out, replace=False, dtype=dts.pop(), real=True)
    exact = {dataflow_fix25b.exact(f, v) for v in tens}
    if len(exact) == 1 and None not in exact:
        dataflow_fix25b.give_exact(f, out, exact.pop())


# reductions over every item when called without arguments: a 0-D tensor whatever the input's
# shape (measured, torch 2.13; ``max()`` / ``min()`` without a dim give one value, not a pair)
FULL_REDUCTIONS = frozenset({"sum", "mean", "prod", "max", "min", "amax", "amin", "all", "any",
                             "norm", "std", "var", "nansum", "nanmean",
                             "count_nonzero", "median", "nanmedian"})  # fmt: skip


def full_reduction(t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``t.sum()`` of a tensor whose shape is not known: still a 0-D tensor."""
    if (
        name in FULL_REDUCTIONS
        and not args
        and not kwargs
        and isinstance(out, Tens)
        and out is not t
        and out.shape is None
    ):
        out.shape = ()
