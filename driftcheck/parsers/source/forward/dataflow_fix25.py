"""Forward crashes on real sizes, session 25 (crashfix25: fresh16's dev misses, made general).
Each rule is Python's or torch's own condition, measured in CPython / torch 2.13
(``tests/test_crash25.py`` runs each construct in torch):

- ``torch.iinfo(dtype)`` / ``torch.finfo(dtype)``: their attributes are numbers, exact where the
  dtype is (a literal, a tensor's dtype the pass pins), so ``x + 0 * torch.iinfo(t.dtype).bits``
  keeps ``x``'s shape; ``t.numel()`` / ``element_size()`` / ``itemsize`` / ``nbytes`` /
  ``data_ptr()`` ... and ``len(t)`` are Python ints (exact where shape / dtype are known);
- ``torch._assert(cond, msg)``: the ``assert`` statement's rule on sizes;
- ``t.as_strided(size, stride)``: a tensor of shape ``size`` (it was unknown); the result of
  ``x * 2`` / ``a + b`` owns a storage of exactly its items (``as_strided`` past it raises);
- arithmetic on a tuple torch returns (``h.max(-1)``'s ``return_types.max``, ``torch.where``'s
  index tuple): ``pair * 2`` / ``2 * pair`` repeat it and ``pair + pair`` joins it (a plain
  tuple, still no tensor: a layer given it raises TypeError), while ``pair * 0.5``,
  ``pair + 1``, ``pair - x``, ``pair / 2`` ... with a Python number are TypeError at once.

An operand that is not known for certain (an unknown number, a tensor) gives no verdict.
"""

from __future__ import annotations

import ast
from typing import Any

_SIGN = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
         ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@"}  # fmt: skip


def _torch_tuple(v: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple, NamedPair

    return isinstance(v, (NamedPair, IndexTuple))


def _number(v: Any) -> bool:
    """A Python number known for certain (``int`` / ``float`` / ``bool`` values)."""
    return isinstance(v, (int, float)) and not isinstance(v, complex)


def tuple_binop(f: Any, op: ast.operator, a: Any, b: Any, loc: Any) -> Any:
    """``a op b`` with a tuple torch returned on one side and a Python number or such a tuple
    on the other: the plain tuple Python makes (an ``IndexTuple``), or ``False`` after the
    TypeError Python raises; None when not judged here (the caller goes on)."""
    from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple

    if f.input_shape is None or not (_torch_tuple(a) or _torch_tuple(b)):
        return None
    other = b if _torch_tuple(a) else a
    if not (_torch_tuple(other) or _number(other)):
        return None
    try:
        got = {ast.Add: lambda: a + b, ast.Mult: lambda: a * b}.get(type(op))
        if got is None:
            raise TypeError
        out = got()
    except TypeError:
        sign = _SIGN.get(type(op), type(op).__name__)
        kinds = [type(v).__name__ if not _torch_tuple(v) else "tuple" for v in (a, b)]
        f.crash(
            loc,
            f"TypeError: unsupported operand type(s) for {sign}: '{kinds[0]}' and "
            f"'{kinds[1]}' (a tuple torch returns, e.g. torch.max(x, dim)'s (values, "
            "indices), used as a tensor)",
        )
        return False
    if isinstance(other, (int, bool)) and not _torch_tuple(other) and len(out) > 64:
        return None  # a long repetition: not followed
    return IndexTuple(tuple(out))


# ---------------------------------------------------------------------- torch.iinfo / finfo
# the attributes of ``torch.iinfo(dtype)`` / ``torch.finfo(dtype)`` (torch 2.13, measured:
# ``tests/test_crash25.py::test_info_table_is_torchs``); ``finfo`` of a complex dtype is its
# real part's
IINFO = {
    "uint8": (8, 0, 255),
    "int8": (8, -128, 127),
    "int16": (16, -32768, 32767),
    "int32": (32, -2147483648, 2147483647),
    "int64": (64, -9223372036854775808, 9223372036854775807),
}
_F32 = (32, 1.1920928955078125e-07, 3.4028234663852886e38, 1.1754943508222875e-38, 1e-06)
_F64 = (64, 2.220446049250313e-16, 1.7976931348623157e308, 2.2250738585072014e-308, 1e-15)
# dtype -> (bits, eps, max, tiny (= smallest_normal), resolution, the dtype torch names)
FINFO = {
    "float16": (16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001, "float16"),
    "bfloat16": (16, 0.0078125, 3.3895313892515355e38, 1.1754943508222875e-38, 0.01, "bfloat16"),
    "float32": (*_F32, "float32"),
    "float64": (*_F64, "float64"),
    "complex64": (*_F32, "float32"),
    "complex128": (*_F64, "float64"),
}
# torch's other spellings of those dtypes
_ALIASES = {"long": "int64", "int": "int32", "short": "int16", "byte": "uint8", "half": "float16",
            "float": "float32", "double": "float64", "cfloat": "complex64",
            "cdouble": "complex128"}  # fmt: skip
IINFO_ATTRS = frozenset({"bits", "min", "max", "dtype"})
FINFO_ATTRS = frozenset({"bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution",
                         "dtype"})  # fmt: skip
_INT_WORDS = {"Long": "int64", "Int": "int32", "Short": "int16", "Char": "int8"}


class DtypeInfo:
    """``torch.iinfo(dtype)`` / ``torch.finfo(dtype)`` in ``forward``: its attributes are
    numbers (``bits`` an int, ``eps`` a float...), exact where the dtype is (``dtype``:
    torch's name, or None when only its family is known)."""

    def __init__(self, kind: str, dtype: str | None) -> None:
        self.kind, self.dtype = kind, dtype

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.values.dataflow_values import NUM, UNK

        names = IINFO_ATTRS if self.kind == "iinfo" else FINFO_ATTRS
        if name not in names:
            return UNK
        if self.kind == "iinfo" and self.dtype in IINFO:
            bits, lo, hi = IINFO[self.dtype]
            return {"bits": bits, "min": lo, "max": hi, "dtype": self.dtype}[name]
        if self.kind == "finfo" and self.dtype in FINFO:
            bits, eps, hi, tiny, res, named = FINFO[self.dtype]
            return {"bits": bits, "eps": eps, "max": hi, "min": -hi, "tiny": tiny,
                    "smallest_normal": tiny, "resolution": res, "dtype": named}[name]  # fmt: skip
        return UNK if name == "dtype" else NUM  # a number of a dtype known by family only


def exact_dtype(f: Any, arg: Any, tensor: Any = None) -> str | None:
    """torch's name of the dtype ``arg`` spells (``torch.long`` -> ``int64``), or of the
    dtype of ``tensor`` (``ids.dtype``) where its facts pin it (float64, int64 for certain,
    an integer cast's word, uint8, bool); None otherwise (``float``: float16 / bfloat16 /
    float32 alike)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    q = getattr(arg, "qual", None)
    if isinstance(q, str) and q.startswith("torch."):
        name = q.rsplit(".", 1)[-1]
        name = _ALIASES.get(name, name)
        return name if name in IINFO or name in FINFO or name == "bool" else None
    if tensor is None:
        return None
    dt = dataflow_checks.fact(f, tensor, "dtype")
    if dt in ("float64", "uint8", "bool"):
        return dt
    if dt == dataflow_checks.INT:
        word = dataflow_checks.fact(f, tensor, "itype")
        if word is not None:
            return _INT_WORDS.get(word)
        return "int64" if dataflow_checks.fact(f, tensor, "long") else None
    return None


def info(run: Any, q: str, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    """``torch.iinfo(dtype)`` / ``torch.finfo(dtype)`` (one positional argument; ``finfo()``
    is the default dtype's): a ``DtypeInfo``; None when not read here (the caller goes on)."""
    from driftcheck.parsers.source.forward.dataflow_params import _names

    kind = q.rsplit(".", 1)[-1]
    if kwargs or len(args) > 1 or (not args and kind == "iinfo"):
        return None
    if not args:
        return DtypeInfo(kind, None)  # (the default dtype may have been changed: not exact)
    tensor = None
    node = at.args[0] if isinstance(at, ast.Call) and len(at.args) == 1 else None
    if isinstance(node, ast.Attribute) and node.attr == "dtype" and _names(node.value):
        tensor = run.eval(node.value, fr)  # read again: a name or attribute chain
    dt = exact_dtype(run.f, args[0], tensor)
    if dt is not None and (dt in IINFO) != (kind == "iinfo"):
        return None  # the wrong kind for the dtype: torch's TypeError (``_info_error``)
    return DtypeInfo(kind, dt)


# ---------------------------------------------------------------------- tensor metadata
# bytes per item of each dtype (``torch.empty(0, dtype=d).element_size()``, torch 2.13)
ITEMSIZE = {"bool": 1, "uint8": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8,
            "float16": 2, "bfloat16": 2, "float32": 4, "float64": 8, "complex64": 8,
            "complex128": 16}  # fmt: skip
# methods of a tensor whose result is a Python int whatever the tensor (its place in memory)
_INT_METHODS = frozenset({"data_ptr", "storage_offset", "get_device"})


def _numel(t: Any) -> Any:
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    shape = known_shape(t)
    if shape is None:
        return None
    n = 1
    for d in shape:
        n *= d
    return n


def metadata(f: Any, t: Any, name: str, args: list, kwargs: dict) -> Any:
    """``t.numel()`` / ``t.nelement()`` / ``t.element_size()`` / ``t.data_ptr()`` ... on real
    sizes: a Python int, exact where the shape (the dtype) is known, else an unknown number
    (``NUM``: arithmetic with it keeps a tensor's shape); None when not one of them."""
    from driftcheck.parsers.source.values.dataflow_values import NUM

    if f.input_shape is None or args or kwargs:
        return None
    if name in ("numel", "nelement"):
        n = _numel(t)
        return NUM if n is None else n
    if name == "element_size":
        return ITEMSIZE.get(exact_dtype(f, None, t), NUM)
    if name in _INT_METHODS:
        return NUM
    return None


def tensor_attr(f: Any, t: Any, name: str) -> Any:
    """``t.itemsize`` / ``t.nbytes`` on real sizes: ints (exact where the dtype and shape are
    known, else ``NUM``); None for any other attribute."""
    from driftcheck.parsers.source.values.dataflow_values import NUM

    if f.input_shape is None or name not in ("itemsize", "nbytes"):
        return None
    size = ITEMSIZE.get(exact_dtype(f, None, t))
    if name == "itemsize":
        return NUM if size is None else size
    n = _numel(t)
    return NUM if size is None or n is None else size * n


# ---------------------------------------------------------------------- result shapes
def _sizes(v: Any) -> tuple | None:
    if isinstance(v, (tuple, list)) and all(x.__class__ is int and x >= 0 for x in v):
        return tuple(v)
    return None


def result(f: Any, t: Any, name: str, args: list, kwargs: dict) -> Any:
    """The result of ``t.<name>(...)`` where the pass had no shape for it, or None:
    ``t.as_strided(size, stride[, offset])`` is a view of shape ``size`` with those strides
    (torch's storage bound is ``dataflow_storage``'s check, before)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_strides import KEY
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if name != "as_strided" or set(kwargs) - {"size", "stride", "storage_offset"}:
        return None
    size = _sizes(args[0] if args else kwargs.get("size"))
    stride = _sizes(args[1] if len(args) > 1 else kwargs.get("stride"))
    if size is None or stride is None or len(size) != len(stride):
        return None
    return dataflow_checks.add_facts(f, Tens(None, size), **{KEY: stride})


def fresh_storage(f: Any, out: Any, a: Any, b: Any) -> None:
    """``x * 2``, ``a + b`` (not in place): torch allocates the result, a storage of exactly
    its own items from offset 0 (its strides may follow an operand's layout, so they are not
    claimed); ``as_strided`` on it reads within them (``dataflow_storage``)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_strides import STORAGE
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if not isinstance(out, Tens) or out is a or out is b:
        return
    n = _numel(out)
    if n is not None and dataflow_checks.fact(f, out, STORAGE) is None:
        dataflow_checks.add_facts(f, out, **{STORAGE: n})


def torch_assert(run: Any, at: ast.Call, fr: Any) -> None:
    """``torch._assert(cond, msg)`` is ``assert cond, msg`` (torch 2.13's ``_assert``): a
    comparison of sizes that is False is its AssertionError (``dataflow_checks.assert_sizes``,
    the ``assert`` statement's rule, with the same limits)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    cond = at.args[0] if at.args else None
    if cond is None or any(k.arg not in (None, "message") for k in at.keywords):
        return
    st = ast.copy_location(ast.Assert(test=cond, msg=None), at)
    dataflow_checks.assert_sizes(run, st, fr)


# ---------------------------------------------------------------------- complex widths
# The pass keeps one ``complex`` dtype; the ``cdouble`` fact says, where certain, whether a
# complex tensor is complex128 (True) or narrower (False: complex64, complex32), as ``itype``
# names an integer dtype. torch's promotion (measured in torch 2.13): an FFT, ``polar`` /
# ``complex`` / ``view_as_complex`` / ``stft`` of float64 is complex128, of a float32 /
# float16 / integer tensor narrower; arithmetic of dimensioned tensors is complex128 when one
# is complex128 or float64; a matrix product never promotes ("expected m1 and m2 to have the
# same dtype, but got: c10::complex<float> != c10::complex<double>").
CDOUBLE = "cdouble"
_WIDTH_OF = {"complex64": False, "cfloat": False, "complex32": False, "chalf": False,
             "complex128": True, "cdouble": True}  # fmt: skip
_TO_COMPLEX_FNS = frozenset({"torch.polar", "torch.complex", "torch.view_as_complex",
                             "torch.stft"})  # fmt: skip


def wide(f: Any, t: Any) -> bool | None:
    """True: ``t`` is complex128 or float64 (promotes a complex operand to complex128);
    False: a narrower complex or real dtype; None: not known."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if not isinstance(t, Tens):
        return None
    dt = dataflow_checks.fact(f, t, "dtype")
    if dt == "float64":
        return True
    if dt in (dataflow_checks.FLOAT, dataflow_checks.INT, dataflow_checks.UINT8, "bool"):
        return False
    if dt == "complex":
        return dataflow_checks.fact(f, t, CDOUBLE)
    return None


def _complex(f: Any, t: Any) -> bool:
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import Tens

    return isinstance(t, Tens) and dataflow_checks.fact(f, t, "dtype") == "complex"


def _set(f: Any, out: Any, width: bool | None) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks

    if width is not None and _complex(f, out):
        dataflow_checks.add_facts(f, out, **{CDOUBLE: width})


def _named_width(v: Any) -> bool | None:
    q = getattr(v, "qual", None)
    if isinstance(q, str) and q.startswith("torch."):
        return _WIDTH_OF.get(q.rsplit(".", 1)[-1])
    return None


def width_torch(f: Any, q: str, args: list, kwargs: dict, out: Any) -> None:
    """The width of ``torch.<fn>(...)``'s complex result (after its dtype was given)."""
    from driftcheck.parsers.source.forward import dataflow_dtype_ops

    if f.input_shape is None or kwargs.get("out") is not None or not _complex(f, out):
        return
    if "dtype" in kwargs:
        _set(f, out, _named_width(kwargs["dtype"]))
        return
    name = q.rsplit(".", 1)[-1]
    if (q.startswith("torch.fft.") or q in _TO_COMPLEX_FNS) and args:
        ws = (
            {wide(f, a) for a in args[:2] if not isinstance(a, (int, float))}
            if q in ("torch.polar", "torch.complex")
            else {wide(f, args[0])}
        )
        if len(ws) == 1:
            _set(f, out, ws.pop())
    elif name in dataflow_dtype_ops.KEEPS and q == f"torch.{name}" and args:
        if _complex(f, args[0]):
            _set(f, out, wide(f, args[0]))


def width_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``z.to(torch.complex128)`` / ``.cdouble()`` / ``.cfloat()``; a view of ``z`` keeps
    its width."""
    from driftcheck.parsers.source.forward import dataflow_dtype_ops

    if f.input_shape is None or out is t or not _complex(f, out):
        return
    if name in ("cfloat", "cdouble") and not args and not kwargs:
        _set(f, out, name == "cdouble")
    elif name == "to":
        given = [a for a in [*args, kwargs.get("dtype")] if a is not None]
        widths = [_named_width(a) for a in given if not isinstance(a, str)]
        if widths and widths[0] is not None:
            _set(f, out, widths[0])
        elif given and all(isinstance(a, str) for a in given) and _complex(f, t):
            _set(f, out, wide(f, t))  # ``.to("cpu")``
    elif name in dataflow_dtype_ops.KEEPS and _complex(f, t) and "dtype" not in kwargs:
        _set(f, out, wide(f, t))


def width_binop(f: Any, op: str, a: Any, b: Any, out: Any) -> None:
    """``z * gate`` / ``z + w``: complex128 when a dimensioned operand is complex128 or
    float64, else narrower; decided only where every tensor operand has rank >= 1 and a
    known width (a 0-D one promotes by other rules). ``z @ w``: the operands' width."""
    from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

    if f.input_shape is None or not _complex(f, out):
        return
    tens = [v for v in (a, b) if isinstance(v, Tens)]
    if op == "MatMult":
        ws = {wide(f, v) for v in tens}
        if len(ws) == 1:
            _set(f, out, ws.pop())
        return
    if op not in ("Add", "Sub", "Mult", "Div"):
        return
    if any(not known_shape(v) for v in tens):
        return
    ws = [wide(f, v) for v in tens]
    if None not in ws and all(isinstance(v, (Tens, int, float, complex)) for v in (a, b)):
        _set(f, out, any(ws))


def matmul_width_error(f: Any, a: Any, b: Any) -> str | None:
    """A matrix product of a complex tensor and a tensor of another dtype whose widths or
    kinds are certain: torch does not promote."""
    if not (_complex(f, a) or _complex(f, b)):
        return None
    wa, wb = wide(f, a), wide(f, b)
    if wa is None or wb is None:
        return None
    if _complex(f, a) and _complex(f, b) and wa != wb:
        names = ["c10::complex<double>" if w else "c10::complex<float>" for w in (wa, wb)]
        return (
            "RuntimeError: expected m1 and m2 to have the same dtype, but got: "
            f"{names[0]} != {names[1]} (a matrix product does not promote)"
        )
    return None
