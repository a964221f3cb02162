"""numpy's index and repetition helpers over known 1-D numbers (session 36, wildfix36):
``np.floor_divide``, ``np.repeat``, ``np.tile``, ``np.kron`` of flat sequences, and
``np.unravel_index`` / ``np.ravel_multi_index`` of known ints.

Model code builds its stage plans from these: per-stage widths repeated by their depths
(``np.repeat(widths, depths)``), a head pattern tiled (``np.tile``), downsampled sizes
(``np.floor_divide(sizes, 8)``), a (width, kernel) pair from a flat search-space index
(``np.unravel_index(i, (len(W), len(K)))``). Each entry is numpy's rule written out over the
known items (numpy is not imported on the static path): ints stay int64 (a Python int past
int64 is unknown), the repetitions follow numpy's order (C order for the index helpers), a
scalar result is a numpy scalar (library/npdtypes.py). A division by zero (numpy warns and
gives 0), a negative repeat count, an index out of bounds (numpy raises), an axis or any
option not written out: unknown, naming the call.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.library.arrays import NDArray
from driftcheck.parsers.source.library.npnumbers import _flat
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import plain

NP = Group("numpy", title="numpy index and repetition helpers over known 1-D numbers")

_I64 = (-(2**63), 2**63)


def _ints(v: Any) -> list[int] | None:
    """A flat sequence (or array) of known int64 numbers, as ints; None otherwise."""
    got = _flat(v)
    if got is None or got[1] != "int64":
        return None
    return [int(x) for x in got[0]]


def _int(v: Any) -> int | None:
    v = plain(v)
    if isinstance(v, int) and not isinstance(v, bool) and _I64[0] <= v < _I64[1]:
        if getattr(v, "numpy_scalar", False) and v.np_name != "int64":
            return None
        return int(v)
    return None


def _items(v: Any) -> tuple[list[Any], str] | None:
    """A flat sequence of known numbers (an int, or a float, alone: one item) as numpy holds
    it, with its dtype (int64 / float64); None otherwise."""
    p = plain(v)
    if isinstance(p, (int, float)) and not isinstance(p, bool):
        p = [p]
    return _flat(p)


@NP.entry(
    "floor_divide",
    doc="floor_divide(a, b) of known int64 numbers or flat arrays of them: elementwise a // b",
)
def _floor_divide(c: Call) -> Any:
    """numpy's ``floor_divide`` of int64 operands (a number or a flat sequence each, the
    shorter of length 1 broadcast): Python's floor division item by item (numpy floors toward
    minus infinity too). A zero divisor (numpy gives 0 with a warning), a float, any option:
    unknown."""
    from driftcheck.parsers.source.library.npdtypes import np_scalar

    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.floor_divide() with options")
    a, b = _items(c.args[0]), _items(c.args[1])
    if a is None or b is None or a[1] != "int64" or b[1] != "int64":
        return c.unknown("numpy.floor_divide() of values we do not write out (ints only)")
    xs, ys = a[0], b[0]
    if len(xs) != len(ys) and 1 not in (len(xs), len(ys)):
        return c.unknown("numpy.floor_divide() of shapes that do not broadcast (ValueError)")
    n = max(len(xs), len(ys))
    xs, ys = (xs * n if len(xs) == 1 else xs), (ys * n if len(ys) == 1 else ys)
    if any(y == 0 for y in ys):
        return c.unknown("numpy.floor_divide() by zero (numpy warns and gives 0)")
    out = [int(x) // int(y) for x, y in zip(xs, ys)]
    if not all(_I64[0] <= v < _I64[1] for v in out):
        return c.unknown("numpy.floor_divide() past int64")
    scalar = all(not isinstance(plain(x), (list, tuple, NDArray)) for x in c.args)
    return np_scalar("int64", out[0]) if scalar else NDArray(out, "int64")


@NP.entry(
    "repeat",
    doc="repeat(a, repeats) of a flat sequence of known numbers: each item repeated (one "
    "count for all, or one per item), as a 1-D array",
)
def _repeat(c: Call) -> Any:
    """numpy's ``repeat`` without an axis (the input flattened: a flat sequence here): each
    item ``repeats`` times, or ``repeats[i]`` times where a count is given per item (numpy
    broadcasts a single count). A negative count, a count list of another length (ValueError),
    an axis: unknown."""
    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.repeat() with an axis")
    got = _items(c.args[0])
    reps = plain(c.args[1])
    if got is None:
        return c.unknown("numpy.repeat() of values we cannot follow")
    items, dtype = got
    counts = [_int(reps)] if _int(reps) is not None else _ints(reps)
    if counts is None or any(k is None or k < 0 for k in counts):
        return c.unknown("numpy.repeat() with counts we do not write out")
    if len(counts) == 1:
        counts = counts * len(items)
    if len(counts) != len(items):
        return c.unknown("numpy.repeat() with a count per item of another length (ValueError)")
    sizes.check_len(sum(counts), "numpy.repeat()")
    return NDArray([x for x, k in zip(items, counts) for _ in range(k)], dtype)


@NP.entry(
    "tile",
    doc="tile(a, reps) of a flat sequence of known numbers and an int: the sequence repeated "
    "reps times, as a 1-D array",
)
def _tile(c: Call) -> Any:
    """numpy's ``tile`` of a 1-D sequence by an int count (or a one-item count): the whole
    sequence that many times. A tuple of counts (a 2-D result) or a negative count: unknown."""
    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.tile() with these arguments")
    got = _items(c.args[0])
    reps = plain(c.args[1])
    k = _int(reps)
    if k is None and isinstance(reps, (list, tuple)) and len(reps) == 1:
        k = _int(reps[0])
    if got is None or k is None or k < 0:
        return c.unknown("numpy.tile() of values we do not write out")
    items, dtype = got
    sizes.check_len(len(items) * k, "numpy.tile()")
    return NDArray(items * k, dtype)


@NP.entry(
    "kron",
    doc="kron(a, b) of two flat sequences of known int64 numbers: the 1-D Kronecker product",
)
def _kron(c: Call) -> Any:
    """numpy's ``kron`` of two 1-D int64 sequences: ``[x * y for x in a for y in b]``; an
    int64 product past its range (numpy wraps), floats (kept by shape elsewhere): unknown."""
    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.kron() with these arguments")
    a, b = plain(c.args[0]), plain(c.args[1])
    if not all(isinstance(v, (list, tuple, NDArray)) for v in (a, b)):
        return c.unknown("numpy.kron() of values that are no flat sequences")
    xs, ys = _ints(a), _ints(b)
    if xs is None or ys is None:
        return c.unknown("numpy.kron() of values we do not write out (ints only)")
    sizes.check_len(len(xs) * len(ys), "numpy.kron()")
    out = [x * y for x in xs for y in ys]
    if not all(_I64[0] <= v < _I64[1] for v in out):
        return c.unknown("numpy.kron() past int64 (numpy wraps)")
    return NDArray(out, "int64")


def _dims(v: Any) -> list[int] | None:
    p = plain(v)
    if isinstance(p, (list, tuple)):
        got = [_int(x) for x in p]
        if got and all(g is not None and g >= 0 for g in got):
            return got  # type: ignore[return-value]
    return None


@NP.entry(
    "unravel_index",
    doc="unravel_index(i, shape) of a known int and shape: the C-order index tuple",
)
def _unravel_index(c: Call) -> Any:
    """numpy's ``unravel_index`` of one int index into ``shape`` (C order): a tuple of
    ``np.intp`` scalars. An index out of range (ValueError), an array of indices, ``order``:
    unknown."""
    from driftcheck.parsers.source.library.npdtypes import np_scalar

    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.unravel_index() with options")
    i, dims = _int(c.args[0]), _dims(c.args[1])
    if i is None or dims is None:
        return c.unknown("numpy.unravel_index() of values we do not write out")
    total = 1
    for d in dims:
        total *= d
    if not 0 <= i < total:
        return c.unknown("numpy.unravel_index() of an index out of bounds (ValueError)")
    out = []
    for d in reversed(dims):
        out.append(i % d)
        i //= d
    return tuple(np_scalar("int64", v) for v in reversed(out))


@NP.entry(
    "ravel_multi_index",
    doc="ravel_multi_index(index, shape) of known ints: the C-order flat index",
)
def _ravel_multi_index(c: Call) -> Any:
    """numpy's ``ravel_multi_index`` of a tuple of ints into ``shape`` (C order, mode
    ``raise``): an ``np.intp`` scalar. An index out of bounds (ValueError), arrays of
    indices, ``mode`` / ``order``: unknown."""
    from driftcheck.parsers.source.library.npdtypes import np_scalar

    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.ravel_multi_index() with options")
    idx, dims = plain(c.args[0]), _dims(c.args[1])
    ix = [_int(x) for x in idx] if isinstance(idx, (list, tuple)) else None
    if ix is None or dims is None or None in ix or len(ix) != len(dims):
        return c.unknown("numpy.ravel_multi_index() of values we do not write out")
    flat = 0
    for i, d in zip(ix, dims):
        if not 0 <= i < d:  # type: ignore[operator]
            return c.unknown("numpy.ravel_multi_index() of an index out of bounds (ValueError)")
        flat = flat * d + i  # type: ignore[operator]
    if flat >= _I64[1]:
        return c.unknown("numpy.ravel_multi_index() past intp")
    return np_scalar("int64", flat)


class NDGrid:
    """A 2-D numpy array of known numbers (``np.outer(a, b)``): its shape, ``ravel()`` /
    ``flatten()`` (C order: a 1-D array) and ``tolist()``; anything else is unknown."""

    __slots__ = ("rows", "dtype")
    library_type = "numpy.ndarray"

    def __init__(self, rows: list[list[Any]], dtype: str) -> None:
        self.rows = rows
        self.dtype = dtype

    def library_hasattr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.arrays import _ndarray_hasattr

        return _ndarray_hasattr(name)

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
        from driftcheck.parsers.source.values.abstract import Unknown

        n, m = len(self.rows), len(self.rows[0]) if self.rows else 0
        if name == "shape":
            return (n, m)
        if name == "ndim":
            return 2
        if name == "size":
            return n * m
        if name in ("ravel", "flatten"):
            return BuiltinMethod(
                lambda a, k: (
                    NDArray([x for r in self.rows for x in r], self.dtype)
                    if not a and not k
                    else Unknown(f"ndarray.{name}() with an order")
                )
            )
        if name == "tolist":
            return BuiltinMethod(lambda a, k: [list(r) for r in self.rows])
        if name == "sum":
            return BuiltinMethod(lambda a, k: self._sum(a, k))
        return Unknown(f"ndarray attribute {name} of a 2-D array")

    def library_iter(self) -> list[NDArray]:
        """``for row in grid``: its rows, 1-D arrays."""
        return [NDArray(r, self.dtype) for r in self.rows]

    def _sum(self, a: list, k: dict) -> Any:
        """``grid.sum()`` / ``grid.sum(axis=0 | 1 | -1)`` of an int64 grid: exact int sums
        (an int64 past its range: unknown); floats, other options: unknown."""
        from driftcheck.parsers.source.library.npdtypes import np_scalar
        from driftcheck.parsers.source.values.abstract import Unknown

        if self.dtype != "int64" or len(a) > 1 or set(k) - {"axis"} or (a and k):
            return Unknown("ndarray.sum() of a 2-D array with these arguments")
        axis = plain(a[0]) if a else plain(k.get("axis"))
        if axis is None:
            return np_scalar("int64", sum(sum(r) for r in self.rows))
        if axis in (1, -1) and type(axis) is int:
            out = [sum(r) for r in self.rows]
        elif axis in (0, -2) and type(axis) is int:
            out = [sum(col) for col in zip(*self.rows)]
        else:
            return Unknown(f"ndarray.sum(axis={axis!r}) of a 2-D array")
        if not all(_I64[0] <= v < _I64[1] for v in out):
            return Unknown("ndarray.sum() past int64 (numpy wraps)")
        return NDArray(out, "int64")


@NP.entry(
    "outer",
    doc="outer(a, b) of two flat sequences of known int64 numbers: a 2-D array whose ravel() "
    "is known",
)
def _outer(c: Call) -> Any:
    """numpy's ``outer`` of two 1-D int64 sequences: ``a[i] * b[j]`` at row i, column j (a
    float, a product past int64: unknown)."""
    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.outer() with these arguments")
    a, b = plain(c.args[0]), plain(c.args[1])
    if not all(isinstance(v, (list, tuple, NDArray)) for v in (a, b)):
        return c.unknown("numpy.outer() of values that are no flat sequences")
    xs, ys = _ints(a), _ints(b)
    if xs is None or ys is None or not xs or not ys:
        return c.unknown("numpy.outer() of values we do not write out (ints only)")
    sizes.check_len(len(xs) * len(ys), "numpy.outer()")
    rows = [[x * y for y in ys] for x in xs]
    if not all(_I64[0] <= v < _I64[1] for r in rows for v in r):
        return c.unknown("numpy.outer() past int64 (numpy wraps)")
    return NDGrid(rows, "int64")


@NP.entry(
    "unpackbits",
    doc="unpackbits(a) of a flat uint8 array of known bytes: their bits, most significant "
    "first, as a uint8 array",
)
def _unpackbits(c: Call) -> Any:
    """numpy's ``unpackbits`` of a 1-D uint8 array (big bit order, no ``count`` / ``axis``):
    eight bits per byte, most significant first. Another dtype (numpy raises TypeError) or
    an option: unknown."""
    a = plain(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
    if not isinstance(a, NDArray) or a.dtype != "uint8":
        return c.unknown("numpy.unpackbits() of values we do not write out (uint8 arrays only)")
    if not all(isinstance(x, int) and 0 <= x < 256 for x in a.items):
        return c.unknown("numpy.unpackbits() of bytes we do not know")
    return NDArray([(x >> (7 - i)) & 1 for x in a.items for i in range(8)], "uint8")


@NP.entry(
    "packbits",
    doc="packbits(a) of a flat sequence of known ints or bools: bytes, most significant bit "
    "first, the last one padded with zeros, as a uint8 array",
)
def _packbits(c: Call) -> Any:
    """numpy's ``packbits`` of a 1-D int / bool sequence (big bit order, no ``axis``): each
    item's truth is a bit, eight to a byte, the last byte padded with zero bits. Floats
    (numpy raises TypeError) or an option: unknown."""
    a = plain(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
    items = list(a.items) if isinstance(a, NDArray) else None
    if items is None and isinstance(a, (list, tuple)):
        items = [plain(x) for x in a]
    if items is None or not all(isinstance(x, int) for x in items):
        return c.unknown("numpy.packbits() of values we do not write out (ints / bools only)")
    out = []
    for i in range(0, len(items), 8):
        byte = 0
        for j, x in enumerate(items[i : i + 8]):
            byte |= (1 if x else 0) << (7 - j)
        out.append(byte)
    return NDArray(out, "uint8")


@NP.entry(
    "lib.stride_tricks.sliding_window_view",
    doc="sliding_window_view(x, w) of a flat sequence of known numbers and an int window: "
    "the 2-D array of its windows",
)
def _sliding_window_view(c: Call) -> Any:
    """numpy's ``sliding_window_view`` of a 1-D sequence by an int window length: row ``i`` is
    ``x[i:i + w]`` (``len(x) - w + 1`` rows); a window longer than the sequence, or not
    positive (ValueError), an axis or another option: unknown."""
    if len(c.args) != 2 or c.kwargs:
        return c.unknown("sliding_window_view() with these arguments")
    got = _flat(plain(c.args[0])) if isinstance(plain(c.args[0]), (list, tuple, NDArray)) else None
    w = _int(c.args[1])
    if got is None or w is None or not 0 < w <= len(got[0]):
        return c.unknown("sliding_window_view() of values we do not write out")
    items, dtype = got
    return NDGrid([list(items[i : i + w]) for i in range(len(items) - w + 1)], dtype)
