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

from driftcheck.parsers.source.forward import argkinds_table
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
    if mod == "torch" and not kwargs:
        return refused_kinds(name, args)
    return None


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
    if name == "fill_diagonal_" and t.__class__ is Tens:
        return fill_diagonal(t)
    if name in ("sample", "rsample", "sample_n"):
        return dist_sample(t, name, args, kwargs)
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
