"""Dtypes of tensors that user code builds (``torch.rand(12, 4, dtype=torch.double)``).

Library constructors validate their tensor arguments before they build anything: botorch's
``SingleTaskGP(train_X, train_Y)`` raises ``InputDataError`` unless ``X.dtype == Y.dtype``.
With the dtype unknown that check could go either way and the whole model was unknown. A
tensor made by a factory has a dtype torch fixes without its values (the ``dtype=`` given,
else the default float type, int64 for ``randint``); casts (``.double()``, ``.to(dtype)``),
shape methods, float math on a float tensor, arithmetic of one float dtype with Python
numbers and comparisons (bool) keep it known. Anything else (mixed dtypes, whose promotion
rules this does not model, ``torch.tensor`` of unknown data) leaves it None: ``t.dtype`` is
then unknown and a check on it stays undecided, never guessed. Once analyzed code calls
``torch.set_default_dtype`` (or ``set_default_tensor_type``) anywhere, every float dtype read
is unknown: which default a factory saw then depends on the order of calls.

A dtype read is a ``TorchDType``: an ``Ext`` named ``torch.<canonical name>``, so code that
passes it on (``torch.zeros(n, dtype=X.dtype)``) reads it as it reads ``torch.float64``.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Ext, Tensor, Unknown, plain

# torch's dtype names (and aliases) -> the canonical name
CANON = {
    "float": "float32",
    "float32": "float32",
    "double": "float64",
    "float64": "float64",
    "half": "float16",
    "float16": "float16",
    "bfloat16": "bfloat16",
    "long": "int64",
    "int64": "int64",
    "int": "int32",
    "int32": "int32",
    "short": "int16",
    "int16": "int16",
    "int8": "int8",
    "uint8": "uint8",
    "bool": "bool",
    "cfloat": "complex64",
    "complex64": "complex64",
    "cdouble": "complex128",
    "complex128": "complex128",
}
FLOATS = frozenset(("float16", "bfloat16", "float32", "float64"))
_ITEMSIZE = {
    "float16": 2,
    "bfloat16": 2,
    "float32": 4,
    "float64": 8,
    "int64": 8,
    "int32": 4,
    "int16": 2,
    "int8": 1,
    "uint8": 1,
    "bool": 1,
    "complex64": 8,
    "complex128": 16,
}
# numpy dtype names of known values (library/tensorvalues.py keeps torch's dtypes)
_NUMPY = {"float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"}

# casting methods: the dtype they give
CASTS = {
    "double": "float64",
    "float": "float32",
    "half": "float16",
    "bfloat16": "bfloat16",
    "long": "int64",
    "int": "int32",
    "short": "int16",
    "bool": "bool",
}
# methods whose result keeps the tensor's dtype whatever it is (shape and copy methods)
KEEP_ANY = frozenset(
    "view reshape expand expand_as repeat unsqueeze squeeze transpose permute t flatten flip "
    "narrow tril triu contiguous clone detach view_as reshape_as movedim swapaxes swapdims "
    "roll diag".split()
)
# methods (and torch functions) whose result keeps a float tensor's dtype
KEEP_FLOAT = frozenset(
    "sin cos tan exp expm1 log log1p log2 log10 sqrt rsqrt abs neg tanh sigmoid sum prod mean "
    "std var amax amin max min norm logsumexp clamp clip cumsum cumprod reciprocal softmax "
    "log_softmax erf erfinv floor ceil round square exp2 sign relu nanmean nansum".split()
)
# arithmetic operators: the same float dtype on both sides (or a Python number) keeps it
_ARITH = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.MatMult, ast.FloorDiv, ast.Mod)


class TorchDType(Ext):
    """``t.dtype`` of a tensor whose dtype is known: ``torch.<canonical name>``."""

    library_type = "torch.dtype"

    @property
    def name(self) -> str:
        return self.qual.rsplit(".", 1)[-1]

    def attr(self, name: str) -> Any:
        if name == "is_floating_point":
            return self.name in FLOATS
        if name == "is_complex":
            return self.name.startswith("complex")
        if name == "itemsize":
            return _ITEMSIZE[self.name]
        return Unknown(f"dtype.{name}")


def canon(v: Any) -> str | None:
    """The canonical name of a dtype value (``torch.double`` -> ``float64``), else None."""
    v = plain(v)
    if isinstance(v, Ext) and v.qual.startswith("torch.") and v.qual.count(".") == 1:
        return CANON.get(v.qual[6:])
    return None


def ext_equal(a: Ext, b: Ext) -> bool | None:
    """``torch.double == torch.float64``: the same dtype under two names; None when either is
    not a torch dtype (the caller's rule applies)."""
    x, y = canon(a), canon(b)
    return None if x is None or y is None else x == y


def dtype_of(t: Any) -> str | None:
    """A tensor's dtype, canonical; None when unknown."""
    t = plain(t)
    if not isinstance(t, Tensor):
        return None
    if t.dtype is not None:
        return t.dtype
    if t.data is None:
        return None
    from driftcheck.parsers.source.library import tensorvalues

    arr = tensorvalues.values(t)[0]  # its known values (approximate ones have exact dtypes)
    name = getattr(getattr(arr, "dtype", None), "name", None)
    return name if name in _NUMPY else None


def read(interp: Any, t: Tensor) -> Any:
    """``t.dtype``: the dtype value, or unknown (see the module docstring)."""
    d = dtype_of(t)
    if d is None:
        return Unknown("tensor dtype")
    if d in FLOATS and default_may_change(interp):
        return Unknown("tensor dtype (the analyzed code may change the default dtype)")
    return TorchDType(f"torch.{d}")


def default_changed(interp: Any) -> None:
    """``torch.set_default_dtype(...)`` run: float dtypes are unknown from now on."""
    interp.default_dtype_changed = True


_SETTERS = ("set_default_dtype", "set_default_tensor_type")


def default_may_change(interp: Any) -> bool:
    """Whether the default dtype may not be torch's float32: a setter ran, or the text of a
    module the analysis loaded names one (module-level names are evaluated on demand, so a
    top-level ``torch.set_default_dtype(torch.float64)`` may never run here; each module's
    text is read once, and only when a float dtype is read)."""
    if getattr(interp, "default_dtype_changed", False):
        return True
    mods = getattr(interp, "mods", None)
    if not isinstance(mods, dict):
        return True
    seen = getattr(interp, "dtype_scanned", None)
    if seen is None:
        seen = interp.dtype_scanned = set()
    for name, info in list(mods.items()):
        if name in seen:
            continue
        seen.add(name)
        path = getattr(info, "path", None)
        try:
            text = path.read_text(errors="replace") if path is not None else ""
        except OSError:
            text = "set_default_dtype"  # unreadable: assume it may
        if any(s in text for s in _SETTERS):
            interp.default_dtype_changed = True
            return True
    return False


def given(t: Any, d: str | None) -> Any:
    """``t`` (a new tensor) with dtype ``d`` when it has none; other values as they are."""
    if d is not None and isinstance(t, Tensor) and t.dtype is None and t.data is None:
        t.dtype = d
    return t


_LEGACY_DTYPES = {
    "IntTensor": "int32",
    "DoubleTensor": "float64",
    "HalfTensor": "float16",
    "BoolTensor": "bool",
    "ByteTensor": "uint8",
    "CharTensor": "int8",
    "ShortTensor": "int16",
}


def factory(name: str, args: list[Any], kwargs: dict[str, Any]) -> str | None:
    """The dtype of ``torch.<name>(...)`` (a tensor factory), None when it depends on values."""
    if "dtype" in kwargs:
        return canon(kwargs["dtype"])
    if name in ("zeros", "ones", "empty", "rand", "randn", "normal", "eye", "linspace", "Tensor"):
        return "float32"
    if name == "FloatTensor":
        return "float32"
    if name in ("randint", "LongTensor"):
        return "int64"
    if name in _LEGACY_DTYPES:  # ``torch.IntTensor(data)``: torch's legacy typed constructors
        return _LEGACY_DTYPES[name]
    if name.endswith("_like") and args:
        return dtype_of(args[0])  # (``full_like(t, 0.5)`` too: the fill is cast to t's)
    if name == "full":
        fill = args[1] if len(args) > 1 else kwargs.get("fill_value")
        return _scalar_dtype([fill]) if fill is not None else None
    if name == "arange":
        bounds = [*args, *(kwargs[k] for k in ("start", "end", "step") if k in kwargs)]
        if any(isinstance(plain(b), bool) for b in bounds):
            return None  # (not a bool range: torch refuses or promotes; not modelled)
        return _scalar_dtype(bounds)
    if name in ("tensor", "as_tensor", "from_numpy") and len(args) == 1:
        arr = plain(args[0])
        if getattr(arr, "library_type", None) == "numpy.ndarray":
            # torch keeps a numpy array's dtype (``torch.from_numpy(np.array([1.0]))``:
            # float64, whatever the default); None where the array's dtype is not known
            d = getattr(arr, "dtype", None)
            return d if isinstance(d, str) and d in CANON else None
    if name in ("tensor", "as_tensor") and len(args) == 1:
        items = _flat(args[0])
        return _scalar_dtype(items) if items else None
    return None


def _scalar_dtype(items: list[Any]) -> str | None:
    """The dtype torch infers from Python scalars (``torch.full``'s fill, ``arange``'s bounds,
    ``torch.tensor``'s items): all bool -> bool; bool and int -> int64; a float among them ->
    the default float (float32); a complex -> complex64. None when any item is not a plain
    Python scalar (a 0-d tensor, a numpy value, an unknown): its dtype takes part."""
    vals = [plain(x) for x in items]
    if not vals or any(type(v) not in (bool, int, float, complex) for v in vals):
        return None
    kinds = {type(v) for v in vals}
    if complex in kinds:
        return "complex64"
    if float in kinds:
        return "float32"
    return "bool" if kinds == {bool} else "int64"


def _flat(v: Any, depth: int = 0) -> list[Any] | None:
    """The items of a nested list / tuple (``torch.tensor([[1, 2], [3, 4]])``), or ``[v]`` of
    one value; None past 4096 items or 8 levels."""
    v = plain(v)
    if not isinstance(v, (list, tuple)):
        return [v]  # a scalar (``torch.tensor(3)``) or an item; ``_scalar_dtype`` judges it
    out: list[Any] = []
    for x in v:
        got = _flat(x, depth + 1) if depth < 8 else None
        if got is None or len(out) + len(got) > 4096:
            return None
        out += got
    return out


def method(t: Tensor, name: str, got: Any) -> Any:
    """``t.<name>`` with the dtype of its result set where torch fixes it (``got`` is the
    attribute as the shape rules give it)."""
    if not isinstance(got, BuiltinMethod):
        return got
    d = dtype_of(t)
    if name in CASTS:
        to = CASTS[name]
        return BuiltinMethod(lambda a, k: given(got.fn(a, k), to if not a and not k else None))
    if name == "to":
        return BuiltinMethod(lambda a, k: given(got.fn(a, k), _to_dtype(d, a, k)))
    if name in _ARITH_METHODS:
        return BuiltinMethod(lambda a, k: given(got.fn(a, k), _arith(name, t, a, k)))
    if name == "where" and t.data is None:
        return BuiltinMethod(lambda a, k: _where(t, a, k))
    if name in ("sum", "prod", "nansum", "cumsum", "cumprod") and d in _CATEGORY:
        # torch's sums and products widen bool and integer tensors to int64
        to = d if d in FLOATS else "int64"
        return BuiltinMethod(lambda a, k: given(got.fn(a, k), None if "dtype" in k else to))
    if name in KEEP_ANY or (name in KEEP_FLOAT and d in FLOATS):
        return BuiltinMethod(lambda a, k: given(got.fn(a, k), d))
    return got


def _to_dtype(d: str | None, a: list[Any], k: dict[str, Any]) -> str | None:
    """``t.to(...)``: a dtype given (positional, ``dtype=`` or another tensor's) wins; a device
    (a string, ``torch.device``) alone keeps ``d``; anything unknown leaves it unknown."""
    if "dtype" in k:
        return canon(k["dtype"])
    for x in a:
        x = plain(x)
        if isinstance(x, Tensor):
            return dtype_of(x)
        if canon(x) is not None:
            return canon(x)
        if isinstance(x, str) or getattr(x, "library_type", None) == "torch.device":
            continue
        if isinstance(x, Ext) and x.qual.startswith("torch.device"):
            continue
        return None
    return d if k.keys() <= {"device", "non_blocking", "copy"} else None


def same_float(args: list[Any]) -> str | None:
    """The one float dtype of the tensors among ``args`` when the rest are Python numbers (a
    number never changes a float tensor's dtype); None for anything else."""
    seen: set[str | None] = set()
    for a in args:
        a = plain(a)
        if isinstance(a, Tensor):
            seen.add(dtype_of(a))
        elif isinstance(a, bool) or not isinstance(a, (int, float)):
            return None
    if len(seen) != 1:
        return None
    d = next(iter(seen))
    return d if d in FLOATS else None


_CATEGORY = {"bool": 0, "uint8": 1, "int8": 1, "int16": 1, "int32": 1, "int64": 1}
_CATEGORY.update(dict.fromkeys(FLOATS, 2))
# a Python number's category and the dtype it makes when it decides the result
_SCALAR_DEFAULT = {0: "bool", 1: "int64", 2: "float32"}


def _join(x: str, y: str) -> str | None:
    """``torch.promote_types(x, y)`` for bool, integer and float dtypes."""
    if x == y:
        return x
    cx, cy = _CATEGORY[x], _CATEGORY[y]
    if cx != cy:
        return x if cx > cy else y
    if {x, y} == {"float16", "bfloat16"}:
        return "float32"
    if {x, y} == {"uint8", "int8"}:
        return "int16"
    if "uint8" in (x, y):  # uint8 with a wider signed integer: the signed one
        return y if x == "uint8" else x
    return x if _ITEMSIZE[x] >= _ITEMSIZE[y] else y


def promote(args: list[Any]) -> str | None:
    """torch's result dtype for an elementwise operation of ``args`` (tensors and Python
    numbers): dimensioned tensors decide, a 0-d tensor only when of a higher category (bool <
    integer < float), a Python number only when of a higher category than both (then the
    default dtype of its category). None when a dtype, a tensor's rank or an operand is not
    known, or a complex dtype takes part (not modelled)."""
    groups: list[str | None] = [None, None, None]  # dimensioned, 0-d, Python numbers
    for a in args:
        a = plain(a)
        if isinstance(a, Tensor):
            d, shp = dtype_of(a), a.shape
            if d not in _CATEGORY or not isinstance(shp, tuple):
                return None
            g = 0 if shp else 1
        elif isinstance(a, (bool, int, float)):
            d, g = (
                _SCALAR_DEFAULT[2 if isinstance(a, float) else 0 if isinstance(a, bool) else 1],
                2,
            )
        else:
            return None
        groups[g] = d if groups[g] is None else _join(groups[g], d)
    out: str | None = None
    for g, d in enumerate(groups):
        if d is None:
            continue
        if out is None or _CATEGORY[d] > _CATEGORY[out]:
            out = d if g < 2 else _SCALAR_DEFAULT[_CATEGORY[d]]
    return out


def binop(op: ast.operator, a: Any, b: Any, r: Any) -> Any:
    """``a <op> b`` with a tensor side: ``r`` with torch's promoted dtype; true division of
    integers (or bools) gives the default float type."""
    if not isinstance(op, _ARITH):
        return r
    d = promote([a, b])
    if isinstance(op, ast.Div) and d is not None and d not in FLOATS:
        d = "float32"
    if isinstance(op, (ast.Sub, ast.Add)) and d == "bool":
        d = None  # torch refuses ``-`` of bools; ``+`` of bools is their ``or``: not modelled
    return given(r, d)


def joined(args: list[Any], kwargs: dict[str, Any], r: Any) -> Any:
    """``torch.cat`` / ``stack`` of tensors of one dtype: that dtype."""
    seq = plain(args[0]) if args else plain(kwargs.get("tensors"))
    if not isinstance(seq, (list, tuple)) or not seq:
        return r
    ds = {dtype_of(x) if isinstance(plain(x), Tensor) else None for x in seq}
    return given(r, ds.pop()) if len(ds) == 1 else r


def function(qual: str, args: list[Any], r: Any) -> Any:
    """``torch.exp(t)``, ``torch.clamp(t, min=0)``: a float tensor's dtype kept by the float
    math of ``KEEP_FLOAT``; other elementwise functions (``where``, ``maximum`` of mixed
    dtypes) leave it unknown."""
    name = qual.rsplit(".", 1)[-1]
    if name in KEEP_FLOAT:
        return given(r, same_float(args))
    if name in ("add", "sub", "mul", "pow"):
        d = promote(args)
        return given(r, d if d in FLOATS else None)
    return r


def _where(t: Tensor, a: list[Any], k: dict[str, Any]) -> Any:
    """``t.where(condition, other)``: the broadcast shape of the three, in the dtype of
    ``t`` and ``other`` promoted (a float tensor with a number keeps its dtype)."""
    from driftcheck.parsers.source.library import torchlib

    if k or len(a) != 2:
        return Tensor(Unknown("tensor.where"))
    r = torchlib.elementwise([t, *a])
    return given(r, promote([t, a[1]]))


# arithmetic methods: ``t.pow(2)``, ``t.mul(other)``: torch's promoted dtype
_ARITH_METHODS = frozenset(("add", "sub", "mul", "div", "true_divide", "pow", "multiply"))


def _arith(name: str, t: Tensor, a: list[Any], k: dict[str, Any]) -> str | None:
    if len(a) != 1 or set(k) - {"alpha"}:
        return None
    d = promote([t, a[0]])
    if name in ("div", "true_divide") and d is not None and d not in FLOATS:
        return "float32"
    return None if d == "bool" else d
