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
