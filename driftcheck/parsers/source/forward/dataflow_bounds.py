"""Forward crashes from argument values torch range-checks before it computes (session 19,
fresh9's argument-validation classes). Each is the condition torch's own check tests, on
numbers or strings the pass knows for certain (a literal, an ``__init__`` attribute, an int
from a real input size); anything not known gives no crash:

- ``torch.randint(low=0, high, size)`` / ``t.random_(from, to)``: ``from < to`` ("random_
  expects 'from' to be less than 'to'"), so a crop or window at least as large as the input
  (``randint(0, H - crop + 1)`` with ``crop > H``) raises, even for an empty ``size``;
- ``t.uniform_(from, to)``: ``from <= to`` ("uniform_ expects to return a [from, to) range");
- ``torch.normal(mean, std)`` / ``t.normal_(mean, std)`` with a number ``std``: ``std >= 0``;
- ``torch.linspace`` / ``logspace(start, end, steps)``: ``steps >= 0``;
- ``F.gelu(x, approximate=s)`` and ``nn.GELU(approximate=s)`` called: ``s`` is ``"none"`` or
  ``"tanh"``;
- ``F.hardtanh(x, min_val, max_val)``: ``min_val <= max_val`` (ValueError); ``nn.Hardtanh``
  asserts ``max_val > min_val`` in ``__init__``;
- ``t.scatter_reduce(dim, index, src, reduce)``: ``reduce`` is one of sum, prod, mean, amax,
  amin (and, measured, "max" / "min"; ``"add"`` is ``scatter_``'s spelling, not this one's);
- ``F.cross_entropy(..., label_smoothing=s)``: ``s <= 1.0`` (torch accepts a negative one:
  its check is ``label_smoothing <= 1.0`` only, measured on torch 2.13);
- ``nn.Upsample(mode="nearest" | "area" | "nearest-exact", align_corners=True/False)``
  called: ValueError (``align_corners`` only with the interpolating modes), as
  ``dataflow_args.interpolate_args`` checks for ``F.interpolate``.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

GELU_APPROX = ("none", "tanh")
# torch accepts "max" / "min" too, though its message names only the five (torch 2.13)
SCATTER_REDUCE = ("sum", "prod", "mean", "amax", "amin", "max", "min")
NO_ALIGN = ("nearest", "area", "nearest-exact")


def _num(v: Any) -> float | int | None:
    """A number known for certain (a bool is not one: ``randint(True, ...)`` is not written)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return v


def torch_fn(f: Any, name: str, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """``torch.<name>(...)`` whose first argument is not a tensor (factories): an unknown
    tensor after a crash, else None."""
    if name == "multi_dot":
        from driftcheck.parsers.source.forward import dataflow_linalg

        return dataflow_linalg.multi_dot(f, arg(args, kwargs, 0, "tensors"), loc)
    if name == "randint":
        low, high = _randint_bounds(args, kwargs)
        lo, hi = _num(low), _num(high)
        if lo is not None and hi is not None and lo >= hi:
            return _crash(
                f,
                loc,
                f"randint: random_ expects 'from' to be less than 'to', but got "
                f"from={lo} >= to={hi}",
            )
    if name == "normal" and not isinstance(arg(args, kwargs, 0, "mean"), Tens):
        std = _num(arg(args, kwargs, 1, "std"))
        if std is not None and std < 0:
            return _crash(f, loc, f"normal expects std >= 0.0, but found std {std}")
    elif name in ("linspace", "logspace"):
        steps = arg(args, kwargs, 2, "steps")
        if _num(steps) is not None and isinstance(steps, int) and steps < 0:
            return _crash(f, loc, f"{name}: number of steps must be non-negative (got {steps})")
    return None


def _randint_bounds(args: list, kwargs: dict) -> tuple[Any, Any]:
    """``randint(high, size)`` or ``randint(low, high, size)``, positionally or by name."""
    pos = [a for a in args]
    if "high" in kwargs:
        return kwargs.get("low", pos[0] if pos and "size" in kwargs else 0), kwargs["high"]
    if len(pos) >= 3:
        return pos[0], pos[1]
    if len(pos) == 2:
        if isinstance(pos[1], (tuple, list)):  # randint(high, size)
            return kwargs.get("low", 0), pos[0]
        if "size" in kwargs:
            return pos[0], pos[1]
        return None, None
    if len(pos) == 1 and "size" in kwargs:
        return kwargs.get("low", 0), pos[0]
    return None, None


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """``t.<name>(*args)`` or ``torch.<name>(t, *args)`` (``args`` without ``t``): an unknown
    tensor after a crash, else None (the caller goes on)."""
    got = shapes(f, t, name, args, kwargs, loc)
    if got is not None:
        return got
    if name == "random_" and len(args) >= 2:
        lo, hi = _num(args[0]), _num(args[1])
        if lo is not None and hi is not None and lo >= hi:
            return _crash(
                f, loc, f"random_ expects 'from' to be less than 'to', but got from={lo} >= to={hi}"
            )
    elif name == "uniform_":
        lo, hi = _num(arg(args, kwargs, 0, "from", 0)), _num(arg(args, kwargs, 1, "to", 1))
        if lo is not None and hi is not None and lo > hi:
            return _crash(
                f,
                loc,
                f"uniform_ expects to return a [from, to) range, but found from={lo} > to={hi}",
            )
    elif name in ("normal", "normal_"):
        std = _num(arg(args, kwargs, 0 if name == "normal" else 1, "std"))
        if std is not None and std < 0:
            return _crash(f, loc, f"normal expects std >= 0.0, but found std {std}")
    elif name in ("gelu", "gelu_"):
        approx = kwargs.get("approximate")
        if isinstance(approx, str) and approx not in GELU_APPROX:
            return _crash(
                f, loc, f"gelu: approximate argument must be either none or tanh (got {approx!r})"
            )
    elif name in ("hardtanh", "hardtanh_"):
        lo = _num(arg(args, kwargs, 0, "min_val", -1.0))
        hi = _num(arg(args, kwargs, 1, "max_val", 1.0))
        if lo is not None and hi is not None and lo > hi:
            return _crash(
                f,
                loc,
                f"hardtanh: min_val cannot be greater than max_val ({lo} > {hi}; ValueError)",
            )
    elif name in ("scatter_reduce", "scatter_reduce_"):
        reduce = arg(args, kwargs, 3, "reduce")
        if isinstance(reduce, str) and reduce not in SCATTER_REDUCE:
            return _crash(
                f,
                loc,
                "scatter_reduce: reduce argument must be either sum, prod, mean, amax or "
                f"amin, got {reduce}",
            )
    elif name == "cross_entropy":
        eps = _num(arg(args, kwargs, 6, "label_smoothing"))
        if eps is not None and eps > 1.0:
            return _crash(
                f, loc, f"cross_entropy: label_smoothing must be between 0.0 and 1.0. Got: {eps}"
            )
    return None


def layer(f: Any, node: Any, loc: Any) -> None:
    """A catalogue layer called (``node.params`` as ``__init__`` gave them): torch's checks of
    its constructor arguments that raise at the call (or, for Hardtanh, at construction)."""
    p = node.params
    if node.type == "GELU":
        approx = p.get("approximate")
        if isinstance(approx, str) and approx not in GELU_APPROX:
            f.crash(loc, f"GELU: approximate argument must be either none or tanh (got {approx!r})")
    elif node.type == "Upsample":
        mode, ac = p.get("mode", "nearest"), p.get("align_corners")
        if isinstance(mode, str) and mode in NO_ALIGN and isinstance(ac, bool):
            f.crash(
                loc,
                "Upsample: align_corners option can only be set with the interpolating modes "
                f"(linear, bilinear, bicubic, trilinear), not mode={mode!r} (ValueError)",
            )
    elif node.type == "CrossEntropyLoss":
        eps = _num(p.get("label_smoothing"))
        if eps is not None and eps > 1.0:
            f.crash(
                loc, f"CrossEntropyLoss: label_smoothing must be between 0.0 and 1.0. Got: {eps}"
            )
    elif node.type == "Hardtanh":
        lo, hi = _num(p.get("min_val", -1.0)), _num(p.get("max_val", 1.0))
        if lo is not None and hi is not None and hi <= lo:
            f.crash(loc, f"Hardtanh: max_val ({hi}) must be greater than min_val ({lo})")


# ---------------------------------------------------------------------- shapes of arguments
def _ranked(t: Any) -> tuple | None:
    """The shape of a tensor whose rank is known (its sizes may not be)."""
    return t.shape if isinstance(t, Tens) and isinstance(t.shape, tuple) else None


def _dims(shape: tuple) -> list:
    return [d if isinstance(d, int) else "?" for d in shape]


def shapes(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """torch's checks between a tensor op's input and its tensor arguments, on ranks / sizes
    known for certain: an unknown tensor after a crash, else None."""
    ts = _ranked(t)
    if name == "combinations" and ts is not None and len(ts) != 1:
        return _crash(f, loc, f"combinations: Expect a 1D vector, but got shape {_dims(ts)}")
    if name == "cartesian_prod":
        for s in [ts, *(_ranked(a) for a in args)]:
            if s is not None and len(s) != 1:
                return _crash(
                    f, loc, f"cartesian_prod: Expect a 1D vector, but got shape {_dims(s)}"
                )
    if name == "block_diag":
        for i, s in enumerate([ts, *(_ranked(a) for a in args)]):
            if s is not None and len(s) > 2:
                return _crash(
                    f,
                    loc,
                    "torch.block_diag: Input tensors must have 2 or fewer dimensions. "
                    f"Input {i} has {len(s)} dimensions",
                )
    if name in ("contiguous", "to") and ts is not None:
        fmt = _memory_format(kwargs.get("memory_format"))
        need = {"channels_last": 4, "channels_last_3d": 5}.get(fmt or "")
        if need is not None and len(ts) != need:
            return _crash(f, loc, f"{name}: required rank {need} tensor to use {fmt} format")
    if name == "diff" and ts is not None:
        return _diff(f, ts, args, kwargs, loc)
    if name == "batch_norm":
        return _batch_norm_stats(f, known_shape(t), args, kwargs, loc)
    if name == "layer_norm":
        return _layer_norm_weight(f, args, kwargs, loc)
    return None


def _memory_format(v: Any) -> str | None:
    """``torch.channels_last`` as the pass reads it (a dotted name or its last part)."""
    text = v if isinstance(v, str) else getattr(v, "qual", getattr(v, "name", None))
    if not isinstance(text, str):
        return None
    last = text.rsplit(".", 1)[-1]
    return last if last in ("channels_last", "channels_last_3d") else None


def _diff(f: Any, ts: tuple, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """``torch.diff(x, n, dim, prepend, append)``: each tensor prepended / appended has
    ``x``'s rank and its sizes off the differencing axis."""
    dim = arg(args, kwargs, 1, "dim", -1)
    if not isinstance(dim, int) or isinstance(dim, bool) or not ts or not -len(ts) <= dim < len(ts):
        return None
    ax = dim % len(ts)
    for i, key in ((2, "prepend"), (3, "append")):
        other = arg(args, kwargs, i, key)
        os_ = _ranked(other)
        if os_ is None:
            continue
        if len(os_) != len(ts):
            return _crash(
                f, loc, "diff expects prepend or append to be the same dimension as input"
            )
        for j, (a, b) in enumerate(zip(ts, os_)):
            if j != ax and isinstance(a, int) and isinstance(b, int) and a != b:
                return _crash(
                    f,
                    loc,
                    "diff expects the shape of tensor to prepend or append to match that "
                    f"of input except along the differencing dimension; input.size({j}) = {a}, "
                    f"but got tensor.size({j}) = {b}",
                )
    return None


def _batch_norm_stats(f: Any, xs: tuple | None, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.batch_norm(x, running_mean, running_var, weight, bias)``: each one given has as
    many items as ``x`` has channels (axis 1), whatever its shape."""
    if xs is None or len(xs) < 2:
        return None
    for i, key in enumerate(("running_mean", "running_var", "weight", "bias")):
        s = known_shape(arg(args, kwargs, i, key))
        if s is None:
            continue
        n = 1
        for d in s:
            n *= d
        if n != xs[1]:
            return _crash(f, loc, f"batch_norm: {key} should contain {xs[1]} elements not {n}")
    return None


def _layer_norm_weight(f: Any, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.layer_norm(x, normalized_shape, weight, bias)``: weight and bias have exactly the
    normalized shape."""
    ns = arg(args, kwargs, 0, "normalized_shape")
    ns = (ns,) if isinstance(ns, int) and not isinstance(ns, bool) else ns
    if not isinstance(ns, (tuple, list)) or not all(isinstance(d, int) for d in ns):
        return None
    for i, key in ((1, "weight"), (2, "bias")):
        s = known_shape(arg(args, kwargs, i, key))
        if s is not None and tuple(s) != tuple(ns):
            return _crash(
                f,
                loc,
                f"layer_norm: Expected {key} to be of same shape as normalized_shape, but "
                f"got {key} of shape {list(s)} and normalized_shape = {list(ns)}",
            )
    return None


def _crash(f: Any, loc: Any, message: str) -> Tens:
    f.crash(loc, message)
    return Tens(None)
