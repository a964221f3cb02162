"""Callables model-building code calls most that nothing modelled (issue #16, session 19).

``benchmarks/wild/call_coverage.py`` counts the external callables (ones whose source the
interpreter does not read) in the building code of transformers' modeling files and of the
wild-corpus libraries. The most frequent unmodelled ones that decide values a build uses are
modelled here, each by Python's or torch's own semantics; an input the model cannot decide
gives an honest unknown naming the call:

- ``torch.<f>(t, ...)`` for torch functions that are also ``Tensor`` methods with the input
  first (``torch.transpose(t, 0, 1)`` is ``t.transpose(0, 1)``, as torch documents each pair):
  the method the interpreter already models (library/torchlib.py, values by
  library/tensorvalues.py). ``FUNCTION_METHODS`` is the shipped list (the static path imports
  no torch); ``tests/test_library_buildcalls.py`` checks each name against torch.
- ``torch.matmul`` / ``mm`` / ``bmm`` (as ``a @ b``), ``rand_like`` / ``randint_like`` /
  ``argsort``, ``F.one_hot``; ``torch.cumsum`` / ``cumprod``, ``torch.isfinite`` and kin, ``torch.all`` / ``any`` /
  ``max`` / ``min`` (whole-tensor and elementwise forms), ``torch.meshgrid``,
  ``torch.randperm``: shapes as torch computes them, values where the inputs' are known.
- ``os.path.join`` / ``basename`` / ``dirname`` / ``split`` / ``splitext`` / ``normpath`` and
  ``os.fspath`` of known strings: pure text functions, computed by Python's own ``os.path``
  (the file system is never asked; ``exists`` / ``isfile`` stay unknown).
- ``repr(x)`` of a known plain value.
"""

from __future__ import annotations

import os
from typing import Any

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.library import torchlib
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod, scratch_pieces
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain

T = Group("torch", title="torch (functions as Tensor methods)")
OS = Group("os", title="os.path (path texts)")
B = Group("builtins", title="builtins (coverage)")

# torch functions that are also Tensor methods, the tensor first (``torch.X(input, *a, **k)``
# is ``input.X(*a, **k)``), whose method the interpreter models and which no other entry
# models. Not here: names that are dtypes or modules in the torch namespace (``torch.float``,
# ``torch.cuda``) and methods torch has no function for (``view``, ``expand``, ``repeat``).
FUNCTION_METHODS = (
    "chunk",
    "clone",
    "conj",
    "detach",
    "masked_fill",
    "narrow",
    "nonzero",
    "numel",
    "permute",
    "ravel",
    "reshape",
    "split",
    "squeeze",
    "swapaxes",
    "swapdims",
    "t",
    "topk",
    "transpose",
    "unsqueeze",
)
# torch functions that read a Tensor *attribute* (``torch.real(t)`` is ``t.real``)
FUNCTION_ATTRS = ("real", "imag")
# the name torch gives the tensor argument of each function (``input`` unless listed)
_TENSOR_KW = {"split": "tensor"}


def _tensor_and_rest(c: Call) -> tuple[Any, list, dict]:
    """The tensor argument and the method's arguments: ``torch.f(t, *a, **k)`` or
    ``torch.f(input=t, ...)``."""
    name = c.qual.rsplit(".", 1)[-1]
    kw = dict(c.kwargs)
    if c.args:
        return plain(c.args[0]), list(c.args[1:]), kw
    return plain(kw.pop(_TENSOR_KW.get(name, "input"), None)), [], kw


def _as_method(c: Call) -> Any:
    t, rest, kw = _tensor_and_rest(c)
    if not isinstance(t, Tensor):
        return c.unknown(f"{c.qual}() of a value not known to be a tensor")
    name = c.qual.rsplit(".", 1)[-1]
    m = torchlib.tensor_method(c.interp, t, name)
    if name in FUNCTION_ATTRS:
        return m if isinstance(m, Tensor) and not rest and not kw else c.unknown()
    if isinstance(m, BuiltinMethod):
        got = m.fn(rest, kw)
        # torch's split / chunk give a tuple of pieces (the methods' model keeps a list)
        return tuple(got) if name in ("split", "chunk") and isinstance(got, list) else got
    return c.unknown()


for _n in FUNCTION_METHODS:
    T.add(_n, _as_method, f"{_n}(t, ...): as the method t.{_n}(...)")
for _n in FUNCTION_ATTRS:
    T.add(_n, _as_method, f"{_n}(t): as the attribute t.{_n}")


def _np() -> Any:
    import numpy

    return numpy


def _data(t: Tensor) -> Any:
    from driftcheck.parsers.source.library import tensorvalues

    return tensorvalues.data(t)


def _made(d: Any) -> Any:
    from driftcheck.parsers.source.library import tensorvalues

    return tensorvalues.make(d)


def _known_shape(t: Any) -> tuple | None:
    if isinstance(t, Tensor) and isinstance(t.shape, tuple):
        dims = tuple(plain(d) for d in t.shape)
        if all(type(d) is int for d in dims):
            return dims
    return None


def _dim(shape: tuple, d: Any) -> int | None:
    """``d`` as an index into ``shape`` (a 0-d tensor takes -1 and 0, as torch's scans do), or
    None when torch would raise or ``d`` is not a known int."""
    n = max(len(shape), 1)
    if type(d) is not int or not -n <= d < n:
        return None
    return d % n


@T.entry("cumsum", "cumprod", doc="cumsum / cumprod(t, dim): t's shape; values when t's are known")
def _cumulative(c: Call) -> Any:
    t, rest, kw = _tensor_and_rest(c)
    shp = _known_shape(t)
    d = plain(rest[0]) if rest else plain(kw.get("dim"))
    if shp is None or _dim(shp, d) is None or set(kw) - {"dim", "dtype", "out"} - {"input"}:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if "dtype" in kw or "out" in kw:
        return Tensor(shp)
    a = _data(t)
    if a is None or a.dtype.kind not in "biuf" or not shp:
        return Tensor(shp)
    n = _np()
    # torch's scans widen bool and integer inputs to int64; floats keep their type
    to = "int64" if a.dtype.kind in "biu" else a.dtype
    fn = n.cumsum if c.qual.endswith("cumsum") else n.cumprod
    got = _made(fn(a, axis=_dim(shp, d), dtype=to))
    return got if isinstance(got, Tensor) else Tensor(shp)


_PREDICATES = ("isfinite", "isnan", "isinf", "isposinf", "isneginf", "logical_not", "signbit")


@T.entry(*_PREDICATES, doc="isfinite / isnan / isinf / logical_not and kin (t): t's shape")
def _predicate(c: Call) -> Any:
    t, rest, kw = _tensor_and_rest(c)
    if not isinstance(t, Tensor) or rest or set(kw) - {"out"}:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    return Tensor(t.shape, dtype="bool")  # a predicate's result is a bool tensor


@T.entry("all", "any", doc="all / any(t[, dim, keepdim]): the reduced shape; values when known")
def _all_any(c: Call) -> Any:
    t, rest, kw = _tensor_and_rest(c)
    if not isinstance(t, Tensor) or set(kw) - {"dim", "keepdim"}:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if _data(t) is not None:
        got = _as_method(c)
        if isinstance(got, Tensor):
            return got
    return Tensor(torchlib.reduce_shape(t.shape, rest, kw))


@T.entry(
    "max",
    "min",
    doc="max / min(t): a 0-d tensor; (t, other): the broadcast shape; with dim: unknown",
)
def _max_min(c: Call) -> Any:
    t, rest, kw = _tensor_and_rest(c)
    if not isinstance(t, Tensor):
        return c.unknown(f"{c.qual}() of a value not known to be a tensor")
    if not rest and not kw:
        if _data(t) is not None:
            got = _as_method(c)
            if isinstance(got, Tensor):
                return got
        shp = _known_shape(t)
        if shp is not None and 0 in shp:
            return c.unknown(f"{c.qual}() of an empty tensor (torch raises)")
        return Tensor(())
    other = plain(rest[0]) if len(rest) == 1 and not kw else plain(kw.get("other"))
    if isinstance(other, Tensor) and (len(rest) + len(kw)) == 1:
        return torchlib.elementwise([t, other])
    # ``torch.max(t, dim)``: a (values, indices) named tuple, not modelled
    return c.unknown(f"{c.qual}(t, dim), a (values, indices) pair,")


@T.entry("meshgrid", doc="meshgrid(*ts, indexing='ij'|'xy'): the grids' shapes; values when known")
def _meshgrid(c: Call) -> Any:
    ts = [plain(a) for a in c.args]
    if len(ts) == 1 and isinstance(ts[0], (list, tuple)):
        ts = [plain(a) for a in ts[0]]
    how = c.kwargs.get("indexing", "ij")
    how = plain(how)
    bad = Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if set(c.kwargs) - {"indexing"} or how not in ("ij", "xy") or not ts:
        return bad
    shapes = [_known_shape(t) for t in ts]
    if any(s is None or len(s) > 1 for s in shapes):
        return bad
    sizes_ = [s[0] if s else 1 for s in shapes]  # a 0-d tensor is one point
    if how == "xy" and len(sizes_) > 1:
        sizes_[0], sizes_[1] = sizes_[1], sizes_[0]
    out = tuple(sizes_)
    vals = [_data(t) for t in ts]
    total = 1
    for d in out:
        total *= d
    if all(v is not None for v in vals) and total * len(ts) <= sizes.SIZE_LIMIT:
        grids = _np().meshgrid(*[v.reshape(-1) for v in vals], indexing=how)
        made = [_made(g) for g in grids]
        if all(isinstance(m, Tensor) for m in made):
            return tuple(made)
    return tuple(Tensor(out) for _ in ts)


@T.entry(
    "randperm",
    doc="randperm(n): shape (n,), its values 0..n-1 in an order not known (read by order-blind "
    "reductions only)",
)
def _randperm(c: Call) -> Any:
    n = c.plain(0, "n")
    if type(n) is not int or n < 0:
        return Tensor(Unknown(f"{c.qual}() of an unknown length at {c.where}"))
    from driftcheck.parsers.source.library import tensorvalues

    if (
        len(c.args) == 1
        and c.kwargs.keys() <= {"device", "generator"}
        and n <= tensorvalues.LIMIT
        and tensorvalues.available()
    ):
        # its values are a permutation of range(n), int64 (library/tensorvalues.py shuffled)
        t = tensorvalues.make_shuffled(tensorvalues.np().arange(n, dtype="int64"))
        if t is not None:
            return t
    return Tensor((n,))


@T.entry(
    "rand_like",
    "randint_like",
    "argsort",
    doc="rand_like / randint_like(t, ...) / argsort(t, ...): t's shape (values unknown)",
)
def _like(c: Call) -> Any:
    t, _, _ = _tensor_and_rest(c)
    if not isinstance(t, Tensor):
        return Tensor(Unknown(f"{c.qual}() of a value not known to be a tensor at {c.where}"))
    return Tensor(t.shape)


@T.entry(
    "matmul", "mm", "bmm", doc="matmul(a, b) as a @ b; mm of 2-d, bmm of 3-d tensors (equal batch)"
)
def _matmul(c: Call) -> Any:
    import ast

    from driftcheck.parsers.source.library import npshapes, tensorvalues

    a = plain(c.arg(0, "input"))
    b = plain(c.arg(1, "other" if c.qual.endswith("matmul") else "mat2"))
    bad = Tensor(Unknown(f"{c.qual}() at {c.where}"))
    sa, sb = _known_shape(a), _known_shape(b)
    if sa is None or sb is None or len(c.args) + len(c.kwargs) != 2:
        return bad
    rank = {"mm": 2, "bmm": 3}.get(c.qual.rsplit(".", 1)[-1])
    if rank is not None and (len(sa) != rank or len(sb) != rank or sa[:-2] != sb[:-2]):
        return bad  # torch raises (mm / bmm do not broadcast)
    if _data(a) is not None and _data(b) is not None:
        got = tensorvalues.binop(ast.MatMult(), a, b)
        if isinstance(got, Tensor):
            return got
    got = npshapes.matmul_shape(a, b)
    return got if isinstance(got, Tensor) else bad


TRI_ROWS = 1 << 16  # rows a ``triu_indices`` count walks (bounded time; more: unknown)


def tri_indices_count(upper: bool, row: int, col: int, offset: int) -> int:
    """How many (i, j) of a ``row x col`` grid ``torch.triu_indices`` (``j - i >= offset``)
    or ``tril_indices`` (``j - i <= offset``) lists: the length of its ``(2, n)`` result."""
    if upper:
        return sum(max(0, col - max(0, i + offset)) for i in range(row))
    return sum(max(0, min(col, i + offset + 1)) for i in range(row))


@T.entry(
    "triu_indices",
    "tril_indices",
    doc="triu_indices(row, col, offset=0) / tril_indices: int64 (2, n), values when small",
)
def _tri_indices(c: Call) -> Any:
    row, col, off = c.plain(0, "row"), c.plain(1, "col"), c.plain(2, "offset", 0)
    ints = all(type(v) is int for v in (row, col, off))
    if not ints or row < 0 or col < 0 or row > TRI_ROWS or set(c.kwargs) - {"offset", "device"}:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    upper = c.qual.endswith("triu_indices")
    if row * col <= 4096:  # the values, as numpy lists them (row-major, torch's order)
        fn = _np().triu_indices if upper else _np().tril_indices
        got = _made(_np().asarray(fn(row, off, col), dtype="int64").reshape(2, -1))
        if got is not None:
            return got
    return Tensor((2, tri_indices_count(upper, row, col, off)), dtype="int64")


@T.entry(
    "nn.functional.one_hot",
    doc="one_hot(t, num_classes): t's shape and num_classes; -1: the largest known value + 1",
)
def _one_hot(c: Call) -> Any:
    t = plain(c.arg(0, "tensor"))
    n = c.plain(1, "num_classes", -1)
    shp = _known_shape(t)
    if shp is None or type(n) is not int:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    if n == -1:
        a = _data(t)
        if a is None or a.size == 0 or a.dtype.kind not in "iu":
            return Tensor(
                Unknown(f"{c.qual}() with num_classes from values not known at {c.where}")
            )
        n = int(a.max()) + 1
    if n < 1:
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    return Tensor((*shp, n))


# ---------------------------------------------------------------------------------- os.path
def _texts(c: Call, n_min: int, n_max: int) -> list[str] | None:
    if c.kwargs or not n_min <= len(c.args) <= n_max:
        return None
    got = [plain(a) for a in c.args]
    return got if all(isinstance(g, str) for g in got) else None


def _path_fn(name: str, n_min: int = 1, n_max: int = 1) -> Any:
    fn = getattr(os.path, name) if name != "fspath" else os.fspath

    def impl(c: Call) -> Any:
        texts = _texts(c, n_min, n_max)
        if texts is None:
            return c.unknown(f"{c.qual}() of a value not known to be a string")
        sizes.check_len(sum(len(t) for t in texts), f"str {c.qual}()")
        return scratch_pieces(texts, fn(*texts), f"{c.qual}()")

    return impl


for _name, _lo, _hi, _doc in (
    ("join", 1, 64, "join(a, *parts) of known strings: Python's os.path.join"),
    ("basename", 1, 1, "basename(p) of a known string"),
    ("dirname", 1, 1, "dirname(p) of a known string"),
    ("split", 1, 1, "split(p) of a known string: (head, tail)"),
    ("splitext", 1, 1, "splitext(p) of a known string: (root, ext)"),
    ("normpath", 1, 1, "normpath(p) of a known string (text only; no file system)"),
):
    OS.add(f"path.{_name}", _path_fn(_name, _lo, _hi), f"path.{_doc}")
OS.add("fspath", _path_fn("fspath"), "fspath(p) of a known string: p")


def _abspath(c: Call) -> Any:
    """``os.path.abspath(p)`` of a known absolute path (``__file__``): its ``normpath``; of
    a relative one the working directory decides: unknown."""
    texts = _texts(c, 1, 1)
    if texts is None or not os.path.isabs(texts[0]):
        return c.unknown(f"{c.qual}() of a value not known to be an absolute path")
    return scratch_pieces(texts, os.path.normpath(texts[0]), f"{c.qual}()")


OS.add(
    "path.abspath",
    _abspath,
    "path.abspath(p) of a known absolute path (``__file__``): normpath(p); a relative one unknown",
)


# ---------------------------------------------------------------------------------- repr
def _literal(v: Any, depth: int = 0) -> tuple[bool, Any]:
    """(True, the Python value) when ``v`` is plain data all the way down (numbers, strings,
    None, and lists / tuples / dicts of them), else (False, None). Not sets: their order
    (so their repr) follows string hashes, which differ between processes."""
    v = plain(v)
    if v is None or type(v) in (bool, int, float, complex, str, bytes):
        return True, v
    if getattr(v, "numpy_scalar", False):  # ``np.int64(3)`` (library/npdtypes.py)
        return (True, v) if v.np_name in ("int64", "float64") else (False, None)
    if depth > 50:
        return False, None
    if type(v) in (list, tuple):  # a set's order follows string hashes: per process
        items = [_literal(x, depth + 1) for x in v]
        return (all(ok for ok, _ in items), type(v)(x for _, x in items))
    if type(v) is dict:
        pairs = [(_literal(k, depth + 1), _literal(x, depth + 1)) for k, x in v.items()]
        ok = all(a[0] and b[0] for a, b in pairs)
        return ok, ({a[1]: b[1] for a, b in pairs} if ok else None)
    return False, None


@B.entry(
    "repr",
    doc="repr(x) of a known plain value (numbers, strings, containers of them); of an "
    "instance of a source class, its own __repr__ (a tuple subclass's items)",
)
def _repr(c: Call) -> Any:
    if len(c.args) != 1 or c.kwargs:
        return c.unknown()
    from driftcheck.parsers.source.interp import textproto  # a cycle at import

    got = textproto.text(c.interp, c.args[0], "repr")  # interp/textproto.py
    if got is not NotImplemented:
        return got
    ok, v = _literal(c.args[0])
    if not ok:
        return c.unknown("repr() of a value not known in full")
    sizes.check_len(sizes.text_size(v), "str repr()")
    return repr(v)
