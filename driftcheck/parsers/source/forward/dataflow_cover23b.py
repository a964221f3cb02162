"""Result shapes of ops whose calls the pass judged but whose result it did not follow
(session 23, crashcover23b): without a shape, a later op of the same forward gets no verdict.

Each rule gives torch's exact result shape of a call that ran, from known sizes and literal
arguments; any other form gives None (the unknown result stands):

- the shape of the input: ``F.softmin`` / ``F.gumbel_softmax`` / ``torch.fft.fftshift`` /
  ``ifftshift``, and element-wise ops of a tensor and a Python number (``torch.remainder(x,
  2.0)``);
- a reduction over ``dim`` (an int, a tuple of ints, or every axis) with ``keepdim``:
  ``nansum`` / ``nanmean``, ``std_mean`` / ``var_mean`` (a pair), ``quantile`` /
  ``nanquantile`` (a float ``q``);
- the broadcast shape of two tensors: ``torch.polar``, the element-wise losses with
  ``reduction='none'`` (a number, shape ``()``, with any other literal reduction), and
  ``torch.dist`` (a number); ``torch.broadcast_tensors`` (one tensor each);
- the n-dimensional FFTs (``fft2`` / ``fftn`` / ``rfftn`` / ``irfftn`` / ``hfft`` / ``ihfft``
  ... with ``s`` and ``dim``), complex or real as torch makes them;
- ``torch.diag_embed(x, offset, dim1, dim2)``.

It also judges two layer calls the catalogue's shape rules cannot see (``leaf_error``): an
``nn.Upsample`` / ``nn.UpsamplingBilinear2d`` whose mode needs another input rank (``linear``
3-D, ``bilinear`` / ``bicubic`` 4-D, ``trilinear`` 5-D), and ``nn.EmbeddingBag`` /
``F.embedding_bag`` of 1-D ids without offsets.

``tests/test_crash23_coverb.py`` runs every rule against torch on drawn shapes and arguments:
a shape given must be torch's. The caller (``dataflow_torch.method``) asks only when its own
result has no shape and the call raised nothing, so no rule of another module is overridden.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.cover_table import BROADCAST, BROADCAST_KW
from driftcheck.parsers.source.forward.dataflow_common import arg, axis, broadcast
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

# tuples, not frozensets: ``op_coverage.py`` reads literal collections as dispatch names
_SAME = ("softmin", "gumbel_softmax", "fftshift", "ifftshift")
_REDUCE = ("nansum", "nanmean")
_PAIR = ("std_mean", "var_mean")
_QUANT = ("quantile", "nanquantile")
_LOSSES = ("kl_div", "huber_loss", "l1_loss", "mse_loss", "smooth_l1_loss",
           "hinge_embedding_loss")  # fmt: skip
_FFTN = ("fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2", "fftn", "ifftn", "rfftn",
         "irfftn", "hfftn", "ihfftn", "hfft", "ihfft")  # fmt: skip
_TO_COMPLEX = ("fft2", "ifft2", "rfft2", "ihfft2", "fftn", "ifftn", "rfftn", "ihfftn", "ihfft")
_HALF_IN = ("rfft2", "rfftn", "ihfft2", "ihfftn", "ihfft")  # last axis n // 2 + 1
_HALF_OUT = ("irfft2", "irfftn", "hfft2", "hfftn", "hfft")  # last axis n, default 2 * (m - 1)
_NUM = (int, float)
# the pair ops torch also runs with a Python number as the second operand (measured)
_SCALAR_OK = ("copysign", "float_power", "floor_divide", "fmod", "remainder", "true_divide",
              "xlogy")  # fmt: skip


def _num(v: Any) -> bool:
    return isinstance(v, _NUM) and not isinstance(v, bool)


def result(f: Any, t: Tens, name: str, args: list, kwargs: dict) -> Any:
    """``torch.<name>(t, *args, **kwargs)`` / ``t.<name>(...)`` that ran: its result (a shaped
    ``Tens`` or a tuple of them), or None when a rule does not know it for certain."""
    from driftcheck.parsers.source.forward import dataflow_checks

    xs = known_shape(t)
    if xs is None:
        return None
    if name in _SAME:
        return Tens(None, xs) if _same_ok(name, len(xs), args, kwargs) else None
    if name in _REDUCE or name in _PAIR:
        got = reduce_shape(xs, arg(args, kwargs, 0, "dim"), arg(args, kwargs, 1, "keepdim", False))
        if name in _PAIR:  # ``torch.std_mean(x, dim, *, correction, keepdim)``
            if args:
                return None  # positional forms differ between the overloads: no verdict
            got = reduce_shape(xs, kwargs.get("dim"), kwargs.get("keepdim", False))
            return None if got is None else (Tens(None, got), Tens(None, got))
        return None if got is None else Tens(None, got)
    if name in _QUANT:
        q = arg(args, kwargs, 0, "q")
        if not _num(q) or len(args) > 3:
            return None
        got = reduce_shape(xs, arg(args, kwargs, 1, "dim"), arg(args, kwargs, 2, "keepdim", False))
        return None if got is None else Tens(None, got)
    if name in BROADCAST and name not in _LOSSES:
        other = args[0] if args else kwargs.get(BROADCAST_KW[name])
        if _num(other) and name in _SCALAR_OK and len(args) <= 1:
            return Tens(None, xs)
        os_ = known_shape(other)
        if os_ is None or len(args) > 1:
            return None
        if name == "polar":
            out = broadcast(xs, os_)
            return (
                None if out is None else dataflow_checks.mark(f, Tens(None, out), dtype="complex")
            )
        if name == "dist":
            return Tens(None, ()) if broadcast(xs, os_) is not None else None
        return None
    if name in _LOSSES:
        target = args[0] if args else kwargs.get("target")
        ts = known_shape(target)
        if (
            ts is None
            or len(args) > 1
            or not set(kwargs) <= {"target", "reduction", "delta", "beta", "margin", "log_target"}
        ):
            return None
        red = kwargs.get("reduction", "mean")
        out = broadcast(xs, ts)
        if out is None:
            return None
        if red == "none":
            return Tens(None, out)
        ok = ("mean", "sum", "batchmean") if name == "kl_div" else ("mean", "sum")
        return Tens(None, ()) if red in ok else None
    if name in _FFTN:
        got = fftn_shape(name, xs, args, kwargs)
        if got is None:
            return None
        if name in _TO_COMPLEX:
            return dataflow_checks.mark(f, Tens(None, got), dtype="complex")
        return dataflow_checks.mark(f, Tens(None, got), real=True)
    if name == "diag_embed":
        return _diag_embed(xs, args, kwargs)
    return None


def _same_ok(name: str, r: int, args: list, kwargs: dict) -> bool:
    """The ``dim`` of a shape-keeping call is one torch takes (a 0-D tensor takes 0 and -1
    for the softmaxes, nothing for the FFT shifts)."""
    if name == "softmin":
        d = arg(args, kwargs, 0, "dim")
        return len(args) <= 1 and (d is None or axis(d, max(r, 1)) is not None)
    if name == "gumbel_softmax":
        return not args and axis(kwargs.get("dim", -1), max(r, 1)) is not None
    d = arg(args, kwargs, 0, "dim")
    if d is None:
        return len(args) <= 1
    ds = d if isinstance(d, (tuple, list)) else (d,)
    return len(args) <= 1 and all(axis(v, r) is not None for v in ds)


def broadcast_tensors(args: list, kwargs: dict) -> tuple | None:
    """``torch.broadcast_tensors(a, b, ...)`` of known shapes that broadcast: one tensor of the
    common shape each."""
    shapes = [known_shape(a) for a in args]
    if kwargs or len(args) < 2 or any(s is None for s in shapes):
        return None
    out: tuple | None = ()
    for s in shapes:
        out = broadcast(out, s) if out is not None else None  # type: ignore[arg-type]
    return None if out is None else tuple(Tens(None, out) for _ in args)


def reduce_shape(xs: tuple, dim: Any, keepdim: Any) -> tuple | None:
    """The shape left by reducing ``xs`` over ``dim`` (None / an int / a tuple or list of
    ints; every axis when None or empty) with ``keepdim``; None for any other form."""
    if not isinstance(keepdim, bool):
        return None
    r = len(xs)
    if dim is None or (isinstance(dim, (tuple, list)) and not dim):
        axes = set(range(r))
    else:
        ds = dim if isinstance(dim, (tuple, list)) else (dim,)
        n = max(r, 1)  # a 0-D tensor takes dim 0 and -1
        got = [axis(d, n) for d in ds]
        if any(a is None for a in got) or len(set(got)) != len(got):
            return None
        axes = {a for a in got if a is not None and a < r}
    if keepdim:
        return tuple(1 if i in axes else s for i, s in enumerate(xs))
    return tuple(s for i, s in enumerate(xs) if i not in axes)


def fftn_shape(name: str, xs: tuple, args: list, kwargs: dict) -> tuple | None:
    """``torch.fft.<name>(x, s|n, dim, norm)``'s result shape, or None. ``s`` sets the sizes of
    the transformed axes (the last ``len(s)`` when ``dim`` is not given); the one-sided
    transforms halve (``r*`` / ``ihfft*``) or restore (``irfft*`` / ``hfft*``) the last one."""
    one = name in ("hfft", "ihfft")
    two = name.endswith("2")
    s = arg(args, kwargs, 0, "n" if one else "s")
    dim = arg(args, kwargs, 1, "dim", -1 if one else ((-2, -1) if two else None))
    if len(args) > 3 or kwargs.keys() - {"n", "s", "dim", "norm"}:
        return None
    norm = arg(args, kwargs, 2, "norm")
    if norm not in (None, "forward", "backward", "ortho"):
        return None
    r = len(xs)
    if r == 0:
        return None
    if one:
        if s is not None and not is_int(s):
            return None
        s = None if s is None else (s,)
        dim = (dim,)
    if s is not None and not (isinstance(s, (tuple, list)) and all(is_int(v) for v in s)):
        return None
    if dim is None:
        dims = list(range(r - len(s), r)) if s is not None else list(range(r))
    elif isinstance(dim, (tuple, list)) or is_int(dim):
        ds = dim if isinstance(dim, (tuple, list)) else (dim,)
        got = [axis(d, r) for d in ds]
        if any(a is None for a in got) or len(set(got)) != len(got):
            return None
        dims = [a for a in got if a is not None]
    else:
        return None
    if not dims or any(d < 0 for d in dims) or (s is not None and len(s) != len(dims)):
        return None
    sizes = list(s) if s is not None else [xs[d] for d in dims]
    if s is not None and any(v == -1 for v in s):
        return None  # ``-1``: no change, taken as no verdict
    out = list(xs)
    for d, n in zip(dims, sizes, strict=True):
        out[d] = n
    last = dims[-1]
    if name in _HALF_IN:
        out[last] = sizes[-1] // 2 + 1
    elif name in _HALF_OUT and s is None:
        out[last] = 2 * (xs[last] - 1)
    if any(v < 1 for v in out) or any(v < 1 for v in sizes):
        return None
    return tuple(out)


def _diag_embed(xs: tuple, args: list, kwargs: dict) -> Tens | None:
    """``torch.diag_embed(x, offset=0, dim1=-2, dim2=-1)``: the last axis (size ``m``)
    becomes two axes of ``m + |offset|`` at ``dim1`` and ``dim2`` of the result."""
    off, d1, d2 = (arg(args, kwargs, i, n, v) for i, (n, v) in
                   enumerate((("offset", 0), ("dim1", -2), ("dim2", -1))))  # fmt: skip
    if not xs or not all(is_int(v) for v in (off, d1, d2)) or len(args) > 3:
        return None
    r = len(xs) + 1
    a1, a2 = axis(d1, r), axis(d2, r)
    if a1 is None or a2 is None or a1 == a2:
        return None
    n = xs[-1] + abs(off)
    rest = iter(xs[:-1])
    return Tens(None, tuple(n if i in (a1, a2) else next(rest) for i in range(r)))


# ---------------------------------------------------------------------- torch's layers
# ``nn.Upsample(mode=...)`` runs ``F.interpolate``: the input ranks each mode takes (torch 2.13)
_UP_RANKS = {"nearest": (3, 4, 5), "nearest-exact": (3, 4, 5), "area": (3, 4, 5),
             "linear": (3,), "bilinear": (4,), "bicubic": (4,), "trilinear": (5,)}  # fmt: skip


def leaf_error(obj: Any, args: list, kwargs: dict) -> str | None:
    """torch's error for calling torch's layer ``obj`` (a catalogue ``Leaf``) on these
    arguments, where the catalogue's shape rule cannot see it: an ``nn.Upsample`` whose mode
    needs another input rank, ``nn.EmbeddingBag`` of 1-D ids without offsets."""
    torch_cls = obj.torch if isinstance(obj.torch, str) else ""
    if not torch_cls.startswith("torch.nn.") or torch_cls.rpartition(".")[2] != obj.type:
        return None  # torch's own class only (a user's ``Upsample`` may take other inputs)
    x = args[0] if args else kwargs.get("input")
    xs = known_shape(x)
    if xs is None:
        return None
    if obj.type in ("Upsample", "UpsamplingBilinear2d"):
        mode = "bilinear" if obj.type == "UpsamplingBilinear2d" else obj.params.get("mode")
        ranks = _UP_RANKS.get(mode) if isinstance(mode, str) else None
        if ranks is not None and len(xs) not in ranks:
            return (
                f"{obj.type}: got {len(xs)}D input, but {mode} mode needs "
                f"{' or '.join(f'{r}D' for r in ranks)} input"
            )
    if obj.type == "EmbeddingBag":
        offsets = args[1] if len(args) > 1 else kwargs.get("offsets")
        if len(xs) == 1 and offsets is None and ("offsets" in kwargs or len(args) <= 2):
            return "EmbeddingBag: offsets has to be a 1D Tensor but got None (1-D input)"
    return None


def embedding_bag_error(args: list, kwargs: dict) -> str | None:
    """``F.embedding_bag(input, weight, offsets=None, ...)`` of 1-D ids without offsets."""
    xs = known_shape(arg(args, kwargs, 0, "input"))
    if xs is None or len(xs) != 1 or arg(args, kwargs, 1, "weight") is None:
        return None
    if arg(args, kwargs, 2, "offsets") is None:
        return "embedding_bag: offsets has to be a 1D Tensor but got None (1-D input)"
    return None
