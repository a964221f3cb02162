"""numpy's number helpers over known 1-D numbers (session 34): ``np.binary_repr`` /
``np.base_repr``, ``np.convolve`` (its three modes), ``np.cumprod``,
``np.histogram`` with a bin count, ``np.bincount``, ``np.interp``, ``np.polyval`` and the
``reduce`` of ``np.lcm`` / ``np.gcd``.

Research code sizes layers from these: which layers get a bias from ``np.binary_repr(mask,
width)``, kernel sizes from ``len(np.convolve(a, b, mode))``, channels from ``np.cumprod`` of
per-stage multipliers, a width per bucket from ``np.histogram`` counts, a width schedule from
``np.interp``. Each entry is numpy's own rule written out over the known items (numpy is not
imported on the static path): the float arithmetic is numpy's operation by operation (IEEE
double, each step rounded as numpy rounds it); where the result could depend on how numpy's C
code was compiled (a fused multiply-add in ``interp``) and the two roundings differ, where an
int64 would wrap, or for any option not written out here (an ``axis``, ``weights``, a NaN), the
result is an honest unknown naming the call.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from fractions import Fraction
from typing import Any

from driftcheck.parsers.source.library.arrays import NDArray, _inferred_dtype
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Tensor, plain

NP = Group("numpy", title="numpy number helpers over known 1-D numbers")

_I64 = (-(2**63), 2**63)
_EXACT_FLOAT = 2**53  # every int below this in size is a float64 exactly


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _int(v: Any) -> int | None:
    v = plain(v)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _flat(x: Any) -> tuple[list[Any], str] | None:
    """The items of a flat array (ours) or flat list / tuple of known numbers as numpy holds
    them: float64 items as floats, int64 items as ints; None for anything else (a nesting, an
    unknown item, a bool, an int past int64, an array whose dtype we do not know)."""
    x = plain(x)
    if isinstance(x, NDArray):
        items, dtype = list(x.items), x.dtype
    elif isinstance(x, (list, tuple)):
        items = [plain(i) for i in x]
        dtype = _inferred_dtype(items) if all(_num(i) for i in items) else None
        if not items:
            dtype = "float64"  # ``np.array([])``
    else:
        return None
    if dtype not in ("int64", "float64") or not all(_num(i) for i in items):
        return None
    if dtype == "float64":
        items = [float(i) for i in items]
    elif not all(_I64[0] <= i < _I64[1] for i in items):
        return None
    return items, dtype


def _in_i64(xs: Any) -> bool:
    return all(not isinstance(x, int) or _I64[0] <= x < _I64[1] for x in xs)


# ---------------------------------------------------------------- strings of an integer
@NP.entry(
    "binary_repr",
    doc="binary_repr(num, width=None) of a known non-negative int: its binary digits, "
    "zero-padded to width",
)
def _binary_repr(c: Call) -> Any:
    """numpy's ``binary_repr`` of ``num >= 0``: ``bin(num)`` without ``0b``, left-padded with
    zeros to ``width``. A negative ``num`` (two's complement) or a ``width`` too small (numpy
    2 raises ValueError): unknown."""
    num, width = _int(c.arg(0, "num")), plain(c.arg(1, "width"))
    if num is None or num < 0 or set(c.kwargs) - {"num", "width"} or len(c.args) > 2:
        return c.unknown("numpy.binary_repr() of a value we do not write out")
    digits = bin(num)[2:]
    if width is None:
        return digits
    if _int(width) is None or width < len(digits):
        return c.unknown("numpy.binary_repr() with a width we do not write out")
    return digits.zfill(width)


_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@NP.entry(
    "base_repr",
    doc="base_repr(number, base=2, padding=0) of a known int: its digits in that base",
)
def _base_repr(c: Call) -> Any:
    """numpy's ``base_repr`` (its Python source): the digits of ``abs(number)`` in ``base``
    (2..36, upper-case letters past 9), ``padding`` zeros on the left, a ``-`` for a negative
    number. Another base is numpy's ValueError: unknown."""
    number, base, padding = (
        _int(c.arg(0, "number")),
        _int(c.arg(1, "base", 2)),
        _int(c.arg(2, "padding", 0)),
    )
    if number is None or base is None or padding is None or not 2 <= base <= 36:
        return c.unknown("numpy.base_repr() of values we do not write out")
    if set(c.kwargs) - {"number", "base", "padding"} or len(c.args) > 3:
        return c.unknown("numpy.base_repr() with these arguments")
    num, res = abs(number), []
    while num:
        res.append(_DIGITS[num % base])
        num //= base
    if padding:
        res.append("0" * padding)
    if number < 0:
        res.append("-")
    return "".join(reversed(res or ["0"]))


# ---------------------------------------------------------------- running products
@NP.entry(
    "cumprod",
    doc="cumprod(xs) of a flat array or list of known numbers: a 1-D array of running products",
)
def _cumprod(c: Call) -> Any:
    """numpy's ``multiply.accumulate`` left to right over the array's items (float64: each
    product rounded, as Python's float product is); an int64 product past int64 wraps in
    numpy: unknown."""
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("numpy.cumprod() with an axis or dtype")
    got = _flat(c.args[0])
    if got is None:
        return c.unknown("numpy.cumprod() of values we cannot follow")
    items, dtype = got
    prods = list(itertools.accumulate(items, lambda a, b: a * b))
    if not _in_i64(prods):
        return c.unknown("numpy.cumprod() past int64 (numpy wraps)")
    return NDArray(prods, dtype)


# ---------------------------------------------------------------- convolve
def _convolved(a: list, v: list) -> list | None:
    """The full convolution of two int64 (or integral float) sequences, exactly; None where
    a float sum could round (any magnitude reaching 2**53: numpy's order of summation
    would matter)."""
    out = [0] * (len(a) + len(v) - 1)
    bound = 0
    for i, x in enumerate(a):
        for j, y in enumerate(v):
            out[i + j] += x * y
            bound += abs(x * y)
    return out if bound < _EXACT_FLOAT else None


@NP.entry(
    "convolve",
    doc="convolve(a, v, mode='full'|'same'|'valid') of flat 1-D numbers (or arrays held by "
    "their length): the convolution (its length n+m-1, max(n, m), max-min+1)",
)
def _convolve(c: Call) -> Any:
    """numpy's ``convolve``: ``correlate(a, v[::-1], mode)`` with the longer one first; the
    length by mode (full ``n + m - 1``, same ``max(n, m)``, valid ``max - min + 1``), numpy's
    ValueError for an empty input. The values where they are exact (ints, or integral floats
    summing below 2**53); otherwise the array is held by its length only (values unknown)."""
    mode = plain(c.arg(2, "mode", "full"))
    if len(c.args) not in (2, 3) or set(c.kwargs) - {"a", "v", "mode"}:
        return c.unknown("numpy.convolve() with these arguments")
    if mode not in ("full", "same", "valid"):
        return c.unknown(f"numpy.convolve() with mode {mode!r}")
    parts = []
    for x in (c.arg(0, "a"), c.arg(1, "v")):
        px = plain(x)
        got = _flat(x)
        if got is not None:
            parts.append(got)
        elif isinstance(px, Tensor) and px.shape is not None and len(px.shape) == 1:
            n = plain(px.shape[0])
            if _int(n) is None:
                return c.unknown("numpy.convolve() of an array of unknown length")
            parts.append((None, n))  # held by its length (``np.ones(7)``)
        else:
            return c.unknown("numpy.convolve() of values we cannot follow")
    (a, ta), (v, tv) = parts
    n = len(a) if a is not None else ta
    m = len(v) if v is not None else tv
    if not n or not m:
        return c.unknown("numpy.convolve() of an empty array (numpy's ValueError)")
    size = {"full": n + m - 1, "same": max(n, m), "valid": max(n, m) - min(n, m) + 1}[mode]
    full = None
    if a is not None and v is not None and all(float(x).is_integer() for x in a + v):
        full = _convolved([int(x) for x in a], [int(x) for x in v])
    if full is None:
        return Tensor((size,))
    dtype = "int64" if ta == tv == "int64" else "float64"
    if mode == "same":  # numpy centres the ``max(n, m)`` items in the full result
        start = (min(n, m) - 1) // 2
        full = full[start : start + size]
    elif mode == "valid":
        full = full[min(n, m) - 1 : max(n, m)]
    if dtype == "float64":
        full = [float(x) for x in full]
    return NDArray(full, dtype)


# ---------------------------------------------------------------- histogram, bincount
def _edges(first: float, last: float, bins: int) -> list[float]:
    """``np.linspace(first, last, bins + 1)`` as numpy computes it: ``i * step + first`` with
    ``step = (last - first) / bins``, the last edge ``last`` itself."""
    step = (last - first) / bins
    if step == 0:
        return [i / bins * (last - first) + first for i in range(bins)] + [last]
    return [i * step + first for i in range(bins)] + [last]


@NP.entry(
    "histogram",
    doc="histogram(a, bins=int, range=(lo, hi)) of flat known numbers: (counts, edges), "
    "numpy's equal-width bins (the last closed on the right)",
)
def _histogram(c: Call) -> Any:
    """numpy's equal-bins path (``_histogram`` in ``numpy/lib/_histograms_impl.py``): the
    outer edges from ``range`` or the data's min / max (equal: widened by 0.5 each way), the
    edges by ``linspace``, each value kept in ``[first, last]`` put in bin ``int((x - first)
    / (last - first) * bins)`` (the last bin takes ``last``), then moved one down where it is
    below its bin's left edge or one up where it reaches the next edge -- numpy's own
    corrections. ``bins`` as edges or a name, ``weights``, ``density``, a NaN or infinity:
    unknown."""
    if len(c.args) > 3 or set(c.kwargs) - {"a", "bins", "range"}:
        return c.unknown("numpy.histogram() with these arguments")
    got = _flat(c.arg(0, "a"))
    bins = _int(c.arg(1, "bins", 10))
    rng = plain(c.arg(2, "range"))
    if got is None or bins is None or bins < 1:
        return c.unknown("numpy.histogram() of values we cannot follow")
    a = [float(x) for x in got[0]]
    if not all(math.isfinite(x) for x in a):
        return c.unknown("numpy.histogram() of a NaN or infinity")
    if rng is None:
        if not a:
            first, last = 0.0, 1.0
        else:
            first, last = min(a), max(a)
    elif isinstance(rng, (list, tuple)) and len(rng) == 2 and all(_num(plain(r)) for r in rng):
        first, last = (float(plain(r)) for r in rng)
        if first > last or not (math.isfinite(first) and math.isfinite(last)):
            return c.unknown("numpy.histogram() with a range numpy refuses")
    else:
        return c.unknown("numpy.histogram() with a range we cannot follow")
    if first == last:
        first, last = first - 0.5, last + 0.5
    edges = _edges(first, last, bins)
    counts = [0] * bins
    denom = last - first
    for x in a:
        if not first <= x <= last:
            continue
        i = int((x - first) / denom * bins)
        if i == bins:
            i -= 1
        if x < edges[i]:
            i -= 1
        elif x >= edges[i + 1] and i != bins - 1:
            i += 1
        counts[i] += 1
    return (NDArray(counts, "int64"), NDArray(edges, "float64"))


@NP.entry(
    "bincount",
    doc="bincount(x, minlength=0) of flat known non-negative ints: how often each value occurs",
)
def _bincount(c: Call) -> Any:
    """``max(max(x) + 1, minlength)`` counts (an empty ``x``, even a float64 one, as numpy
    allows: ``minlength`` zeros). A negative value or a non-empty float array (numpy's
    ValueError / TypeError), ``weights``: unknown."""
    if len(c.args) > 1 or set(c.kwargs) - {"x", "minlength"}:
        return c.unknown("numpy.bincount() with these arguments")
    got = _flat(c.arg(0, "x"))
    minlength = _int(c.arg(99, "minlength", 0))
    if got is None or (got[1] != "int64" and got[0]) or minlength is None or minlength < 0:
        return c.unknown("numpy.bincount() of values we cannot follow")
    xs = got[0]
    if any(x < 0 for x in xs):
        return c.unknown("numpy.bincount() of a negative value (numpy's ValueError)")
    size = max(max(xs) + 1 if xs else 0, minlength)
    if size > 10**6:
        return c.unknown("numpy.bincount() of a size we do not build")
    counts = [0] * size
    for x in xs:
        counts[x] += 1
    return NDArray(counts, "int64")


# ---------------------------------------------------------------- interp, polyval
def _fl(q: Fraction) -> float:
    """The float64 nearest ``q`` (ties to even), as IEEE rounds an exact result."""
    return q.numerator / q.denominator


def _interp_one(x: float, xp: list[float], fp: list[float], left: float, right: float) -> Any:
    """numpy's C ``arr_interp`` for one ``x`` over strictly increasing ``xp``; None where the
    value could depend on a fused multiply-add (the two roundings differ)."""
    n = len(xp)
    if x < xp[0]:
        return left
    if x > xp[-1]:
        return right
    j = bisect.bisect_right(xp, x) - 1
    if j == n - 1 or xp[j] == x:
        return fp[j]
    slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j])
    t = x - xp[j]
    res = slope * t + fp[j]
    fused = _fl(Fraction(slope) * Fraction(t) + Fraction(fp[j]))
    if res != fused or not math.isfinite(res):
        return None
    return res


@NP.entry(
    "interp",
    doc="interp(x, xp, fp) of known numbers over a strictly increasing xp: numpy's piecewise "
    "linear value (clamped outside xp)",
)
def _interp(c: Call) -> Any:
    """numpy's ``interp``: below ``xp[0]`` ``left`` (default ``fp[0]``), above ``xp[-1]``
    ``right`` (default ``fp[-1]``), at a knot its ``fp``, between knots ``slope * (x -
    xp[j]) + fp[j]`` with ``slope = (fp[j+1] - fp[j]) / (xp[j+1] - xp[j])`` in float64. A
    scalar ``x`` gives a float, an array of them a float64 array. An xp not strictly
    increasing (numpy does not check: its answer is not defined), ``period``, a NaN, or a
    value where a fused multiply-add would round otherwise: unknown."""
    if len(c.args) > 5 or set(c.kwargs) - {"x", "xp", "fp", "left", "right"}:
        return c.unknown("numpy.interp() with these arguments")
    xv = plain(c.arg(0, "x"))
    xp, fp = _flat(c.arg(1, "xp")), _flat(c.arg(2, "fp"))
    if xp is None or fp is None or len(xp[0]) != len(fp[0]) or not xp[0]:
        return c.unknown("numpy.interp() of values we cannot follow")
    xs_, fs = [float(x) for x in xp[0]], [float(f) for f in fp[0]]
    if any(b <= a for a, b in zip(xs_, xs_[1:])) or not all(map(math.isfinite, xs_ + fs)):
        return c.unknown("numpy.interp() over an xp not strictly increasing (or not finite)")
    ends = []
    for i, (name, dflt) in enumerate((("left", fs[0]), ("right", fs[-1]))):
        e = plain(c.arg(3 + i, name))
        if e is None:
            ends.append(dflt)
        elif _num(e):
            ends.append(float(e))
        else:
            return c.unknown(f"numpy.interp() with a {name} we cannot follow")
    scalar = _num(xv)
    xs = [xv] if scalar else (_flat(xv) or [None])[0]
    if xs is None or not all(math.isfinite(float(x)) for x in xs):
        return c.unknown("numpy.interp() at points we cannot follow")
    out = [_interp_one(float(x), xs_, fs, *ends) for x in xs]
    if any(v is None for v in out):
        return c.unknown("numpy.interp() at a point a fused multiply-add could round otherwise")
    return out[0] if scalar else NDArray(out, "float64")


@NP.entry(
    "polyval",
    doc="polyval(p, x) of known coefficients (highest power first) at a known number: Horner's "
    "rule as numpy runs it",
)
def _polyval(c: Call) -> Any:
    """numpy's ``polyval``: ``y = 0``, then ``y = y * x + pv`` for each coefficient, each
    product and sum a separate numpy operation (float64: each rounded; int64: exact, wrapping
    past int64 -- unknown). A scalar ``x`` only; an array ``x``, a poly1d: unknown."""
    if len(c.args) != 2 or c.kwargs:
        return c.unknown("numpy.polyval() with these arguments")
    got, x = _flat(c.args[0]), plain(c.args[1])
    if got is None or not _num(x):
        return c.unknown("numpy.polyval() of values we cannot follow")
    p, dtype = got
    if isinstance(x, int) and not _I64[0] <= x < _I64[1]:
        return c.unknown("numpy.polyval() at an int past int64")
    y: Any = 0
    floating = isinstance(x, float) or dtype == "float64"
    for pv in p:
        y = y * x + pv
        if isinstance(y, int) and not (_I64[0] <= y < _I64[1]):
            return c.unknown("numpy.polyval() past int64 (numpy wraps)")
        if isinstance(y, int) and floating and abs(y) >= _EXACT_FLOAT:
            return c.unknown("numpy.polyval() mixing ints past 2**53 with floats")
    return float(y) if floating else y


# ---------------------------------------------------------------- lcm / gcd reduce
def _reducer(name: str, fn: Any) -> Any:
    def impl(c: Call) -> Any:
        """``np.lcm.reduce(xs)`` / ``np.gcd.reduce(xs)`` of a flat list of known ints: the
        ufunc folded left to right (non-negative, as numpy's); an empty list, an ``axis``,
        floats (numpy's TypeError) or an lcm past int64: unknown."""
        if len(c.args) != 1 or c.kwargs:
            return c.unknown(f"numpy.{name}.reduce() with these arguments")
        got = _flat(c.args[0])
        if got is None or got[1] != "int64" or not got[0]:
            return c.unknown(f"numpy.{name}.reduce() of values we cannot follow")
        out = abs(got[0][0]) if len(got[0]) == 1 else functools.reduce(fn, got[0])
        if not _in_i64([out]):
            return c.unknown(f"numpy.{name}.reduce() past int64")
        return out

    return impl


NP.add("lcm.reduce", _reducer("lcm", math.lcm), "lcm.reduce(xs) of known ints: their lcm")
NP.add("gcd.reduce", _reducer("gcd", math.gcd), "gcd.reduce(xs) of known ints: their gcd")


# ---------------------------------------------------------------- legacy RandomState draws
class _DrawCall:
    """The call ``arrays._randn`` reads, for a method of a ``RandomState``."""

    __slots__ = ("args", "kwargs", "qual", "where")

    def __init__(self, qual: str, where: str, args: list, kwargs: dict) -> None:
        self.args, self.kwargs, self.qual, self.where = args, kwargs, qual, where


class RandomState:
    """``np.random.RandomState(seed)``: numpy's legacy generator. Its draws are random (values
    unknown); ``randn(*dims)`` / ``rand(*dims)`` and the draws with a ``size`` are arrays held
    by their shape, as ``np.random.randn`` and ``Generator`` draws are (Glow's ``np.linalg.qr(
    np.random.RandomState(0).randn(c, c))`` sizes its invertible 1x1 convolution). Any other
    method: unknown."""

    __slots__ = ("where",)
    library_type = "numpy.random.RandomState"
    # method -> its parameters before ``size`` (numpy's legacy ``RandomState``)
    DRAWS = {
        "standard_normal": (),
        "random_sample": (),
        "random": (),
        "normal": ("loc", "scale"),
        "uniform": ("low", "high"),
    }

    def __init__(self, where: str) -> None:
        self.where = where

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.arrays import _draw, _randn
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
        from driftcheck.parsers.source.values.abstract import Unknown

        qual = f"numpy.random.RandomState.{name}"
        if name in ("randn", "rand"):
            return BuiltinMethod(lambda a, k: _randn(_DrawCall(qual, self.where, a, k)))
        if name in self.DRAWS:
            return BuiltinMethod(lambda a, k: _draw(name, self.DRAWS[name], a, k))
        return Unknown(qual)


@NP.entry(
    "random.RandomState",
    doc="random.RandomState(seed): the legacy generator; randn / rand (*dims) and draws with a "
    "size (standard_normal, random_sample, normal, uniform) are arrays of that shape, values "
    "unknown",
)
def _random_state(c: Call) -> Any:
    if len(c.args) > 1 or set(c.kwargs) - {"seed"}:
        return c.unknown("numpy.random.RandomState() with arguments we cannot follow")
    return RandomState(c.where)


# ---------------------------------------------------------------- meshgrid, stack (by shape)
def _shape(x: Any) -> tuple | None:
    """An array-like's shape: ``npshapes.shape_of``'s, or a flat list / tuple of known numbers
    (``(n,)``); None when not known."""
    from driftcheck.parsers.source.library.npshapes import shape_of

    s = shape_of(x)
    if s is None and _flat(x) is not None:
        s = (len(_flat(x)[0]),)
    return s


@NP.entry(
    "meshgrid",
    doc="meshgrid(*xs, indexing='xy'|'ij') of arrays of known sizes: the grids, held by their "
    "shape (numpy 2: a tuple)",
)
def _meshgrid(c: Call) -> Any:
    """numpy's ``meshgrid``: each input flattened (its size counts), every grid of shape
    ``(n1, n2, ...)`` (``indexing='ij'``) or with the first two swapped (``'xy'``, the
    default, for two inputs or more). The grids are held by their shape (values unknown), in
    a tuple as numpy 2 returns them. ``sparse=True``, an input of unknown size: unknown."""
    if set(c.kwargs) - {"indexing", "copy", "sparse"} or plain(c.kwargs.get("sparse", False)):
        return c.unknown("numpy.meshgrid() with these arguments")
    how = plain(c.kwargs.get("indexing", "xy"))
    if how not in ("xy", "ij"):
        return c.unknown(f"numpy.meshgrid() with indexing {how!r}")
    sizes = []
    for x in c.args:
        s = _shape(x)
        if s is None:
            return c.unknown("numpy.meshgrid() of an array of unknown size")
        sizes.append(math.prod(s))
    if how == "xy" and len(sizes) > 1:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    return tuple(Tensor(tuple(sizes)) for _ in c.args)


@NP.entry(
    "stack",
    doc="stack(arrays, axis=0) of arrays of one known shape: held by its shape, the count "
    "inserted at axis",
)
def _stack(c: Call) -> Any:
    """numpy's ``stack``: every array of one shape (else numpy's ValueError: unknown), their
    count inserted as a new axis (negative: from the end of the result). Values unknown."""
    if len(c.args) not in (1, 2) or set(c.kwargs) - {"axis"}:
        return c.unknown("numpy.stack() with these arguments")
    arrays = plain(c.args[0])
    axis = _int(c.arg(1, "axis", 0))
    if not isinstance(arrays, (list, tuple)) or not arrays or axis is None:
        return c.unknown("numpy.stack() of arrays we cannot follow")
    shapes = [_shape(a) for a in arrays]
    if any(s is None for s in shapes) or len(set(shapes)) != 1:
        return c.unknown("numpy.stack() of arrays of unknown or unequal shapes")
    s = shapes[0]
    nd = len(s) + 1
    if not -nd <= axis < nd:
        return c.unknown("numpy.stack() with an axis out of range (numpy's AxisError)")
    axis %= nd
    return Tensor((*s[:axis], len(arrays), *s[axis:]))
