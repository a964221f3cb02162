"""numpy basics model code uses on lists of numbers (an array stands as a list)."""

from __future__ import annotations

import math
import operator
from typing import Any

from driftcheck.parsers.source.library.pybuiltins import MATH, NUMPY_SEQ, py_call
from driftcheck.parsers.source.library.registry import Group
from driftcheck.parsers.source.sizes import SIZE_LIMIT

NP = Group("numpy")


def _py(name: str) -> Any:
    return lambda c: py_call(name, c.interp, c.args, c.kwargs)


_DOCS = {
    "numpy.prod": "prod(xs) of known numbers (result size checked first)",
    "numpy.sum": "sum(xs) of known numbers",
    "numpy.sqrt": "sqrt(x) of a known number",
    "numpy.log2": "log2(x) of a known number",
    "numpy.lcm": "lcm(a, b) of known ints",
    "numpy.gcd": "gcd(a, b) of known ints",
    "numpy.ceil": "ceil(x) of a known number",
    "numpy.floor": "floor(x) of a known number",
    "numpy.argsort": "argsort(xs) of known numbers, as a list",
    "numpy.sort": "sort(xs) of known numbers, as a list",
    "numpy.array": "array(xs) of known numbers, as a list",
    "numpy.asarray": "asarray(xs) of known numbers, as a list",
    "numpy.cumsum": "cumsum(xs) of known numbers, as a list",
}
for _q, _d in _DOCS.items():
    assert _q in MATH or _q in NUMPY_SEQ, _q
    if _q in ("numpy.sqrt", "numpy.ceil", "numpy.floor"):  # below: elementwise over arrays
        continue
    if _q == "numpy.cumsum":  # library/npsplits.py: of arrays too, an array
        continue
    if _q not in ("numpy.array", "numpy.asarray"):  # below: flat arrays are arrays
        NP.add(_q.split(".", 1)[1], _py(_q), _d)


def _array(c: Any) -> Any:
    """``np.array(xs)`` / ``np.asarray(xs)``: of a flat list of known numbers (``np.inf``
    included), a 1-D array (``NDArray``: ``isinstance(a, np.ndarray)`` holds, ``a.shape`` is
    its length, arithmetic is elementwise), converted by a ``dtype=`` of the numpy table;
    anything else as before, a list of its items (a dtype we cannot apply: unknown)."""
    from driftcheck.parsers.source.library.npdtypes import SCALARS
    from driftcheck.parsers.source.values.abstract import Unknown, plain

    x = plain(c.args[0]) if c.args else None
    if isinstance(x, NDScalar) and len(c.args) == 1:
        x = x.value  # ``np.asarray(np.asarray(1.0), dtype=...)``: that 0-d array's number
    if getattr(x, "numpy_scalar", False) and len(c.args) == 1:
        # ``np.asarray(c * 0.5)`` of an ``np.float64`` / ``np.int64``: a 0-d array of it
        name = getattr(x, "np_name", "")
        x = float(x) if name == "float64" else int(x) if name == "int64" else x
    if c.kwargs and not _neutral_kwargs(c.kwargs):
        return py_call(c.qual, c.interp, c.args, c.kwargs)
    kwargs = {
        k: v for k, v in c.kwargs.items() if k == "dtype"
    }  # order= / copy=: values as they are
    if type(x) in (int, float) and len(c.args) == 1 and not kwargs:
        return NDScalar(x)  # ``np.array(24)``: a 0-d array (rockpool's ``.item()`` of a size)
    if type(x) in (int, float) and len(c.args) == 1:
        # ``np.asarray(1.0, dtype=np.float64, order="C", copy=True)`` (cuequivariance's path
        # coefficients): the number converted as numpy converts it
        name = _dtype_name(plain(kwargs["dtype"]))
        if name == "float64":
            return NDScalar(float(x))
        if name == "int64" and type(x) is int and -(2**63) <= x < 2**63:
            return NDScalar(x)
        return Unknown(f"{c.qual}() of a number with dtype {plain(kwargs['dtype'])!r} at {c.where}")
    flat = isinstance(x, (list, tuple, NDArray)) and all(
        isinstance(plain(i), (int, float)) for i in x
    )
    if not flat and len(c.args) == 1:
        nested = _nested_array(c, x)
        if nested is not None:
            return nested
    if not flat or len(c.args) > 1:
        return py_call(c.qual, c.interp, c.args, c.kwargs)
    items = [plain(i) for i in x]
    dt = plain(kwargs.get("dtype"))
    if dt is None:  # an array's own dtype (``np.array(a)``), else the one numpy infers
        return NDArray(items, x.dtype if isinstance(x, NDArray) else _inferred_dtype(items))
    name = _dtype_name(dt)
    kind = SCALARS.get(name, (None, None))[0] if name else None
    if kind == "f":
        items = [float(i) for i in items]
    elif kind in ("i", "u") and all(math.isfinite(i) for i in items):
        items = [int(i) for i in items]  # numpy truncates toward zero, as int() does
    else:
        return Unknown(f"{c.qual}() with dtype {name or dt!r} at {c.where}")
    return NDArray(items, _known_dtype(name))


def _neutral_kwargs(kw: dict) -> bool:
    """Keywords of ``np.array`` / ``np.asarray`` that leave the values as they are: ``dtype``
    (applied by the caller), a known ``order`` and ``copy`` (a fresh list is copied either
    way)."""
    from driftcheck.parsers.source.values.abstract import plain

    for k, v in kw.items():
        v = plain(v)
        if k == "dtype":
            continue
        if k == "order" and v in (None, "C", "F", "A", "K"):
            continue
        if k == "copy" and v in (None, True, False):
            continue
        return False
    return True


def _inferred_dtype(items: list[Any]) -> str | None:
    """The dtype ``np.array(items)`` gives a flat list of Python numbers: float64 when a float
    is among them, int64 for ints that fit it; None otherwise (bools, an empty list)."""
    kinds = {type(i) for i in items}
    if not items or not kinds <= {int, float}:
        return None
    if float in kinds:
        return "float64"
    return "int64" if all(-(2**63) <= i < 2**63 for i in items) else None


def _known_dtype(name: str | None) -> str | None:
    """A ``dtype=`` numpy name that torch shares (``float32``, ``int64``, ...), else None."""
    from driftcheck.parsers.source.library.tensordtypes import CANON

    return name if name in CANON and name != "bool" else None


# numpy's own spellings of its scalar types as strings (``dtype="float32"``), beside the names
_STR_DTYPES = {"float": "float64", "int": "int64", "bool": "bool_", "complex": "complex128"}


def _dtype_name(dt: Any) -> str | None:
    """The numpy scalar type a ``dtype=`` names (a dtype of the table, ``np.float32``, the
    builtins ``float`` / ``int``, or a string ``"float32"``), None when it names none known."""
    from driftcheck.parsers.source.library.npdtypes import SCALARS, NPDType
    from driftcheck.parsers.source.values.abstract import Ext

    if isinstance(dt, NPDType):
        return dt.name
    if isinstance(dt, Ext) and dt.qual.startswith("numpy."):
        return dt.qual[len("numpy.") :]
    if isinstance(dt, Ext) and dt.qual in ("builtins.float", "builtins.int"):
        return "float64" if dt.qual == "builtins.float" else "int64"
    if isinstance(dt, str):
        name = _STR_DTYPES.get(dt, dt)
        return name if name in SCALARS else None
    return None


def _nested_shape(x: Any, budget: list[int]) -> tuple | None:
    """The shape numpy gives a rectangular nesting of lists/tuples of known numbers (at
    least two levels); None for a ragged one (numpy raises), other items, or over the size
    budget (the walk stops there)."""
    from driftcheck.parsers.source.values.abstract import plain

    x = plain(x)
    if isinstance(x, (int, float)):
        budget[0] -= 1
        return () if budget[0] >= 0 else None
    if not isinstance(x, (list, tuple)) or not x:
        return None
    subs = []
    for item in x:
        sub = _nested_shape(item, budget)
        if sub is None or (subs and sub != subs[0]):
            return None
        subs.append(sub)
    return (len(x), *subs[0])


def _nested_array(c: Any, x: Any) -> Any:
    """``np.array([[[0, 0, p, p], ...]], dtype="float32")`` of known numbers nested two or more
    levels deep: an array held by its shape (library/npshapes.py), values dropped; None when
    it is not such a nesting (the caller goes on as before). A dtype numpy's table does not
    hold is unknown (numpy may refuse it)."""
    from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain

    if not isinstance(x, (list, tuple)) or not x or not isinstance(plain(x[0]), (list, tuple)):
        return None
    shape = _nested_shape(x, [SIZE_LIMIT])
    if shape is None:
        return None
    dt = plain(c.kwargs.get("dtype"))
    if dt is not None and _dtype_name(dt) is None:
        return Unknown(f"{c.qual}() with dtype {dt!r} at {c.where}")
    return Tensor(shape)


NP.add("array", _array, _DOCS["numpy.array"] + " (flat: a 1-D array, elementwise)")
NP.add("asarray", _array, _DOCS["numpy.asarray"] + " (flat: a 1-D array, elementwise)")


def _np_numeric(fn: Any) -> Any:
    def impl(c: Any) -> Any:
        from driftcheck.parsers.source.library import npshapes
        from driftcheck.parsers.source.values.abstract import Unknown, plain

        held = npshapes.np_shaped(c)  # an array held by its shape: that shape
        if held is not None:
            return held
        pa = [plain(a) for a in c.args]
        if pa and not c.kwargs and any(isinstance(x, NDArray) for x in pa):
            return _np_elementwise(c, fn, pa)  # ``np.log(ws / w_0)`` over a 1-D array
        if not pa or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in pa):
            return Unknown(f"{c.qual}() of unknown values at {c.where}")
        from driftcheck.parsers.source.library.npdtypes import NPScalar, np_scalar

        if any(isinstance(x, NPScalar) and x.np_name not in ("int64", "float64") for x in pa):
            return Unknown(f"{c.qual}() of a numpy scalar of another type at {c.where}")
        if fn is math.pow and len(pa) == 2 and not any(isinstance(x, float) for x in pa):
            # ``np.power(2, 3)`` of two ints: numpy's int64 (a negative power raises)
            a, b = int(pa[0]), int(pa[1])
            if b < 0 or (abs(a) > 1 and b > 64):
                return Unknown(f"{c.qual}() of ints we do not write out at {c.where}")
            return np_scalar("int64", a**b)
        try:
            return np_scalar("float64", float(fn(*pa)))
        except (ValueError, OverflowError, ZeroDivisionError):
            return Unknown(f"{c.qual}() at {c.where}")

    return impl


for _n, _f in (("log", math.log), ("exp", math.exp), ("log10", math.log10), ("power", math.pow)):
    NP.add(_n, _np_numeric(_f), f"{_n}() of known numbers, as a float")


def _np_sqrt(c: Any) -> Any:
    """``np.sqrt``: of a number as before (traced config numbers included); of a 1-D array of
    known numbers elementwise (IEEE sqrt is correctly rounded, as numpy's); of an array held
    by shape, that shape (``np.sqrt(1 + 2 * np.arange(n))`` of S4's HiPPO matrix)."""
    from driftcheck.parsers.source.values.abstract import plain

    if len(c.args) == 1 and not c.kwargs and isinstance(plain(c.args[0]), NDArray):
        return _np_numeric(math.sqrt)(c)
    from driftcheck.parsers.source.library import npshapes

    held = npshapes.np_shaped(c)
    return held if held is not None else _py("numpy.sqrt")(c)


def _np_ceil_floor(fn: Any) -> Any:
    """``np.ceil`` / ``np.floor``: of a number as before; of a 1-D array of known numbers (or
    a flat list of them) elementwise, floats as numpy gives them (``np.ceil(np.array(n) *
    depth_mult).astype(int)``: EfficientNet's compound depth scaling). Exact: the float
    products are numpy's float64 products, and ceil / floor of a float are exact."""
    qual = f"numpy.{fn.__name__}"

    def impl(c: Any) -> Any:
        from driftcheck.parsers.source.values.abstract import plain

        x = plain(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
        arr = x if isinstance(x, NDArray) else None
        if arr is None and isinstance(x, (list, tuple)) and x:
            arr = NDArray.of(x)
        if arr is not None:
            from driftcheck.parsers.source.library.npdtypes import NPScalar

            items = list(arr.items)
            if (
                arr.dtype not in (None, "float64")
                or (items and all(isinstance(v, int) for v in items))
                or any(isinstance(v, NPScalar) and v.np_name != "float64" for v in items)
            ):
                # an int (bool) array keeps its dtype in numpy 2.x, becomes float64 in 1.x;
                # a float32 array stays float32: not written out (fixreview36b, review36 item 4)
                return c.unknown(f"{qual}() of an array of ints or of a narrow dtype")
            return _np_elementwise(c, fn, [arr])
        return _py(qual)(c)

    return impl


NP.add("ceil", _np_ceil_floor(math.ceil), _DOCS["numpy.ceil"] + ", or elementwise of a 1-D array")
NP.add(
    "floor", _np_ceil_floor(math.floor), _DOCS["numpy.floor"] + ", or elementwise of a 1-D array"
)


NP.add(
    "sqrt",
    _np_sqrt,
    _DOCS["numpy.sqrt"] + ", of a 1-D array of known numbers, or of an array held by shape",
)


def np_mean(c: Any) -> Any:
    """``np.mean(x)`` of one known number (a Python or numpy int64 / float64 scalar, a 0-d
    array) or a flat sequence of them (a list, a 1-D array): numpy's float64, the float sum
    pairwise as numpy adds, divided by the count; anything else (an axis, another dtype, an
    empty sequence: numpy warns and gives nan) unknown."""
    from driftcheck.parsers.source.library.npdtypes import NPScalar, np_reduce, np_scalar
    from driftcheck.parsers.source.values.abstract import Unknown, plain

    x = plain(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
    if isinstance(x, NDScalar):
        x = x.value
    if isinstance(x, NDArray):
        x = list(x.items)
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        x = [x]
    if not isinstance(x, (list, tuple)) or not x:
        return c.unknown("numpy.mean() of a value not known as numbers")
    xs = [plain(i) for i in x]
    if any(isinstance(i, bool) or not isinstance(i, (int, float)) for i in xs):
        return c.unknown("numpy.mean() of items not known as numbers")
    if any(isinstance(i, NPScalar) and i.np_name not in ("int64", "float64") for i in xs):
        return Unknown(f"numpy.mean() of numpy scalars of another type at {c.where}")
    total = np_reduce("sum", [float(i) for i in xs])
    if not getattr(total, "numpy_scalar", False):
        return total if isinstance(total, Unknown) else c.unknown("numpy.mean()")
    return np_scalar("float64", float(total) / len(xs))


# ---------------------------------------------------------------- 1-D arrays of known numbers
# dtypes of arrays whose arithmetic result dtype is modelled (``_result_dtype``)
_WIDE = ("float64", "int64")
_ARITH = (operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv)


def _narrow_check(fn: Any, a: NDArray, other: Any, out: NDArray) -> None:
    """An array of a narrow integer dtype (``uint8`` from ``np.unpackbits``, ``int32``...)
    with a Python int or an array of its own dtype: numpy keeps the dtype (NEP 50) and wraps
    a result past its range, Python's numbers do not. The result keeps the dtype; an
    OverflowError (the operator's result unknown) where any number falls outside it
    (session 36)."""
    from driftcheck.parsers.source.library.npdtypes import SCALARS

    kind, size = SCALARS.get(a.dtype or "", ("", 0))
    if kind not in ("i", "u") or size >= 8:
        return
    if fn not in (operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod):
        if fn in (operator.pow, operator.truediv):
            raise OverflowError(f"{fn.__name__} of a {a.dtype} array (not written out)")
        return  # a comparison: bools
    if not (type(other) is int or (isinstance(other, NDArray) and other.dtype == a.dtype)):
        raise OverflowError(f"a {a.dtype} array with another type (its result type)")
    lo = -(2 ** (8 * size - 1)) if kind == "i" else 0
    hi = 2 ** (8 * size - 1) if kind == "i" else 2 ** (8 * size)
    if not all(isinstance(x, int) and lo <= x < hi for x in out.items):
        raise OverflowError(f"a {a.dtype} array past its range (numpy wraps)")
    out.dtype = a.dtype


def _result_dtype(fn: Any, mine: str | None, other: Any) -> str | None:
    """numpy's result dtype of ``a <op> b`` for an array ``a`` of dtype ``mine``, where it is
    certain under both numpy 1's value-based casting and numpy 2's NEP 50 rules: a float64
    array with a Python int / float or an int64 / float64 array gives float64, and so does
    true division of an int64 array by those. Anything else (a comparison, ``%``, ``**``, a
    float32 array, whose result depends on the numpy version, a bool, a complex): None."""
    if fn not in _ARITH or mine not in _WIDE:
        return None
    if isinstance(other, NDArray):
        theirs = other.dtype
    elif type(other) in (int, float):
        theirs = "float64" if type(other) is float else "int64"
    elif isinstance(getattr(other, "np_name", None), str):
        # a numpy scalar (library/npdtypes.py: ``w.sum()`` of a float64 array); an int64 /
        # float64 one promotes as its array of one would, under numpy 1 and 2 alike
        theirs = other.np_name
    else:
        return None
    if theirs not in _WIDE:
        return None
    if "float64" in (mine, theirs) or fn is operator.truediv:
        return "float64"
    return None


_EXACT_OPS = (operator.add, operator.sub, operator.mul, operator.truediv)


def _exact_op(fn: Any, a: NDArray, other: Any, out: NDArray) -> bool:
    """IEEE float64 ``+ - * /`` are correctly rounded in Python and in numpy alike: the
    result of exact float items and an exact array or a Python number is exact."""
    if fn not in _EXACT_OPS or not a.exact:
        return False
    if isinstance(other, NDArray):
        if not other.exact:
            return False
    elif type(other) not in (int, float):
        return False
    return all(type(x) is float for x in out.items)


class NDArray:
    """A 1-D numpy array of known numbers (``np.atleast_1d(kernel_size)``): arithmetic and
    comparisons are elementwise with numpy's broadcasting of a scalar or an equal-length array
    (``(k - 1) * d % 2 == 1``, ``(k - 1) / 2 * d``), iteration gives the numbers. Anything else
    (an unequal length, a non-number) is a TypeError the interpreter turns into unknown."""

    __slots__ = ("items", "dtype", "exact")
    library_type = "numpy.ndarray"
    elementwise = True  # comparisons go to the operator, not identity (interp/exprs.py)

    def __init__(self, items: Any, dtype: str | None = None) -> None:
        self.items = tuple(items)
        # numpy's dtype name where it is certain (``np.array([1.0, 2.0])``: float64; see
        # ``_result_dtype`` for arithmetic); None when not known. ``torch.from_numpy`` /
        # ``torch.tensor`` of the array keep it (library/tensordtypes.factory).
        self.dtype = dtype
        # the float64 items are bit for bit numpy's (numpy computed them, then only +, -, *, /
        # with exact arrays or Python numbers): ``np.round`` decides an item exactly at .5
        self.exact = False

    @staticmethod
    def of(xs: Any) -> NDArray | None:
        """The array of a number or a flat sequence of numbers; None for anything else."""
        xs = list(xs) if isinstance(xs, (list, tuple, NDArray)) else [xs]
        if all(isinstance(x, (int, float)) for x in xs):  # bools too, as numpy keeps them
            return NDArray(xs)
        return None

    def _zip(self, other: Any) -> list[tuple[Any, Any]]:
        if isinstance(other, NDArray):
            if len(other.items) != len(self.items) and 1 not in (len(self.items), len(other.items)):
                raise TypeError("shapes do not broadcast")
            n = max(len(self.items), len(other.items))
            a = self.items * n if len(self.items) == 1 else self.items
            b = other.items * n if len(other.items) == 1 else other.items
            return list(zip(a, b))
        if isinstance(other, (list, tuple)):
            o = NDArray.of(other)
            if o is None:
                raise TypeError("not an array of numbers")
            return self._zip(o)
        if not isinstance(other, (int, float)):
            raise TypeError("not a number")
        return [(x, other) for x in self.items]

    def _op(fn: Any, swap: bool = False) -> Any:  # noqa: N805 - builds the dunders below
        def method(self: NDArray, other: Any) -> NDArray:
            pairs = self._zip(other)
            dtype = _result_dtype(fn, self.dtype, other)
            out = NDArray((fn(b, a) if swap else fn(a, b) for a, b in pairs), dtype)
            out.exact = _exact_op(fn, self, other, out)
            _narrow_check(fn, self, other, out)
            if isinstance(other, NDArray) and other.dtype != self.dtype:
                _narrow_check(fn, other, self, out)
            return out

        return method

    __add__, __radd__ = _op(operator.add), _op(operator.add, True)
    __sub__, __rsub__ = _op(operator.sub), _op(operator.sub, True)
    __mul__, __rmul__ = _op(operator.mul), _op(operator.mul, True)
    __truediv__, __rtruediv__ = _op(operator.truediv), _op(operator.truediv, True)
    __floordiv__, __rfloordiv__ = _op(operator.floordiv), _op(operator.floordiv, True)
    __mod__, __rmod__ = _op(operator.mod), _op(operator.mod, True)
    __pow__, __rpow__ = _op(operator.pow), _op(operator.pow, True)
    __eq__, __ne__ = _op(operator.eq), _op(operator.ne)  # type: ignore[assignment]
    __lt__, __le__ = _op(operator.lt), _op(operator.le)
    __gt__, __ge__ = _op(operator.gt), _op(operator.ge)
    __hash__ = None  # type: ignore[assignment]

    def __neg__(self) -> NDArray:
        out = NDArray((-x for x in self.items), self.dtype if self.dtype in _WIDE else None)
        _narrow_check(operator.sub, self, 0, out)  # a uint8's negation wraps in numpy
        return out

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Any:
        return iter(self.items)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, tuple) or i is None:  # ``P[:, np.newaxis]``: held by shape
            from driftcheck.parsers.source.library import npshapes

            return npshapes.ndarray_index(self, i)
        return NDArray(self.items[i], self.dtype) if isinstance(i, slice) else self.items[i]

    def __bool__(self) -> bool:
        if len(self.items) != 1:
            raise ValueError("the truth value of an array with more than one element")
        return bool(self.items[0])

    def library_hasattr(self, name: str) -> Any:
        """``hasattr(a, name)`` (interp/items.py): True for the ndarray attributes ``attr``
        reads, unknown for any other (the generic fallback asked this object: a confident
        False for ``hasattr(a, "shape")``, session 33)."""
        return _ndarray_hasattr(name)

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
        from driftcheck.parsers.source.values.abstract import Unknown

        if name == "shape":
            return (len(self.items),)
        if name == "ndim":
            return 1
        if name == "size":
            return len(self.items)
        if name == "tolist":
            return BuiltinMethod(lambda a, k: list(self.items))
        if name == "copy":
            # ``a.copy()``: a new array (its items written later, so unknown), never a layer
            from driftcheck.parsers.source.values.abstract import UnknownPlain

            return BuiltinMethod(lambda a, k: UnknownPlain("ndarray.copy()"))
        if name == "item":  # the one element (numpy raises for another size: unknown)
            return BuiltinMethod(
                lambda a, k: (
                    self.items[0]
                    if len(self.items) == 1 and not a and not k
                    else Unknown("ndarray.item")
                )
            )
        if name == "astype":  # ``ws.astype(int)``; another dtype: unknown
            from driftcheck.parsers.source.values.abstract import plain

            return BuiltinMethod(
                lambda a, k: (
                    astype_int(self)
                    if len(a) == 1
                    and not k
                    and getattr(plain(a[0]), "qual", None) == "builtins.int"
                    else Unknown("astype")
                )
            )
        if name in ("sum", "prod", "min", "max"):  # numpy's scalar (library/npdtypes.py)
            return BuiltinMethod(
                lambda a, k: _scalar_reduce(name, self) if not a and not k else Unknown(name)
            )
        if name == "round":  # ``a.round()`` (decimals 0) is ``np.round(a)`` (session 40)
            return BuiltinMethod(lambda a, k: _round_method(self, a, k))
        if name in ("any", "all"):
            fn = _REDUCE[name]
            return BuiltinMethod(lambda a, k: fn(self.items) if not a and not k else Unknown(name))
        return Unknown(f"ndarray attribute {name}")


class NDScalar:
    """A 0-d numpy array of one known number (``np.array(24)``): its ``shape`` is ``()``,
    ``item()`` / ``tolist()`` the number; anything else (arithmetic included) is unknown."""

    __slots__ = ("value",)
    library_type = "numpy.ndarray"
    value_compare = True  # ``==`` / ``<`` go to the operators below, not identity (exprs.py)

    def __init__(self, value: Any) -> None:
        self.value = value

    def _cmp(fn: Any) -> Any:  # noqa: N805 - builds the comparisons below
        def method(self: NDScalar, other: Any) -> Any:
            """``np.array(0.0) == 0``: numpy compares the number (a numpy bool; here a bool);
            another operand: unknown (it was Python's identity: a confident False)."""
            from driftcheck.parsers.source.values.abstract import Unknown, plain

            o = plain(other)
            o = o.value if isinstance(o, NDScalar) else o
            if type(o) in (int, float, bool) and type(self.value) in (int, float, bool):
                return fn(self.value, o)
            return Unknown("comparison of a 0-d numpy array with a value not known")

        return method

    __eq__, __ne__ = _cmp(operator.eq), _cmp(operator.ne)  # type: ignore[assignment]
    __lt__, __le__ = _cmp(operator.lt), _cmp(operator.le)
    __gt__, __ge__ = _cmp(operator.gt), _cmp(operator.ge)
    __hash__ = None  # type: ignore[assignment]

    def library_hasattr(self, name: str) -> Any:
        return _ndarray_hasattr(name)

    def as_scalar(self) -> Any:
        """numpy's scalar of the same type and value: what arithmetic with a 0-d array
        gives (``np.asarray(1.0) * 0.5`` is an ``np.float64``, library/npdtypes.py)."""
        from driftcheck.parsers.source.library.npdtypes import np_scalar
        from driftcheck.parsers.source.values.abstract import Unknown

        v = self.value
        if type(v) is float:
            return np_scalar("float64", v)
        if type(v) is int and -(2**63) <= v < 2**63:
            return np_scalar("int64", v)
        return Unknown("a 0-d numpy array of a value not held as a numpy scalar")

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
        from driftcheck.parsers.source.values.abstract import Unknown

        if name == "shape":
            return ()
        if name == "ndim":
            return 0
        if name == "size":
            return 1
        if name in ("item", "tolist"):
            return BuiltinMethod(lambda a, k: self.value if not a and not k else Unknown(name))
        return Unknown(f"ndarray attribute {name}")


# attributes every ``numpy.ndarray`` has (the ones ``NDArray.attr`` reads and their siblings)
_NDARRAY_ATTRS = frozenset(
    "shape ndim size dtype tolist copy item astype sum prod min max any all T reshape round "
    "flatten ravel mean std argmax argmin cumsum nbytes itemsize".split()
)


def _ndarray_hasattr(name: str) -> Any:
    from driftcheck.parsers.source.values.abstract import Unknown

    return True if name in _NDARRAY_ATTRS else Unknown(f"hasattr of an ndarray: {name}")


def _np_size(c: Any) -> Any:
    """``np.size(a)``: how many elements numpy makes of ``a`` (a number: 1; a rectangular
    nesting of known numbers: the product of its shape; an array of ours: its size); with an
    ``axis`` or anything else, unknown."""
    from driftcheck.parsers.source.values.abstract import Unknown, plain

    x = plain(c.args[0]) if c.args else None
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("numpy.size() with an axis")
    if type(x) in (int, float):
        return 1
    if isinstance(x, NDScalar):
        return 1
    if isinstance(x, NDArray):
        return len(x.items)
    if isinstance(x, (list, tuple)):
        if not x:
            return 0
        if all(type(plain(i)) in (int, float) for i in x):
            return len(x)
        shape = _nested_shape(x, [SIZE_LIMIT])
        return math.prod(shape) if shape is not None else Unknown("numpy.size() of a ragged list")
    return c.unknown("numpy.size() of a value not known")


NP.add("size", _np_size, "size(a): the element count of a number, a list nesting or a 1-D array")


def _np_shape(c: Any) -> Any:
    """``np.shape(a)``: ``a.shape`` when ``a`` has one (a tensor of known shape: torch's
    ``Size``, equal to the tuple), else the shape numpy gives ``np.asarray(a)``: ``()`` for a
    number, a string or None (rockpool's ``Parameter`` matches a time constant ``0.02``
    against its permitted shapes ``[(n, k), (1, k), ()]``), ``(n,)`` for a flat list of
    numbers, a rectangular nesting's shape; anything else unknown."""
    from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain

    x = plain(c.args[0]) if c.args else None
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("numpy.shape() with keywords")
    if x is None or type(x) in (bool, int, float, complex, str, bytes):
        return ()
    if isinstance(x, NDScalar):
        return ()
    if isinstance(x, NDArray):
        return (len(x.items),)
    if isinstance(x, Tensor):
        shp = plain(x.shape)
        if isinstance(shp, tuple) and all(type(d) is int for d in shp):
            return shp
        return c.unknown("numpy.shape() of a tensor of unknown shape")
    if isinstance(x, (list, tuple)):
        if not x:
            return (0,)
        if all(type(plain(i)) in (bool, int, float) for i in x):
            return (len(x),)
        shape = _nested_shape(x, [SIZE_LIMIT])
        return shape if shape is not None else Unknown("numpy.shape() of a ragged list")
    return c.unknown("numpy.shape() of a value not known")


def _np_ndim(c: Any) -> Any:
    """``np.ndim(a)``: the length of ``np.shape(a)``; unknown where that is."""
    shp = _np_shape(c)
    return len(shp) if isinstance(shp, tuple) else shp


NP.add("shape", _np_shape, "shape(a): () for a number, a list nesting's shape, a tensor's shape")
NP.add("ndim", _np_ndim, "ndim(a): the length of shape(a)")


def is_ndarray(x: Any) -> Any:
    """``isinstance(x, np.ndarray)``: True for a 1-D array of known numbers, False for Python's
    own values and objects of the analyzed code whose classes we read (none derives from
    ndarray), unknown for the rest (a tensor-shaped value may be a numpy matrix held by shape:
    ``np.random.randn(3, 3)``)."""
    from driftcheck.parsers.source.values.abstract import Cls, Config, Ext, Obj, Unknown

    if isinstance(x, (NDArray, NDScalar)):
        return True
    if x is None or isinstance(x, (bool, int, float, complex, str, bytes, list, tuple, dict, set)):
        return False
    if isinstance(x, (Obj, Config)) and x.cls is not None:
        if all(
            isinstance(k, Cls) or (isinstance(k, Ext) and k.qual.startswith("builtins."))
            for k in x.cls.mro()
        ):
            return False
    return Unknown("isinstance of numpy.ndarray")


_REDUCE = {
    "sum": sum,
    "prod": math.prod,
    "min": min,
    "max": max,
    "any": any,
    "all": all,
}


def _scalar_reduce(name: str, arr: NDArray) -> Any:
    """``a.sum()`` / ``a.prod()`` / ``a.min()`` / ``a.max()`` of a flat array of known
    numbers: numpy's scalar of the array's dtype (int64 / float64; another dtype, or bools:
    unknown), its float sum pairwise as numpy adds (library/npdtypes.py)."""
    from driftcheck.parsers.source.library.npdtypes import np_reduce, np_scalar
    from driftcheck.parsers.source.values.abstract import Unknown

    items = list(arr.items)
    dtype = arr.dtype or _inferred_dtype(items)
    if dtype not in _WIDE or (dtype == "int64" and any(isinstance(x, float) for x in items)):
        return Unknown(f"ndarray.{name}() of an array of dtype {dtype}")
    if dtype == "float64" and not items and name in ("sum", "prod"):
        return np_scalar("float64", 0.0 if name == "sum" else 1.0)
    if name in ("sum", "prod"):
        got = np_reduce(name, [float(x) for x in items] if dtype == "float64" else items)
        return got if got is not None else Unknown(f"ndarray.{name}()")
    if not items or any(x != x for x in items):  # numpy raises / a NaN: not written out
        return Unknown(f"ndarray.{name}() of an empty array or a NaN")
    return np_scalar(dtype, (min if name == "min" else max)(items))


def _atleast_1d(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import plain

    if len(c.args) != 1 or c.kwargs:
        return c.unknown("atleast_1d() of several arrays")
    arr = NDArray.of(plain(c.args[0]))
    return arr if arr is not None else c.unknown("atleast_1d() of values we cannot follow")


def _reduce(name: str) -> Any:
    def impl(c: Any) -> Any:
        from driftcheck.parsers.source.values.abstract import plain

        x = plain(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
        arr = NDArray.of(x) if x is not None else None
        if arr is None or (name in ("min", "max") and not arr.items):
            return c.unknown(f"{name}() of values we cannot follow")
        return _REDUCE[name](arr.items)

    return impl


NP.add(
    "atleast_1d", _atleast_1d, "atleast_1d(x) of a number or a flat list of numbers: a 1-D array"
)
NP.add("any", _reduce("any"), "any(xs) of a flat array or list of known numbers")
NP.add("all", _reduce("all"), "all(xs) of a flat array or list of known numbers")


# ------------------------------------------------- arrays whose length is known, not their values
# FrEIA's ``PermuteRandom``: ``perm = np.random.permutation(n)``, ``inv = np.zeros_like(perm)``,
# then both become fixed ``nn.Parameter``s of length n. The values are random (unknown items);
# the length is what sizes the parameters.
def _permutation(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import UnknownNumber, plain

    x = plain(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
    n = x if isinstance(x, int) and not isinstance(x, bool) else None
    if isinstance(x, (list, tuple)) and not any(isinstance(i, (list, tuple)) for i in x):
        n = len(x)
    if n is None or n < 0 or n > SIZE_LIMIT:
        return c.unknown("permutation() of a value we cannot follow")
    return [UnknownNumber(f"numpy.random.permutation item at {c.where}")] * n


def _filled_like(value: int) -> Any:
    def impl(c: Any) -> Any:
        from driftcheck.parsers.source.values.abstract import plain

        x = plain(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
        if not isinstance(x, (list, tuple, NDArray)):
            return c.unknown(f"{c.qual}() of a value we cannot follow")
        items = x.items if isinstance(x, NDArray) else list(x)
        if any(isinstance(i, (list, tuple, NDArray)) for i in items):
            return c.unknown(f"{c.qual}() of a nested array")
        return [value] * len(items)

    return impl


NP.add("random.permutation", _permutation, "random.permutation(n or xs): n items, values unknown")
NP.add(
    "zeros_like",
    lambda c: _np_matrix_op("zeros_like")(c),
    "zeros_like(a) of a flat array of known length or an array of known shape",
)
NP.add(
    "ones_like",
    lambda c: _np_matrix_op("ones_like")(c),
    "ones_like(a) of a flat array of known length or an array of known shape",
)


# --------------------------------------------------------- 1-D arrays made from known numbers
# asteroid-filterbanks' ParamSincFB: band edges on the mel scale, ``np.linspace(a, b, n)``
# mapped back to Hz, become ``nn.Parameter(torch.from_numpy(hz[:-1]))`` and
# ``np.diff(hz)``; its window is ``np.hamming(kernel_size)[:half]``. The lengths size the
# parameters. Values are numpy's formulas in float64 (a float32 dtype rounds each item once,
# as numpy's cast does; later float32 arithmetic may differ in the last bits -- no size does).
def _f32(x: float) -> float:
    import struct

    return struct.unpack("f", struct.pack("f", x))[0]


def _count(c: Any, v: Any) -> int | None:
    from driftcheck.parsers.source.values.abstract import plain

    n = plain(v)
    return n if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= SIZE_LIMIT else None


def _linspace(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import plain

    a, b = plain(c.arg(0, "start")), plain(c.arg(1, "stop"))
    n = _count(c, c.arg(2, "num", 50))
    endpoint, dtype = plain(c.arg(3, "endpoint", True)), plain(c.kwargs.get("dtype"))
    nums = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))
    f32 = dtype in ("float32", "f4") or getattr(dtype, "qual", "").endswith("float32")
    if n is None or not nums or endpoint not in (True, False) or (dtype is not None and not f32):
        return c.unknown("linspace() of values we cannot follow")
    div = (n - 1) if endpoint else n
    step = (b - a) / div if div > 0 else 0.0
    items = [a + i * step for i in range(n)]
    if endpoint and n > 1:
        items[-1] = float(b)
    items = [float(x) for x in items]
    return NDArray(_f32(x) for x in items) if f32 else NDArray(items)


def _hamming(c: Any) -> Any:
    n = _count(c, c.arg(0, "M"))
    if n is None or len(c.args) != 1 or c.kwargs:
        return c.unknown("hamming() of a value we cannot follow")
    if n == 1:
        return NDArray([1.0])
    # numpy's formula: n = arange(1 - M, M, 2), 0.54 + 0.46 cos(pi n / (M - 1))
    return NDArray(0.54 + 0.46 * math.cos(math.pi * (1 - n + 2 * i) / (n - 1)) for i in range(n))


def _diff(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import plain

    arr = NDArray.of(plain(c.args[0])) if len(c.args) == 1 and not c.kwargs else None
    if arr is None:
        return c.unknown("diff() of values we cannot follow")
    return NDArray(b - a for a, b in zip(arr.items, arr.items[1:]))


def _geomspace(c: Any) -> Any:
    """``np.geomspace(a, b, n)`` / ``np.logspace(a, b, n, base=)`` of known positive real
    numbers (multi-scale widths): numpy itself computes the float64 items (a numpy dependency
    of driftcheck; the same function the program calls)."""
    import numpy as np

    from driftcheck.parsers.source.values.abstract import plain

    log = c.qual.endswith("logspace")
    a, b = plain(c.arg(0, "start")), plain(c.arg(1, "stop"))
    n = _count(c, c.arg(2, "num", 50))
    endpoint = plain(c.arg(3, "endpoint", True))
    base = plain(c.kwargs.get("base", 10.0)) if log else 1.0
    known = (*c.kwargs.keys(),)
    nums = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b, base))
    if (
        n is None
        or not nums
        or endpoint not in (True, False)
        or set(known) - ({"num", "endpoint", "base"} if log else {"num", "endpoint"})
        or len(c.args) > 4
        or (not log and (a <= 0 or b <= 0))
        or (log and base <= 0)
    ):
        return c.unknown(f"{c.qual.rsplit('.', 1)[-1]}() of values we cannot follow")
    try:
        if log:
            got = np.logspace(a, b, n, endpoint=endpoint, base=base)
        else:
            got = np.geomspace(a, b, n, endpoint=endpoint)
    except (ValueError, OverflowError, FloatingPointError):
        return c.unknown(f"{c.qual}() numpy refuses")
    items = [float(x) for x in got.tolist()]
    if not all(math.isfinite(x) for x in items):
        return c.unknown(f"{c.qual}() of values beyond float64")
    out = NDArray(items)
    out.exact = True  # numpy's own float64 items
    return out


NP.add("linspace", _linspace, "linspace(a, b, n[, endpoint, dtype=float32]) of known numbers")
NP.add("geomspace", _geomspace, "geomspace(a, b, n[, endpoint]) of known positive numbers")
NP.add("logspace", _geomspace, "logspace(a, b, n[, endpoint, base=]) of known numbers")
NP.add("hamming", _hamming, "hamming(M): numpy's window of M known values")
NP.add("diff", _diff, "diff(xs) of a flat array of known numbers")


# ------------------------------------------------------- numpy matrices held by their shape
# Glow's invertible 1x1 convolution in its LU form (rosinality's, copied widely):
# ``w = np.random.randn(c, c)``, ``q, _ = scipy.linalg.qr(w)``,
# ``p, l, u = scipy.linalg.lu(q.astype(np.float32))``, ``np.diag(u)``, ``np.triu(u, 1)``, then
# ``nn.Parameter(torch.from_numpy(l.copy()))``. Random values are unknown; each array is held
# as a tensor of known shape (``Tensor``), which sizes the parameters.
def _randn(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import Tensor, Unknown, UnknownNumber, plain

    dims = [plain(a) for a in c.args]
    if c.kwargs or not all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
        return Unknown(f"{c.qual}() of dimensions we cannot follow at {c.where}")
    if not dims:
        return UnknownNumber(f"{c.qual}() at {c.where}")  # a single float
    if any(d < 0 for d in dims) or math.prod(dims) > SIZE_LIMIT:
        return Unknown(f"{c.qual}() of a size we do not build at {c.where}")
    return Tensor(tuple(dims))


def _matrix_shape(c: Any) -> tuple | None:
    from driftcheck.parsers.source.values.abstract import Tensor, plain

    t = plain(c.args[0]) if c.args else None
    s = t.shape if isinstance(t, Tensor) else None
    if not isinstance(s, tuple) or len(s) != 2 or not all(isinstance(d, int) for d in s):
        return None
    return s


def _scipy_qr(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import Tensor, plain

    s, mode = _matrix_shape(c), plain(c.kwargs.get("mode", "full"))
    if (
        s is None
        or len(c.args) != 1
        or set(c.kwargs) - {"mode"}
        or mode not in ("full", "economic")
    ):
        return c.unknown("qr() of a matrix we cannot follow")
    m, n = s
    k = min(m, n)
    return (Tensor((m, m if mode == "full" else k)), Tensor((m if mode == "full" else k, n)))


def _scipy_lu(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import Tensor

    s = _matrix_shape(c)
    if s is None or len(c.args) != 1 or c.kwargs:
        return c.unknown("lu() of a matrix we cannot follow")
    m, n = s
    k = min(m, n)
    return (Tensor((m, m)), Tensor((m, k)), Tensor((k, n)))


def _np_matrix_op(name: str) -> Any:
    def impl(c: Any) -> Any:
        from driftcheck.parsers.source.library.torchfns import diag_shape
        from driftcheck.parsers.source.values.abstract import Tensor, plain

        t = plain(c.args[0]) if c.args else None
        if name in ("diag", "triu", "tril") and isinstance(t, NDArray):
            from driftcheck.parsers.source.library import npshapes

            t = npshapes.as_tensor(t)  # ``np.diag(np.arange(n))``: held by its shape
        if not isinstance(t, Tensor) or not isinstance(t.shape, tuple):
            if name in ("zeros_like", "ones_like"):
                return _filled_like(0 if name == "zeros_like" else 1)(c)
            return c.unknown(f"{name}() of a value we cannot follow")
        if name == "diag":
            off = plain(c.args[1]) if len(c.args) > 1 else plain(c.kwargs.get("k", 0))
            return Tensor(diag_shape(t.shape, off))
        if name in ("triu", "tril") and len(t.shape) < 2:
            return c.unknown(f"{name}() of a vector")
        return Tensor(t.shape)  # triu / tril / zeros_like / ones_like keep the shape

    return impl


class RandomGenerator:
    """``np.random.default_rng(seed)``: numpy's ``Generator``. Its draws are random (values
    unknown); an array draw is held by its shape (``size``), as ``np.random.randn`` is, which
    sizes the parameters built from it (exact_snn-style ``nn.Parameter(torch.tensor(
    rng.standard_normal((n_out, n_in + 1)) * scale))``).

    Seeded with a known int (``default_rng(1234)``), the generator is numpy's own: every draw
    is run on it in program order, and the integer draws -- ``permutation``, ``integers``,
    ``choice`` of known numbers, ``shuffle`` of a list of known numbers -- give numpy's values
    (fresh34's ``rng.permutation(len(widths))`` ordering the layers). A draw we cannot run
    (arguments we do not know, a method not listed) or one under a condition we cannot decide
    (it may or may not have run) loses the stream: every later draw is unknown (session 38)."""

    __slots__ = ("gen", "interp", "lost")
    library_type = "numpy.random.Generator"
    # method -> its parameters before ``size`` (numpy 1.17+ ``Generator``)
    DRAWS = {
        "standard_normal": (),
        "random": (),
        "normal": ("loc", "scale"),
        "uniform": ("low", "high"),
        "integers": ("low", "high"),
        "standard_exponential": (),
        "exponential": ("scale",),
    }
    EXACT = ("permutation", "integers", "choice", "shuffle")

    def __init__(self, gen: Any = None, interp: Any = None) -> None:
        self.gen, self.interp, self.lost = gen, interp, gen is None

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
        from driftcheck.parsers.source.values.abstract import Unknown

        if name in self.EXACT and not self.lost:
            return BuiltinMethod(lambda a, k: self._exact(name, a, k))
        if name not in self.DRAWS:
            self.lost = True  # another method may draw: the stream is not followed after it
            return Unknown(f"numpy.random.Generator.{name}")
        before = self.DRAWS[name]
        return BuiltinMethod(lambda a, k: self._shaped(name, before, a, k))

    def library_deepcopy(self) -> RandomGenerator:
        """``copy.deepcopy``: an independent generator in the same state (``copy.copy`` shares
        numpy's bit generator: the same object here)."""
        import copy

        out = RandomGenerator(None if self.gen is None else copy.deepcopy(self.gen), self.interp)
        out.lost = self.lost
        return out

    def _drew(self) -> None:
        """A draw changed the generator's state, shared by whoever holds it: counted as a
        write to shared state, so a layer construction that drew is never reused for the
        next one (speed/memo.py keys on ``class_writes``): the next draws differ."""
        if self.interp is not None:
            self.interp.class_writes += 1

    def _shaped(self, name: str, before: tuple, a: list, k: dict) -> Any:
        got = _draw(name, before, a, k)
        if not self.lost:
            self._advance(name, a, k)
        return got

    def _plain_args(self, a: list, k: dict) -> tuple | None:
        from driftcheck.parsers.source.values.abstract import plain

        pa = [plain(x) for x in a]
        pk = {n: plain(v) for n, v in k.items()}

        def ok(v: Any) -> bool:
            if isinstance(v, (list, tuple)):
                return len(v) <= SIZE_LIMIT and all(ok(x) for x in v)
            return v is None or isinstance(v, (bool, int, float, str))

        if "**" in k or not all(ok(v) for v in (*pa, *pk.values())):
            return None
        return pa, pk

    def _unsure(self) -> bool:
        """The draw may not run here as in Python: under a condition we cannot decide, or in
        a generator's body the interpreter runs at once (Python: as it is drained)."""
        ip = self.interp
        return ip is not None and (bool(ip.uncertain) or getattr(ip, "lazy_bodies", 0) > 0)

    def _advance(self, name: str, a: list, k: dict) -> None:
        """Run the draw on numpy's generator for its effect on the stream (values unused)."""
        args = self._plain_args(a, k)
        if args is None or self._unsure():
            self.lost = True
            return
        try:
            getattr(self.gen, name)(*args[0], **args[1])
        except Exception:  # noqa: BLE001 - numpy refuses: the program raises, not followed
            self.lost = True
        self._drew()

    def _exact(self, name: str, a: list, k: dict) -> Any:
        from driftcheck.parsers.source.values.abstract import Unknown, plain

        why = f"numpy.random.Generator.{name}"
        if self._unsure():
            self.lost = True  # it may or may not run now: the stream is not known after
            return Unknown(f"{why} under a condition we cannot decide")
        if name == "shuffle":
            target = plain(a[0]) if len(a) == 1 and not k else None
            if type(target) is not list or not all(
                type(x) in (int, float, str, bool) for x in map(plain, target)
            ):
                self.lost = True
                return Unknown(f"{why} of a list we cannot follow")
            order = list(range(len(target)))
            self.gen.shuffle(order)  # the same swaps as on the list itself
            self._drew()
            target[:] = [target[i] for i in order]
            return None
        args = self._plain_args(a, k)
        if args is None:
            self.lost = True
            return Unknown(f"{why} of values we cannot follow")
        try:
            out = getattr(self.gen, name)(*args[0], **args[1])
        except Exception:  # noqa: BLE001 - numpy raises: not followed
            self.lost = True
            return Unknown(f"{why} that numpy refuses")
        finally:
            self._drew()
        import numpy as np

        if isinstance(out, np.ndarray):
            if out.ndim != 1 or out.size > SIZE_LIMIT or out.dtype.kind not in "iu":
                from driftcheck.parsers.source.values.abstract import Tensor

                return Tensor(tuple(out.shape))  # held by its shape, as an unseeded draw
            return NDArray((int(x) for x in out.tolist()), dtype=str(out.dtype))
        if isinstance(out, np.integer):
            return int(out)
        if isinstance(out, np.floating):
            return float(out)
        if isinstance(out, np.str_):
            return str(out)
        return Unknown(f"{why} of a result we do not hold")


def _draw(name: str, before: tuple, a: list, k: dict) -> Any:
    """``rng.<name>(..., size=...)``: an array of shape ``size`` (values unknown); no size, a
    single number (unknown); array-valued parameters or a size we cannot read: unknown."""
    from driftcheck.parsers.source.values.abstract import Tensor, Unknown, UnknownNumber, plain

    names = (*before, "size")
    if len(a) > len(names) or set(k) - {*names, "dtype", "endpoint"}:
        return Unknown(f"Generator.{name}() with arguments we cannot follow")
    got = {**dict(zip(names, a)), **k}
    for p in before:
        v = plain(got.get(p, 0))
        if p in got and (isinstance(v, bool) or not isinstance(v, (int, float))):
            return Unknown(f"Generator.{name}() of a {p} that is no known number")
    size = plain(got.get("size"))
    if size is None:
        return UnknownNumber(f"Generator.{name}()")
    dims = [plain(d) for d in size] if isinstance(size, (list, tuple)) else [size]
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
        return Unknown(f"Generator.{name}() of a size we cannot follow")
    if any(d < 0 for d in dims) or math.prod(dims) > SIZE_LIMIT:
        return Unknown(f"Generator.{name}() of a size we do not build")
    return Tensor(tuple(dims))


def _default_rng(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import plain

    if len(c.args) > 1 or set(c.kwargs) - {"seed"}:
        return c.unknown("default_rng() with arguments we cannot follow")
    seed = plain(c.arg(0, "seed"))
    if isinstance(seed, RandomGenerator):
        return seed  # numpy hands a Generator back as it is
    if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
        import numpy as np

        return RandomGenerator(np.random.default_rng(seed), c.interp)  # numpy's own stream
    return RandomGenerator()


NP.add(
    "random.default_rng",
    _default_rng,
    "random.default_rng(seed): a Generator whose draws (standard_normal, normal, uniform, random, "
    "integers, exponential) with a size are arrays of that shape, values unknown; seeded with a "
    "known int: permutation / integers / choice / shuffle give numpy's values",
)
NP.add("random.randn", _randn, "random.randn(*dims): an array of that shape, values unknown")
NP.add("random.rand", _randn, "random.rand(*dims): an array of that shape, values unknown")
for _n in ("diag", "triu", "tril"):
    NP.add(_n, _np_matrix_op(_n), f"{_n}(a) of an array of known shape: the shape numpy gives")
SCIPY = Group("scipy.linalg", title="scipy.linalg (shapes)")
SCIPY.add("qr", _scipy_qr, "qr(a[, mode='full'|'economic']): Q (m, m|k), R (m|k, n)")
SCIPY.add("lu", _scipy_lu, "lu(a): P (m, m), L (m, k), U (k, n), k = min(m, n)")


# ``pe = np.zeros((max_len, d))`` filled by slices, then ``torch.from_numpy(pe)`` as a
# parameter or buffer (sinusoidal position tables, nnAudio's Fourier kernels from
# ``np.empty((bins, 1, n_fft))``): the array is held by its shape (values unknown)
def _np_filled(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import Tensor, plain

    shape = plain(c.arg(0, "shape"))
    dims = [plain(d) for d in shape] if isinstance(shape, (list, tuple)) else [shape]
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
        return c.unknown(f"{c.qual}() of a shape we cannot follow")
    if any(d < 0 for d in dims) or math.prod(dims) > SIZE_LIMIT:
        return c.unknown(f"{c.qual}() of a size we do not build")
    return Tensor(tuple(dims))


for _n in ("zeros", "ones", "empty", "full"):
    NP.add(
        _n, _np_filled, f"{_n}(shape, ...): an array of that shape (int or tuple), values unknown"
    )


def _np_broadcast_to(c: Any) -> Any:
    """``np.broadcast_to(x, shape)`` of a number (pfrl's Gaussian head sizes its variance
    parameter ``np.broadcast_to(init, var_size)``): an array of that shape, held by its shape.
    A shape numpy refuses (a negative size) or an array argument (its shape must broadcast):
    unknown."""
    from driftcheck.parsers.source.values.abstract import plain

    x = plain(c.arg(0, "array"))
    if isinstance(x, bool) or not isinstance(x, (int, float)) or len(c.args) > 2:
        return c.unknown(f"{c.qual}() of a value that is no known number")
    if set(c.kwargs) - {"array", "shape"}:
        return c.unknown(f"{c.qual}() with options")
    return _np_filled(_ShapeCall(c, c.arg(1, "shape")))


class _ShapeCall:
    """The call ``_np_filled`` reads: the shape as its first argument."""

    def __init__(self, c: Any, shape: Any) -> None:
        self.c, self.shape, self.qual = c, shape, c.qual

    def arg(self, i: int, name: str) -> Any:
        return self.shape

    def unknown(self, why: str) -> Any:
        return self.c.unknown(why)


NP.add(
    "broadcast_to",
    _np_broadcast_to,
    "broadcast_to(x, shape) of a known number: an array of that shape (int or tuple), held by "
    "its shape",
)


def _get_window(c: Any) -> Any:
    """``get_window(window, Nx, fftbins=True)``: Nx samples of the named window (values not
    computed). A window given as an array, or an unknown length: unknown."""
    from driftcheck.parsers.source.values.abstract import Tensor, plain

    w, n = plain(c.arg(0, "window")), plain(c.arg(1, "Nx"))
    if not isinstance(w, (str, tuple)) or not isinstance(n, int) or isinstance(n, bool) or n < 0:
        return c.unknown(f"{c.qual}() of a window or length we cannot follow")
    return Tensor((n,))


SIGNAL = Group("scipy.signal", title="scipy.signal (shapes)")
SIGNAL.add("get_window", _get_window, "get_window(window, Nx, fftbins=True): an array of Nx values")


def _np_pad(c: Any) -> Any:
    """``np.pad(a, pad_width, ...)`` of an array of known shape: each axis grows by its
    (before, after) pair; ``pad_width`` as numpy reads it (an int, one pair for every axis,
    or one pair per axis). librosa's ``pad_center`` of a window is this."""
    from driftcheck.parsers.source.values.abstract import Tensor, plain

    t = plain(c.arg(0, "array"))
    shp = t.shape if isinstance(t, Tensor) else None
    if not isinstance(shp, tuple) or not all(isinstance(d, int) for d in shp):
        return c.unknown(f"{c.qual}() of an array we cannot follow")

    def ints(v: Any) -> Any:
        v = plain(v)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, (list, tuple)):
            got = [ints(x) for x in v]
            return None if any(x is None for x in got) else got
        return None

    w = ints(c.arg(1, "pad_width"))
    if isinstance(w, int):
        w = [[w, w]] * len(shp)
    elif isinstance(w, list) and len(w) in (1, 2) and all(isinstance(x, int) for x in w):
        w = [[w[0], w[-1]]] * len(shp)  # ``(n,)`` or ``(before, after)`` for every axis
    elif isinstance(w, list) and len(w) == 1 and isinstance(w[0], list):
        w = [w[0]] * len(shp)
    if (
        not isinstance(w, list)
        or len(w) != len(shp)
        or not all(isinstance(p, list) and len(p) in (1, 2) for p in w)
        or any(x < 0 for p in w for x in p)
    ):
        return c.unknown(f"{c.qual}() of a pad width we cannot follow")
    return Tensor(tuple(d + p[0] + p[-1] for d, p in zip(shp, w)))


NP.add("pad", _np_pad, "pad(a, pad_width, ...) of an array of known shape: the padded shape")


# ------------------------------------------- elementwise numpy over 1-D arrays (RegNet widths)
# RegNet's design space quantizes its stage widths with numpy: ``np.log`` / ``np.power`` over an
# array, ``np.round``, ``.astype(int)`` and ``np.unique(ws, return_counts=True)``. The values
# are computed as the scalar entries above compute them (Python's math, IEEE float64 like
# numpy's); a rounding or truncation whose input lies within ``_EDGE`` of its boundary is
# unknown, since numpy's vectorised log may differ from the C library's in the last bit.
_EDGE = 1e-9


def _np_elementwise(c: Any, fn: Any, pa: list) -> Any:
    from driftcheck.parsers.source.values.abstract import Unknown

    if len(pa) == 1:
        pairs = [(x,) for x in pa[0]]
    elif len(pa) == 2:
        a = pa[0] if isinstance(pa[0], NDArray) else NDArray.of(pa[0])
        if a is None:
            return Unknown(f"{c.qual}() of values we cannot follow at {c.where}")
        try:
            pairs = a._zip(pa[1])
        except TypeError:
            return Unknown(f"{c.qual}() of values we cannot follow at {c.where}")
    else:
        return Unknown(f"{c.qual}() of values we cannot follow at {c.where}")
    try:
        return NDArray(float(fn(*xs)) for xs in pairs)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        return Unknown(f"{c.qual}() at {c.where}")


def _near_half(x: float) -> bool:
    frac = abs(x - math.floor(x) - 0.5)
    return frac < _EDGE * max(1.0, abs(x))


def _np_round(c: Any) -> Any:
    """``np.round(x)`` / ``np.around`` / ``np.rint``: half to even, as numpy (and Python's
    ``round`` of a float) rounds; ``decimals`` other than 0 is unknown (numpy scales first)."""
    from driftcheck.parsers.source.values.abstract import plain

    decimals = c.plain(1, "decimals", 0)
    x = plain(c.args[0]) if c.args else None
    if decimals != 0 or set(c.kwargs) - {"decimals"} or len(c.args) > 2:
        return c.unknown(f"{c.qual}() with decimals")
    got = round_half_even(x)
    return c.unknown(f"{c.qual}() {got}") if isinstance(got, str) else got


def round_half_even(x: Any) -> Any:
    """``np.round`` of a number or a 1-D array (decimals 0): the value, or a text saying why
    not (shared by ``np.round(a)`` and the method ``a.round()``)."""
    arr = x if isinstance(x, NDArray) else None
    items = arr.items if arr is not None else (x,)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in items):
        return "of values we cannot follow"
    exact = arr is not None and arr.exact
    if any(
        isinstance(v, float)
        and (not math.isfinite(v) or (_near_half(v) and not (exact and v % 1 == 0.5)))
        for v in items
    ):
        return "of a value at a rounding edge (last-bit differences)"
    out = [float(round(v)) if isinstance(v, float) else v for v in items]
    if arr is None:
        return out[0]
    got = NDArray(out)
    got.exact = exact  # numpy's rint of exact items: exact
    return got


for _n in ("round", "around", "rint"):
    NP.add(_n, _np_round, f"{_n}(x) of known numbers or a 1-D array: half to even (decimals=0)")


def _round_method(arr: NDArray, a: list, k: dict) -> Any:
    from driftcheck.parsers.source.values.abstract import Unknown, plain

    decimals = plain(a[0]) if a else plain(k.get("decimals", 0))
    if len(a) > 1 or set(k) - {"decimals"} or decimals != 0 or isinstance(decimals, bool):
        return Unknown("ndarray.round() with decimals or an out array")
    got = round_half_even(arr)
    return Unknown(f"ndarray.round() {got}") if isinstance(got, str) else got


def astype_int(arr: NDArray) -> Any:
    """``a.astype(int)``: numpy truncates toward zero; a value within ``_EDGE`` of an integer
    it is not is unknown (a last-bit difference would change the result)."""
    from driftcheck.parsers.source.values.abstract import Unknown

    out = []
    for v in arr.items:
        if isinstance(v, float):
            if not math.isfinite(v) or (
                v != round(v) and abs(v - round(v)) < _EDGE * max(1.0, abs(v))
            ):
                return Unknown("astype(int) of a value at a truncation edge")
            v = int(v)
        out.append(v)
    return NDArray(out)


@NP.entry(
    "unique",
    doc="unique(xs[, return_counts=True]) of a flat array of known numbers: the sorted distinct "
    "values (and how many times each occurs); other options unknown",
)
def _np_unique(c: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import plain

    arr = NDArray.of(plain(c.args[0])) if len(c.args) == 1 else None
    counts = plain(c.kwargs.get("return_counts", False))
    if arr is None or set(c.kwargs) - {"return_counts"} or not isinstance(counts, bool):
        return c.unknown("unique() of values we cannot follow")
    if any(isinstance(v, float) and math.isnan(v) for v in arr.items):
        return c.unknown("unique() of NaN values")
    values = sorted(set(arr.items))
    if not counts:
        return NDArray(values)
    return (NDArray(values), NDArray(sum(1 for v in arr.items if v == u) for u in values))


def _fromstring(c: Any) -> Any:
    """``np.fromstring("13-64-16", dtype=int, sep="-")``: the text split at ``sep`` (whitespace
    around items ignored, as numpy does), each item read as the dtype (int or float; numpy's
    default is float64), ``count`` items when given. A text we do not know, binary mode
    (``sep=""``, deprecated) or an item the dtype cannot read (numpy stops there with a
    warning): unknown."""
    from driftcheck.parsers.source.library.npdtypes import SCALARS, NPDType
    from driftcheck.parsers.source.values.abstract import Ext, Unknown, plain

    text = plain(c.args[0]) if c.args else plain(c.kwargs.get("string"))
    dt = plain(c.args[1]) if len(c.args) > 1 else plain(c.kwargs.get("dtype"))
    count = plain(c.args[2]) if len(c.args) > 2 else plain(c.kwargs.get("count", -1))
    sep = plain(c.args[3]) if len(c.args) > 3 else plain(c.kwargs.get("sep", ""))
    if not isinstance(text, str) or not isinstance(sep, str) or not sep.strip(" "):
        return Unknown(f"{c.qual}() of a text or separator not known (or binary) at {c.where}")
    if type(count) is not int:
        return Unknown(f"{c.qual}() count at {c.where}")
    name = "float64"
    if dt is not None:
        name = dt.name if isinstance(dt, NPDType) else None
        if isinstance(dt, Ext) and dt.qual.startswith("numpy."):
            name = dt.qual[len("numpy.") :]
        elif isinstance(dt, Ext) and dt.qual in ("builtins.float", "builtins.int"):
            name = "float64" if dt.qual == "builtins.float" else "int64"
    kind = SCALARS.get(name, (None, None))[0] if name else None
    if kind not in ("f", "i", "u"):
        return Unknown(f"{c.qual}() with dtype {name or dt!r} at {c.where}")
    items: list[Any] = []
    for tok in text.split(sep) if text.strip() else []:
        tok = tok.strip()
        try:
            items.append(float(tok) if kind == "f" else int(tok))
        except ValueError:
            return Unknown(f"{c.qual}(): item {tok!r} is no {name} at {c.where}")
    if count >= 0:
        if count > len(items):
            return Unknown(f"{c.qual}(): fewer than count={count} items at {c.where}")
        items = items[:count]
    return NDArray(items)


NP.add(
    "fromstring", _fromstring, "fromstring(text, dtype, count, sep=s): the items of a known text"
)
