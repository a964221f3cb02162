"""Forward crashes on real sizes, session 24 (crashfix24: fresh14's / fresh15's misses, made
general). One entry point for ``dataflow_more23.method`` (every ``torch.<name>(t, ...)`` /
``t.<name>(...)``), one for layers' constructor arguments, one for result dtypes. Each rule is
torch's own condition, measured in torch 2.13 (``tests/test_crash24_fix.py`` runs each construct
in torch):

- ``torch.clamp`` / ``clip`` (and their methods, in place too) with one bound a tensor of rank
  >= 1 and the other a Python number: no overload takes that pair (TypeError);
- ``torch.gradient(t, dim=..., edge_order=k)``: each differentiated axis needs at least
  ``k + 1`` items;
- ``torch.addmv(input, mat, vec)``: ``mat`` 2-D, ``vec`` 1-D of ``mat``'s column count,
  ``input`` of rank <= 1 broadcasting to ``mat``'s row count (``addmv_``: exactly that shape);
- ``torch.lerp(input, end, weight)``: ``end`` and a ``weight`` tensor of rank >= 1 of
  ``input``'s dtype (no promotion); decided only where both dtypes are known and differ;
- ``F.rrelu`` / ``torch.rrelu`` / ``nn.RReLU`` with ``lower > upper`` (train and eval alike);
- the result of an element-wise float function (``sigmoid``, ``exp``, ``sqrt``, ...) is
  floating point or complex whatever its input (an integer or bool one is promoted), kept as
  the ``fams`` fact and carried through arithmetic; an op that refuses both (``nn.Embedding``'s
  indices) then raises.

An unknown shape, dtype or argument gives no verdict.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

_CLAMPS = frozenset({"clamp", "clamp_", "clip", "clip_"})
# element-wise functions whose result is floating point (complex for a complex input) whatever
# the input's dtype: an integer or bool input is promoted to the default float dtype
# (measured in torch 2.13, function and method alike, on int64 / int32 / uint8 / bool)
TO_INEXACT = frozenset({
    "sigmoid", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
    "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sqrt", "rsqrt",
    "erf", "erfc", "erfinv", "lgamma", "digamma", "sinc", "logit", "i0", "reciprocal",
    "deg2rad", "rad2deg",
})  # fmt: skip
INEXACT = frozenset({"float", "complex"})


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _ranked(v: Any) -> bool:
    """A tensor of known rank >= 1."""
    s = known_shape(v) if isinstance(v, Tens) else None
    return s is not None and len(s) >= 1


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``Tens(None)`` after a crash torch certainly raises, else None (the caller goes on)."""
    if f.input_shape is None or "out" in kwargs:
        return None
    err = None
    if name in _CLAMPS:
        err = _clamp(args, kwargs, name)
    elif name == "gradient":
        err = _gradient(t, args, kwargs)
    elif name in ("addmv", "addmv_"):
        err = _addmv(t, args, kwargs, name.endswith("_"))
    elif name in ("lerp", "lerp_"):
        err = _lerp(f, t, args, kwargs)
    elif name in ("rrelu", "rrelu_"):
        err = _rrelu(arg(args, kwargs, 0, "lower", 1 / 8), arg(args, kwargs, 1, "upper", 1 / 3))
    if err is None:
        return None
    f.crash(loc, err)
    return Tens(None)


def _clamp(args: list, kwargs: dict, name: str) -> str | None:
    lo, hi = arg(args, kwargs, 0, "min"), arg(args, kwargs, 1, "max")
    if len(args) > 2 or set(kwargs) - {"min", "max"}:
        return None
    for a, b in ((lo, hi), (hi, lo)):
        if _ranked(a) and isinstance(b, (int, float)):  # (a bool is a number here too)
            k = "min" if a is lo else "max"
            return (
                f"TypeError: {name}() received an invalid combination of arguments: {k} is a "
                f"tensor of rank {len(a.shape)} and the other bound the number {b!r} (torch "
                "takes two numbers or two tensors)"
            )
    return None


def _gradient(t: Tens, args: list, kwargs: dict) -> str | None:
    shape = known_shape(t)
    if args or shape is None or not shape or set(kwargs) - {"spacing", "dim", "edge_order"}:
        return None  # (torch.gradient's options are keyword-only)
    k = kwargs.get("edge_order", 1)
    if not is_int(k) or k not in (1, 2):
        return None
    dim = kwargs.get("dim")
    dims = range(len(shape)) if dim is None else [dim] if is_int(dim) else dim
    if not isinstance(dims, (range, list, tuple)) or not all(is_int(d) for d in dims):
        return None
    if not all(-len(shape) <= d < len(shape) for d in dims):
        return None
    short = [d % len(shape) for d in dims if shape[d] < k + 1]
    if not short:
        return None
    return (
        "torch.gradient expected each dimension size to be at least edge_order+1 (axis "
        f"{short[0]} of shape {list(shape)} has {shape[short[0]]}, edge_order={k})"
    )


def _addmv(t: Tens, args: list, kwargs: dict, inplace: bool) -> str | None:
    mat, vec = arg(args, kwargs, 0, "mat"), arg(args, kwargs, 1, "vec")
    s, ms, vs = known_shape(t), known_shape(mat), known_shape(vec)
    if s is None or ms is None or vs is None:
        return None
    if len(ms) != 2 or len(vs) != 1 or len(s) > 1:
        return f"addmv: vector + matrix @ vector expected, got {len(s)}, {len(ms)}, {len(vs)}"
    if 0 in (*ms, *vs, *s):
        return None  # (torch takes some empty operands in other ways)
    n = ms[0]
    bad = ms[1] != vs[0] or (s != (n,) if inplace else s not in ((), (1,), (n,)))
    if not bad:
        return None
    return f"addmv: size mismatch, got input {list(s)}, mat {ms[0]}x{ms[1]}, vec {vs[0]}"


def _lerp(f: Any, t: Tens, args: list, kwargs: dict) -> str | None:
    end, weight = arg(args, kwargs, 0, "end"), arg(args, kwargs, 1, "weight")
    mine = dataflow_checks.fact(f, t, "dtype")
    if mine is None:
        return None
    # ``end`` of any rank, a ``weight`` tensor of rank >= 1 (a 0-D weight is taken as a number)
    for what, other in (("end", end), ("weight", weight)):
        if not isinstance(other, Tens) or (what == "weight" and not _ranked(other)):
            continue
        dt = dataflow_checks.fact(f, other, "dtype")
        if dt is not None and dt != mine:
            return f"lerp: expected dtype {mine} for `{what}` but got dtype {dt}"
    return None


def _rrelu(lower: Any, upper: Any) -> str | None:
    if _number(lower) and _number(upper) and lower > upper:
        return (
            "rrelu: Lower bound should be less than or equal to the upper bound "
            f"(lower={lower!r}, upper={upper!r})"
        )
    return None


def layer_error(type_: str, params: dict) -> str | None:
    """``nn.RReLU(lower, upper)`` with ``lower > upper``: the call raises (train and eval)."""
    if type_ == "RReLU":
        return _rrelu(params.get("lower", 1 / 8), params.get("upper", 1 / 3))
    return None


# ---------------------------------------------------------------------- inexact results
def _inexact(f: Any, t: Any) -> bool:
    if not isinstance(t, Tens):
        return False
    from driftcheck.parsers.source.forward import dataflow_dtype_accept

    fam = dataflow_dtype_accept.family(f, t)
    if fam is not None:
        return fam in INEXACT
    fams = dataflow_checks.fact(f, t, "fams")
    return bool(fams) and fams <= INEXACT


def _give_inexact(f: Any, out: Any, by: str) -> None:
    if not isinstance(out, Tens) or dataflow_checks.fact(f, out, "dtype") is not None:
        return
    if dataflow_checks.fact(f, out, "fams") is not None:
        return
    dataflow_checks.add_facts(f, out, replace=False, fams=INEXACT, fams_by=by, fams_made=True)


def after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``x.sigmoid()`` / ``torch.exp(x)``: floating point or complex, whatever ``x`` is."""
    if f.input_shape is None or out is t or not isinstance(t, Tens):
        return
    if name in TO_INEXACT and "dtype" not in kwargs and "out" not in kwargs:
        _give_inexact(f, out, name)


def carry_binop(f: Any, a: Any, b: Any, out: Any) -> None:
    """``a op b`` (``+ - * / // %``) with a floating point or complex tensor operand: torch's
    promotion keeps the result floating point or complex (a higher category wins, a 0-D
    tensor's too)."""
    if f.input_shape is None or out is a or out is b:
        return
    for x in (a, b):
        if _inexact(f, x):
            by = dataflow_checks.fact(f, x, "fams_by") or "arithmetic"
            _give_inexact(f, out, by)
            return


# ---------------------------------------------------------------------- einops pack / unpack
def _pack_pattern(pattern: Any, op: str) -> tuple[int, int] | str | None:
    """``(axes before *, axes after *)``, einops' error for a pattern it refuses, or None for
    a pattern not read (not a string, an axis name einops may refuse)."""
    if not isinstance(pattern, str):
        return None
    axes = pattern.split()
    if len(axes) != len(set(axes)):
        return f'einops: Duplicates in axes names in {op}(..., "{pattern}")'
    if "*" not in axes:
        return f'einops: No *-axis in {op}(..., "{pattern}")'
    if not all(a == "*" or (a.isidentifier() and not a.startswith("_")) for a in axes):
        return None
    before = axes.index("*")
    return before, len(axes) - before - 1


def _prod(xs: Any) -> int:
    n = 1
    for x in xs:
        n *= x
    return n


def einops_call(f: Any, last: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``einops.pack(tensors, pattern)`` -> ``(packed, packed_shapes)`` and ``einops.unpack(
    packed, packed_shapes, pattern)`` -> the list of tensors, on real sizes: einops' own checks
    (the pattern, each tensor's rank, the split lengths) and torch's ``cat`` of the reshaped
    tensors (the axes outside ``*`` agree). None where anything is not known."""
    if f.input_shape is None:
        return None
    if last == "pack":
        return _pack(f, arg(args, kwargs, 0, "tensors"), arg(args, kwargs, 1, "pattern"), loc)
    if last == "unpack":
        return _unpack(
            f,
            arg(args, kwargs, 0, "tensor"),
            arg(args, kwargs, 1, "packed_shapes"),
            arg(args, kwargs, 2, "pattern"),
            loc,
        )
    return None


def _pack(f: Any, tensors: Any, pattern: Any, loc: Any) -> Any:
    if not isinstance(tensors, (list, tuple)) or not tensors:
        return None
    shapes = [known_shape(t) if isinstance(t, Tens) else None for t in tensors]
    got = _pack_pattern(pattern, "pack")
    if isinstance(got, str):
        f.crash(loc, got)
        return Tens(None)
    if got is None or any(s is None for s in shapes):
        return None
    before, after = got
    pieces, packed = [], []
    for i, s in enumerate(shapes):
        if len(s) < before + after:
            f.crash(
                loc,
                f"einops: packed tensor #{i} (enumeration starts with 0) has shape {s}, while "
                f"pattern {pattern} assumes at least {before + after} axes",
            )
            return Tens(None)
        if 0 in s:
            return None  # (a reshape with -1 of an empty tensor)
        star = tuple(s[before : len(s) - after])
        packed.append(star)
        pieces.append((*s[:before], _prod(star), *s[len(s) - after :]))
    outer = {p[:before] + p[before + 1 :] for p in pieces}
    if len(outer) > 1:
        a, b = sorted(outer)[:2]
        f.crash(
            loc,
            f"einops.pack: torch.cat of the packed tensors: sizes outside '*' differ ({list(a)} "
            f"vs {list(b)}, pattern {pattern!r})",
        )
        return Tens(None)
    total = sum(p[before] for p in pieces)
    return (Tens(None, (*pieces[0][:before], total, *pieces[0][before + 1 :])), packed)


def _unpack(f: Any, t: Any, packed: Any, pattern: Any, loc: Any) -> Any:
    s = known_shape(t) if isinstance(t, Tens) else None
    got = _pack_pattern(pattern, "unpack")
    if isinstance(got, str):
        f.crash(loc, got)
        return Tens(None)
    if got is None or s is None:
        return None
    before, after = got
    if len(s) != before + 1 + after:
        f.crash(loc, f"einops: unpack(..., {pattern}) received input of wrong dim with shape {s}")
        return Tens(None)
    if not isinstance(packed, (list, tuple)) or not all(
        isinstance(p, (list, tuple)) and all(is_int(x) and x >= 1 for x in p) for p in packed
    ):
        return None  # (a -1, an unknown size)
    if not packed or 0 in s:
        return None
    lengths = [_prod(p) for p in packed]
    if sum(lengths) != s[before]:
        f.crash(
            loc,
            f'einops: Error during unpack(..., "{pattern}"): could not split axis of size '
            f"{s[before]} into requested {[tuple(p) for p in packed]}",
        )
        return Tens(None)
    return [Tens(None, (*s[:before], *p, *s[before + 1 :])) for p in packed]


# ---------------------------------------------------------------------- RNN cells' state
_CELLS = frozenset({"RNNCell", "GRUCell", "LSTMCell"})


def leaf_error(obj: Any, args: list, kwargs: dict) -> str | None:
    """``nn.RNNCell`` / ``GRUCell`` / ``LSTMCell`` (torch's own) called on ``(input, hx)``:
    each state tensor must be ``(batch, hidden_size)`` for a 2-D input, ``(hidden_size,)`` for a
    1-D one (torch's "Input batch size ... doesn't match hidden0 batch size ..." / "hidden0 has
    inconsistent hidden_size"); a state of rank 3 or more is its ValueError; a 1-D state of a 2-D
    input fails its batch or its hidden axis. Judged where every size is known."""
    if obj.type not in _CELLS or not obj.torch or len(args) < 2:
        return None
    x, hx = args[0], args[1]
    hidden = obj.params.get("hidden_size")
    xs = known_shape(x) if isinstance(x, Tens) else None
    if not is_int(hidden) or xs is None or len(xs) not in (1, 2):
        return None
    if obj.type == "LSTMCell":
        if not isinstance(hx, (tuple, list)) or len(hx) != 2:
            return None
        states = list(hx)
    else:
        states = [hx]
    want = (xs[0], hidden) if len(xs) == 2 else (hidden,)
    for i, h in enumerate(states):
        hs = known_shape(h) if isinstance(h, Tens) else None
        if hs is None:
            return None
        if len(hs) >= 3:
            return f"ValueError: {obj.type}: Expected hidden to be 1D or 2D, got {len(hs)}D instead"
        # torch reads a 2-D state of a 1-D input as (1, *hx): its first size is the hidden one
        mixed = len(xs) == 2 and len(hs) == 1 or len(xs) == 1 and len(hs) == 2 and hs[0] != hidden
        if (len(hs) == len(xs) and hs != want) or mixed:
            return (
                f"{obj.type}: hidden{i} of shape {list(hs)} where torch takes {list(want)} "
                f"(input {list(xs)}, hidden_size={hidden})"
            )
    return None


# ---------------------------------------------------------------------- result shapes
_CLASS_LOSSES = frozenset({"cross_entropy", "nll_loss"})


def result(f: Any, t: Any, name: str, args: list, kwargs: dict) -> Any:
    """The result of a call that raised nothing and had no shape: ``F.cross_entropy`` /
    ``F.nll_loss`` with a reducing ``reduction`` (``'mean'``, the default, or ``'sum'``) is a
    0-D tensor. None where not known (another reduction, legacy ``reduce=`` /
    ``size_average=``, arguments by position past the target)."""
    if name not in _CLASS_LOSSES or not isinstance(t, Tens) or known_shape(t) is None:
        return None
    if len(args) != 1 or not isinstance(args[0], Tens):
        return None
    if set(kwargs) - {"weight", "ignore_index", "reduction", "label_smoothing"}:
        return None
    red = kwargs.get("reduction", "mean")
    if red == "none" and red.__class__ is str:
        return _per_item(t, args[0])  # (session 34, crashfix34)
    if red not in ("mean", "sum"):
        return None
    return Tens(None, ())


def _per_item(x: Any, target: Any) -> Any:
    """``reduction='none'`` with class-index targets: one loss per target item, the target's
    shape (input ``(N, C, d1, ...)`` and target ``(N, d1, ...)``, or ``(C,)`` and ``()``);
    None for any other pair of shapes (probability targets are not judged)."""
    xs, ts = known_shape(x), known_shape(target)
    if xs is None or ts is None or len(xs) != len(ts) + 1:
        return None
    if len(xs) >= 2 and (xs[0] != ts[0] or tuple(xs[2:]) != tuple(ts[1:])):
        return None
    return Tens(None, tuple(ts))
