"""Ops whose legality depends on a tensor's dtype (on real sizes), and dtype facts they need.

torch refuses, whatever the values:

- an in-place op whose result is floating point on an integer tensor (``pos /= T`` with
  ``pos = torch.arange(T)``, ``counts.int()`` then ``counts /= n``, ``t *= 0.5``): "result
  type Float can't be cast to the desired output type Long";
- an integer tensor to a negative integer power (``k ** -1``, ``k.pow(-2)``);
- a bitwise op on a floating-point tensor (``causal | local`` with ``causal`` from
  ``torch.ones``), ``~`` of one (``~pad`` after ``.to(torch.float32)``).

A dtype is known where it is made (``dataflow_checks.created`` / ``cast``, and here:
``torch.ones`` / ``zeros`` / ``rand`` ... without ``dtype=`` are float, ``torch.full`` has its
fill's type, ``.long()`` / ``.int()`` / ``.to(torch.float32)`` their dtype) and carried
through ops that keep it (``triu``, ``clone``, views). A tensor whose dtype is not known
is never judged.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_checks import FLOAT, INT, UINT8
from driftcheck.parsers.source.values.dataflow_values import Sym, Tens, known_shape

FLOATS = (FLOAT, "float64")
INTS = (INT, UINT8)
# elementwise functions whose result is floating point: a float tensor's own dtype, torch's
# default float for an integer one (``torch.exp(torch.arange(4))`` is float32)
FLOAT_FNS = frozenset(
    {"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "sin", "cos",
     "tan", "sinh", "cosh", "tanh", "asin", "acos", "atan", "sigmoid", "erf", "erfc",
     "reciprocal"}
)  # fmt: skip


def _float_fn_dtype(f: Any, t: Any) -> Any:
    """The dtype of ``FLOAT_FNS``' result on ``t``; None when ``t``'s is not known."""
    dt = _dtype(f, t)
    return dt if dt in FLOATS else FLOAT if dt in INTS else None


# torch creation functions whose default dtype is the default float type
FLOAT_MADE = frozenset({"ones", "zeros", "empty", "rand", "randn", "eye"})
# functions / methods whose result has their first tensor's dtype
KEEPS = frozenset(
    {
        "triu",
        "tril",
        "clone",
        "contiguous",
        "detach",
        "view",
        "reshape",
        "expand",
        "expand_as",
        "permute",
        "transpose",
        "unsqueeze",
        "squeeze",
        "flatten",
        "repeat",
        "flip",
        "roll",
        "neg",  # (not abs: of a complex tensor it is real)
        "t",
        "round",  # (an integer tensor stays integer, a float one float)
        "floor",
        "ceil",
        "trunc",
        "diag",  # (a diagonal of a matrix or a matrix of a vector: the same elements)
        "diagonal",
        "diag_embed",
        "diagflat",
    }
)
INT_CASTS = frozenset({"long", "int", "short"})
# sums and products that widen an integer or bool tensor to int64 (without ``dtype=``)
INT_SUMS = frozenset({"sum", "cumsum", "cumprod", "prod"})
_BITWISE = {ast.BitOr: "bitwise_or", ast.BitAnd: "bitwise_and", ast.BitXor: "bitwise_xor"}


def _dtype(f: Any, t: Any) -> Any:
    return dataflow_checks.fact(f, t, "dtype") if isinstance(t, Tens) else None


def _give(f: Any, out: Any, dtype: Any) -> None:
    if dtype is not None and isinstance(out, Tens):
        dataflow_checks.add_facts(f, out, replace=False, dtype=dtype)


def _give_word(f: Any, out: Any, dtype: Any) -> None:
    """torch's word for the integer dtype ``dtype`` names ('Int' for ``torch.int32``), for
    the messages (``dataflow_checks.int_word``)."""
    word = dataflow_checks.int_word_of(dtype)
    if word is not None and isinstance(out, Tens):
        dataflow_checks.add_facts(f, out, replace=False, itype=word)


def _plain_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def after_torch(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """Dtype facts of ``torch.<name>(...)``'s result, where torch's rule is plain."""
    half_after_torch(f, name, args, kwargs, out)
    if f.input_shape is not None and args and isinstance(args[0], Tens) and out is not args[0]:
        from driftcheck.parsers.source.forward import dataflow_fix25b

        dataflow_fix25b.after_method(f, args[0], name, args[1:], kwargs, out)  # exact dtypes
    if f.input_shape is None or not isinstance(out, Tens) or _dtype(f, out) is not None:
        return
    if "dtype" in kwargs:
        _give(f, out, dataflow_checks.dtype_name(kwargs["dtype"]))
        _give_word(f, out, kwargs["dtype"])
        return
    if name in LIKE_FNS:
        made_like(f, name, args, kwargs, out)
        return
    if name in ("argmax", "argmin"):
        _give(f, out, INT)
    elif name in INT_SUMS and args and _dtype(f, args[0]) in (INT, UINT8, "bool"):
        if _plain_sum(args[1:], kwargs):
            _give(f, out, INT)
    elif name in FLOAT_MADE:
        _give(f, out, FLOAT)
    elif name in FLOAT_FNS and len(args) == 1 and not kwargs:
        _give(f, out, _float_fn_dtype(f, args[0]))
    elif name == "full" and len(args) >= 2 and _plain_number(args[1]):
        _give(f, out, FLOAT if isinstance(args[1], float) else INT)
    elif name in KEEPS and args and isinstance(args[0], Tens):
        if all(_size_like(a) for a in [*args[1:], *kwargs.values()]):
            _give(f, out, _dtype(f, args[0]))


def after_method(f: Any, t: Tens, name: str, args: list, kwargs: dict, out: Any, loc: Any) -> None:
    """``t.<name>(...)``: a crash torch raises for ``t``'s dtype, then its result's dtype."""
    if f.input_shape is None:
        return
    dt = _dtype(f, t)
    if dt in INTS and name in ("div_", "true_divide_") and kwargs.get("rounding_mode") is None:
        f.crash(loc, _cast_error(f, t))
        return
    if (
        dt in INTS
        and name in ("mul_", "add_", "sub_")
        and args
        and (isinstance(args[0], float) or _dtype(f, args[0]) in FLOATS)
    ):  # (``t.mul_(freqs)``: a float tensor as ``t *= freqs``, ``augassign``)
        f.crash(loc, _cast_error(f, t))
        return
    if dt in INTS and name in ("pow", "pow_") and args and _neg_int(args[0]):
        f.crash(loc, "Integers to negative integer powers are not allowed.")
        return
    if dt in FLOATS and name in ("bitwise_or", "bitwise_and", "bitwise_xor", "bitwise_not"):
        f.crash(loc, f"\"{name}_cpu\" not implemented for 'Float'")
        return
    if out is not t:
        half_after_method(f, t, name, args, kwargs, out)
        from driftcheck.parsers.source.forward import dataflow_fix25b

        dataflow_fix25b.after_method(f, t, name, args, kwargs, out)  # exact dtypes kept
        from driftcheck.parsers.source.forward import dataflow_fix26

        dataflow_fix26.after_method(f, t, name, out)  # value bounds kept by views
    if not isinstance(out, Tens) or out is t or _dtype(f, out) is not None:
        return
    if name in INT_CASTS or name in ("argmax", "argmin"):
        _give(f, out, INT)
    elif name in INT_SUMS and dt in (INT, UINT8, "bool") and _plain_sum(args, kwargs):
        _give(f, out, INT)  # an integer or bool sum is int64 (``one_hot(ids).sum(1)``)
    elif name in FLOAT_FNS and not args and not kwargs:
        _give(f, out, _float_fn_dtype(f, t))
    elif name == "to":
        given = [a for a in [*args, kwargs.get("dtype")] if a is not None]
        named = [dataflow_checks.dtype_name(a) for a in given if not isinstance(a, str)]
        if named and named[0] is not None:
            _give(f, out, named[0])
            _give_word(f, out, given[0])
        elif given and all(isinstance(a, str) for a in given):
            _give(f, out, dt)  # ``.to("cpu")``: a device move keeps the dtype
    elif name in KEEPS and all(_size_like(a) for a in [*args, *kwargs.values()]):
        _give(f, out, dt)  # (``t.view(torch.float32)`` reinterprets: not a size, not kept)


def _cast_error(f: Any, t: Any) -> str:
    """torch's error for a float result written into integer tensor ``t`` (``t /= 2``)."""
    word = dataflow_checks.int_word(f, t)
    return f"result type Float can't be cast to the desired output type {word}"


def _plain_sum(rest: list, kwargs: dict) -> bool:
    """``sum(dim, keepdim)`` without a ``dtype``."""
    return "dtype" not in kwargs and len(rest) <= 2 and all(_size_like(a) for a in rest)


def _size_like(v: Any, depth: int = 0) -> bool:
    """An argument that is a size, an axis or a tensor (for ``expand_as``): not a float
    (``clamp(max=0.5)`` may promote) and not a dtype (``view(torch.float32)``)."""
    if isinstance(v, (tuple, list)) and depth < 2:
        return all(_size_like(x, depth + 1) for x in v)
    return isinstance(v, (int, Tens, Sym)) or v is None


def _neg_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v < 0


def augassign(f: Any, op: ast.operator, cur: Any, rhs: Any, loc: Any) -> None:
    """``t op= v`` on an integer tensor ``t`` where ``t op v`` is floating point."""
    if f.input_shape is None or _dtype(f, cur) not in INTS:
        return
    floaty = isinstance(rhs, float) or _dtype(f, rhs) in FLOATS
    if isinstance(op, ast.Div) or (isinstance(op, (ast.Add, ast.Sub, ast.Mult)) and floaty):
        f.crash(loc, _cast_error(f, cur))


def binop(f: Any, op: ast.operator, a: Any, b: Any, loc: Any) -> None:
    """``int_tensor ** -n``; ``float_tensor | mask`` (``&``, ``^``)."""
    if f.input_shape is None:
        return
    if isinstance(op, ast.Pow) and _dtype(f, a) in INTS and _neg_int(b):
        f.crash(loc, "Integers to negative integer powers are not allowed.")
    elif type(op) in _BITWISE and (_dtype(f, a) in FLOATS or _dtype(f, b) in FLOATS):
        f.crash(loc, f"\"{_BITWISE[type(op)]}_cpu\" not implemented for 'Float'")


def invert(f: Any, v: Any, loc: Any) -> None:
    """``~t`` of a floating-point tensor."""
    if f.input_shape is not None and _dtype(f, v) in FLOATS:
        f.crash(loc, "~ (operator.invert) is only implemented on integer and Boolean-type tensors")


# ops torch implements for floating point only: an integer or bool tensor raises ("std and
# var only support floating point and complex dtypes", "softmax_lastdim_kernel_impl" /
# "GeluKernelImpl" not implemented for 'Long'); measured in torch 2.13 for int64, int32, uint8
# and bool (tests/test_crash21a.py re-measures them). ``relu``, ``sigmoid``, ``tanh``,
# ``cumsum``, ``logsumexp`` take integers and are not listed; ``dropout`` raises in training
# only, so it is not either.
FLOAT_ONLY = frozenset(
    {"std", "var", "std_mean", "var_mean", "softmax", "log_softmax", "gelu", "silu", "elu",
     "mish", "softplus", "leaky_relu", "hardswish", "normalize"}
)  # fmt: skip
# the ones with a ``dtype`` argument (given, torch casts first): (its position after the tensor)
_DTYPE_POS = {"softmax": 2, "log_softmax": 2}
_NOT_FLOAT = {INT: "Long", UINT8: "Byte", "bool": "Bool"}


def float_only_error(f: Any, name: str, t: Any, rest: list, kwargs: dict) -> str | None:
    """torch's error for ``name`` (a ``FLOAT_ONLY`` op) on ``t`` known to be integer / bool;
    ``rest`` are the positional arguments after the tensor."""
    if f.input_shape is None or name not in FLOAT_ONLY or not isinstance(t, Tens):
        return None
    if "dtype" in kwargs or len(rest) >= _DTYPE_POS.get(name, 99):
        return None
    dt = _dtype(f, t)
    if dt not in _NOT_FLOAT:
        return None
    shown = dataflow_checks.int_word(f, t) if dt == INT else _NOT_FLOAT[dt]
    return f"RuntimeError: {name} is not implemented for '{shown}' (integer input)"


def one_hot_error(f: Any, t: Any) -> str | None:
    """``F.one_hot`` of a floating-point tensor (``torch.round`` keeps the float dtype)."""
    if f.input_shape is not None and _dtype(f, t) in FLOATS:
        return "RuntimeError: one_hot is only applicable to index tensor of type LongTensor."
    return None


def layer_output(f: Any, type_: str, out: Any, cast: str | None = None) -> None:
    """A ``Linear`` / ``Conv`` / ``Bilinear`` output is floating point: the layer's weight is
    (an integer input is already a crash: ``dataflow_checks.FLOAT_WEIGHT``), whatever its
    precision (FLOAT stands for any floating dtype below float64's own rules); float64 for a
    layer cast to it (``self.double()`` in ``__init__``: ``Leaf.cast``)."""
    if f.input_shape is not None and type_ in dataflow_checks.FLOAT_WEIGHT:
        _give(f, out, "float64" if cast == "float64" else FLOAT)
        from driftcheck.parsers.source.forward import dataflow_fix25b

        dataflow_fix25b.layer_exact(f, type_, out, cast)  # float32 weights give float32


# ---------------------------------------------------------------------- scatter's src dtype
# torch's scatter family: ``src`` (a tensor) must have ``self``'s dtype exactly (no type
# promotion): "scatter(): Expected self.dtype to be equal to src.dtype" for scatter /
# scatter_add / scatter_reduce, in place or not, method or function (torch 2.13). A number
# ``src`` / ``value=`` is cast and fine.
SCATTERS = frozenset(
    {"scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce", "scatter_reduce_"}
)
# made with another tensor's dtype (no ``dtype=``): ``torch.ones_like(index)``
LIKE_FNS = frozenset({"ones_like", "zeros_like", "full_like", "empty_like"})


def _kind(dt: Any) -> str | None:
    """The dtype's family: dtypes of different families are certainly different (``FLOAT``
    stands for any floating dtype, ``INT`` for any integer one)."""
    if dt in FLOATS:
        return "float"
    if dt in INTS:
        return "int"
    return "bool" if dt == "bool" else None


def made_like(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``torch.ones_like(t)`` without ``dtype=``: the result has ``t``'s dtype (remembered
    as ``like``, so a later use of ``t`` that fixes its dtype fixes the result's)."""
    if f.input_shape is None or name not in LIKE_FNS or "dtype" in kwargs:
        return
    if args and isinstance(args[0], Tens) and isinstance(out, Tens):
        dataflow_checks.add_facts(f, out, replace=False, like=args[0])
        _give(f, out, _dtype(f, args[0]))
        from driftcheck.parsers.source.forward.dataflow_fix25b import exact, give_exact

        give_exact(f, out, exact(f, args[0]))  # (an exact floating dtype too)


def scatter_error(f: Any, name: str, t: Any, rest: list, kwargs: dict) -> str | None:
    """``t.scatter_(dim, index, src)`` (``rest`` after ``t``) with ``src`` of another dtype
    family than ``t``. ``src = torch.ones_like(index)``: the index must be int64 (torch
    raises otherwise too), so that ``src`` is int64."""
    if f.input_shape is None or name not in SCATTERS or not isinstance(t, Tens):
        return None
    index = rest[1] if len(rest) > 1 else kwargs.get("index")
    src = rest[2] if len(rest) > 2 else kwargs.get("src")
    if not isinstance(src, Tens):
        return None
    mine = _kind(_dtype(f, t))
    theirs = _kind(_dtype(f, src))
    like = dataflow_checks.fact(f, src, "like")
    if theirs is None and like is not None and like is index and isinstance(index, Tens):
        theirs = "int"
    if mine is None or theirs is None or mine == theirs:
        return None
    return "RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype"


# ---------------------------------------------------------------------- float16 fill values
# A tensor known to be float16 (``.half()``, ``.to(torch.float16)``, ``dtype=torch.half``),
# carried through the ops that keep a dtype, ``chunk`` / ``split`` pieces, and arithmetic of
# float16 tensors with each other or with a Python number (torch's type promotion keeps
# float16 there). ``FLOAT`` stands for every floating dtype, so this is a fact of its own.
HALF = "half"
HALF_MAX = 65504.0  # torch.finfo(torch.float16).max: a larger finite fill overflows
# fills that cast a Python number to the tensor's dtype and raise on overflow (torch 2.13:
# "value cannot be converted to type c10::Half without overflow")
FILLS = {"masked_fill": 1, "masked_fill_": 1, "fill_": 0}


def is_half(f: Any, t: Any) -> bool:
    return isinstance(t, Tens) and dataflow_checks.fact(f, t, HALF) is True


def _half_name(v: Any) -> bool:
    q = getattr(v, "qual", None) or (v if isinstance(v, str) else None)
    return isinstance(q, str) and q.rsplit(".", 1)[-1] in ("half", "float16")


def give_half(f: Any, out: Any) -> None:
    if f.input_shape is not None and isinstance(out, Tens):
        dataflow_checks.add_facts(f, out, replace=False, **{HALF: True})


def half_after_torch(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``torch.zeros(..., dtype=torch.float16)``; a dtype-keeping function of a float16 tensor."""
    if f.input_shape is None:
        return
    if "dtype" in kwargs:
        if _half_name(kwargs["dtype"]):
            give_half(f, out)
        return
    if name in KEEPS and args and is_half(f, args[0]):
        if all(_size_like(a) for a in [*args[1:], *kwargs.values()]):
            give_half(f, out)


def half_after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``t.half()`` / ``t.to(torch.float16)``; a dtype-keeping method of a float16 tensor (its
    ``chunk`` / ``split`` pieces too)."""
    if f.input_shape is None:
        return
    if name == "half" and not args and not kwargs:
        give_half(f, out)
        return
    if name == "to":
        given = [
            a for a in [*args, kwargs.get("dtype")] if a is not None and not isinstance(a, str)
        ]
        if given and _half_name(given[0]):
            give_half(f, out)
            return
        if given:
            return
    if not is_half(f, t):
        return
    if name in ("chunk", "split", "unbind", "tensor_split") and hasattr(out, "items"):
        give_half(f, getattr(out, "t", None))  # the pieces' op: ``unpack`` hands it on
    elif name in KEEPS and all(_size_like(a) for a in [*args, *kwargs.values()]):
        give_half(f, out)


def half_binop(f: Any, op: ast.operator, a: Any, b: Any, out: Any) -> None:
    """``q @ k.transpose(-1, -2)`` of float16 tensors, ``s * 0.125``: float16."""
    if f.input_shape is None or not isinstance(out, Tens):
        return
    if type(op) not in (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult):
        return
    sides = [v for v in (a, b) if not _plain_number(v)]
    if sides and all(is_half(f, v) for v in sides):
        give_half(f, out)


def fill_overflow(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``s.masked_fill(mask, -1e9)`` on a float16 ``s``: the fill overflows float16."""
    pos = FILLS.get(name)
    if f.input_shape is None or pos is None or not is_half(f, t):
        return None
    v = args[pos] if len(args) > pos else kwargs.get("value")
    if not _plain_number(v) or v != v or abs(v) == float("inf") or abs(v) <= HALF_MAX:
        return None
    return "RuntimeError: value cannot be converted to type c10::Half without overflow"


# ---------------------------------------------------------------------- matmul / interpolate
# torch's matrix products do not promote: operands of different dtypes raise ("expected m1 and
# m2 to have the same dtype, but got: bool != float", "dot : expected both vectors to have same
# dtype", bmm's "expected scalar type Long but found Float"), and a bool product is not
# implemented on the CPU ("addmm_impl_cpu_" / "bmm" not implemented for 'Bool'); torch 2.13.
MATMULS = frozenset({"matmul", "mm", "bmm", "mv", "dot", "inner"})
_FAMILY_NAME = {"float": "float", "int": "long int", "bool": "bool"}


def matmul_error(f: Any, a: Any, b: Any) -> str | None:
    """``adj @ h`` with a bool ``adj`` (a comparison) and a float ``h`` (a layer's output)."""
    if f.input_shape is None or not isinstance(a, Tens) or not isinstance(b, Tens):
        return None
    from driftcheck.parsers.source.forward import dataflow_fix25

    err = dataflow_fix25.matmul_width_error(f, a, b)  # complex64 @ complex128
    if err is not None:
        return err
    ka, kb = _kind(_dtype(f, a)), _kind(_dtype(f, b))
    if (ka is None) != (kb is None) and "bool" in (ka, kb):
        # a bool operand beside one of any dtype: a bool product is not implemented and any
        # other dtype differs (torch 2.13; an empty operand may pass: not judged)
        sa, sb = known_shape(a), known_shape(b)
        if sa and sb and 0 not in (*sa, *sb):
            return (
                "RuntimeError: a bool operand in a matrix product: torch implements no bool "
                'product and does not promote the other operand ("addmm_impl_cpu_" not '
                "implemented for 'Bool' / expected m1 and m2 to have the same dtype)"
            )
        return None
    if ka is None or kb is None:
        return None
    if ka != kb:
        return (
            "RuntimeError: expected m1 and m2 to have the same dtype, but got: "
            f"{_FAMILY_NAME[ka]} != {_FAMILY_NAME[kb]}"
        )
    if ka == "bool":
        return "NotImplementedError: \"addmm_impl_cpu_\" not implemented for 'Bool'"
    if ka == "float":  # float64 beside float32 (exact dtypes: ``dataflow_fix25b``)
        from driftcheck.parsers.source.forward import dataflow_fix25b

        return dataflow_fix25b.matmul_error(f, a, b)
    return None


def interpolate_error(f: Any, x: Any, kwargs: dict) -> str | None:
    """``F.interpolate`` of an integer or bool tensor (``logits.argmax(1, keepdim=True)``
    resized as a label map): no mode is implemented for them (uint8 has most, not judged)."""
    if f.input_shape is None or not isinstance(x, Tens):
        return None
    dt = _dtype(f, x)
    if dt not in (INT, "bool"):
        return None
    mode = kwargs.get("mode", "nearest")
    shown = dataflow_checks.int_word(f, x) if dt == INT else _NOT_FLOAT[dt]
    return f"NotImplementedError: interpolate (mode={mode!r}) is not implemented for '{shown}'"
