"""numpy arrays of more than one dimension held by their shape (values unknown).

State-space models build their initialisation with numpy linear algebra (S4/S5's HiPPO
matrix: ``P[:, np.newaxis] * P[np.newaxis, :]``, ``np.tril``, ``np.diag``,
``np.linalg.eigh(S * -1j)``, ``V.conj().T @ B``), then ``torch.tensor(v)`` as a parameter.
The values are floating-point results we do not reproduce, but every shape follows numpy's
rules from its inputs' shapes, and the parameter counts only need the shapes. Such an array
is held as a ``Tensor`` of that shape (as ``library/arrays.py`` holds Glow's LU weights); a
1-D array of known numbers (``arrays.NDArray``) joins them as a shape ``(n,)`` when it meets
one, or is indexed or transformed in a way that has no 1-D value model.

Every rule here returns None where it does not apply (the caller goes on as before) and an
unknown where numpy's answer depends on something not known or numpy would raise."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.registry import Group
from driftcheck.parsers.source.values.abstract import Tensor, Unknown, UnknownNumber, plain

NPS = Group("numpy", title="numpy (arrays held by shape)")
NPLA = Group("numpy.linalg", title="numpy.linalg (shapes)")


def shape_of(x: Any) -> tuple | None:
    """The known shape of an array-like: a Tensor of int dims, a 1-D ``NDArray``, a number
    (``()``); None for anything else."""
    from driftcheck.parsers.source.library.arrays import NDArray

    x = plain(x)
    if isinstance(x, Tensor):
        s = x.shape
        if isinstance(s, tuple) and all(type(plain(d)) is int for d in s):
            return tuple(plain(d) for d in s)
        return None
    if isinstance(x, NDArray):
        return (len(x.items),)
    if isinstance(x, (bool, int, float, complex)):
        return ()
    return None


def as_tensor(x: Any) -> Any:
    """A 1-D ``NDArray`` as a Tensor of its shape (values dropped); a Tensor as itself."""
    s = shape_of(x)
    return Tensor(s) if s is not None and not isinstance(plain(x), Tensor) else plain(x)


def ndarray_index(arr: Any, key: Any) -> Any:
    """``P[:, np.newaxis]`` / ``P[None, :]`` of a 1-D array of known numbers: numpy's basic
    indexing by shape (torch's rules are numpy's here), values dropped."""
    from driftcheck.parsers.source.library.torchlib import index_shape

    return Tensor(index_shape((len(arr.items),), key))


def matmul_shape(a: Any, b: Any) -> Any:
    """``a @ b`` (numpy and torch alike): 1-D operands are promoted and the added dim
    removed; batch dims broadcast; inner dims must agree (else numpy raises: unknown).
    None when a shape is not known."""
    from driftcheck.parsers.source.library.torchlib import broadcast

    sa, sb = shape_of(a), shape_of(b)
    if sa is None or sb is None or not sa or not sb:
        return None
    xa = (1, *sa) if len(sa) == 1 else sa
    xb = (*sb, 1) if len(sb) == 1 else sb
    if xa[-1] != xb[-2]:
        return Unknown("matmul of shapes that do not agree")
    batch = broadcast(xa[:-2], xb[:-2])
    if isinstance(batch, Unknown):
        return batch
    out = (*batch, *((xa[-2],) if len(sa) > 1 else ()), *((xb[-1],) if len(sb) > 1 else ()))
    return Tensor(out)


def number_with_array(op: Any, a: Any, b: Any) -> Any:
    """A number of unknown value and an array (a Tensor, a 1-D ``NDArray``) under ``+ - * /
    ** // %``: the array's shape (a scalar broadcasts); ``@`` of a scalar raises in numpy and
    torch: unknown. None when the other side is not an array (the caller's rule applies)."""
    import ast

    other = b if isinstance(a, UnknownNumber) else a
    if isinstance(other, Unknown):
        return None
    s = shape_of(other)
    if s is None or not (isinstance(plain(other), Tensor) or s):
        if isinstance(plain(other), Tensor):
            return Tensor(Unknown("elementwise"))
        return None
    if isinstance(op, ast.MatMult):
        return Tensor(Unknown("matmul of a number"))
    return Tensor(s)


def chunk_pieces(t: Tensor, a: list, k: dict) -> Any:
    """``t.chunk(n, dim)``: pieces of ceil(size / n) along dim, the last one shorter, and
    fewer than n pieces where torch gives fewer (``torch.arange(5).chunk(4)``: 3 pieces)."""
    s = shape_of(t)
    n = plain(a[0]) if a else plain(k.get("chunks"))
    dim = plain(a[1]) if len(a) > 1 else plain(k.get("dim", 0))
    if s is None or type(n) is not int or n < 1 or type(dim) is not int or not s:
        return Unknown("chunk of a tensor we cannot follow")
    if not -len(s) <= dim < len(s):
        return Unknown("chunk dim out of range")
    d = dim % len(s)
    total = s[d]
    size = -(-total // n) if total else 0
    if size == 0:
        return [Tensor(s) for _ in range(n)]  # an empty dim: n empty pieces
    return [Tensor((*s[:d], min(size, total - i), *s[d + 1 :])) for i in range(0, total, size)]


def tensor_extra(t: Tensor, name: str) -> Any:
    """Attributes of an array/tensor held by shape that keep or flatten it: ``.conj()``,
    ``.real`` / ``.imag`` (attributes), ``.ravel()``, ``.type(dtype)``; None for the rest."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    shp = t.shape
    if name in ("real", "imag"):
        return Tensor(shp)
    if name in ("conj", "conjugate", "resolve_conj", "type"):
        return BuiltinMethod(lambda a, k: Tensor(shp))
    if name in ("softmax", "log_softmax"):  # ``sim.softmax(dim=-1, dtype=torch.float32)``
        return BuiltinMethod(lambda a, k: Tensor(shp))
    if name == "chunk":  # ``x.chunk(2, dim=-1)`` (x-clip's GEGLU and qkv split)
        return BuiltinMethod(lambda a, k: chunk_pieces(t, a, k))
    if name == "ravel":
        s = shape_of(t)
        n = 1
        for d in s or ():
            n *= d
        return BuiltinMethod(lambda a, k: Tensor((n,) if s is not None else Unknown("ravel")))
    return None


def np_shaped(c: Any) -> Any:
    """Hook for the entries ``library/arrays.py`` declares on numbers (``sqrt``, ``log``,
    ``exp``): one argument held by shape (a Tensor) gives a Tensor of its shape (a Tensor of
    unknown shape: an unknown); None otherwise (the numbers' rules apply)."""
    if len(c.args) == 1 and not c.kwargs and isinstance(plain(c.args[0]), Tensor):
        s = shape_of(c.args[0])
        return Tensor(s) if s is not None else c.unknown(f"{c.qual}() of an array of unknown shape")
    return None


@NPS.entry(
    "diagonal",
    doc="diagonal(a[, offset]) of a 2-D array of known shape: the diagonal's length",
)
def _diagonal(c: Any) -> Any:
    from driftcheck.parsers.source.library.torchfns import diag_shape

    s = shape_of(c.args[0]) if c.args else None
    off = c.plain(1, "offset", 0)
    if s is None or len(s) != 2 or set(c.kwargs) - {"offset"}:
        return c.unknown("diagonal() of an array we cannot follow")
    return Tensor(diag_shape(s, off))


@NPS.entry(
    "mean",
    "average",
    doc="mean(a) of an array held by shape (no axis): one number, value unknown; of a known "
    "number or a flat sequence of known numbers (no axis): numpy's float64",
)
def _mean(c: Any) -> Any:
    if c.qual == "numpy.mean" and len(c.args) == 1 and not isinstance(plain(c.args[0]), Tensor):
        from driftcheck.parsers.source.library.arrays import np_mean

        return np_mean(c)  # ``np.mean(path.coefficients**2)`` of a known number (arrays.py)
    s = shape_of(c.args[0]) if len(c.args) == 1 else None
    if s is None or c.kwargs or not isinstance(plain(c.args[0]), Tensor):
        return c.unknown("mean() of values we cannot follow")
    return UnknownNumber(f"{c.qual}() of an array held by shape at {c.where}")


def _square(c: Any) -> tuple | None:
    s = shape_of(c.args[0]) if c.args else None
    if s is None or len(s) < 2 or s[-1] != s[-2]:
        return None
    return s


def _la_eig(vectors: bool) -> Any:
    def impl(c: Any) -> Any:
        s = _square(c)
        if s is None or len(c.args) != 1 or set(c.kwargs) - {"UPLO"}:
            return c.unknown(f"{c.qual}() of a matrix we cannot follow")
        w = Tensor(s[:-1])
        return (w, Tensor(s)) if vectors else w

    return impl


NPLA.add("eig", _la_eig(True), "eig(a) of (..., n, n): eigenvalues (..., n), vectors (..., n, n)")
NPLA.add("eigh", _la_eig(True), "eigh(a) of (..., n, n): eigenvalues (..., n), vectors (..., n, n)")
NPLA.add("eigvals", _la_eig(False), "eigvals(a) of (..., n, n): (..., n)")
NPLA.add("eigvalsh", _la_eig(False), "eigvalsh(a) of (..., n, n): (..., n)")


@NPLA.entry(
    "inv", "pinv", doc="inv(a) of (..., n, n): the same shape; pinv(a) of (..., m, n): (..., n, m)"
)
def _la_inv(c: Any) -> Any:
    s = shape_of(c.args[0]) if len(c.args) == 1 and not c.kwargs else None
    if s is None or len(s) < 2:
        return c.unknown(f"{c.qual}() of a matrix we cannot follow")
    if c.qual.endswith(".pinv"):
        return Tensor((*s[:-2], s[-1], s[-2]))
    if s[-1] != s[-2]:
        return c.unknown("inv() of a matrix that is not square")  # numpy raises
    return Tensor(s)


@NPLA.entry(
    "svd",
    doc="svd(a[, full_matrices, compute_uv]) of (..., m, n): U, S (..., k), Vh; k = min(m, n)",
)
def _la_svd(c: Any) -> Any:
    s = shape_of(c.args[0]) if 1 <= len(c.args) <= 3 else None
    full = c.plain(1, "full_matrices", True)
    uv = c.plain(2, "compute_uv", True)
    if (
        s is None
        or len(s) < 2
        or set(c.kwargs) - {"full_matrices", "compute_uv"}
        or not isinstance(full, bool)
        or not isinstance(uv, bool)
    ):
        return c.unknown("svd() of a matrix we cannot follow")
    *b, m, n = s
    k = min(m, n)
    sv = Tensor((*b, k))
    if not uv:
        return sv
    if full:
        return (Tensor((*b, m, m)), sv, Tensor((*b, n, n)))
    return (Tensor((*b, m, k)), sv, Tensor((*b, k, n)))


@NPLA.entry("qr", doc="qr(a[, mode='reduced'|'complete'|'r']) of (..., m, n): Q and R by shape")
def _la_qr(c: Any) -> Any:
    s = shape_of(c.args[0]) if 1 <= len(c.args) <= 2 else None
    mode = c.plain(1, "mode", "reduced")
    if s is None or len(s) < 2 or set(c.kwargs) - {"mode"}:
        return c.unknown("qr() of a matrix we cannot follow")
    *b, m, n = s
    k = min(m, n)
    if mode == "reduced":
        return (Tensor((*b, m, k)), Tensor((*b, k, n)))
    if mode == "complete":
        return (Tensor((*b, m, m)), Tensor((*b, m, n)))
    if mode == "r":
        return Tensor((*b, k, n))
    return c.unknown(f"qr() mode {mode!r}")


@NPLA.entry("solve", doc="solve(a, b) of a (n, n) and b (n,) or (n, k): b's shape")
def _la_solve(c: Any) -> Any:
    sa = shape_of(c.args[0]) if len(c.args) == 2 and not c.kwargs else None
    sb = shape_of(c.args[1]) if sa is not None else None
    if sa is None or sb is None or len(sa) != 2 or sa[0] != sa[1] or len(sb) not in (1, 2):
        return c.unknown("solve() of matrices we cannot follow")
    if sb[0] != sa[0]:
        return c.unknown("solve() of shapes that do not agree")  # numpy raises
    return Tensor(sb)


@NPLA.entry("cholesky", doc="cholesky(a) of (..., n, n): the same shape")
def _la_cholesky(c: Any) -> Any:
    s = _square(c)
    if s is None or len(c.args) != 1 or c.kwargs:
        return c.unknown("cholesky() of a matrix we cannot follow")
    return Tensor(s)


def _same_values(fn: Any, name: str) -> Any:
    def impl(c: Any) -> Any:
        """``np.copy(a)`` / ``np.abs(a)``: an array held by shape keeps its shape (values
        unknown); a 1-D array of known numbers or a number maps each value."""
        from driftcheck.parsers.source.library.arrays import NDArray

        if len(c.args) != 1 or c.kwargs:
            return c.unknown(f"{c.qual}() with options")
        x = plain(c.args[0])
        if isinstance(x, Tensor):
            s = shape_of(x)
            return Tensor(s) if s is not None else c.unknown(f"{c.qual}() of an unknown shape")
        if isinstance(x, NDArray):
            return NDArray([fn(v) for v in x.items])
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            return fn(x)
        return c.unknown(f"{c.qual}() of a value we cannot follow")

    impl.__doc__ = f"{name}(a): an array's shape kept (values unknown); known numbers mapped"
    return impl


NPS.add("copy", _same_values(lambda v: v, "copy"), "copy(a): a of the same shape and values")
for _n in ("abs", "absolute"):
    NPS.add(_n, _same_values(abs, _n), f"{_n}(a): the same shape; known numbers made positive")


@NPS.entry("clip", doc="clip(a, lo, hi) of known numbers (or a 1-D array of them)")
def _clip(c: Any) -> Any:
    from driftcheck.parsers.source.library.arrays import NDArray

    if len(c.args) != 3 or c.kwargs:
        return c.unknown("clip() with options")
    x, lo, hi = (plain(a) for a in c.args)
    nums = (int, float)
    if not all(isinstance(b, nums) and not isinstance(b, bool) for b in (lo, hi)):
        return c.unknown("clip() of unknown bounds")
    if isinstance(x, Tensor):
        s = shape_of(x)
        return Tensor(s) if s is not None else c.unknown("clip() of an unknown shape")
    if isinstance(x, NDArray) and all(isinstance(v, nums) for v in x.items):
        return NDArray([min(max(v, lo), hi) for v in x.items])
    if isinstance(x, nums) and not isinstance(x, bool):
        return min(max(x, lo), hi)
    return c.unknown("clip() of a value we cannot follow")
