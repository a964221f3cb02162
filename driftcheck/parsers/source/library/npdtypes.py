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
    kind, _size = SCALARS[name]

    def impl(c: Call) -> Any:
        """``np.int64(3)``, ``np.float32(0.5)``: numpy's scalar of that type (a numpy scalar
        here: library/npdtypes.py ``np_scalar``), a float rounded to the type's precision. A
        value the type would wrap (``np.uint8(300)``) is unknown: numpy's number would be a
        different one. ``np.bool_(x)``: unknown: numpy's bool type is not modelled, and
        Python's bool would answer its arithmetic wrongly (``np.True_ + np.True_`` is
        ``np.True_``, a logical or; Python's ``True + True`` is 2: review37 item 9)."""
        x = c.plain(0) if c.args else 0
        if isinstance(x, (bool, int, float)):
            if kind in "iu" and x == x and abs(x) != float("inf"):
                return np_scalar(name, int(x))
            if kind == "f":
                return np_scalar(name, float(x))
        return c.unknown(f"numpy.{name}() of a value we do not know")

    return impl


# np.bool_ is not registered: numpy's bool arithmetic is not Python's (``np.True_ + np.True_``
# is ``np.True_``), and no model of it is here, so a call of it is an unknown call (review37)
for _n in SCALARS:
    if SCALARS[_n][0] not in "cb":
        NP.add(_n, _scalar(_n), f"{_n}(x) of a known number: the number")
for _a, _n in ALIASES.items():
    if SCALARS[_n][0] not in "cb" and _a not in ("bool",):
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


# ---------------------------------------------------------------- numpy scalars (session 36)
# numpy's scalars are not Python's numbers: ``np.int64(3)`` is no ``int`` (``isinstance`` is
# False, ``type(x) is int`` is False, an ``lru_cache`` keys it apart, ``json.dumps`` refuses
# it), ``np.float64`` is a ``float`` subclass of its own type, ``np.float32`` rounds every
# result to single precision. A scalar here is a subclass of Python's int / float (every use
# that does not ask for its type reads the number, as CPython's ``__index__`` / ``__float__``
# do) that answers ``isinstance`` / ``type()`` / ``repr`` as numpy does and keeps numpy's type
# through arithmetic (NEP 50, numpy 2). A result numpy would wrap, round differently or warn
# about (an int64 overflow, a division by zero, a float32 ``**``) is unknown, never Python's.


def _int_range(name: str) -> tuple[int, int]:
    kind, size = SCALARS[name]
    if kind == "i":
        return -(2 ** (8 * size - 1)), 2 ** (8 * size - 1)
    return 0, 2 ** (8 * size)


class NPScalar:
    """The numpy side of a scalar: its type's name and numpy's answers (a mixin)."""

    np_name: ClassVar[str] = ""
    library_type: ClassVar[str] = ""
    numpy_scalar: ClassVar[bool] = True

    def library_isinstance(self, q: str) -> Any:
        return np_isinstance(self.np_name, q)

    def attr(self, name: str) -> Any:
        """``x.item()`` / ``x.tolist()`` (the Python number), ``x.dtype``, ``x.shape`` (``()``),
        ``x.ndim``, ``x.size``, ``x.itemsize``; any other attribute is unknown."""
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        py = int(self) if isinstance(self, int) else float(self)  # type: ignore[arg-type]
        if name in ("item", "tolist"):
            return BuiltinMethod(lambda a, k: py if not a and not k else Unknown(f".{name}()"))
        if name == "dtype":
            return NPDType(self.np_name)
        if name == "shape":
            return ()
        if name == "ndim":
            return 0
        if name == "size":
            return 1
        if name in ("itemsize", "nbytes"):
            return SCALARS[self.np_name][1]
        return Unknown(f"numpy.{self.np_name} attribute {name}")


def np_isinstance(name: str, q: str) -> Any:
    """``isinstance(x, q)`` of a numpy scalar of type ``name``: numpy's own hierarchy and the
    ABCs numpy registers its types with (``numbers.Integral`` for the integers, ``Real`` for
    the floats); Python's ``float`` only for float64 (numpy's ``float64`` subclasses it)."""
    kind = SCALARS[name][0]
    if q.startswith("numpy."):
        t = ALIASES.get(q[6:], q[6:])
        return t == name or t in ABSTRACT[kind]
    if q == "builtins.float":
        return name == "float64"
    if q in ("builtins.object", "collections.abc.Hashable", "typing.Hashable"):
        return True
    if q in ("numbers.Number", "numbers.Complex"):
        return True
    if q in ("numbers.Real",):
        return kind in "iuf"
    if q in ("numbers.Rational", "numbers.Integral"):
        return kind in "iu"
    if q.startswith("builtins.") and q[9:] in (
        "int",
        "bool",
        "str",
        "bytes",
        "list",
        "tuple",
        "dict",
        "set",
        "frozenset",
        "complex",
        "type",
    ):
        return False
    if q.startswith("torch."):
        return False
    return Unknown(f"isinstance of a numpy.{name} against {q}")


def _np_name_of(x: Any) -> str | None:
    """numpy's type for an operand: a numpy scalar's own, ``"py_int"`` / ``"py_float"`` /
    ``"py_bool"`` for Python's (weak, NEP 50), None for anything else."""
    if isinstance(x, NPScalar):
        return x.np_name
    t = type(x)
    if t is bool:
        return "py_bool"
    if t is int:
        return "py_int"
    if t is float:
        return "py_float"
    return None


def _float_for_int(size: int, unsigned: bool) -> int:
    # the smallest float numpy promotes an integer of ``size`` bytes to
    return 2 if size == 1 else 4 if size == 2 else 8


def promote(a: str, b: str) -> str | None:
    """numpy 2's result type of two operands (NEP 50: a Python number takes the numpy
    operand's type, a Python float makes an integer float64); None where not modelled."""
    if a.startswith("py_") and b.startswith("py_"):
        return None
    if a.startswith("py_"):
        a, b = b, a
    ka, sa = SCALARS[a]
    if ka not in "iuf":
        return None
    if b == "py_float":
        return a if ka == "f" else "float64"
    if b in ("py_int", "py_bool"):
        return a
    kb, sb = SCALARS[b]
    if kb not in "iuf":
        return None
    if ka == kb:
        return a if sa >= sb else b
    if ka == "f" or kb == "f":
        (fs, (ik, isz)) = (sa, (kb, sb)) if ka == "f" else (sb, (ka, sa))
        need = _float_for_int(isz, ik == "u")
        return f"float{8 * max(fs, need)}"
    # a signed and an unsigned integer
    (ss, us) = (sa, sb) if ka == "i" else (sb, sa)
    if ss > us:
        return f"int{8 * ss}"
    return f"int{16 * us}" if us < 8 else "float64"


def _round_float(name: str, v: float) -> float | None:
    """``v`` rounded to the float type ``name`` (float64 as it is), None past its range."""
    import math
    import struct

    if name == "float64":
        return v
    code = "f" if name == "float32" else "e"
    try:
        r = struct.unpack(code, struct.pack(code, v))[0]
    except OverflowError:
        return None
    return r if math.isfinite(r) or not math.isfinite(v) else None


_CLASSES: dict[str, type] = {}


def np_scalar(name: str, v: Any) -> Any:
    """numpy's scalar of type ``name`` (a name of the table) holding ``v`` (a Python number,
    already numpy's value: an int in range, a float rounded to the type), else unknown."""
    import math

    name = ALIASES.get(name, name)
    cls = _CLASSES.get(name)
    if cls is None:
        return Unknown(f"a numpy.{name} scalar")
    if issubclass(cls, int):
        if isinstance(v, float):
            return Unknown(f"a float as numpy.{name}")
        lo, hi = _int_range(name)
        if not lo <= v < hi:
            return Unknown(f"numpy.{name} past its range (numpy wraps)")
        return cls(v)
    v = float(v)
    r = _round_float(name, v)
    if r is None or not math.isfinite(r):
        return Unknown(f"numpy.{name} of an infinite or overflowing value")
    return cls(r)


def _value_as(name: str, x: Any) -> Any:
    """``x`` converted to numpy type ``name``'s value (None where numpy would raise)."""
    if SCALARS[name][0] in "iu":
        if isinstance(x, float):
            return None
        lo, hi = _int_range(name)
        return int(x) if lo <= int(x) < hi else None
    return _round_float(name, float(x))


def _arith(fn: Any, sym: str, a: Any, b: Any) -> Any:
    """``a <sym> b`` where one side is a numpy scalar, as numpy 2 computes it."""
    import math

    na, nb = _np_name_of(a), _np_name_of(b)
    if na is None or nb is None:
        return NotImplemented
    name = promote(na, nb)
    if name is None:
        return Unknown(f"numpy scalar {sym} of mixed types")
    kind = SCALARS[name][0]
    if sym == "/" and kind in "iu":
        name, kind = "float64", "f"
    x, y = _value_as(name, a), _value_as(name, b)
    if x is None or y is None:
        return Unknown(f"numpy scalar {sym}: an operand past numpy.{name}")
    if kind in "iu":
        if sym in ("//", "%") and y == 0:
            return Unknown(f"numpy integer {sym} by zero (numpy warns, gives 0)")
        if sym == "**" and y < 0:
            return Unknown("numpy integer ** a negative power (numpy raises)")
        if sym in ("<<", ">>") and not 0 <= y < 8 * SCALARS[name][1]:
            return Unknown(f"numpy integer {sym} past its width")
        if sym == "**" and abs(x) > 1 and y > 64:
            return Unknown("numpy integer ** past its range (numpy wraps)")
        try:
            r = fn(x, y)
        except Exception:  # noqa: BLE001 - Python refuses: numpy's answer is not ours
            return Unknown(f"numpy integer {sym}")
        return np_scalar(name, r)
    if sym not in ("+", "-", "*", "/", "**"):
        return Unknown(f"numpy float {sym}")
    if sym == "**" and name != "float64":
        return Unknown(f"numpy.{name} ** (numpy's single-precision pow)")
    if sym == "/" and y == 0:
        return Unknown("numpy float division by zero (numpy warns, gives inf / nan)")
    try:
        r = fn(float(x), float(y))
    except Exception:  # noqa: BLE001
        return Unknown(f"numpy float {sym}")
    if not isinstance(r, float) or not math.isfinite(r):
        return Unknown(f"numpy float {sym} past the finite floats")
    return np_scalar(name, r)


def _compare(fn: Any, a: Any, b: Any) -> Any:
    """``a < b`` / ``a == b``...: both sides as numpy's common type, compared (the answer is a
    Python bool here; numpy's is an ``np.bool_``)."""
    na, nb = _np_name_of(a), _np_name_of(b)
    if na is None or nb is None:
        return NotImplemented
    name = promote(na, nb)
    if name is None:
        return NotImplemented
    x, y = _value_as(name, a), _value_as(name, b)
    if x is None or y is None:
        return NotImplemented
    return fn(x, y)


def _methods(base: type) -> dict[str, Any]:
    import operator

    ns: dict[str, Any] = {}
    for sym, fn, nm in (
        ("+", operator.add, "add"),
        ("-", operator.sub, "sub"),
        ("*", operator.mul, "mul"),
        ("/", operator.truediv, "truediv"),
        ("//", operator.floordiv, "floordiv"),
        ("%", operator.mod, "mod"),
        ("**", operator.pow, "pow"),
        ("<<", operator.lshift, "lshift"),
        (">>", operator.rshift, "rshift"),
        ("&", operator.and_, "and"),
        ("|", operator.or_, "or"),
        ("^", operator.xor, "xor"),
    ):
        if base is float and sym in ("<<", ">>", "&", "|", "^"):
            continue

        def fwd(self: Any, o: Any, fn: Any = fn, sym: str = sym) -> Any:
            return _arith(fn, sym, self, o)

        def rev(self: Any, o: Any, fn: Any = fn, sym: str = sym) -> Any:
            return _arith(fn, sym, o, self)

        ns[f"__{nm}__"], ns[f"__r{nm}__"] = fwd, rev
    for nm, fn in (
        ("eq", operator.eq),
        ("ne", operator.ne),
        ("lt", operator.lt),
        ("le", operator.le),
        ("gt", operator.gt),
        ("ge", operator.ge),
    ):
        ns[f"__{nm}__"] = lambda self, o, fn=fn: _compare(fn, self, o)

    def neg(self: Any) -> Any:
        return np_scalar(self.np_name, -base(self))

    def pos(self: Any) -> Any:
        return self

    def absolute(self: Any) -> Any:
        return np_scalar(self.np_name, abs(base(self)))

    def rnd(self: Any, ndigits: Any = None) -> Any:
        if ndigits is None:
            return round(base(self))
        return Unknown(f"round() of a numpy.{self.np_name} to digits")

    def rep(self: Any) -> str:
        if base is float and self.np_name != "float64":
            # numpy writes the shortest digits of the single / half float: not modelled
            raise TypeError(f"repr of numpy.{self.np_name}")
        return f"np.{self.np_name}({base.__repr__(self)})"

    def text(self: Any) -> str:
        if base is float and self.np_name != "float64":
            raise TypeError(f"str of numpy.{self.np_name}")
        return base.__repr__(self)

    def fmt(self: Any, spec: str) -> str:
        if not spec:
            return text(self)
        if base is float and self.np_name != "float64":
            raise TypeError(f"format of numpy.{self.np_name}")
        return base.__format__(base(self), spec)

    ns.update(
        __neg__=neg,
        __pos__=pos,
        __abs__=absolute,
        __round__=rnd,
        __repr__=rep,
        __str__=text,
        __format__=fmt,
        __hash__=base.__hash__,
    )
    if base is int:
        ns["__invert__"] = lambda self: np_scalar(self.np_name, ~int(self))
    return ns


for _n, (_k, _s) in SCALARS.items():
    if _k in "iuf":
        _base = int if _k in "iu" else float
        _CLASSES[_n] = globals()[f"NP_{_n}"] = type(
            f"NP_{_n}",
            (NPScalar, _base),
            {"np_name": _n, "library_type": f"numpy.{_n}", **_methods(_base)},
        )


def binop(op: Any, a: Any, b: Any) -> Any:
    """``a <op> b`` (an ``ast`` operator) where a side is a numpy scalar: numpy's arithmetic,
    whichever side Python would ask first (``0.5 * np.int64(3)`` is numpy's float64, where
    Python's ``float.__mul__`` would take the int); NotImplemented for other operands."""
    import ast
    import operator

    table = {
        ast.Add: (operator.add, "+"),
        ast.Sub: (operator.sub, "-"),
        ast.Mult: (operator.mul, "*"),
        ast.Div: (operator.truediv, "/"),
        ast.FloorDiv: (operator.floordiv, "//"),
        ast.Mod: (operator.mod, "%"),
        ast.Pow: (operator.pow, "**"),
        ast.LShift: (operator.lshift, "<<"),
        ast.RShift: (operator.rshift, ">>"),
        ast.BitAnd: (operator.and_, "&"),
        ast.BitOr: (operator.or_, "|"),
        ast.BitXor: (operator.xor, "^"),
    }
    got = table.get(type(op))
    if got is None:
        return NotImplemented
    fn, sym = got
    if isinstance(a, NPScalar) and isinstance(b, (list, tuple, str, bytes, dict, set)):
        if sym == "*" and isinstance(a, int) and isinstance(b, (list, tuple, str, bytes)):
            return NotImplemented  # an integer scalar repeats a sequence, as Python's int
        # numpy asks first and makes an array of the sequence (``np.int64(1) + [1, 2]`` is
        # ``array([2, 3])``): not written out
        return Unknown(f"numpy.{a.np_name} {sym} a {type(b).__name__} (numpy makes an array)")
    kinds = {SCALARS[x.np_name][0] for x in (a, b) if isinstance(x, NPScalar)}
    if sym in ("<<", ">>", "&", "|", "^") and (
        kinds & {"f"} or isinstance(a, float) or isinstance(b, float)
    ):
        return NotImplemented
    return _arith(fn, sym, a, b)


def _pairwise(a: list[float]) -> float:
    """numpy's pairwise float sum (``pairwise_sum`` of its ``add`` loop): eight running sums
    in blocks of up to 128 items, halves added above that."""
    n = len(a)
    if n < 8:
        res = 0.0
        for x in a:
            res += x
        return res
    if n <= 128:
        r = list(a[:8])
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] += a[i + j]
            i += 8
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for x in a[i:]:
            res += x
        return res
    n2 = n // 2
    n2 -= n2 % 8
    return _pairwise(a[:n2]) + _pairwise(a[n2:])


_BUFSIZE = 8192  # numpy's reduction buffer: a longer sum is summed per buffer


def np_reduce(name: str, items: Any) -> Any:
    """``np.sum(xs)`` / ``np.prod(xs)`` of a flat sequence of known numbers (Python's or
    numpy's int64 / float64): numpy's scalar, its float sum pairwise as numpy adds; an
    int64 past its range, or items of another numpy type, unknown. None: not numbers."""
    import math

    xs = list(items)
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs):
        return None
    if any(isinstance(x, NPScalar) and x.np_name not in ("int64", "float64") for x in xs):
        return Unknown(f"numpy.{name}() of numpy scalars of another type")
    dtype = "float64" if not xs or any(isinstance(x, float) for x in xs) else "int64"
    if dtype == "int64":
        if not all(-(2**63) <= x < 2**63 for x in xs):
            return Unknown(f"numpy.{name}() of an int past int64")
        r = math.prod(int(x) for x in xs) if name == "prod" else sum(int(x) for x in xs)
        return np_scalar("int64", r)
    fs = [float(x) for x in xs]
    if not all(math.isfinite(x) for x in fs) or len(fs) > _BUFSIZE:
        return Unknown(f"numpy.{name}() of an infinite value or a long array")
    if name == "prod":
        r = 1.0
        for x in fs:
            r *= x
    else:
        r = _pairwise(fs)
    return np_scalar("float64", r)
