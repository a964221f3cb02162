"""Forward rules of session 29 (crashfix29b: fresh21's dev misses). Each is torch's own
behaviour (torch 2.13, CPU; ``tests/test_crash29b.py`` runs every verdict in torch), on facts
the pass knows for certain; anything not known gives no crash:

- ``std`` / ``var`` / ``std_mean`` / ``var_mean`` given both ``unbiased=`` and
  ``correction=``: no signature of torch's takes both (TypeError);
- a ``str`` where torch's parser wants a ``torch.dtype`` (``dtype="float32"`` to a factory, a
  reduction, ``softmax``, ``new_zeros``...: TypeError) and a dtype's name as ``.to``'s
  positional argument (``x.to("float32")``: read as a device string, RuntimeError);
- a tensor as the ``device=`` of a factory (``torch.ones(n, device=x)``: TypeError);
- a float ``diagonal`` of ``triu`` / ``tril`` (TypeError);
- ``None`` as a branch of ``torch.where(c, x, y)`` / ``x.where(c, y)`` (TypeError);
- an int as the ``size`` of ``torch.full`` / ``x.new_full`` (TypeError: a tuple of ints);
- an ``einsum`` equation whose output names a subscript twice (RuntimeError);
- ``x.gather(index, dim)`` / ``x.index_select(index, dim)``: a tensor of more than one element
  as the ``dim`` (TypeError);
- ``torch.vander(x)`` of a tensor whose rank is known and not 1 (RuntimeError);
- ``torch.stack`` / ``torch.cat`` of a list or tuple holding a Python int or float (TypeError);
- ``F.scaled_dot_product_attention(..., dropout_p=p)`` with a known ``p > 1`` (RuntimeError);
- the FFTs of ``torch.fft`` on a float16 / bfloat16 tensor (no CPU kernel: RuntimeError);
- ``t.numpy()`` of a bfloat16 tensor (numpy has no bfloat16: TypeError);
- ``a, b, c = torch.unique(x, return_inverse=True)``: ``unique`` returns ``1 +
  return_inverse + return_counts`` tensors when either flag is a literal True (unpacked into
  another number of names: Python's ValueError);
- a tensor and the tuple a torch layer returns for certain (``nn.MultiheadAttention``, an RNN
  whose state is known, a max pool with ``return_indices=True``) under ``+ - / @``
  (``x + self.attn(h, h, h)``: TypeError);
- ``nn.MultiheadAttention(q, k, v, is_causal=True)`` without ``attn_mask`` where the fast
  path cannot run (``batch_first=False``, or inputs of different known shapes): RuntimeError;
- ``x[idx]`` with a tensor index of a floating dtype the pass knows (IndexError); facts it
  adds for that: ``torch.full(size, <int>)`` is int64, and a max pool's ``return_indices``
  indices are int64 (a convolution on them is then the known int-input crash).
"""

from __future__ import annotations

import ast
import math
from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

# torch functions whose ``dtype=`` goes through torch's argument parser as a ``torch.dtype``
# (a ``str`` there is a TypeError: tests/test_crash29b.py runs each)
DTYPE_FUNCS = frozenset(
    {
        "zeros", "ones", "empty", "full", "rand", "randn", "arange", "linspace", "logspace",
        "eye", "tensor", "as_tensor", "zeros_like", "ones_like", "empty_like", "full_like",
        "rand_like", "randn_like", "sum", "mean", "prod", "cumsum", "cumprod", "softmax",
        "log_softmax", "nansum",
    }
)  # fmt: skip
DTYPE_METHODS = frozenset(
    {
        "to", "new_zeros", "new_ones", "new_empty", "new_full", "new_tensor", "sum", "mean",
        "prod", "cumsum", "cumprod", "softmax", "log_softmax", "nansum",
    }
)  # fmt: skip
# factories whose ``device=`` must be a device, a str or an int (a tensor: TypeError)
DEVICE_FUNCS = frozenset(
    {
        "zeros", "ones", "empty", "full", "rand", "randn", "arange", "linspace", "eye",
        "tensor", "as_tensor", "zeros_like", "ones_like", "empty_like", "full_like",
        "rand_like", "randn_like",
    }
)  # fmt: skip
# the dtype names torch has (``torch.<name>``): ``x.to("<name>")`` reads it as a device string
DTYPE_NAMES = frozenset(
    {
        "float32", "float", "float64", "double", "float16", "half", "bfloat16", "int64",
        "long", "int32", "int", "int16", "short", "int8", "uint8", "bool", "complex64",
        "cfloat", "complex128", "cdouble",
    }
)  # fmt: skip
_STD_VAR = frozenset({"std", "var", "std_mean", "var_mean"})
# the transforms of ``torch.fft`` (not the shifts or frequency helpers)
FFTS = frozenset(
    {
        "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2",
        "rfftn", "irfftn", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn",
    }
)  # fmt: skip
_HALF_WORDS = {"float16": "Half", "bfloat16": "BFloat16"}


def _exact(f: Any, t: Any) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    return exact(f, t)


def _many(t: Any) -> bool:
    """A tensor of known shape and not one element (torch's parser never reads it as an int)."""
    s = known_shape(t) if t.__class__ is Tens else None
    return s is not None and math.prod(s) != 1


def _common(name: str, args: list, kwargs: dict, method: bool) -> str | None:
    """Checks shared by ``torch.<name>(...)`` and ``t.<name>(...)`` (``args`` without the
    tensor itself for a method)."""
    if name in _STD_VAR and "unbiased" in kwargs and "correction" in kwargs:
        return (
            f"TypeError: {name}() received an invalid combination of arguments: "
            "unbiased= and correction= together"
        )
    names = DTYPE_METHODS if method else DTYPE_FUNCS
    if name in names and isinstance(kwargs.get("dtype"), str):
        return f"TypeError: {name}(): argument 'dtype' must be torch.dtype, not str"
    if name in ("triu", "tril"):
        d = arg(args, kwargs, 0 if method else 1, "diagonal")
        if d.__class__ is float:
            return f"TypeError: {name}(): argument 'diagonal' must be int, not float"
    if name in ("full", "new_full"):
        size = arg(args, kwargs, 0, "size")
        if size.__class__ is int:
            return f"TypeError: {name}(): argument 'size' must be tuple of ints, not int"
    return None


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``torch.<...>(*args, **kwargs)`` by the rules above, else None."""
    if f.input_shape is None:
        return None
    name = q.rsplit(".", 1)[-1]
    if q.startswith("torch.fft."):
        if name in FFTS and args:
            word = _HALF_WORDS.get(_exact(f, args[0]) or "")
            if word is not None:
                return f"RuntimeError: Unsupported dtype {word} (torch.fft has no CPU kernel)"
        return None
    if q == "torch.nn.functional.scaled_dot_product_attention":
        p = arg(args, kwargs, 4, "dropout_p")
        if p.__class__ in (int, float) and p > 1:
            return f"RuntimeError: dropout probability has to be between 0 and 1, but got {p}"
        return None
    if q.count(".") != 1 and q not in (
        "torch.nn.functional.softmax",
        "torch.nn.functional.log_softmax",
    ):
        return None
    err = _common(name, args, kwargs, False)
    if err is not None:
        return err
    if name in DEVICE_FUNCS and kwargs.get("device").__class__ is Tens:
        return f"TypeError: {name}(): argument 'device' must be torch.device, not Tensor"
    if name == "where" and len(args) == 3 and not kwargs and None in (args[1], args[2]):
        return "TypeError: where() received an invalid combination of arguments (a None branch)"
    if name == "einsum" and args and isinstance(args[0], str):
        return _einsum_output(args[0])
    if name == "vander":
        x = arg(args, kwargs, 0, "x")
        s = known_shape(x) if x.__class__ is Tens else None
        if s is not None and len(s) != 1:
            return "RuntimeError: x must be a one-dimensional tensor."
    if name in ("stack", "cat"):
        seq = arg(args, kwargs, 0, "tensors")
        if seq.__class__ in (list, tuple):
            for i, v in enumerate(seq):
                if v.__class__ in (int, float):
                    kind = v.__class__.__name__
                    return (
                        f"TypeError: expected Tensor as element {i} in argument 0, but got {kind}"
                    )
    return None


def _einsum_output(eq: str) -> str | None:
    """An ``einsum`` equation whose output names one subscript twice."""
    if eq.count("->") != 1:
        return None
    out = eq.split("->")[1].replace(" ", "").replace("...", "")
    seen: set[str] = set()
    for c in out:
        if not c.isalpha():
            return None
        if c in seen:
            return (
                f"RuntimeError: einsum(): output subscript {c} appears more than once in the output"
            )
        seen.add(c)
    return None


def method_error(f: Any, t: Any, name: str, args: list, kwargs: dict, at: Any) -> str | None:
    """torch's error for ``t.<name>(*args, **kwargs)`` by the rules above, else None (and
    None for a call with ``*seq`` / ``**kw``: arguments the pass may not see)."""
    from driftcheck.parsers.source.forward.dataflow_torch import _splat

    if f.input_shape is None or _splat(at):
        return None
    err = _common(name, args, kwargs, True)
    if err is not None:
        return err
    if name == "to" and args and isinstance(args[0], str) and args[0] in DTYPE_NAMES:
        return (
            f"RuntimeError: Invalid device string: '{args[0]}' (to()'s string argument is a device)"
        )
    if name in ("gather", "index_select") and args and _many(args[0]):
        return f"TypeError: {name}(): argument 'dim' (position 1) must be int, not Tensor"
    if name == "where" and len(args) == 2 and not kwargs and args[1] is None:
        return "TypeError: where() received an invalid combination of arguments (a None branch)"
    if name == "numpy" and _exact(f, t) == "bfloat16":
        return "TypeError: Got unsupported ScalarType BFloat16"
    return None


_UNIQUE_FLAGS = ("return_inverse", "return_counts")


def unique_arity(run: Any, call: ast.Call, fr: Any) -> int | None:
    """How many tensors ``torch.unique(x, ...)`` / ``x.unique(...)`` returns, when its flags
    are given by keyword, each a literal bool, and one of them True (a tuple); else None."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("unique", "unique_consecutive"):
        return None
    from driftcheck.parsers.source.forward.dataflow_common import pure_chain, receiver

    if not pure_chain(func):  # the call has run: its receiver is not evaluated again
        return None
    q = getattr(run.eval(func, fr), "qual", None)
    if q in ("torch.unique", "torch.unique_consecutive"):
        if len(call.args) != 1:
            return None
    elif call.args or not isinstance(receiver(run, call, fr), Tens):
        return None
    n = 1
    for k in call.keywords:
        if k.arg is None:
            return None
        if k.arg in _UNIQUE_FLAGS:
            if not isinstance(k.value, ast.Constant) or not isinstance(k.value.value, bool):
                return None
            n += k.value.value
    return n if n > 1 else None


# the operators whose ``Tensor <op> tuple`` is Python's TypeError "unsupported operand
# type(s)" (``*`` is not among them: torch reads a tuple there as an index, another message)
_TUPLE_OPS = {ast.Add: "+", ast.Sub: "-", ast.Div: "/", ast.MatMult: "@"}


def tuple_operand(f: Any, op: Any, a: Any, b: Any) -> str | None:
    """``x + attn(q, k, v)``: a tensor and the tuple a torch layer returns for certain
    (``Multi`` with its other items known: nn.MultiheadAttention, an RNN of known state, a
    max pool with ``return_indices=True``) under ``+ - / @`` (either order): TypeError."""
    from driftcheck.parsers.source.values.dataflow_values import Multi

    sym = _TUPLE_OPS.get(op.__class__)
    if f.input_shape is None or sym is None:
        return None
    if a.__class__ is Tens and isinstance(b, Multi) and b.rest is not None:
        return f"TypeError: unsupported operand type(s) for {sym}: 'Tensor' and 'tuple'"
    if b.__class__ is Tens and isinstance(a, Multi) and a.rest is not None and sym == "+":
        return 'TypeError: can only concatenate tuple (not "Tensor") to tuple'
    return None


def mha_causal(f: Any, node: Any, args: list, kwargs: dict) -> str | None:
    """torch's ``nn.MultiheadAttention(q, k, v, is_causal=True)`` without an ``attn_mask``
    where its fast path cannot run (``batch_first=False``, or query / key / value of
    different known shapes: not one tensor): "Need attn_mask if specifying the is_causal
    hint" (RuntimeError)."""
    if f.input_shape is None or kwargs.get("is_causal") is not True or len(args) > 5:
        return None
    if len(args) < 3 or kwargs.get("attn_mask", None) is not None:
        return None
    bf = node.params.get("batch_first", False)
    shapes = [known_shape(a) if a.__class__ is Tens else None for a in args[:3]]
    apart = all(s is not None for s in shapes) and len({tuple(s) for s in shapes}) > 1
    if bf is False or apart:
        return (
            "RuntimeError: Need attn_mask if specifying the is_causal hint "
            "(MultiheadAttention outside its fast path)"
        )
    return None


def index_error(f: Any, v: Any, key: Any) -> str | None:
    """``x[idx]`` / ``x[:, idx]`` / ``x[rows, idx]`` with a tensor index whose dtype the pass
    knows is floating (``torch.full((B,), T) / 2``, ``.float()``): torch's IndexError, whatever
    the index's shape (an empty or 0-D float index too)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    if f.input_shape is None or v.__class__ is not Tens:
        return None
    for k in key if key.__class__ is tuple else (key,):
        if k.__class__ is Tens and dataflow_checks.fact(f, k, "dtype") in (
            dataflow_checks.FLOAT,
            "float64",
        ):
            return "IndexError: tensors used as indices must be long, int, byte or bool tensors"
    return None


def full_made(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``torch.full(size, n)`` of a Python int ``n`` without ``dtype=``: int64 whatever the
    default dtype (torch infers the dtype from the fill value)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    if f.input_shape is None or name != "full" or out.__class__ is not Tens:
        return
    if "dtype" in kwargs or "out" in kwargs:
        return
    if arg(args, kwargs, 1, "fill_value").__class__ is int:
        dataflow_checks.add_facts(f, out, replace=False, dtype=dataflow_checks.INT, long=True)


def indices_made(f: Any, t: Any) -> Any:
    """The indices of a max pool's ``return_indices=True``: int64 for certain."""
    from driftcheck.parsers.source.forward import dataflow_checks

    if f.input_shape is not None and t.__class__ is Tens:
        dataflow_checks.add_facts(f, t, replace=False, dtype=dataflow_checks.INT, long=True)
    return t
