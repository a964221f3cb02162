"""Forward rules of session 29 (crashfix29: fresh20's dev misses and the commonest unmodelled
calls). Each is torch's own behaviour (torch 2.13, CPU; ``tests/test_crash29a.py`` runs every
verdict in torch), on facts the pass knows for certain; anything not known gives no crash:

- ``torch.<name>(a1, ..., an)`` (no keyword arguments, no ``*`` / ``**``) with arguments of
  kinds torch's argument parser refuses for that function: ``torch.flip(x, 1)``,
  ``torch.tile(x, 2)``, ``torch.permute(x, 0, 2, 1)``, ``torch.isin(x, [1, 2])``. The kinds
  each native ``torch`` function takes are measured by ``tools/gen_argkinds_table.py``
  (``argkinds_table.ACCEPTED``); a kind is named only for a tensor of known shape and not
  one element (torch's parser takes a one-element tensor as an int or number), an int,
  a float, or a non-empty list / tuple of ints the pass knows.
"""

from __future__ import annotations

import math
from typing import Any

from driftcheck.parsers.source.forward import argkinds_table, dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

_WORDS = {"T": "Tensor", "i": "int", "f": "float", "L": "list", "U": "tuple"}


def _kind(v: Any) -> str | None:
    """The argument kind of ``v`` (``argkinds_table.KINDS``) when the pass knows it for
    certain, else None."""
    if v.__class__ is Tens:
        s = known_shape(v)
        if s is None or math.prod(s) == 1:
            return None  # a one-element tensor: the parser takes it as an int or a number
        return "T"
    if v.__class__ is int:
        return "i"
    if v.__class__ is float:
        return "f"
    if v.__class__ in (list, tuple) and v and all(d.__class__ is int for d in v):
        return "L" if v.__class__ is list else "U"
    return None


def refused_kinds(name: str, args: list) -> str | None:
    """torch's TypeError for ``torch.<name>(*args)`` (positional only) where the measured
    table says its parser refuses these kinds of arguments, else None."""
    most = argkinds_table.MAXPOS.get(name)
    if most is not None and len(args) > most:
        return (
            f"TypeError: {name}() takes {most} positional argument{'s' if most > 1 else ''} "
            f"at most but {len(args)} were given"
        )
    ok = argkinds_table.ACCEPTED.get(name)
    if ok is None or not args or len(args) > argkinds_table.MAX_ARGS:
        return None
    kinds = [_kind(a) for a in args]
    if any(k is None for k in kinds) or kinds[0] != "T":
        return None
    pat = "".join(kinds)  # type: ignore[arg-type]
    if pat in ok:
        return None
    got = ", ".join(_WORDS[k] for k in pat)
    return (
        f"TypeError: {name}() received an invalid combination of arguments - got ({got}): "
        "no signature of torch's takes these kinds of arguments"
    )


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``torch.<...>(*args, **kwargs)`` where a rule above decides, else
    None (the caller has already excluded ``*`` / ``**`` arguments)."""
    if f.input_shape is None:
        return None
    mod, _, name = q.rpartition(".")
    err = None
    if mod == "torch" and not kwargs:
        err = refused_kinds(name, args)
    elif mod == "torch" and len(args) > argkinds_table.MAXPOS.get(name, len(args)):
        err = refused_kinds(name, args)  # too many positional arguments, whatever the keywords
    if err is None and mod == "torch" and name in _ZERO_DIV and len(args) >= 2:
        err = zero_division(f, args[0], args[1], kwargs if name == "div" else {"": 0})
    if err is None and mod == "torch" and name == "segment_reduce":
        err = segment_lengths(f, args, kwargs)
    if err is None and mod == "torch" and name == "bernoulli" and len(args) >= 2:
        err = random_fill(f, "bernoulli_", args[1:], kwargs)
    if err is None and mod == "torch" and name in ("put", "take") and len(args) >= 2:
        err = index_range(f, args[0], args[1])
    if err is None and q == "torch.nn.functional.embedding_bag":
        err = bag_offsets(f, arg(args, kwargs, 0, "input"), arg(args, kwargs, 2, "offsets"))
    if err is None and q == "torch.nn.functional.embedding":
        err = small_index(f, arg(args, kwargs, 0, "input"))
    return err


# ---------------------------------------------------------------------- tensor methods
def fill_diagonal(t: Any) -> str | None:
    """``t.fill_diagonal_(v)``: torch needs at least 2 dims, and all sizes equal past 2."""
    s = known_shape(t)
    if s is None:
        return None
    if len(s) < 2:
        return "RuntimeError: dimensions must larger than 1"
    if len(s) > 2 and len(set(s)) > 1:
        return "RuntimeError: all dimensions of input must be of equal length"
    return None


def dist_sample(t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``d.sample(n)`` / ``d.rsample(n)`` with a Python number where a shape goes
    (``torch.Size(n)``: TypeError), ``d.sample_n(shape)`` with a sequence or a float, on a
    distribution of a family whose sampling the tests measured (``dist_table``)."""
    from driftcheck.parsers.source.forward import dist_table
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens

    if not isinstance(t, DistTens) or len(args) + len(kwargs) != 1:
        return None
    if t.family not in dist_table.SCALAR | dist_table.PROBS_SCALAR | dist_table.LAST_AXIS:
        return None
    if name in ("sample", "rsample"):
        n = arg(args, kwargs, 0, "sample_shape")
        if n.__class__ in (int, float):
            return f"TypeError: '{n.__class__.__name__}' object is not iterable"
    if name == "sample_n":
        n = arg(args, kwargs, 0, "n")
        if n.__class__ in (float, list, tuple):
            return "TypeError: sample_n's n must be an int (torch.Size((n,)) of it raised)"
    return None


def method_error(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``t.<name>(...)`` where a rule above decides, else None."""
    if f.input_shape is None:
        return None
    err = sparse_error(f, t, name)
    if err is not None:
        return err
    if name == "fill_diagonal_" and t.__class__ is Tens:
        return fill_diagonal(t)
    if name in ("sample", "rsample", "sample_n"):
        return dist_sample(t, name, args, kwargs)
    if name in _FILLS:
        return random_fill(f, name, args, kwargs)
    if name in _ZERO_DIV_METHODS and args and t.__class__ is Tens:
        return zero_division(f, t, args[0], kwargs if name.startswith("div") else {"": 0})
    if name in ("put_", "put", "take") and args and t.__class__ is Tens:
        return index_range(f, t, args[0])
    return None


# ---------------------------------------------------------------------- random fills
# in-place random fills and the domain torch checks for their parameter (position, keyword,
# default; the test for a bad value; torch's message)
_FILLS: dict[str, tuple[int, str, Any, Any, str]] = {
    "exponential_": (0, "lambd", 1.0, lambda v: v <= 0, "exponential_ expects lambda > 0.0, but found lambda={}"),
    "geometric_": (0, "p", None, lambda v: not 0 < v < 1, "geometric_ expects p to be in (0, 1), but got p={}"),
    "log_normal_": (1, "std", 2.0, lambda v: v <= 0, "log_normal_ expects std > 0.0, but found std={}"),
    "cauchy_": (1, "sigma", 1.0, lambda v: v <= 0, "cauchy_ expects sigma > 0.0, but found sigma={}"),
    "bernoulli_": (0, "p", None, lambda v: not 0 <= v <= 1, "bernoulli_ expects p to be in [0, 1], but got p={}"),
}  # fmt: skip


def _number(v: Any) -> float | int | None:
    """A Python number known for certain (not a bool, not NaN)."""
    if v.__class__ not in (int, float) or v != v:
        return None
    return v


def random_fill(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``t.exponential_(0.0)``, ``t.geometric_(1)``, ``t.log_normal_(m, 0)``,
    ``t.cauchy_(m, 0)``, ``t.bernoulli_(1.5)`` (and ``torch.bernoulli(t, p)``): torch checks
    the parameter's domain before it draws (for any size and dtype of ``t``)."""
    pos, key, default, bad, msg = _FILLS[name]
    v = _number(arg(args, kwargs, pos, key, default))
    if v is None or not bad(v):
        return None
    shown = int(v) if float(v).is_integer() else v
    return "RuntimeError: " + msg.format(shown)


# ---------------------------------------------------------------------- integer division by 0
_ZERO_DIV = frozenset({"remainder", "fmod", "floor_divide", "div", "divide"})
_ZERO_DIV_METHODS = frozenset(
    {"remainder", "remainder_", "fmod", "fmod_", "floor_divide", "floor_divide_", "div", "div_",
     "divide", "divide_"}
)  # fmt: skip
_INTEGRAL = (dataflow_checks.INT, dataflow_checks.UINT8, "bool")


def zero_division(f: Any, t: Any, d: Any, kwargs: dict) -> str | None:
    """``t % 0``, ``t // 0``, ``t.remainder(0)``, ``t.fmod(0)``, ``t.div(0, rounding_mode=...)``
    of an integer or bool tensor with elements, by the Python int 0: torch's
    integer kernels raise. ``kwargs``: the call's (``div`` divides by 0 only with a rounding
    mode; true division gives inf)."""
    if "rounding_mode" not in kwargs and "" not in kwargs:
        return None
    if "rounding_mode" in kwargs and kwargs["rounding_mode"] not in ("floor", "trunc"):
        return None
    s = known_shape(t)
    if t.__class__ is not Tens or s is None or math.prod(s) == 0:
        return None
    if d.__class__ is not int or d != 0:
        return None
    if dataflow_checks.fact(f, t, "dtype") not in _INTEGRAL:
        return None
    return "RuntimeError: ZeroDivisionError"


def binop(f: Any, op: Any, a: Any, b: Any) -> str | None:
    """``a % b`` / ``a // b`` (and ``%=`` / ``//=``) of an integer tensor by 0."""
    import ast

    if f.input_shape is None or not isinstance(op, (ast.Mod, ast.FloorDiv)):
        return None
    return zero_division(f, a, b, {"": 0})


# ---------------------------------------------------------------------- known index values
def _values(f: Any, t: Any) -> Any:
    from driftcheck.parsers.source.forward import dataflow_known

    a = dataflow_known.array(f, t) if t.__class__ is Tens else None
    if a is None or getattr(a.dtype, "kind", None) not in ("i", "u") or not a.size:
        return None
    return a


def index_range(f: Any, t: Any, idx: Any) -> str | None:
    """``t.put_(idx, v)`` / ``t.put(...)`` / ``t.take(idx)``: every index in
    ``[-numel, numel)`` of ``t`` (flat), when the index values are known."""
    s, a = known_shape(t), _values(f, idx)
    if s is None or a is None:
        return None
    n = math.prod(s)
    bad = a[(a >= n) | (a < -n)]
    if not bad.size:
        return None
    return (
        f"IndexError: out of range: tried to access index {int(bad.flat[0])} on a tensor of "
        f"{n} elements."
    )


def segment_lengths(f: Any, args: list, kwargs: dict) -> str | None:
    """``torch.segment_reduce(data, reduce, lengths=..., axis=0, unsafe=False)`` with 1-D
    lengths of known values: none negative, and (unless ``unsafe``) they sum to
    ``data.size(0)``; ``axis`` must be 0 for 1-D lengths."""
    data = arg(args, kwargs, 0, "data")
    ds, a = known_shape(data), _values(f, kwargs.get("lengths"))
    if ds is None or a is None or a.ndim != 1 or len(args) > 2:
        return None
    if set(kwargs) - {"lengths", "axis", "unsafe", "reduce", "data"}:
        return None
    axis, unsafe = kwargs.get("axis", 0), kwargs.get("unsafe", False)
    if axis.__class__ is not int or unsafe not in (True, False) or not ds:
        return None
    if axis != 0:
        return (
            "RuntimeError: segment_reduce(): Expected axis to be the last dimension of lengths "
            f"but got {axis}."
        )
    if (a < 0).any():
        return "RuntimeError: lengths contains negative value!"
    if not unsafe and int(a.sum()) != ds[0]:
        return (
            "RuntimeError: segment_reduce(): Expected all rows of lengths along axis to sum to "
            f"data.size(lengths.dim()-1) when !unsafe (they sum to {int(a.sum())}, the size is "
            f"{ds[0]})."
        )
    return None


def bag_offsets(f: Any, x: Any, offsets: Any) -> str | None:
    """``nn.EmbeddingBag`` / ``F.embedding_bag`` of 1-D ids and 1-D offsets of known values:
    ``offsets[0]`` must be 0 and ``offsets[-1]`` at most the number of ids."""
    xs, a = known_shape(x), _values(f, offsets)
    if xs is None or len(xs) != 1 or a is None or a.ndim != 1:
        return None
    if int(a[0]) != 0:
        return (
            "RuntimeError: offsets[0] has to be 0, i.e., the first sequence in the mini-batch "
            f"has to start from position 0. However, got {int(a[0])}"
        )
    if int(a[-1]) > xs[0]:
        return (
            f"RuntimeError: offsets[-1] can not be greater than input's length {xs[0]} but got "
            f"offsets[-1] of {int(a[-1])}"
        )
    return None


_SMALL_INTS = {"Short": "torch.ShortTensor", "Char": "torch.CharTensor"}


def small_index(f: Any, x: Any) -> str | None:
    """``nn.Embedding`` / ``F.embedding`` indices of int16 / int8 (a cast or ``dtype=`` named
    the width): torch takes int64 and int32 only."""
    if x.__class__ is not Tens or dataflow_checks.fact(f, x, "dtype") != dataflow_checks.INT:
        return None
    got = _SMALL_INTS.get(dataflow_checks.fact(f, x, "itype"))
    if got is None:
        return None
    return (
        "RuntimeError: Expected tensor for argument #1 'indices' to have one of the following "
        f"scalar types: Long, Int; but got {got} instead (while checking arguments for "
        "embedding)"
    )


def leaf_error(f: Any, obj: Any, args: list, kwargs: dict) -> str | None:
    """torch's own ``nn.EmbeddingBag`` (offsets) and ``nn.Embedding`` (index width)."""
    torch_cls = obj.torch if isinstance(getattr(obj, "torch", None), str) else ""
    if f.input_shape is None or torch_cls.rpartition(".")[2] != getattr(obj, "type", None):
        return None
    if not torch_cls.startswith("torch.nn."):
        return None
    x = args[0] if args else kwargs.get("input")
    if obj.type == "EmbeddingBag":
        return bag_offsets(f, x, args[1] if len(args) > 1 else kwargs.get("offsets"))
    if obj.type == "Embedding":
        return small_index(f, x)
    return None


# ---------------------------------------------------------------------- f-strings
def format_spec(f: Any, v: Any, spec: Any) -> str | None:
    """``f"{t:.4f}"``: ``Tensor.__format__`` formats the item of a 0-d tensor only; any other
    tensor goes to ``object.__format__``, which refuses a non-empty spec (TypeError). Claimed
    for a tensor of known rank >= 1 and a spec with some literal text (so never empty)."""
    import ast

    if f.input_shape is None or not isinstance(spec, ast.JoinedStr):
        return None
    literal = any(
        isinstance(p, ast.Constant) and isinstance(p.value, str) and p.value for p in spec.values
    )
    s = known_shape(v)
    if v.__class__ is Tens and s is not None and len(s) >= 1 and literal:
        return "TypeError: unsupported format string passed to Tensor.__format__"
    return None


# ---------------------------------------------------------------------- sparse COO tensors
# methods torch has no sparse COO kernel for (or refuses for the layout), with any arguments
# (measured on 1-D, 2-D and 3-D float32 / float64 sparse tensors, several argument forms each,
# no-op forms included: tests/test_crash29a.py; ``flatten`` is not here: ``flatten(0, 0)`` and
# a 1-D ``flatten()`` return the sparse tensor itself)
SPARSE_REFUSED = frozenset(
    {"view", "reshape", "contiguous", "expand", "repeat", "mean", "max", "softmax",
     "log_softmax", "exp", "log", "sigmoid", "clamp", "narrow", "chunk", "split", "argmax",
     "numpy", "masked_fill", "view_as", "reshape_as", "expand_as", "unfold"}
)  # fmt: skip
# methods whose result is again a sparse COO tensor, with the argument forms measured
_SPARSE_SAME = frozenset(
    {"t", "coalesce", "float", "double", "half", "clone", "detach", "abs", "neg", "sqrt",
     "relu", "tanh", "cpu"}
)  # fmt: skip


def _sparse_keeps(name: str, args: list, kwargs: dict, rank: int | None = None) -> bool:
    """``t.<name>(*args, **kwargs)`` of a sparse COO tensor of ``rank`` dims is sparse COO
    again."""
    if name in _SPARSE_SAME:
        return not args and not kwargs
    if name == "sum":  # one int dim of 2 or more (a tuple, no dim, a 1-D input: dense)
        dim = arg(args, kwargs, 0, "dim")
        rest = set(kwargs) - {"dim", "keepdim"}
        ok = rank is not None and rank >= 2
        return ok and dim.__class__ is int and len(args) <= 2 and not rest
    if name in ("pow", "mul", "div"):
        return len(args) == 1 and not kwargs and _number(args[0]) is not None
    if name in ("transpose", "unsqueeze"):
        return (
            all(a.__class__ is int for a in args)
            and len(args) == (2 if name == "transpose" else 1)
            and not kwargs
        )
    return False


def is_sparse(f: Any, t: Any) -> bool:
    return t.__class__ is Tens and dataflow_checks.fact(f, t, "sparse") is True


def sparse_error(f: Any, t: Any, name: str) -> str | None:
    """``t.view(...)`` / ``t.reshape(...)`` ... of a tensor the pass knows is sparse COO."""
    if name in SPARSE_REFUSED and is_sparse(f, t):
        return (
            f"RuntimeError: {name}() of a sparse COO tensor (made by to_sparse()): torch has "
            "no sparse kernel for it (NotImplementedError / RuntimeError); call to_dense() first"
        )
    return None


def after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> Any:
    """The result of ``t.<name>(...)``: a sparse COO tensor after ``t.to_sparse()`` /
    ``to_sparse_coo()`` (of a tensor of known shape, no layout argument) and after a method
    that keeps a sparse tensor sparse; never the sparse tensor's own object for a result
    that may be dense."""
    if f.input_shape is None or t.__class__ is not Tens:
        return out
    if name in _FILLS or name == "random_":
        # an in-place fill returns the tensor itself (its shape: the pass did not follow it)
        if out.__class__ is Tens and out.shape is None and known_shape(t) is not None:
            return t
        return out
    made = name in ("to_sparse", "to_sparse_coo") and not kwargs and len(args) <= 1
    made = made and known_shape(t) is not None and all(a.__class__ is int for a in args)
    s = known_shape(t)
    rank = len(s) if s is not None else None
    if made or (is_sparse(f, t) and _sparse_keeps(name, args, kwargs, rank)):
        if made:  # (torch keeps the shape: the pass may not follow ``to_sparse``)
            out = Tens(None, t.shape)
        elif out is t or out.__class__ is not Tens or out.shape is None:
            shape = out.shape if out.__class__ is Tens else None
            if shape is None and name in _SPARSE_SAME and name != "t":
                shape = t.shape  # (elementwise, casts, coalesce: the shape stays)
            out = Tens(None, shape)
        dataflow_checks.add_facts(f, out, sparse=True)
        return out
    if name == "to_dense" and is_sparse(f, t) and not args and not kwargs:
        return Tens(None, t.shape)  # a dense tensor of the same shape
    if out is t and is_sparse(f, t):
        return Tens(t.src, t.shape)  # (read as the same tensor: maybe dense)
    return out


# ---------------------------------------------------------------------- dicts
_DICT_ATTRS = frozenset(dir(dict))


def dict_attribute(f: Any, v: Any, name: str) -> str | None:
    """``out.mean(1)`` where ``out`` is a dict ``forward`` itself made (a ``{...}`` literal or
    a ``dict(...)`` call, returned by a submodule, say): a ``dict`` has no such attribute
    (``dir(dict)``, the same in every Python 3.10+)."""
    if v.__class__ is not dict or name in _DICT_ATTRS:
        return None
    if not any(v is d for d in f.made_dicts):
        return None
    return f"AttributeError: 'dict' object has no attribute '{name}'"
