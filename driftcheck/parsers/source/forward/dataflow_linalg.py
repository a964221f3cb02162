"""Forward crashes on real sizes (``check --input-shape``), session 19: the rank and axis
conditions of torch's vector / matrix ops and axis permutations. Each is torch's own error
condition on shapes the pass knows for certain; an unknown shape or argument gives no crash:

- ``torch.dot`` / ``vdot(a, b)``: two 1-D tensors of the same length (result 0-D);
- ``torch.mv(m, v)``: a 2-D matrix and a 1-D vector of its width (result ``(rows,)``);
- ``torch.trace(m)``: a 2-D matrix (result 0-D);
- ``F.pdist(x)``: a 2-D input (result ``(n (n - 1) / 2,)``);
- ``torch.cov`` / ``corrcoef(x)``: at most 2 dimensions (result ``(n, n)``, or 0-D from 1-D);
- ``torch.linalg.matrix_norm`` / ``det`` / ``slogdet`` / ``inv`` / ...: at least 2
  dimensions (and square matrices for the ones that need them);
- ``torch.movedim`` / ``moveaxis(x, src, dst)``: as many source dims as destination dims, no
  dim repeated on either side (after wrapping negatives), each in range;
- ``torch.rot90(x, k, dims)``: exactly two dims, different after wrapping, in range, on an
  input of at least 2 dimensions;
- ``torch.quantile`` / ``nanquantile(x, q)``: each known ``q`` in ``[0, 1]``;
- ``t.cumsum()`` / ``t.transpose(d)`` and other methods called without a required argument
  (torch's TypeError on the missing ``dim``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg, axis
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

_shape = known_shape

# ``torch.linalg`` functions (and the tensor methods of the same name) that need at least 2
# dimensions, and whether the last two must be equal (square matrices)
_MATRIX_FNS: dict[str, bool] = {
    "matrix_norm": False,
    "svdvals": False,
    "pinv": False,
    "det": True,
    "slogdet": True,
    "logdet": True,
    "inv": True,
    "cholesky": True,
    "eigvalsh": True,
    "matrix_exp": True,
}
# tensor methods / torch functions whose required arguments (after the tensor) torch checks
# before anything runs: name -> the names of the required parameters, in order
_REQUIRED: dict[str, tuple[str, ...]] = {
    "cumsum": ("dim",),
    "cumprod": ("dim",),
    "cummax": ("dim",),
    "cummin": ("dim",),
    "logcumsumexp": ("dim",),
    "transpose": ("dim0", "dim1"),
    "swapaxes": ("axis0", "axis1"),
    "swapdims": ("dim0", "dim1"),
    "movedim": ("source", "destination"),
    "moveaxis": ("source", "destination"),
    "narrow": ("dim", "start", "length"),
    "unfold": ("dimension", "size", "step"),
}


def _written(at: Any, name: str) -> bool:
    """``at`` is the call ``<...>.name(...)`` itself, written without ``*args`` / ``**kw``:
    only then is the count of the arguments the pass saw the count torch gets (an unpacked
    sequence of unknown length is one unknown argument to the pass)."""
    return (
        isinstance(at, ast.Call)
        and isinstance(at.func, ast.Attribute)
        and at.func.attr == name
        and not any(isinstance(a, ast.Starred) for a in at.args)
        and all(k.arg is not None for k in at.keywords)
    )


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any, at: Any) -> Any:
    """``t.<name>(*args)`` or ``torch.<name>(t, *args)`` on real sizes: a crashing call gives
    an unknown tensor after the crash, a checked one its result where it is certain, anything
    else None (the caller goes on). ``at`` is the call's node."""
    need = _REQUIRED.get(name)
    # a keyword the table does not name may be torch's numpy alias (``cumsum(axis=1)``
    # gives ``dim``): then nothing is judged
    if need is not None and _written(at, name) and all(k in need for k in kwargs):
        given = len(args) + sum(1 for n in need if n in kwargs)
        if given < len(need):
            missing = [n for n in need[len(args) :] if n not in kwargs]
            f.crash(
                loc,
                f"{name}() missing required argument(s) {', '.join(repr(n) for n in missing)}",
            )
            return Tens(None)
    if name in ("quantile", "nanquantile"):
        q = arg(args, kwargs, 0, "q")
        qs = q if isinstance(q, (list, tuple)) else [q]
        bad = next((v for v in qs if _number(v) and not 0 <= v <= 1), None)
        if bad is not None and all(_number(v) for v in qs):
            f.crash(loc, f"{name}() q values must be in the range [0, 1], but got {bad}")
            return Tens(None)
        return None
    ts = _shape(t)
    if ts is None:
        return None
    if name in ("dot", "vdot"):
        return _dot(f, ts, name, _shape(arg(args, kwargs, 0, "tensor")), loc)
    if name == "mv":
        return _mv(f, ts, _shape(arg(args, kwargs, 0, "vec")), loc)
    if name == "trace":
        if len(ts) != 2:
            f.crash(loc, f"trace: expected a matrix, but got tensor with dim {len(ts)}")
            return Tens(None)
        return Tens(None, ())
    if name == "pdist":
        if len(ts) != 2:
            f.crash(loc, f"pdist only supports 2D tensors, got: {len(ts)}D")
            return Tens(None)
        return Tens(None, (ts[0] * (ts[0] - 1) // 2,))
    if name in ("cov", "corrcoef"):
        if len(ts) > 2:
            f.crash(
                loc,
                f"{name}(): expected input to have two or fewer dimensions but got an input "
                f"with {len(ts)} dimensions",
            )
            return Tens(None)
        return Tens(None, (ts[0], ts[0]) if len(ts) == 2 else ())
    if name in _MATRIX_FNS:
        if len(ts) < 2:
            f.crash(
                loc,
                f"linalg.{name}: The input tensor A must have at least 2 dimensions.",
            )
            return Tens(None)
        if _MATRIX_FNS[name] and ts[-1] != ts[-2]:
            f.crash(
                loc,
                f"linalg.{name}: A must be batches of square matrices, but they are "
                f"{ts[-2]} by {ts[-1]} matrices",
            )
            return Tens(None)
        return None
    if name in ("movedim", "moveaxis"):
        src, dst = arg(args, kwargs, 0, "source"), arg(args, kwargs, 1, "destination")
        return Tens(None) if _movedim(f, ts, src, dst, loc) else None
    if name == "rot90":
        return Tens(None) if _rot90(f, ts, arg(args, kwargs, 1, "dims", (0, 1)), loc) else None
    return None


def _number(v: Any) -> bool:
    """A Python int or float the pass knows (a bool is not a quantile)."""
    return type(v) in (int, float)


def _dot(f: Any, ts: tuple, name: str, os_: tuple | None, loc: Any) -> Any:
    """``torch.dot(a, b)``: both 1-D (checked before the lengths), then equally long."""
    if os_ is None:
        if len(ts) != 1:  # torch checks both ranks in one condition: self's alone fails it
            f.crash(loc, f"1D tensors expected, but got {len(ts)}D and ?D tensors")
            return Tens(None)
        return None
    if len(ts) != 1 or len(os_) != 1:
        f.crash(loc, f"1D tensors expected, but got {len(ts)}D and {len(os_)}D tensors")
        return Tens(None)
    if ts[0] != os_[0]:
        f.crash(
            loc,
            f"inconsistent tensor size, expected tensor [{ts[0]}] and src [{os_[0]}] to have "
            f"the same number of elements, but got {ts[0]} and {os_[0]} elements",
        )
        return Tens(None)
    return Tens(None, ())


def _mv(f: Any, ts: tuple, vs: tuple | None, loc: Any) -> Any:
    """``torch.mv(m, v)``: a matrix and a vector (one condition on both ranks), then the
    vector's length equal to the matrix's width."""
    if len(ts) != 2 or (vs is not None and len(vs) != 1):
        got = "?" if vs is None else len(vs)
        f.crash(loc, f"vector + matrix @ vector expected, got 1, {len(ts)}, {got}")
        return Tens(None)
    if vs is None:
        return None
    if vs[0] != ts[1]:
        f.crash(
            loc,
            f"size mismatch, got input ({ts[0]}), mat ({ts[0]}x{ts[1]}), vec ({vs[0]})",
        )
        return Tens(None)
    return Tens(None, (ts[0],))


def _dims(v: Any) -> list[int] | None:
    """An int or a list/tuple of ints as a list; None when any is not a known int."""
    if is_int(v):
        return [v]
    if isinstance(v, (list, tuple)) and all(is_int(d) for d in v):
        return list(v)
    return None


def _movedim(f: Any, ts: tuple, src: Any, dst: Any, loc: Any) -> bool:
    """torch's movedim checks in its order: equal counts, each dim in range, no repeat."""
    s, d = _dims(src), _dims(dst)
    if s is None or d is None:
        return False
    if len(s) != len(d):
        f.crash(
            loc,
            f"movedim: Invalid source or destination dims: source ({s} dims) should contain "
            f"the same number of dims as destination ({d} dims)",
        )
        return True
    for side, dims in (("source", s), ("destination", d)):
        wrapped = [axis(x, len(ts)) for x in dims]
        bad = next((x for x, w in zip(dims, wrapped) if w is None), None)
        if bad is not None:
            f.crash(
                loc,
                f"Dimension out of range (expected to be in range of [{-len(ts)}, "
                f"{len(ts) - 1}], but got {bad})",
            )
            return True
        if len(set(wrapped)) != len(wrapped):
            f.crash(loc, f"movedim: repeated dim in `{side}` ({dims})")
            return True
    return False


def _rot90(f: Any, ts: tuple, dims: Any, loc: Any) -> bool:
    """torch's rot90 checks in its order: two dims, a >= 2-D input, different dims after
    wrapping, each in range."""
    ds = _dims(dims)
    if ds is None or isinstance(dims, int):
        return False
    if len(ds) != 2:
        f.crash(loc, f"expected total rotation dims == 2, but got dims = {len(ds)}")
        return True
    if len(ts) < 2:
        f.crash(loc, f"expected total dims >= 2, but got total dims = {len(ts)}")
        return True
    a, b = ds
    wa, wb = axis(a, len(ts)), axis(b, len(ts))
    if wa is not None and wa == wb:
        f.crash(loc, f"expected rotation dims to be different, but got dim0 = {a} and dim1 = {b}")
        return True
    if wa is None or wb is None:
        bad = a if wa is None else b
        f.crash(
            loc,
            f"Dimension out of range (expected to be in range of [{-len(ts)}, {len(ts) - 1}], "
            f"but got {bad})",
        )
        return True
    return False
