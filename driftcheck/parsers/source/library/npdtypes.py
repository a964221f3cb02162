"""numpy's dtypes and scalar types as a table: ``np.dtype(x)``, ``np.issubdtype(a, b)``,
``dtype.type`` and the scalar types called on known numbers (``np.int64(3)``).

Library classes that size layers often validate and normalise their arguments through these
before storing them: gymnasium's ``Discrete(n)`` checks ``np.issubdtype(type(n), np.integer)``
and stores ``self.n = np.dtype(dtype).type(n)``; a space's ``n`` is then the width of a policy
head. Every answer here comes from the table below (numpy's own hierarchy of scalar types,
default int64 and float64 as on the 64-bit platforms torch runs on); numpy itself is not
imported on the static path (its import costs more than the table's reads). Anything outside
the table is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Ext, Unknown, plain

NP = Group("numpy", title="numpy dtypes")

# concrete scalar types: name -> (kind, bytes), as numpy's ``dtype.kind`` / ``itemsize``
SCALARS: dict[str, tuple[str, int]] = {
    "bool_": ("b", 1),
    "int8": ("i", 1),
    "int16": ("i", 2),
    "int32": ("i", 4),
    "int64": ("i", 8),
    "uint8": ("u", 1),
    "uint16": ("u", 2),
    "uint32": ("u", 4),
    "uint64": ("u", 8),
    "float16": ("f", 2),
    "float32": ("f", 4),
    "float64": ("f", 8),
    "complex64": ("c", 8),
    "complex128": ("c", 16),
}
# other spellings of the same types (numpy's aliases on a 64-bit Linux platform)
ALIASES = {
    "bool": "bool_",
    "int_": "int64",
    "intp": "int64",
    "longlong": "int64",
    "intc": "int32",
    "short": "int16",
    "byte": "int8",
    "uint": "uint64",
    "uintp": "uint64",
    "ulonglong": "uint64",
    "uintc": "uint32",
    "ushort": "uint16",
    "ubyte": "uint8",
    "half": "float16",
    "single": "float32",
    "double": "float64",
    "float_": "float64",
    "csingle": "complex64",
    "cdouble": "complex128",
    "complex_": "complex128",
}
# Python's own types, as ``np.dtype(int)`` reads them
BUILTINS = {"int": "int64", "float": "float64", "bool": "bool_", "complex": "complex128"}
# array-protocol codes (``np.dtype("f4")``)
CODES = {
    "?": "bool_",
    "b1": "bool_",
    "i1": "int8",
    "i2": "int16",
    "i4": "int32",
    "i8": "int64",
    "u1": "uint8",
    "u2": "uint16",
    "u4": "uint32",
    "u8": "uint64",
    "f2": "float16",
    "f4": "float32",
    "f8": "float64",
    "c8": "complex64",
    "c16": "complex128",
}
# the abstract scalar types above each kind, nearest first
ABSTRACT = {
    "b": ("generic",),
    "i": ("signedinteger", "integer", "number", "generic"),
    "u": ("unsignedinteger", "integer", "number", "generic"),
    "f": ("floating", "inexact", "number", "generic"),
    "c": ("complexfloating", "inexact", "number", "generic"),
}
ABSTRACT_PARENTS = {
    "generic": (),
    "number": ("generic",),
    "integer": ("number", "generic"),
    "signedinteger": ("integer", "number", "generic"),
    "unsignedinteger": ("integer", "number", "generic"),
    "inexact": ("number", "generic"),
    "floating": ("inexact", "number", "generic"),
    "complexfloating": ("inexact", "number", "generic"),
}


@dataclass(frozen=True)
class NPDType:
    """``np.dtype(x)`` for a concrete scalar type of the table."""

    name: str
    library_type: ClassVar[str] = "numpy.dtype"

    def attr(self, name: str) -> Any:
        kind, size = SCALARS[self.name]
        if name == "type":
            return Ext(f"numpy.{self.name}")
        if name == "name":
            return "bool" if self.name == "bool_" else self.name
        if name == "kind":
            return kind
        if name == "itemsize":
            return size
        return Unknown(f"numpy dtype attribute {name}")


def scalar_name(v: Any) -> str | None:
    """The concrete scalar type ``v`` names (a numpy type, Python type, dtype or dtype string),
    or None."""
    v = plain(v)
    if isinstance(v, NPDType):
        return v.name
    if isinstance(v, Ext):
        mod, _, name = v.qual.rpartition(".")
        if mod == "numpy":
            name = ALIASES.get(name, name)
            return name if name in SCALARS else None
        if mod == "builtins":
            return BUILTINS.get(name)
        return None
    if isinstance(v, str):
        s = v.lstrip("<>=|")
        s = CODES.get(s, s)
        s = ALIASES.get(s, s)
        return s if s in SCALARS else None
    return None


def _ancestors(v: Any) -> tuple[str, ...] | None:
    """The scalar type ``v`` names and every abstract type above it, or None."""
    p = plain(v)
    if isinstance(p, Ext) and p.qual.startswith("numpy."):
        abstract = p.qual[len("numpy.") :]
        if abstract in ABSTRACT_PARENTS:
            return (abstract, *ABSTRACT_PARENTS[abstract])
    name = scalar_name(v)
    if name is None:
        return None
    return (name, *ABSTRACT[SCALARS[name][0]])


@NP.entry("dtype", doc="dtype(x): the dtype of a numpy scalar type, Python type or dtype name")
def _dtype(c: Call) -> Any:
    x = c.plain(0, "dtype")
    if x is None and c.args:
        return NPDType("float64")  # ``np.dtype(None)`` is the default float type
    name = scalar_name(x)
    return NPDType(name) if name is not None else c.unknown("numpy.dtype() of an unknown type")


@NP.entry("issubdtype", doc="issubdtype(a, b): numpy's scalar type hierarchy, from a table")
def _issubdtype(c: Call) -> Any:
    a = _ancestors(c.arg(0, "arg1"))
    b = plain(c.arg(1, "arg2"))
    if a is None:
        return c.unknown("numpy.issubdtype() of an unknown type")
    if isinstance(b, Ext) and b.qual.startswith("numpy.") and b.qual[6:] in ABSTRACT_PARENTS:
        return b.qual[6:] in a
    name = scalar_name(b)  # numpy reads a concrete second argument as ``dtype(b).type``
    if name is None:
        return c.unknown("numpy.issubdtype() against an unknown type")
    return a[0] == name


def _scalar(name: str) -> Any:
    kind, size = SCALARS[name]
    lo, hi = (-(2 ** (8 * size - 1)), 2 ** (8 * size - 1)) if kind == "i" else (0, 2 ** (8 * size))

    def impl(c: Call) -> Any:
        """``np.int64(3)``, ``np.float32(0.5)``: the number, as Python's int / float / bool.
        A value the type would wrap or round (``np.uint8(300)``, ``np.float32(0.1)``) is
        unknown: Python's number would be a different one."""
        x = c.plain(0) if c.args else 0
        if isinstance(x, (bool, int, float)):
            if kind in "iu" and x == x and abs(x) != float("inf") and lo <= int(x) < hi:
                return int(x)
            if kind == "f" and (size == 8 or isinstance(x, int) and abs(x) <= 2**11):
                return float(x)
            if kind == "b":
                return bool(x)
        return c.unknown(f"numpy.{name}() of a value we do not know")

    return impl


for _n in SCALARS:
    if SCALARS[_n][0] != "c":
        NP.add(_n, _scalar(_n), f"{_n}(x) of a known number: the number")
for _a, _n in ALIASES.items():
    if SCALARS[_n][0] != "c" and _a not in ("bool",):
        NP.add(_a, _scalar(_n), f"{_a}(x) of a known number: the number ({_n})")


@NP.entry("arange", doc="arange([start,] stop[, step]) of known numbers: a 1-D array of them")
def _arange(c: Call) -> Any:
    """``np.arange(middle - delta, middle + delta + 1).tolist()`` (gluonts' lags): numpy's
    length ``ceil((stop - start) / step)`` and items ``start + i * step``, ints stay ints."""
    import math

    from driftcheck.parsers.source import sizes
    from driftcheck.parsers.source.library.arrays import NDArray

    if c.kwargs or not 1 <= len(c.args) <= 3:
        return c.unknown("numpy.arange() with a dtype or keywords")
    xs = [plain(a) for a in c.args]
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs):
        return c.unknown("numpy.arange() of values we do not know")
    start, stop, step = (0, xs[0], 1) if len(xs) == 1 else (*xs[:2], xs[2] if len(xs) > 2 else 1)
    if step == 0 or not all(math.isfinite(x) for x in (start, stop, step)):
        return c.unknown("numpy.arange() with a zero or infinite step")
    n = max(0, math.ceil((stop - start) / step))
    if n > sizes.SIZE_LIMIT:
        return c.unknown(f"numpy.arange() of {n:,} items")
    return NDArray(start + i * step for i in range(n))


def _tri_indices(upper: bool) -> Any:
    """``np.triu_indices(n, k=0, m=None)`` / ``np.tril_indices``: the (rows, cols) index arrays
    of a triangle, as numpy lists them (row by row, columns ascending). pyknos' mixture density
    network keeps ``self._row_ix, self._column_ix = np.triu_indices(features, k=1)``; the two
    arrays are numbers, never layers, and their lengths size what follows."""

    def impl(c: Call) -> Any:
        from driftcheck.parsers.source import sizes
        from driftcheck.parsers.source.library.arrays import NDArray

        name = f"numpy.{'triu' if upper else 'tril'}_indices"
        if len(c.args) > 3 or set(c.kwargs) - {"n", "k", "m"}:
            return c.unknown(f"{name}() with these arguments")
        n, k, m = c.plain(0, "n"), c.plain(1, "k", 0), c.plain(2, "m")
        m = n if m is None else m
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (n, k, m)):
            return c.unknown(f"{name}() of sizes we do not know")
        if n < 0 or m < 0:
            return c.unknown(f"{name}() of a negative size")
        if n * m > sizes.SIZE_LIMIT:
            return c.unknown(f"{name}() of a {n:,} x {m:,} triangle")
        cells = [
            (i, j) for i in range(n) for j in range(m) if (j - i >= k if upper else j - i <= k)
        ]
        return (NDArray(i for i, _ in cells), NDArray(j for _, j in cells))

    return impl


NP.add(
    "triu_indices",
    _tri_indices(True),
    "triu_indices(n, k=0, m=None) of known sizes: the (rows, cols) arrays of the upper triangle",
)
NP.add(
    "tril_indices",
    _tri_indices(False),
    "tril_indices(n, k=0, m=None) of known sizes: the (rows, cols) arrays of the lower triangle",
)
