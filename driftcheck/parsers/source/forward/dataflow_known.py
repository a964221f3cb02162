"""Small integer and boolean tensors whose values the forward pass knows (session 18).

A mask built in ``forward`` from a buffer of lengths, ``torch.arange(T)[None, :] <
lengths[:, None]``, selects a number of items that only its values tell; ``x.masked_select(m)``
is then a vector of that many items, and a ``view`` of it that does not divide raises in torch.
The pass knows such values in two places only: a buffer ``__init__`` computed exactly (the
value library, ``dataflow_args.buffer_dtype``) and ``torch.arange`` of known ints made in
``forward`` (and, session 19, ``torch.full`` of an int, ``zeros`` / ``ones`` of an integer
dtype, ``torch.tensor`` of ints). From there they are followed through basic indexing (ints, slices, ``None``,
``...``) and comparisons (``<``, ``==``, ...) with another such tensor or a Python int, as
numpy computes them (the same results as torch on integers and booleans). Floats are left out:
torch and numpy may round differently, and a compared float is rarely known exactly.

The values ride on ``Flow.value_facts`` (``array``, beside ``dtype`` and a mask's ``count``),
keyed by the tensor object like the other facts; only on real sizes (``--input-shape``); an
array over ``LIMIT`` items is dropped (bounded memory and time, nothing claimed).

Rules that use them:

- ``a < b`` of two tensors of known shapes is a boolean tensor of their broadcast shape (it
  was an unknown value before), with its values when both operands' are known;
- ``x.masked_select(mask)`` / ``torch.masked_select(x, mask)``: a vector of as many items as
  the mask, broadcast to ``x``'s shape, holds true.
- ``a & b`` / ``a | b`` / ``a ^ b`` of two known tensors (session 18, crashfix18e): numpy's
  bitwise op;
- ``a + b`` / ``a - b`` / ``a * b`` / ``a // b`` of integer tensors (or one and a Python
  int) whose values are known (session 19, ``arith``): numpy's int64 result; ``a % b`` too
  (session 25: ``torch.remainder``, the divisor's sign, as numpy's ``remainder``), and
  ``t.expand(...)`` / ``t.expand_as(o)`` of known values (numpy's ``broadcast_to``);
- ``x.masked_scatter(mask, src)``: ``src`` needs at least as many items as the mask, expanded
  to ``x``'s shape, holds true. A mask written in ``forward`` (``m = zeros(...); m[:, a:b] =
  True``) has no known values: following writes needs an aliasing analysis (views share
  memory), so it is not done.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_attrs
from driftcheck.parsers.source.forward.dataflow_common import broadcast, numel
from driftcheck.parsers.source.library.tensorvalues import np
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

LIMIT = 1 << 12  # items a followed array may hold

_OPS = {ast.Lt: "less", ast.LtE: "less_equal", ast.Gt: "greater", ast.GtE: "greater_equal",
        ast.Eq: "equal", ast.NotEq: "not_equal"}  # fmt: skip


def array(f: Any, t: Any) -> Any:
    """The numpy values of ``t`` when the pass knows them, else None."""
    from driftcheck.parsers.source.forward import dataflow_checks

    return dataflow_checks.fact(f, t, "array")


def remember(f: Any, t: Any, arr: Any, stamp: int | None = None) -> None:
    """Keep ``arr`` as ``t``'s values (integer or boolean, at most ``LIMIT`` items, of
    ``t``'s shape), keeping ``t``'s other facts; a boolean one also gives dtype and count.
    ``stamp``: the in-place write count at which they were true (``dataflow_checks.mark``)."""
    from driftcheck.parsers.source.forward import dataflow_args, dataflow_checks

    kind = getattr(getattr(arr, "dtype", None), "kind", None)
    if f.input_shape is None or not isinstance(t, Tens) or kind not in ("b", "i", "u"):
        return
    if arr.size > LIMIT or known_shape(t) != tuple(arr.shape):
        return
    if kind == "b":
        dataflow_checks.add_facts(
            f, t, stamp=stamp, array=arr, dtype=dataflow_args.BOOL, count=int(arr.sum())
        )
    else:
        dataflow_checks.add_facts(f, t, stamp=stamp, array=arr)


def buffer(f: Any, obj: Any, name: str, t: Any) -> Any:
    """A buffer read in ``forward`` (``self.<name>``): its values are those ``__init__`` left,
    so they are dropped when code outside an ``__init__`` may write it (a step counter, a
    queue pointer, a mask updated in place)."""
    got = f.value_facts.get(id(t)) if isinstance(t, Tens) else None
    if got is None or got[0] is not t or "array" not in got[1]:
        return t
    if dataflow_attrs.written_outside_init(f, obj, name):
        got[1].pop("array")
    return t


def arange(f: Any, args: list, kwargs: dict, out: Any) -> None:
    """``torch.arange(end)`` / ``(start, end[, step])`` of ints, no dtype: int64 values."""
    if kwargs or not 1 <= len(args) <= 3 or not all(is_int(a) for a in args):
        return
    start, end, step = (0, args[0], 1) if len(args) == 1 else (args[0], args[1], 1)
    step = args[2] if len(args) == 3 else step
    if step == 0 or abs(end - start) > LIMIT * abs(step):
        return
    remember(f, out, np().arange(start, end, step, dtype="int64"))


def filled(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``torch.full(size, n)`` of an int ``n`` (int64, or an integer ``dtype=``), and
    ``torch.zeros`` / ``ones`` with an integer ``dtype=``: every item is that int (lengths
    for ``ctc_loss``, class targets); ``torch.tensor`` / ``as_tensor`` of (nested) ints: those
    ints (``remember`` keeps them only where the pass gave the result the same shape)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    dtype = kwargs.get("dtype")
    if dtype is not None and dataflow_checks.dtype_name(dtype) != dataflow_checks.INT:
        return
    if name in ("tensor", "as_tensor"):
        data = args[0] if args else kwargs.get("data")
        if _int_items(data):
            try:
                arr = np().asarray(data, dtype="int64")
            except (ValueError, OverflowError):  # ragged rows (torch raises too), huge ints
                return
            remember(f, out, arr)
        return
    if name == "full":
        value = args[1] if len(args) > 1 else kwargs.get("fill_value")
    elif name in ("zeros", "ones") and dtype is not None:
        value = 0 if name == "zeros" else 1
    else:
        return
    shape = known_shape(out) if isinstance(out, Tens) else None
    if name == "full" and isinstance(value, float) and isinstance(out, Tens) and dtype is None:
        # a float fill: every item is that number (float values are not arrays here: the
        # array facts are integer ones); read by value checks such as ``bernoulli``'s
        dataflow_checks.add_facts(f, out, fill=value)
        return
    if not is_int(value) or shape is None or numel(shape) > LIMIT:
        return
    remember(f, out, np().full(shape, value, dtype="int64"))


def tri_indices(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``torch.triu_indices(row, col, offset)`` / ``tril_indices``: int64 (long) row and column
    indices, as ``numpy.triu_indices(row, offset, col)`` lists them (row-major, the same
    order); no ``dtype=`` (torch's default int64 only)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_concrete import tri_args

    got = tri_args(args, kwargs)
    if got is None or "dtype" in kwargs or not isinstance(out, Tens) or out.shape is None:
        return
    dataflow_checks.add_facts(f, out, dtype=dataflow_checks.INT, long=True)
    row, col, off = got
    if row * col <= LIMIT:
        fn = np().triu_indices if name == "triu_indices" else np().tril_indices
        remember(f, out, np().asarray(fn(row, off, col), dtype="int64").reshape(2, -1))


def _int_items(v: Any, depth: int = 0) -> bool:
    """An int, or a (nested) non-empty list / tuple of them, at most ``LIMIT`` at each level
    (a bool, a float, a tensor are not: their dtypes differ)."""
    if is_int(v):
        return True
    if not isinstance(v, (list, tuple)) or not v or len(v) > LIMIT or depth > 4:
        return False
    return all(_int_items(x, depth + 1) for x in v)


def index(f: Any, t: Any, key: Any, out: Any) -> None:
    """``t[...]`` with ints, slices of ints, ``None`` and ``...``: numpy's basic indexing,
    the same as torch's (a negative step, which torch refuses, is not followed)."""
    a = array(f, t)
    if a is None or not isinstance(out, Tens) or out is t:
        return
    items = key if isinstance(key, tuple) else (key,)
    for it in items:
        if isinstance(it, slice):
            parts = (it.start, it.stop, it.step)
            if not all(p is None or is_int(p) for p in parts) or (it.step or 1) <= 0:
                return
        elif not (it is None or it is Ellipsis or is_int(it)):
            return
    try:
        remember(f, out, a[items])
    except IndexError:
        return  # an index out of range: torch raises, not claimed here


# methods followed on values: they move items, never compute new ones
_METHODS = {"unsqueeze", "squeeze", "view", "reshape", "flatten", "long", "int", "bool",
            "logical_not", "t", "contiguous", "clone", "detach", "cpu", "expand",
            "expand_as"}  # fmt: skip


def _expanded(a: Any, sizes: list) -> Any:
    """``t.expand(*sizes)`` of values ``a``: torch's rule (-1 keeps an axis, new axes lead, an
    axis grows from 1 only) as numpy's ``broadcast_to``; None where torch would refuse."""
    if len(sizes) < a.ndim:
        return None
    lead = len(sizes) - a.ndim
    shape = []
    for i, s in enumerate(sizes):
        old = a.shape[i - lead] if i >= lead else None
        if s == -1:
            if old is None:
                return None
            s = old
        if s < 0 or (old is not None and old not in (1, s)):
            return None
        shape.append(s)
    return np().broadcast_to(a, tuple(shape))


def method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``t.unsqueeze(d)``, ``t.view(...)``, ``t.long()``...: numpy's same operation on ``t``'s
    values. ``remember`` keeps the result only where its shape is the one the pass gave
    ``out`` (a form numpy reads otherwise than torch is dropped, not guessed)."""
    a = array(f, t)
    if a is None or name not in _METHODS or kwargs or not isinstance(out, Tens) or out is t:
        return
    if name == "expand_as":  # ``t.expand_as(o)`` is ``t.expand(o.size())``
        other = known_shape(args[0]) if len(args) == 1 else None
        if other is None:
            return
        name, args = "expand", list(other)
    ints = [x for x in args if is_int(x)]
    if len(ints) != len(args):
        if not (len(args) == 1 and isinstance(args[0], (tuple, list))):
            return
        ints = [x for x in args[0] if is_int(x)]
        if len(ints) != len(args[0]):
            return
    try:
        if name == "unsqueeze" and len(ints) == 1:
            r = np().expand_dims(a, ints[0])
        elif name == "squeeze" and len(ints) <= 1:
            dims = [d % max(a.ndim, 1) for d in ints]
            r = a.squeeze(tuple(d for d in dims if a.ndim and a.shape[d] == 1) if ints else None)
        elif name in ("view", "reshape") and ints:
            r = a.reshape(ints)
        elif name == "flatten" and len(ints) <= 2:
            start, end = (ints + [0, -1][len(ints) :])[:2]
            s0, s1 = start % max(a.ndim, 1), end % max(a.ndim, 1)
            r = a.reshape((*a.shape[:s0], -1, *a.shape[s1 + 1 :])) if a.ndim else a.reshape(1)
        elif name in ("long", "int", "bool") and not ints:
            r = a.astype({"long": "int64", "int": "int32", "bool": "bool"}[name])
        elif name == "logical_not" and not ints:
            r = np().logical_not(a)
        elif name == "t" and not ints and a.ndim <= 2:
            r = a.T
        elif name in ("contiguous", "clone", "detach", "cpu") and not ints:
            r = a
        elif name == "expand" and ints:
            r = _expanded(a, ints)
            if r is None:
                return
        else:
            return
    except (ValueError, IndexError):  # numpy AxisError is both
        return
    remember(f, out, r)


def invert(f: Any, t: Any, out: Any) -> None:
    """``~mask``: the logical not of a boolean tensor's values (an integer one's bitwise
    not is left out)."""
    a = array(f, t)
    if a is not None and a.dtype.kind == "b" and isinstance(out, Tens) and out is not t:
        remember(f, out, np().logical_not(a))


def index_range(f: Any, t: Tens, items: list, loc: Any) -> bool:
    """``t[idx]`` (``t[:, idx]``...) with an integer tensor whose values are known: every
    value must lie in ``[-size, size)`` of the axis it indexes, or torch raises IndexError (a
    relative-position table smaller than the index built for it). True on a crash.

    Each item before the checked one must take exactly one axis: an int, a slice, an integer
    tensor, a 1-D tensor; a tensor that may be a mask of several axes (its dtype or rank not
    known) leaves the axes after it unknown, and the check stops there."""
    shape = known_shape(t)
    if shape is None or any(it is Ellipsis for it in items):
        return False
    axis = 0
    for it in items:
        if it is None:
            continue
        a = array(f, it) if isinstance(it, Tens) else None
        if isinstance(it, list):
            from driftcheck.parsers.source.forward import dataflow_fix27

            a = dataflow_fix27.int_list(it)  # ``t[:, [0, 8]]``: torch's index tensor
            if a is None:
                return False  # (a list of other items: not modelled)
        # (a uint8 tensor is a mask to torch, not indices)
        if a is not None and a.dtype.kind == "i" and a.size and axis < len(shape):
            size = shape[axis]
            bad = a[(a >= size) | (a < -size)]
            if bad.size:
                f.crash(
                    loc,
                    f"IndexError: index {int(bad.flat[0])} is out of bounds for dimension "
                    f"{axis} with size {size}",
                )
                return True
        elif isinstance(it, Tens) and a is None and axis < len(shape):
            from driftcheck.parsers.source.forward import dataflow_fix26

            err = dataflow_fix26.index_error(f, it, shape[axis])  # ``--input-range`` bounds
            if err is not None:
                f.crash(loc, err)
                return True
            if dataflow_fix26.bounds(f, it) is None:
                rank = len(it.shape) if isinstance(it.shape, tuple) else None
                if rank != 1:
                    return False
        elif isinstance(it, Tens) and (a is None or a.dtype.kind != "i"):
            rank = len(it.shape) if isinstance(it.shape, tuple) else None
            if rank != 1:
                return False  # a mask may take several axes: where the next one is, unknown
        axis += 1
    return False


def compare(f: Any, op: ast.cmpop, left: Any, right: Any) -> Tens | None:
    """``left op right`` with a tensor on either side, on real sizes: two tensors of known,
    broadcastable shapes give a boolean tensor of the broadcast shape; its values when
    both sides' are known (a Python int is). None: not judged here (as before)."""
    from driftcheck.parsers.source.forward import dataflow_args, dataflow_checks

    if f.input_shape is None or type(op) not in _OPS:
        return None
    if isinstance(left, Tens) and isinstance(right, Tens):
        sl, sr = known_shape(left), known_shape(right)
        shape = None if sl is None or sr is None else broadcast(sl, sr)
        if shape is None:
            return None
        out = dataflow_checks.mark(f, Tens(None, shape), dtype=dataflow_args.BOOL)
    elif isinstance(left, Tens) or isinstance(right, Tens):
        t, n = (left, right) if isinstance(left, Tens) else (right, left)
        if known_shape(t) is None or not isinstance(n, (int, float, bool)):
            return None  # the caller's own rule (a scalar comparison keeps the shape)
        out = dataflow_checks.mark(f, Tens(t.src, t.shape), dtype=dataflow_args.BOOL)
    else:
        return None
    a = left if is_int(left) else array(f, left)
    b = right if is_int(right) else array(f, right)
    if a is not None and b is not None:
        try:
            remember(f, out, getattr(np(), _OPS[type(op)])(a, b))
        except ValueError:  # numpy's broadcast error: no values
            pass
    return out


def bitwise(f: Any, op: str, a: Any, b: Any, out: Any) -> None:
    """``a & b`` / ``a | b`` / ``a ^ b`` of two tensors whose values are known (both boolean
    or both integer; numpy's bitwise ops are torch's on these dtypes)."""
    x, y = array(f, a), array(f, b)
    if x is None or y is None or (x.dtype.kind == "b") != (y.dtype.kind == "b"):
        return
    fn = {"BitAnd": "bitwise_and", "BitOr": "bitwise_or", "BitXor": "bitwise_xor"}.get(op)
    if fn is not None:
        remember(f, out, getattr(np(), fn)(x, y))


# ``%`` of integer tensors is ``torch.remainder``: the divisor's sign, as numpy's ``remainder``
_ARITH = {"Add": "add", "Sub": "subtract", "Mult": "multiply", "FloorDiv": "floor_divide",
          "Mod": "remainder"}  # fmt: skip


def arith(f: Any, op: str, a: Any, b: Any, out: Any) -> None:
    """``a + b`` / ``-`` / ``*`` / ``//`` of integer tensors whose values are known, or of
    one and a Python int (``torch.arange(B) * step``): numpy's same operation, int64 as
    torch's. A bool or float operand is left out (torch's promotion differs from numpy's
    there), as is a zero divisor (torch raises, numpy warns)."""
    fn = _ARITH.get(op)
    if (
        fn is None
        or not isinstance(out, Tens)
        or (not isinstance(a, Tens) and not isinstance(b, Tens))
    ):
        return
    xs = [x if is_int(x) else array(f, x) for x in (a, b)]
    if any(x is None for x in xs) or any(
        not is_int(x) and getattr(x.dtype, "kind", None) != "i" for x in xs
    ):
        return
    x, y = (np().int64(v) if is_int(v) else v for v in xs)
    if fn in ("floor_divide", "remainder") and np().any(np().asarray(y) == 0):
        return
    try:
        remember(f, out, np().asarray(getattr(np(), fn)(x, y), dtype="int64"))
    except ValueError:  # numpy's broadcast error: no values
        return


def masked_select(f: Any, t: Tens, mask: Any) -> Tens | None:
    """``t.masked_select(mask)``: the items of ``t`` where ``mask``, broadcast with it, is
    true, as a vector; its length when the mask's values are known, else None (go on)."""
    st, m = known_shape(t), array(f, mask)
    if f.input_shape is None or st is None or m is None or m.dtype.kind != "b":
        return None
    shape = broadcast(st, tuple(m.shape))
    if shape is None:
        return None  # torch's broadcast error: not claimed here
    n = numel(shape)
    # broadcasting repeats every mask item the same number of times
    picked = int(m.sum()) * (n // m.size) if m.size else 0
    return Tens(None, (picked,))


def masked_scatter(f: Any, t: Tens, mask: Any, source: Any, loc: Any) -> bool:
    """``t.masked_scatter(mask, source)``: ``source`` fills ``t`` where ``mask`` (expanded to
    ``t``'s shape) is true, in order, so it needs at least as many items as true places
    (LLaVA-style merging of fewer image features than image tokens raises). Judged when the
    mask's values and both shapes are known; True on a crash."""
    st, ss, m = known_shape(t), known_shape(source), array(f, mask)
    if f.input_shape is None or st is None or ss is None or m is None or m.dtype.kind != "b":
        return False
    if broadcast(st, tuple(m.shape)) != st:
        return False  # a mask that does not expand to ``t``: another error, not claimed
    n = numel(st)
    picked = int(m.sum()) * (n // m.size) if m.size else 0
    if picked <= numel(ss):
        return False
    f.crash(
        loc,
        f"masked_scatter: Number of elements of source ({numel(ss)}) < number of ones in mask "
        f"({picked})",
    )
    return True
