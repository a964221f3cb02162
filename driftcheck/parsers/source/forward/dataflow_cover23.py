"""Forward crashes on real sizes for ops real model code calls that had no refusing rule
(``benchmarks/crash/op_coverage.py --missing``, session 23). Each condition is torch's own:

- ``dim`` arguments and broadcasting pairs from the table ``cover_table``, measured in torch
  by ``tools/gen_cover_table.py`` (``F.softmin(x, 3)`` on a 3-D input, ``torch.fft.rfft(x,
  dim=2)`` on a 2-D one, ``torch.dist(a, b)`` / ``F.kl_div(p, q)`` of shapes that do not
  broadcast); only the values the probe refused at every size and spelling are judged;
- ``torch.hstack`` / ``vstack`` / ``row_stack`` / ``dstack`` / ``column_stack``: torch's
  ``atleast_{1,2,3}d`` (or column reshaping) then ``cat``'s size rule, with the result shape;
- ``F.conv_transpose{1,2,3}d``: weight rank, input rank, input channels against the weight's
  first size, groups, bias length, ``output_padding`` below stride or dilation, a positive
  output size, with the result shape;
- ``F.fold``: input rank, channels divisible by the kernel's size, the number of blocks the
  output size gives, with the result shape.

``tests/test_crash23_cover.py`` runs each rule against torch on drawn shapes. Unknown shapes or
arguments give no verdict (None: the caller goes on).
"""

from __future__ import annotations

import math
from typing import Any

from driftcheck.parsers.source.forward.cover_table import (
    BROADCAST,
    BROADCAST_KW,
    DIM_ERROR,
    DIM_POS,
    DIM_REFUSED,
)
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

# tuples, not frozensets: ``op_coverage.py`` reads literal collections as dispatch names
_STACKS = ("hstack", "vstack", "row_stack", "dstack", "column_stack")
_CONV_T = ("conv_transpose1d", "conv_transpose2d", "conv_transpose3d")


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _lit_dim(name: str, args: list, kwargs: dict) -> Any:
    """The ``dim`` a call gives as a literal int (keyword, or at the probed position), else
    None."""
    d = kwargs.get("dim")
    pos = DIM_POS.get(name)
    if d is None and pos is not None and len(args) > pos:
        d = args[pos]
    return d if _int(d) else None


def broadcasts(a: tuple, b: tuple) -> bool:
    """Torch's broadcasting rule: right-aligned sizes equal or one of them 1."""
    return all(x == y or 1 in (x, y) for x, y in zip(reversed(a), reversed(b), strict=False))


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``torch.<name>(t, ...)`` / ``t.<name>(...)``: ``Tens(None)`` after a crash the table
    makes certain, else None."""
    if f.input_shape is None:
        return None
    if name in DIM_REFUSED:
        d, ts = _lit_dim(name, args, kwargs), known_shape(t)
        if d is not None and ts is not None and d in DIM_REFUSED[name].get(len(ts), ()):
            f.crash(loc, f"{name}(dim={d}) of a {len(ts)}-D tensor {list(ts)}: {DIM_ERROR[name]}")
            return Tens(None)
    if name in BROADCAST:
        other = args[0] if args else kwargs.get(BROADCAST_KW[name])
        a, b = known_shape(t), known_shape(other)
        if a is not None and b is not None and not broadcasts(a, b):
            f.crash(
                loc,
                f"{name}: the size of tensor a {list(a)} must match the size of tensor b "
                f"{list(b)} at a non-singleton dimension (torch: {BROADCAST[name]})",
            )
            return Tens(None)
    return None


def torch_fn(run: Any, q: str, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``torch.hstack`` & co., ``F.conv_transpose{n}d``, ``F.fold``: the result (a shaped
    ``Tens``, or ``Tens(None)`` after a crash) when the rule decides, else None."""
    f = run.f
    if f.input_shape is None:
        return None
    if name in _STACKS:
        seq = args[0] if args else kwargs.get("tensors")
        if not isinstance(seq, (list, tuple)) or not seq:
            return None
        shapes = [known_shape(s) for s in seq]
        if any(s is None for s in shapes):
            return None
        got = stack_shape(name, shapes)  # type: ignore[arg-type]
        return _verdict(f, loc, name, got)
    if name in _CONV_T:
        if not q.startswith("torch.nn.functional."):
            return None
        return _verdict(f, loc, name, conv_transpose(name, args, kwargs))
    if name == "broadcast_tensors":
        shapes = [known_shape(a) for a in args]
        if len(args) < 2 or kwargs or any(sh is None for sh in shapes):
            return None
        got = broadcast_all(shapes)  # type: ignore[arg-type]
        return _verdict(f, loc, name, got) if isinstance(got, str) else None
    if name == "solve_triangular":
        return _verdict(f, loc, name, solve_triangular(args, kwargs))
    if name == "fold" and q.endswith("functional.fold"):
        return _verdict(f, loc, name, fold(args, kwargs))
    return None


def _verdict(f: Any, loc: Any, name: str, got: Any) -> Any:
    """A rule's answer as the pass's value: a shape -> ``Tens(None, shape)``, an error text ->
    a crash, None -> no verdict."""
    if got is None:
        return None
    if isinstance(got, str):
        f.crash(loc, f"{name}: {got}")
        return Tens(None)
    return Tens(None, tuple(got))


def broadcast_all(shapes: list[tuple]) -> tuple | str:
    """The common shape of ``shapes`` under torch's broadcasting, or torch's error."""
    out: tuple = ()
    for s in shapes:
        if not broadcasts(out, s):
            return (
                f"shape mismatch: objects cannot be broadcast to a single shape ({list(out)} "
                f"and {list(s)})"
            )
        n = max(len(out), len(s))
        a, b = (1,) * (n - len(out)) + out, (1,) * (n - len(s)) + s
        out = tuple(x if y == 1 else y for x, y in zip(a, b, strict=True))
    return out


def solve_triangular(args: list, kwargs: dict) -> tuple | str | None:
    """``torch.linalg.solve_triangular(A, B, *, upper, left=True, unitriangular=False)``: the
    result shape, torch's error text, or None."""
    if len(args) != 2 or not set(kwargs) <= {"upper", "left", "unitriangular"}:
        return None
    left = kwargs.get("left", True)
    if not isinstance(left, bool) or "upper" not in kwargs:
        return None
    a, b = known_shape(args[0]), known_shape(args[1])
    if a is None or b is None:
        return None
    if len(a) < 2 or len(b) < 2:
        return (
            f"torch.linalg.solve_triangular: The input tensor {'A' if len(a) < 2 else 'B'} "
            "must have at least 2 dimensions."
        )
    if a[-1] != a[-2]:
        return f"torch.linalg.solve_triangular: A must be batches of square matrices, but they are {a[-2]} by {a[-1]} matrices"
    if (b[-2] if left else b[-1]) != a[-1]:
        return (
            f"torch.linalg.solve_triangular: Incompatible shapes of A and B for the equation "
            f"{'AX = B' if left else 'XA = B'} ({a[-2]}x{a[-1]} and {b[-2]}x{b[-1]})"
        )
    batch = broadcast_all([a[:-2], b[:-2]])
    if isinstance(batch, str):
        return batch
    return (*batch, *b[-2:])


# ---------------------------------------------------------------------- stacks
def _cat(shapes: list[tuple], d: int) -> tuple | str | None:
    """``torch.cat(shapes, d)``'s result shape or error; None when a 1-D empty tensor (torch's
    legacy skip) is among them."""
    if any(s == (0,) for s in shapes):
        return None
    r = len(shapes[0])
    for s in shapes[1:]:
        if len(s) != r:
            return f"Tensors must have same number of dimensions: got {r} and {len(s)}"
    out = list(shapes[0])
    for s in shapes[1:]:
        for i in range(r):
            if i != d and s[i] != out[i]:
                return (
                    f"Sizes of tensors must match except in dimension {d}. Expected size "
                    f"{out[i]} but got size {s[i]} for tensor in the list (dimension {i})"
                )
        out[d] += s[d]
    return tuple(out)


def stack_shape(name: str, shapes: list[tuple]) -> tuple | str | None:
    """The result shape (or torch's error) of ``torch.<name>`` over tensors of ``shapes``."""
    if name == "hstack":
        ts = [s if s else (1,) for s in shapes]
        return _cat(ts, 0 if len(ts[0]) == 1 else 1)
    if name in ("vstack", "row_stack"):
        ts = [s if len(s) >= 2 else ((1, 1) if not s else (1, s[0])) for s in shapes]
        return _cat(ts, 0)
    if name == "dstack":
        ts = []
        for s in shapes:
            if len(s) >= 3:
                ts.append(s)
            elif len(s) == 2:
                ts.append((*s, 1))
            else:
                ts.append((1, s[0] if s else 1, 1))
        return _cat(ts, 2)
    # column_stack: tensors of rank <= 1 become columns (numel, 1), then hstack
    ts = [s if len(s) >= 2 else (math.prod(s), 1) for s in shapes]
    return _cat(ts, 1)


# ---------------------------------------------------------------------- conv_transpose
def _tuple(v: Any, n: int) -> tuple[int, ...] | None:
    """An int or a tuple/list of ``n`` ints as a tuple of ``n`` ints, else None."""
    if _int(v):
        return (v,) * n
    if isinstance(v, (list, tuple)) and len(v) == n and all(_int(x) for x in v):
        return tuple(v)
    return None


def _args(args: list, kwargs: dict, names: tuple[str, ...], dflt: dict) -> dict | None:
    vals = {}
    for i, n in enumerate(names):
        v = args[i] if len(args) > i else kwargs.get(n, dflt.get(n))
        vals[n] = v
    return vals


def conv_transpose(name: str, args: list, kwargs: dict) -> tuple | str | None:
    """``F.conv_transpose{n}d(input, weight, bias, stride, padding, output_padding, groups,
    dilation)``: the result shape, torch's error text, or None (something not known)."""
    nd = int(name[-2])
    names = ("input", "weight", "bias", "stride", "padding", "output_padding", "groups",
             "dilation")  # fmt: skip
    dflt = {"stride": 1, "padding": 0, "output_padding": 0, "groups": 1, "dilation": 1}
    v = _args(args, kwargs, names, dflt)
    if v is None or len(args) > len(names) or not set(kwargs) <= set(names):
        return None
    xs, ws = known_shape(v["input"]), known_shape(v["weight"])
    if xs is None or ws is None:
        return None
    g = v["groups"]
    st, pd, op, dl = (_tuple(v[n], nd) for n in ("stride", "padding", "output_padding", "dilation"))
    if not _int(g) or g < 1 or None in (st, pd, op, dl):
        return None
    if any(s < 1 for s in st) or any(d < 1 for d in dl) or any(p < 0 for p in pd + op):  # type: ignore[operator]
        return None
    if len(ws) != nd + 2:
        return None  # torch's message varies by rank; measured crash, but left to no verdict
    if len(xs) not in (nd + 1, nd + 2):
        return f"expected {nd + 1}-D or {nd + 2}-D input, got input of size {list(xs)}"
    c_in = xs[1] if len(xs) == nd + 2 else xs[0]
    if ws[0] % g:
        return None
    if c_in != ws[0]:
        return (
            f"Given transposed=1, weight of size {list(ws)}, expected input {list(xs)} to have "
            f"{ws[0]} channels, but got {c_in} channels instead"
        )
    bias = v["bias"]
    if bias is not None:
        bs = known_shape(bias)
        if bs is None:
            return None
        if bs != (ws[1] * g,):
            return (
                f"Given transposed=1, weight of size {list(ws)}, expected bias to be 1-dimensional "
                f"with {ws[1] * g} elements, but got bias of size {list(bs)} instead"
            )
    for i in range(nd):
        if op[i] >= st[i] and op[i] >= dl[i]:  # type: ignore[index]
            return "output padding must be smaller than either stride or dilation"
    sizes = []
    for i in range(nd):
        n = (xs[-nd + i] - 1) * st[i] - 2 * pd[i] + dl[i] * (ws[2 + i] - 1) + op[i] + 1  # type: ignore[index]
        if n < 1:
            return None  # torch's check and message for empty outputs vary: no verdict
        sizes.append(n)
    lead = (xs[0], ws[1] * g) if len(xs) == nd + 2 else (ws[1] * g,)
    return (*lead, *sizes)


# ---------------------------------------------------------------------- fold
def fold(args: list, kwargs: dict) -> tuple | str | None:
    """``F.fold(input, output_size, kernel_size, dilation, padding, stride)``: the result
    shape, torch's error text, or None."""
    names = ("input", "output_size", "kernel_size", "dilation", "padding", "stride")
    v = _args(args, kwargs, names, {"dilation": 1, "padding": 0, "stride": 1})
    if v is None or len(args) > len(names) or not set(kwargs) <= set(names):
        return None
    xs = known_shape(v["input"])
    out, k, dl, pd, st = (_tuple(v[n], 2) for n in names[1:])
    if xs is None or None in (out, k, dl, pd, st):
        return None
    if any(x < 1 for x in (*k, *dl, *st)) or any(p < 0 for p in pd) or any(o < 1 for o in out):  # type: ignore[union-attr]
        return None
    if len(xs) not in (2, 3):
        return f"Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for input, but got: {list(xs)}"
    ck, L = xs[-2], xs[-1]
    kk = k[0] * k[1]  # type: ignore[index]
    if ck == 0 or L == 0:
        return None
    if ck % kk:
        return (
            f"Expected size of input's dimension 1 to be divisible by the product of "
            f"kernel_size, but got input.size(1)={ck} and kernel_size={k}"
        )
    blocks = [
        (out[i] + 2 * pd[i] - dl[i] * (k[i] - 1) - 1) // st[i] + 1  # type: ignore[index]
        for i in range(2)
    ]
    if any(b < 1 for b in blocks):
        return None
    if L != blocks[0] * blocks[1]:
        return (
            f"Given output_size={out}, kernel_size={k}, dilation={dl}, padding={pd}, "
            f"stride={st}, expected size of input's dimension 2 to match the calculated number "
            f"of sliding blocks {blocks[0]} * {blocks[1]} = {blocks[0] * blocks[1]}, but got "
            f"input.size(2)={L}."
        )
    c = ck // kk
    return (*((xs[0],) if len(xs) == 3 else ()), c, *out)  # type: ignore[misc]
