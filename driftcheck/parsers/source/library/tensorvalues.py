"""Values of small tensors ``__init__`` computes from known numbers.

Some constructors size their layers from a tensor's *values*, not its shape: a coupling mask
``torch.arange(n) % 2 == 1`` whose ``.sum().item()`` is a layer's width, an autoregressive
adjacency matrix built from an ``order`` vector whose distinct rows (``torch.unique(a, dim=0)``)
and reachable units (``mask.sum(-1).nonzero()``) give a masked MLP its sizes. Where every input
is known, the values are computed with numpy (imported on first use, never torch) and kept on
the ``Tensor`` (``data``), in torch's dtypes: integer ranges are int64, comparisons bool, a
true division or a float factory float32. Every operation not listed here, a value that is not
known, an integer or float overflow, or a tensor of more than ``LIMIT`` elements leaves the data
unknown (the shape rules of ``torchlib`` still apply), so a result is torch's or nothing.

Transcendental functions (``torch.log``, ``exp``, ``pow``...) are not correctly rounded, and
torch's float32 kernels may differ from numpy's by an ulp or two: their results are kept as
*approximate* (``Lazy.approx``). An approximate tensor's values are read by nothing but
arithmetic (which keeps them approximate) and the rounding functions (``torch.round``,
``floor``, ``ceil``, ``trunc``, ``.int()``), which give exact values only when no element is
near a rounding edge (``EDGE``); ``data()`` is None for it, so every other reader sees an
unknown (RegNet's widths: ``torch.round(torch.log(w / w0) / math.log(wm))``).
"""

from __future__ import annotations

import ast
import functools
from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Ext, Tensor, Unknown, plain

LIMIT = 1 << 16  # elements a computed tensor may hold
EDGE = 1e-4  # relative distance to a rounding edge under which an approximate value is unknown
_np: Any = None


def np() -> Any:
    global _np
    if _np is None:
        import numpy

        _np = numpy
    return _np


class Lazy:
    """A tensor's values, computed when first read: most tensors ``__init__`` builds from
    known numbers (``torch.arange(n)`` position ids, rotary frequencies) are never read by
    value, and numpy is imported only by a read."""

    __slots__ = ("approx", "fn", "shuffled", "val")
    memo_shared = True  # a value never changed once known: copies of a template share it

    def __init__(self, fn: Any, val: Any = None, approx: bool = False) -> None:
        self.fn = fn
        self.val: Any = val
        self.approx = approx  # from a transcendental function: torch's within a few ulps
        # the values of a 1-d tensor known only up to their order (``torch.randperm(n)``):
        # read by nothing but ``shuffled`` (session 32)
        self.shuffled = False

    def get(self) -> Any:
        if self.fn is not None:
            fn, self.fn = self.fn, None
            r = fn()
            if isinstance(r, Lazy):  # a deferred result: its values and whether approximate
                r, self.approx, self.shuffled = r.get(), r.approx, r.shuffled
            self.val = r
        return self.val


def data(v: Any) -> Any:
    """The numpy value of a known tensor, or None (also for approximate values)."""
    val, approx = values(v)
    return None if approx else val


def values(v: Any) -> tuple[Any, bool]:
    """The numpy value of a known tensor and whether it is approximate; (None, False) when
    not known. Only arithmetic and the rounding functions read approximate values."""
    v = plain(v)
    if not isinstance(v, Tensor):
        return None, False
    d = v.data
    if isinstance(d, Lazy):
        val = d.get()
        if _partial(val) or d.shuffled:  # ``torch.empty`` not yet written everywhere
            return None, False  # (``written``), or values in an unknown order (``shuffled``)
        return val, d.approx and val is not None
    return d, False


def shuffled(v: Any) -> Any:
    """The values of a 1-d tensor known only up to their order (a permutation of a known
    array: ``torch.randperm(n)`` and what elementwise operations with a Python number, casts
    and ``~`` make of it), else None. Only order-blind readers use them: reductions over
    every element (``sum``, ``prod``, ``all``, ``any``, ``max``, ``min``); every other reader
    sees unknown values (``values`` is None for it)."""
    v = plain(v)
    d = v.data if isinstance(v, Tensor) else None
    if not isinstance(d, Lazy):
        return None
    val = d.get()
    if not d.shuffled or d.approx or val is None or _partial(val) or val.ndim != 1:
        return None
    return val


def make_shuffled(arr: Any) -> Tensor | None:
    """A 1-d tensor whose values are ``arr`` in an order not known (``shuffled``)."""
    t = make(arr)
    if t is not None:
        if len(t.shape) != 1:
            return None
        t.data.shuffled = True
    return t


def _shuffled_binop(name: str, a: Any, b: Any, sa: Any, sb: Any) -> Tensor | None:
    """An elementwise operation of a shuffled tensor with a Python number: it commutes with
    the permutation, so the result is shuffled the same way. Two shuffled tensors (their
    elements' pairing unknown), a tensor of known values or a matmul: None."""
    if sa is not None and sb is not None or name == "matmul":
        return None
    other = plain(b if sa is not None else a)
    if type(other) not in (bool, int, float):
        return None
    r = _binary(name, sa, other) if sa is not None else _binary(name, other, sb)
    d = r.data.get() if r is not None else None
    return make_shuffled(d) if d is not None else None


def _shuffled_method(name: str, s: Any) -> Any:
    """A method of a shuffled tensor whose result does not depend on the order: casts (still
    shuffled) and reductions over every element (known); None for any other."""
    casts = {"double": "float64", "float": "float32", "long": "int64", "int": "int32"}
    casts.update(byte="uint8", bool="bool")
    if name in casts:
        to = casts[name]
        return BuiltinMethod(lambda x, k: make_shuffled(s.astype(to)) if not x and not k else None)
    if name in ("sum", "all", "any", "prod"):
        return BuiltinMethod(lambda x, k: _reduce(name, s, x, k) if not x and not k else None)
    if name in ("max", "min") and s.size:
        return BuiltinMethod(
            lambda x, k: None if x or k else make(s.max() if name == "max" else s.min())
        )
    return None


def _partial(val: Any) -> bool:
    return val is not None and type(val).__name__ == "MaskedArray"


def written(v: Any) -> Any:
    """The values of a tensor made by ``torch.empty`` and written in part (nflows' mask table:
    ``masks = torch.empty([k, n]).int()`` then ``masks[i] = mask`` row by row): a numpy masked
    array whose masked elements were never written (torch leaves them uninitialised), or
    None. Read as values only once every element is written (``values``)."""
    v = plain(v)
    d = v.data if isinstance(v, Tensor) else None
    val = d.get() if isinstance(d, Lazy) and not d.approx else None
    return val if _partial(val) else None


def _with(val: Any) -> Tensor | None:
    """A tensor of ``val``: a masked array while some element is unwritten, else ``make``."""
    if _partial(val) and val.mask.any():
        if val.size > LIMIT:
            return None
        return Tensor(tuple(int(d) for d in val.shape), data=Lazy(None, val))
    return make(np().asarray(val.filled() if _partial(val) else val))


def deferred(shape: Any, eager: Any) -> Tensor | None:
    """A tensor of ``shape`` (known by the shape rules) whose values ``eager()`` computes on
    first read; computed now when the shape is not known without them, or with the
    ``lazy_values`` speed mechanism off."""
    from driftcheck.speed import current

    known = isinstance(shape, tuple) and all(
        isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape
    )
    if not current().lazy_values:
        return _agreeing(eager(), shape if known else None)
    if known:
        size = 1
        for d in shape:
            size *= d
        if size > LIMIT:  # computed now (as with the mechanism off), of the shape known
            return _agreeing(eager(), shape)

        def fn() -> Any:
            t = eager()
            return t.data if t is not None and t.shape == shape else None

        return Tensor(shape, data=Lazy(fn))
    return eager()


def _agreeing(t: Tensor | None, shape: tuple | None) -> Tensor | None:
    """``t`` unless the shape rules know another shape (a values rule that missed an argument,
    ``zeros(size=(23, 500, 32))`` read as ``zeros()``, made a scalar: a wrong count)."""
    if t is not None and shape is not None and t.shape != shape:
        return None
    return t


def make(arr: Any, approx: bool = False) -> Tensor | None:
    """A tensor holding ``arr`` (None when too large or of a dtype torch would not make);
    ``approx``: its values are torch's only within a few ulps (a transcendental function)."""
    n = np()
    arr = n.asarray(arr)
    if arr.size > LIMIT or arr.dtype.kind not in "biuf":
        return None
    if arr.dtype.kind == "u" and arr.dtype.itemsize != 1:
        return None  # torch.uint8 only (``.byte()`` masks)
    if approx and (arr.dtype.kind != "f" or not n.all(n.isfinite(arr))):
        return None
    return Tensor(tuple(int(d) for d in arr.shape), data=Lazy(None, arr, approx and True))


def _operand(v: Any) -> Any:
    """A binary operation's side: a known tensor's array or a Python number; else None."""
    val, approx = _operand_ax(v)
    return None if approx else val


def _operand_ax(v: Any) -> tuple[Any, bool]:
    """A binary operation's side and whether its values are approximate."""
    v = plain(v)
    if isinstance(v, Tensor):
        return values(v)
    if isinstance(v, (bool, int, float)):
        return v, False
    return None, False


_DTYPES = {
    "builtins.bool": "bool",
    "builtins.int": "int64",
    "builtins.float": "float32",
    "torch.bool": "bool",
    "torch.long": "int64",
    "torch.int64": "int64",
    "torch.int": "int32",
    "torch.int32": "int32",
    "torch.float": "float32",
    "torch.float32": "float32",
    "torch.double": "float64",
    "torch.float64": "float64",
}


def _dtype(v: Any) -> Any:
    """A torch ``dtype=`` as numpy's; None when absent; Unknown when not modelled."""
    v = plain(v)
    if v is None:
        return None
    if isinstance(v, Ext) and v.qual in _DTYPES:
        return _DTYPES[v.qual]
    return Unknown("dtype")


def _cast(arr: Any, dtype: Any) -> Any:
    if dtype is None:
        return arr
    return None if isinstance(dtype, Unknown) else arr.astype(dtype)


def _ints(vals: list[Any]) -> list[int] | None:
    out = [plain(v) for v in vals]
    ok = all(isinstance(v, int) and not isinstance(v, bool) for v in out)
    return out if ok else None


def _shape_args(args: list[Any], kwargs: dict[str, Any] | None = None) -> list[int] | None:
    """The dimensions a factory's arguments give: ``zeros(3, 4)``, ``zeros((3, 4))`` or
    ``zeros(size=(3, 4))``."""
    if not args and kwargs and "size" in kwargs:
        args = [kwargs["size"]]
    if len(args) == 1 and isinstance(plain(args[0]), (tuple, list)):
        return _ints(list(plain(args[0])))
    return _ints(args)


def _nested(v: Any) -> Any:
    """A Python list/tuple (maybe nested) of known numbers, or a known tensor's array."""
    v = plain(v)
    if isinstance(v, Tensor):
        return data(v)
    if isinstance(v, (bool, int, float)):
        return v
    if isinstance(v, (list, tuple)):
        items = [_nested(x) for x in v]
        return None if any(x is None for x in items) else items
    return None


# ----------------------------------------------------------------------------- factories
FUNCS = frozenset(
    f"torch.{n}"
    for n in (
        "arange ones zeros full empty eye tensor as_tensor flipud fliplr flip cat concat "
        "repeat_interleave div divide unique log log2 exp pow round floor ceil trunc diff "
        "tril triu hann_window hamming_window blackman_window bartlett_window "
        "eq ne not_equal lt less le less_equal gt greater ge greater_equal"
    ).split()
)
# ``torch.less(a, b)`` and its aliases: the comparison operator's own computation (``a < b``)
_COMPARE_FUNCS = {
    "eq": "eq",
    "ne": "ne",
    "not_equal": "ne",
    "lt": "lt",
    "less": "lt",
    "le": "le",
    "less_equal": "le",
    "gt": "gt",
    "greater": "gt",
    "ge": "ge",
    "greater_equal": "ge",
}
WINDOWS = frozenset(("hann_window", "hamming_window", "blackman_window", "bartlett_window"))


@functools.cache
def available() -> bool:
    """Whether numpy is installed (located, not imported): without it no tensor has values.
    Read once from the installed packages (a table, not a speed mechanism)."""
    import importlib.util

    return importlib.util.find_spec("numpy") is not None


def call(qual: str, args: list[Any], kwargs: dict[str, Any], shape: Any = None) -> Any:
    """``torch.<fn>(...)`` on known values, or None; with ``shape`` (what the shape rules
    give) the values are computed on first read. Every known tensor starts here."""
    if not available():
        return None
    if qual == "torch.unique":
        return unique(args, kwargs)
    if qual == "torch.as_tensor" and len(args) == 1 and kwargs.keys() <= {"dtype", "device"}:
        s = shuffled(args[0])
        if s is not None:  # the same tensor, or a cast of it: still shuffled
            arr = _cast(s, _dtype(kwargs.get("dtype")))
            return make_shuffled(arr) if arr is not None else None
    if not _maybe_known(args, kwargs):
        return None
    return deferred(shape, lambda: function(qual, args, kwargs))


def _maybe_known(args: list[Any], kwargs: dict[str, Any]) -> bool:
    """Whether the arguments could all be known (no unknown, no tensor without values)."""

    from driftcheck.parsers.source.speed.symbolic import HoleFloat, HoleInt, SymBase

    def ok(v: Any) -> bool:
        if isinstance(v, (SymBase, HoleInt, HoleFloat)):
            # a number traced from the config (parsers/template.py): values computed from it
            # would pin it, and the template would serve only this config; not computed under
            # a trace (the template is kept only when its graph equals the plain run's)
            return False
        if isinstance(v, (list, tuple)):  # before ``plain``, which unwraps the items
            return all(ok(x) for x in v)
        v = plain(v)
        if isinstance(v, (SymBase, HoleInt, HoleFloat)):
            return False  # a traced number inside a config-sourced wrapper (``Sourced``)
        if isinstance(v, Tensor):
            return v.data is not None
        if isinstance(v, (list, tuple)):
            return all(ok(x) for x in v)
        return not isinstance(v, Unknown)

    return all(ok(a) for a in args) and all(ok(v) for v in kwargs.values())


def function(qual: str, args: list[Any], kwargs: dict[str, Any]) -> Tensor | None:
    """``torch.<name>(...)`` with known values, or None (the caller's shape rules apply)."""
    try:
        return _function(qual.rsplit(".", 1)[-1], args, kwargs)
    except (ValueError, TypeError, IndexError, OverflowError, MemoryError):
        return None


def _function(name: str, args: list[Any], kwargs: dict[str, Any]) -> Tensor | None:
    n = np()
    dtype = _dtype(kwargs.get("dtype"))
    if isinstance(dtype, Unknown):
        return None
    if name == "arange":
        bounds = _ints(args)
        if bounds is None or not 1 <= len(bounds) <= 3 or kwargs.keys() - {"dtype", "device"}:
            return None
        r = range(*bounds)
        if len(r) > LIMIT:
            return None
        return _made(n.arange(*bounds, dtype="int64"), dtype)
    if name == "empty":  # values not written yet: every element masked (``written``)
        shape = _shape_args(args, kwargs)
        if shape is None or any(d < 0 for d in shape) or _too_big(shape):
            return None
        return _with(n.ma.masked_all(shape, dtype=dtype or "float32"))
    if name in ("ones", "zeros"):
        shape = _shape_args(args, kwargs)
        if shape is None or any(d < 0 for d in shape) or _too_big(shape):
            return None
        fill = n.ones if name == "ones" else n.zeros
        return make(fill(shape, dtype=dtype or "float32"))
    if name == "full":  # (session 32: a parameter made by ``torch.full((d,), -0.5)``)
        size = args[0] if args else kwargs.get("size")
        fill = plain(args[1]) if len(args) > 1 else plain(kwargs.get("fill_value"))
        shape = _shape_args([size]) if size is not None and len(args) <= 2 else None
        if shape is None or any(d < 0 for d in shape) or _too_big(shape):
            return None
        if kwargs.keys() - {"size", "fill_value", "dtype", "device", "requires_grad"}:
            return None
        if isinstance(fill, bool):
            kind = "bool"
        elif isinstance(fill, int):
            kind = "int64"
        elif isinstance(fill, float):
            kind = "float32"
            if dtype is not None and n.dtype(dtype).kind != "f":
                return None  # (a float cast to an integer dtype: not modelled)
        else:
            return None
        return make(n.full(shape, fill, dtype=dtype or kind))
    if name == "eye":
        dims = _ints(args)
        if dims is None or not 1 <= len(dims) <= 2 or _too_big([*dims, dims[-1]][:2]):
            return None
        return make(n.eye(*dims, dtype=dtype or "float32"))
    if name in ("tensor", "as_tensor"):
        src = _nested(args[0]) if args else None
        if src is None:
            return None
        arr = n.asarray(src)
        if arr.dtype.kind == "f" and not isinstance(plain(args[0]), Tensor):
            arr = arr.astype("float32")  # Python floats make torch's default dtype
        return _made(arr, dtype)
    if name in ("flipud", "fliplr", "flip"):
        a = data(args[0]) if args else None
        if a is None:
            return None
        if name == "flipud":
            return make(n.flipud(a))
        if name == "fliplr":
            return make(n.fliplr(a))
        dims = plain(args[1]) if len(args) > 1 else plain(kwargs.get("dims"))
        dims = _ints(list(dims)) if isinstance(dims, (tuple, list)) else None
        return make(n.flip(a, axis=tuple(dims))) if dims is not None else None
    if name in ("cat", "concat"):
        parts = plain(args[0]) if args else None
        dim = plain(args[1]) if len(args) > 1 else plain(kwargs.get("dim", 0))
        if not isinstance(parts, (tuple, list)) or not isinstance(dim, int):
            return None
        arrs = [data(p) for p in parts]
        if any(a is None for a in arrs) or len({a.dtype for a in arrs}) != 1:
            return None
        return make(n.concatenate(arrs, axis=dim))
    if name == "repeat_interleave":
        a = data(args[0]) if args else None
        reps = plain(kwargs.get("repeats", args[1] if len(args) > 1 else None))
        dim = plain(kwargs.get("dim", args[2] if len(args) > 2 else None))
        if a is None or not isinstance(reps, int) or not isinstance(dim, int):
            return None
        if a.size * max(reps, 0) > LIMIT:
            return None
        return make(n.repeat(a, reps, axis=dim))
    if name in _COMPARE_FUNCS:
        if len(args) != 2 or kwargs or not isinstance(plain(args[0]), Tensor):
            return None  # ``out=``, or a number first (torch refuses it): not ours to guess
        (a, ax), (b, bx) = _operand_ax(args[0]), _operand_ax(args[1])
        if a is None or b is None or ax or bx:
            return None  # approximate values compared: an ulp may decide it
        return _binary(_COMPARE_FUNCS[name], a, b)
    if name in ("div", "divide"):
        (a, ax), (b, bx) = (
            (_operand_ax(args[0]), _operand_ax(args[1]))
            if len(args) == 2
            else ((None, 0), (None, 0))
        )
        mode = plain(kwargs.get("rounding_mode"))
        if a is None or b is None or kwargs.keys() - {"rounding_mode"}:
            return None
        if mode is None:  # true division: ``a / b``
            return _binary("truediv", a, b, ax or bx)
        return _binary("floordiv", a, b) if mode == "floor" and not (ax or bx) else None
    if name in ("log", "log2", "exp"):
        a, _ = values(args[0]) if len(args) == 1 and not kwargs else (None, False)
        if a is None or a.dtype.kind not in "if" or a.dtype.kind == "i" and _too_wide(a):
            return None
        a = a.astype("float32") if a.dtype.kind == "i" else a  # torch: the default float type
        with n.errstate(all="raise"):
            r = {"log": n.log, "log2": n.log2, "exp": n.exp}[name](a)
        return make(r, approx=True)
    if name == "pow":
        return _pow(args, kwargs)
    if name in ("round", "floor", "ceil", "trunc"):
        if len(args) != 1 or kwargs:
            return None  # ``decimals=``: not modelled
        a, approx = values(args[0])
        return None if a is None else _rounded(a, name, approx)
    if name == "diff":
        a, approx = values(args[0]) if len(args) == 1 and not kwargs else (None, False)
        if a is None or a.ndim != 1 or a.dtype.kind == "b":
            return None
        return make(n.diff(a), approx)
    if name in ("tril", "triu"):
        a, approx = values(args[0]) if args else (None, False)
        return _triangle(name, a, approx, args[1:], kwargs)
    if name in WINDOWS:
        return _window(name, args, kwargs, dtype)
    if name == "unique":
        return None  # several results: ``unique`` below
    return None


def _triangle(name: str, a: Any, approx: bool, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``torch.tril(t, diagonal)`` / ``triu`` (and the methods) of known values: the last two
    axes' lower / upper triangle, the rest zeroed, in ``t``'s dtype (a causal mask
    ``torch.tril(torch.ones(n, n))`` is float32, which ``masked_fill`` refuses)."""
    diag = plain(args[0]) if args else plain(kwargs.get("diagonal", 0))
    if a is None or a.ndim < 2 or len(args) > 1 or kwargs.keys() - {"diagonal"}:
        return None  # torch raises on fewer than 2 dims: not ours to guess
    if type(diag) is not int:
        return None
    fn = np().tril if name == "tril" else np().triu
    return make(fn(a, diag), approx)


def _window(name: str, args: list[Any], kwargs: dict[str, Any], dtype: Any) -> Tensor | None:
    """``torch.hann_window(n, periodic=True, *, dtype=None)`` and its kin: ``n`` values of the
    default float32 (or the ``dtype=`` float type); ``periodic`` computes ``n + 1`` points and
    drops the last, so the length is ``n`` either way (1 gives ``[1.]``, as torch).
    Approximate values (cosines): what is exact is the shape and the dtype."""
    n = np()
    allowed = {"window_length", "periodic", "dtype", "device", "layout", "requires_grad"}
    allowed.add("pin_memory")
    coef: list[Any] = []
    if name == "hamming_window":  # hamming_window(n, periodic, alpha=0.54, beta=0.46)
        allowed |= {"alpha", "beta"}
        has_alpha = len(args) > 2 or "alpha" in kwargs
        has_beta = len(args) > 3 or "beta" in kwargs
        if (has_alpha or has_beta) and len(args) < 2 and "periodic" not in kwargs:
            return None  # torch's overloads take alpha only after periodic: a TypeError
        if has_beta and not has_alpha:
            return None
        coef = [
            plain(args[2]) if len(args) > 2 else plain(kwargs.get("alpha", 0.54)),
            plain(args[3]) if len(args) > 3 else plain(kwargs.get("beta", 0.46)),
        ]
    length = plain(args[0]) if args else plain(kwargs.get("window_length"))
    periodic = plain(args[1]) if len(args) > 1 else plain(kwargs.get("periodic", True))
    if kwargs.keys() - allowed or len(args) > 2 + len(coef):
        return None
    if type(length) is not int or length < 0 or length > LIMIT or type(periodic) is not bool:
        return None
    if any(type(x) not in (int, float) for x in coef):
        return None
    if dtype not in (None, "float32", "float64"):
        return None  # torch refuses integer / bool windows
    if length <= 1:
        arr = n.ones(length, dtype="float64")
    else:
        m = length + 1 if periodic else length
        x = n.arange(m, dtype="float64") / (m - 1)
        if name == "hann_window":
            arr = 0.5 - 0.5 * n.cos(2 * n.pi * x)
        elif name == "hamming_window":
            arr = coef[0] - coef[1] * n.cos(2 * n.pi * x)
        elif name == "blackman_window":
            arr = 0.42 - 0.5 * n.cos(2 * n.pi * x) + 0.08 * n.cos(4 * n.pi * x)
        else:
            arr = 1.0 - n.abs(2 * x - 1.0)
        arr = arr[:length]
    return make(arr.astype(dtype or "float32"), approx=True)


def unique(args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``torch.unique(x, dim=d, return_inverse=...)`` / ``x.unique(...)``: sorted distinct values
    (rows along ``dim``), as torch orders them; None when not known."""
    n = np()
    a = data(args[0]) if args else None
    allowed = {"sorted", "return_inverse", "return_counts", "dim"}
    if a is None or kwargs.keys() - allowed or plain(kwargs.get("sorted", True)) is not True:
        return None
    dim = plain(kwargs.get("dim"))
    inv = plain(kwargs.get("return_inverse", False))
    cnt = plain(kwargs.get("return_counts", False))
    if not (dim is None or isinstance(dim, int)) or not isinstance(inv, bool):
        return None
    if not isinstance(cnt, bool):
        return None
    try:
        vals, inverse, counts = n.unique(a, return_inverse=True, return_counts=True, axis=dim)
    except (ValueError, TypeError):
        return None
    inverse = inverse.reshape(a.shape if dim is None else (a.shape[dim],)).astype("int64")
    out: list[Any] = [make(vals)]
    if inv:
        out.append(make(inverse))
    if cnt:
        out.append(make(counts.astype("int64")))
    if any(o is None for o in out):
        return None
    return out[0] if len(out) == 1 else tuple(out)


def _too_wide(a: Any) -> bool:
    """Whether an integer array has a value float32 does not hold exactly."""
    return bool(a.size) and int(np().abs(a).max()) > (1 << 24)


def _rounded(a: Any, how: str, approx: bool) -> Tensor | None:
    """``torch.round/floor/ceil/trunc`` (and ``.int()``'s truncation: ``trunc``) of values
    ``a``: exact results; for approximate values only when no element lies within ``EDGE``
    (relative) of the edge where torch's few-ulp difference could change the answer."""
    n = np()
    if a.dtype.kind != "f":
        return make(a.copy()) if a.dtype.kind in "i" else None
    with n.errstate(all="ignore"):
        r = {"round": n.round, "floor": n.floor, "ceil": n.ceil, "trunc": n.trunc}[how](a)
        if approx:
            # round's edges are the halves (ties to even, as torch); the others' the integers
            edge = a - n.floor(a) - 0.5 if how == "round" else a - n.round(a)
            if n.any(n.abs(edge) <= EDGE * n.maximum(1.0, n.abs(a))):
                return None
    return make(r)


def _pow(args: list[Any], kwargs: dict[str, Any]) -> Tensor | None:
    """``torch.pow(base, exponent)`` with a known float tensor on one side at least (a number
    or a tensor on the other): float32, approximate. Integer powers are not modelled."""
    n = np()
    if len(args) != 2 or kwargs:
        return None
    (x, _), (y, _) = _operand_ax(args[0]), _operand_ax(args[1])  # pow is approximate anyway
    if x is None or y is None or isinstance(x, bool) or isinstance(y, bool):
        return None
    kinds = {_kind(x), _kind(y)}
    if not hasattr(x, "dtype") and not hasattr(y, "dtype") or "f" not in kinds or "b" in kinds:
        return None

    def f32(v: Any) -> Any:
        if not hasattr(v, "dtype"):
            return v  # a Python number: cast to the tensor's float type by numpy, as torch
        if v.dtype.kind == "i":
            return None if _too_wide(v) else v.astype("float32")
        return v if v.dtype == n.float32 else None

    x, y = f32(x), f32(y)
    if x is None or y is None:
        return None
    try:
        with n.errstate(all="raise"):
            r = n.power(x, y)
    except (FloatingPointError, ValueError):
        return None
    r = n.asarray(r)
    return make(r, approx=True) if r.dtype == n.float32 else None


def _too_big(shape: list[int]) -> bool:
    total = 1
    for d in shape:
        total *= max(d, 0)
    return total > LIMIT


def _made(arr: Any, dtype: Any) -> Tensor | None:
    arr = _cast(arr, dtype)
    return None if arr is None else make(arr)


# ----------------------------------------------------------------------------- operators
_BINARY = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "truediv",
    ast.FloorDiv: "floordiv",
    ast.Mod: "mod",
    ast.MatMult: "matmul",
    ast.BitAnd: "and",
    ast.BitOr: "or",
    ast.BitXor: "xor",
}
_COMPARE = {
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.Lt: "lt",
    ast.LtE: "le",
    ast.Gt: "gt",
    ast.GtE: "ge",
}


def binop(op: ast.AST, a: Any, b: Any) -> Tensor | None:
    """``a <op> b`` where one side is a known tensor and the other known too; else None."""
    name = _BINARY.get(type(op)) or _COMPARE.get(type(op))
    if name is None:
        return None
    sa, sb = shuffled(a), shuffled(b)
    if sa is not None or sb is not None:
        return _shuffled_binop(name, a, b, sa, sb)
    if not _maybe_known([a, b], {}):
        return None
    if name == "matmul":
        shape: Any = None
    else:
        from driftcheck.parsers.source.library.torchlib import elementwise

        shape = elementwise([a, b]).shape

    def eager() -> Tensor | None:
        (x, ax), (y, ay) = _operand_ax(a), _operand_ax(b)
        if x is None or y is None or (ax or ay) and name in _COMPARE.values():
            return None  # approximate values compared: an ulp may decide it
        return _binary(name, x, y, ax or ay)

    return deferred(shape, eager)


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "b"
    if isinstance(v, int):
        return "i"
    if isinstance(v, float):
        return "f"
    return v.dtype.kind


def _binary(name: str, x: Any, y: Any, approx: bool = False) -> Tensor | None:
    n = np()
    kx, ky = _kind(x), _kind(y)
    if name in ("add", "sub", "mul", "truediv") and {kx, ky} == {"f", "i"}:
        # an integer side meets a float: torch casts it to the float side's type (a Python
        # float with an integer tensor: the default float32), then computes in that type
        ft = next((v.dtype for v in (x, y) if hasattr(v, "dtype") and v.dtype.kind == "f"), None)
        ft = ft if ft is not None else n.dtype("float32")
        casted = []
        for v in (x, y):
            if hasattr(v, "dtype") and v.dtype.kind == "i":
                if _too_wide(v):
                    return None
                v = v.astype(ft)
            elif isinstance(v, int):
                v = float(v)  # a Python int: cast to the float type, as torch does
            casted.append(v)
        x, y = casted
        kx, ky = _kind(x), _kind(y)
    # torch's promotion differs from numpy's for Python scalars and mixed widths: only the
    # cases where both agree are computed (same kind, or a Python scalar of the same kind,
    # or an integer tensor with an int)
    scalar_x, scalar_y = not hasattr(x, "dtype"), not hasattr(y, "dtype")
    if kx != ky:
        if name in ("and", "or", "xor", "matmul"):
            return None
        if name in ("eq", "ne", "lt", "le", "gt", "ge"):
            pass  # a comparison of numbers: the same truth under either promotion
        elif {kx, ky} == {"b", "i"} and name in ("mul", "add"):
            pass  # bool tensor with ints: torch promotes bool to the int type, as numpy
        elif (kx, scalar_y) == ("u", True) or (ky, scalar_x) == ("u", True):
            # a uint8 tensor with a Python int (nflows' ``mask[1::2] += 1`` on a ``.byte()``
            # mask): torch keeps uint8, wrapping, as numpy does with an int it can hold
            other = y if scalar_y else x
            if name not in ("add", "sub", "mul") or {kx, ky} != {"u", "i"} or not 0 <= other <= 255:
                return None
        else:
            return None
    if kx == "b" and ky == "b" and name in ("add", "sub", "truediv", "floordiv", "mod"):
        return None  # torch refuses or differs (bool - bool raises)
    if name == "matmul" and (scalar_x or scalar_y or kx not in "f"):
        return None
    compare = name in ("eq", "ne", "lt", "le", "gt", "ge")
    if not scalar_x and not scalar_y and x.dtype != y.dtype and kx == ky and not compare:
        return None  # mixed widths: promotion not modelled
    try:
        with n.errstate(all="raise"):
            if name == "truediv":
                if kx != "f":
                    return None  # int / int is float32 in torch
                r = n.true_divide(x, y)
            elif name in ("floordiv", "mod"):
                if kx == "f" or ky == "f":
                    return None
                if n.any(n.asarray(y) == 0):
                    return None  # torch raises on integer division by zero
                r = n.floor_divide(x, y) if name == "floordiv" else n.mod(x, y)
            else:
                r = getattr(n, _NP[name])(x, y)
    except (FloatingPointError, ValueError, TypeError):
        return None
    r = n.asarray(r)
    if not scalar_x and not scalar_y and r.dtype.kind == "i":
        r = r.astype(n.result_type(x.dtype, y.dtype))
    elif scalar_x != scalar_y and r.dtype.kind == (x if not scalar_x else y).dtype.kind:
        r = r.astype((x if not scalar_x else y).dtype)  # a Python scalar keeps the tensor's dtype
    return make(r, approx)


_NP = {
    "add": "add",
    "sub": "subtract",
    "mul": "multiply",
    "matmul": "matmul",
    "and": "logical_and",
    "or": "logical_or",
    "xor": "logical_xor",
    "eq": "equal",
    "ne": "not_equal",
    "lt": "less",
    "le": "less_equal",
    "gt": "greater",
    "ge": "greater_equal",
}


def unary(op: ast.AST, v: Any) -> Tensor | None:
    return deferred(plain(v).shape, lambda: _unary(op, v))


def _unary(op: ast.AST, v: Any) -> Tensor | None:
    s = shuffled(v)
    if s is not None:  # elementwise: the same permutation of the result
        r = _unary(op, make(s))
        d = r.data.get() if r is not None else None
        return make_shuffled(d) if d is not None else None
    a = data(v)
    if a is None:
        return None
    if isinstance(op, ast.Invert):
        if a.dtype.kind == "b":
            return make(~a)
        return make(~a) if a.dtype.kind == "i" else None
    if isinstance(op, ast.USub):
        return make(-a) if a.dtype.kind in "if" else None
    return None


def truth(v: Any) -> bool | None:
    """``bool(t)`` of a known one-element tensor (torch raises for more)."""
    a = data(v)
    if a is None or a.size != 1:
        return None
    return bool(a.reshape(()))


def index(t: Tensor, key: Any) -> Tensor | None:
    """``t[key]`` with ints, slices, ``None``, ``...`` and known integer/bool tensors."""
    from driftcheck.parsers.source.library.torchlib import index_shape

    k = plain(key)
    parts = k if isinstance(k, tuple) else (k,)
    shape = None
    if not any(isinstance(plain(p), Tensor) for p in parts):
        shape = index_shape(t.shape, k)
    return deferred(shape, lambda: _index(t, key))


def _index(t: Tensor, key: Any) -> Tensor | None:
    a = data(t)
    if a is None:
        return None
    out = _key(key)
    if out is None:
        return None
    try:
        r = a[out]
    except (IndexError, ValueError, TypeError):
        return None
    return make(r)


def _key(key: Any) -> tuple | None:
    """A subscript as numpy takes it: ints, slices, ``None``, ``...`` and one known integer
    or bool tensor; None for anything else."""
    key = plain(key)
    parts = key if isinstance(key, tuple) else (key,)
    out: list[Any] = []
    for p in parts:
        p = plain(p)
        if p is None or p is Ellipsis or isinstance(p, (int, slice)) and not isinstance(p, bool):
            out.append(p)
        elif isinstance(p, Tensor) and data(p) is not None and data(p).dtype.kind in "ib":
            out.append(data(p))
        else:
            return None
    if sum(1 for p in out if hasattr(p, "dtype")) > 1:
        return None  # several index tensors broadcast together: not modelled
    return tuple(out)


def setitem(t: Tensor, key: Any, v: Any) -> None:
    """``t[key] = v`` in place (nflows' coupling mask: ``mask = torch.ones(n); mask[::2] =
    -1``): the new values when the key and the value are known (cast to ``t``'s dtype, as
    torch's in-place write), else the values are unknown from here on -- never the old ones,
    which ``mask <= 0`` would read as all False."""
    if t.data is None:
        return
    a, new = data(t), None
    part = written(t)
    if part is not None:
        a = part  # a write into ``torch.empty``'s values: written elements are known
    out = _key(key) if a is not None else None
    val = plain(v)
    val = data(val) if isinstance(val, Tensor) else val
    if out is not None and (
        hasattr(val, "dtype") or isinstance(val, (int, float)) and not isinstance(val, bool)
    ):
        try:
            new = a.copy()
            new[out] = val
        except (IndexError, ValueError, TypeError, OverflowError):
            new = None
    if new is not None and part is not None:
        made = _with(new)
        t.data = made.data if made is not None else None
        return
    t.data = Lazy(None, new) if new is not None else None


def masked_select(t: Tensor, args: list[Any], kwargs: dict[str, Any]) -> Tensor | None:
    """``t.masked_select(mask)``: the 1-D tensor of the elements where a known bool mask
    (broadcast against ``t``) is true; its length is the mask's count of true elements."""
    mask = plain(args[0]) if len(args) == 1 and not kwargs else None
    a, m = data(t), data(mask) if isinstance(mask, Tensor) else None
    if a is None or m is None or m.dtype.kind != "b":
        return None
    n = np()
    try:
        a2, m2 = n.broadcast_arrays(a, m)
    except ValueError:
        return None  # torch raises: not ours to guess
    return make(a2[m2])


# ----------------------------------------------------------------------------- methods
_LAZY_METHODS = frozenset(
    ("double", "float", "long", "int", "bool", "byte", "sum", "all", "any", "t")
    + ("round", "floor", "ceil", "trunc", "max", "min", "prod")
    + ("tril", "triu", "view", "reshape")
)


def method(t: Tensor, name: str) -> Any:
    """A method or attribute of a known tensor, or None (the shape rules answer)."""
    if name == "ndim":
        return len(t.shape) if isinstance(t.shape, tuple) else None
    if name in _LAZY_METHODS:
        from driftcheck.parsers.source.library.torchlib import reduce_shape

        def lazy(args: list, kwargs: dict) -> Any:
            shp = t.shape
            if name in ("sum", "all", "any", "prod"):
                shp = reduce_shape(shp, args, kwargs) if isinstance(shp, tuple) else shp
            elif name == "t":
                shp = tuple(reversed(shp)) if isinstance(shp, tuple) and len(shp) <= 2 else None
            elif name in ("max", "min"):
                shp = () if not args and not kwargs else None  # with ``dim``: not modelled
            elif name in ("tril", "triu"):
                pass  # the same shape
            elif name in ("view", "reshape"):
                dims = _shape_args(args) if not kwargs else None
                ok = dims is not None and all(d >= 0 for d in dims)
                shp = tuple(dims) if ok else None  # ``-1``: computed now, by numpy
            elif args or kwargs:
                shp = None
            return deferred(shp, lambda: _call_method(t, name, args, kwargs))

        return BuiltinMethod(lazy)
    if name in _EAGER_METHODS:
        return _method(t, name)
    return None


_EAGER_METHODS = frozenset(
    ("item", "tolist", "T", "nonzero", "squeeze", "diag", "unique", "masked_select")
)


def _call_method(t: Tensor, name: str, args: list, kwargs: dict) -> Any:
    m = _method(t, name)
    return m.fn(args, kwargs) if isinstance(m, BuiltinMethod) else None


def _method(t: Tensor, name: str) -> Any:
    part = written(t)
    if part is not None and name in _CASTS:  # ``torch.empty(...).int()``: still unwritten
        to = _CASTS[name]

        def cast(x: list, k: dict) -> Any:
            if x or k:
                return None
            with np().errstate(invalid="ignore"):  # the unwritten elements' bytes: masked
                return _with(part.astype(to))

        return BuiltinMethod(cast)
    s = shuffled(t)
    if s is not None:  # values in an unknown order: order-blind readers only
        return _shuffled_method(name, s)
    a, approx = values(t)
    if a is None:
        return None
    n = np()
    if name in ("round", "floor", "ceil", "trunc"):  # exact results, when far from an edge
        return BuiltinMethod(lambda x, k: None if x or k else _rounded(a, name, approx))
    if approx and name in ("int", "long"):
        # ``.int()`` truncates: exact when no element is near an integer
        def cast(x: list, k: dict) -> Any:
            r = None if x or k else _rounded(a, "trunc", True)
            d = data(r)
            return None if d is None else make(d.astype("int32" if name == "int" else "int64"))

        return BuiltinMethod(cast)
    if name in ("tril", "triu"):  # keep the values, approximate or not
        return BuiltinMethod(lambda x, k: _triangle(name, a, approx, x, k))
    if name in ("view", "reshape"):
        return BuiltinMethod(lambda x, k: _reshaped(a, approx, x, k))
    if approx:
        return None  # every other reader: exact values only
    if name in ("max", "min"):
        if a.size == 0:
            return None  # torch raises
        return BuiltinMethod(
            lambda x, k: None if x or k else make(a.max() if name == "max" else a.min())
        )
    if name == "ndim":
        return a.ndim
    if name in ("item", "tolist"):
        if name == "item" and a.size != 1:
            return None
        return BuiltinMethod(lambda x, k: a.reshape(()).item() if name == "item" else a.tolist())
    casts = {"double": "float64", "float": "float32", "long": "int64", "int": "int32"}
    casts["byte"] = "uint8"
    if name in casts or name == "bool":
        to = casts.get(name, "bool")
        return BuiltinMethod(lambda x, k: make(a.astype(to)) if not x and not k else None)
    if name in ("t", "T"):
        if a.ndim > 2:
            return None
        return make(a.T) if name == "T" else BuiltinMethod(lambda x, k: make(a.T))
    if name in ("sum", "all", "any", "prod"):
        return BuiltinMethod(lambda x, k: _reduce(name, a, x, k))
    if name == "nonzero":
        return BuiltinMethod(lambda x, k: None if x or k else make(n.argwhere(a).astype("int64")))
    if name == "squeeze":
        return BuiltinMethod(lambda x, k: _squeeze(a, x, k))
    if name == "diag":
        return BuiltinMethod(lambda x, k: make(n.diag(a)) if not x and not k else None)
    if name == "unique":
        return BuiltinMethod(lambda x, k: unique([t, *x], k))
    if name == "masked_select":
        return BuiltinMethod(lambda x, k: masked_select(t, x, k))
    return None


_CASTS = {"double": "float64", "float": "float32", "long": "int64", "int": "int32", "bool": "bool"}


def _reduce(name: str, a: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
    n = np()
    dim = plain(args[0]) if args else plain(kwargs.get("dim"))
    keep = plain(kwargs.get("keepdim", False))
    if kwargs.keys() - {"dim", "keepdim"} or len(args) > 1 or not isinstance(keep, bool):
        return None
    if not (dim is None or isinstance(dim, int)):
        return None
    if name in ("sum", "prod"):  # torch: integer and bool inputs reduce to int64
        f = n.sum if name == "sum" else n.prod
        if a.dtype.kind == "f":
            r = f(a, axis=dim, keepdims=keep, dtype=a.dtype)
        else:
            r = f(a, axis=dim, keepdims=keep, dtype="int64")
    else:
        r = (n.all if name == "all" else n.any)(a, axis=dim, keepdims=keep)
    return make(r)


def _reshaped(a: Any, approx: bool, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``t.view(*shape)`` / ``t.reshape(*shape)`` of known values (one ``-1`` inferred, as
    torch); a dtype argument (``t.view(torch.int32)``) or a size that does not fit: None."""
    dims = _shape_args(args) if args and not kwargs else None
    if dims is None or sum(1 for d in dims if d == -1) > 1 or any(d < -1 for d in dims):
        return None
    try:
        return make(a.reshape(dims), approx)
    except ValueError:
        return None  # torch raises: not ours to guess


def _squeeze(a: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
    dim = plain(args[0]) if args else plain(kwargs.get("dim"))
    if dim is None:
        return make(a.squeeze())
    if not isinstance(dim, int) or not -a.ndim <= dim < max(a.ndim, 1):
        return None
    return make(a.squeeze(axis=dim) if a.ndim and a.shape[dim] == 1 else a)
