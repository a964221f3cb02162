"""Session 34 (crashfix34d): sampling at temperature zero.

``logits / 0.0`` (a tensor over a Python number that is exactly zero) makes every element
``inf``, ``-inf`` or ``nan`` (IEEE division, torch's true division of any dtype). The fact
``fix34d_nonfinite`` ("no element is finite") is kept by

- ``+ - * /`` with a finite Python number (``inf * 0`` is ``nan``, ``nan`` stays ``nan``);
- ``masked_fill(mask, v)`` with ``v`` itself not finite (``float("-inf")``: top-k filtering);
- ``clone`` / ``float`` / ``contiguous`` / ``detach``.

``softmax`` / ``log_softmax`` of such a tensor are NaN in every row (a row with ``+inf``
gives ``inf - inf``; a row of ``-inf`` / ``nan`` gives ``nan``): the existing ``hasnan`` fact
(``dataflow_fix31b``), so ``torch.multinomial`` of it raises torch's RuntimeError "probability
tensor contains either `inf`, `nan` or element < 0". Only known, non-empty shapes; nothing is
recorded while the pass is speculative. Switch: ``DRIFTCHECK_NO_TEMP0_34D=1``.
"""

from __future__ import annotations

import ast
import math
import os
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import Tens

KEY = "fix34d_nonfinite"
_KEEP = frozenset({"clone", "float", "contiguous", "detach", "double", "half", "bfloat16"})
_NAN_ROWS = frozenset({"softmax", "log_softmax"})
_ARITH = (ast.Add, ast.Sub, ast.Mult, ast.Div)


def _off() -> bool:
    return os.environ.get("DRIFTCHECK_NO_TEMP0_34D") == "1"


def _number(v: Any) -> float | int | None:
    """A plain Python int / float (never bool, never a traced hole)."""
    from driftcheck.parsers.source.speed.symbolic import plain_hole

    v = plain_hole(v)
    return v if v.__class__ in (int, float) else None


def _nonempty(t: Any) -> bool:
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    shape = known_shape(t)
    return shape is not None and 0 not in shape


def _nonfinite(f: Any, t: Any) -> bool:
    from driftcheck.parsers.source.forward import dataflow_checks

    return isinstance(t, Tens) and bool(dataflow_checks.fact(f, t, KEY))


def _mark(f: Any, out: Any, **facts: Any) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks

    if _nonempty(out):
        dataflow_checks.add_facts(f, out, **facts)


def binop(f: Any, op: ast.operator, a: Any, b: Any, out: Any) -> None:
    """``t / 0.0``: no element finite; ``t * 2`` etc. of such a tensor keeps it."""
    if _off() or f.input_shape is None or f.speculative or not isinstance(out, Tens):
        return
    if not isinstance(op, _ARITH):
        return
    if isinstance(a, Tens) and not isinstance(b, Tens):
        n = _number(b)
        if n is None or not math.isfinite(n):
            return
        if isinstance(op, ast.Div) and n == 0 and _nonempty(a):
            _mark(f, out, **{KEY: True})
        elif _nonfinite(f, a):
            _mark(f, out, **{KEY: True})
    elif isinstance(b, Tens) and not isinstance(a, Tens) and not isinstance(op, ast.Div):
        n = _number(a)
        if n is not None and math.isfinite(n) and _nonfinite(f, b):
            _mark(f, out, **{KEY: True})


def after_call(run: Any, fv: Any, out: Any, args: list, kwargs: dict) -> None:
    """``softmax`` of a tensor with no finite element: NaN (``hasnan``); ``masked_fill`` with
    ``-inf`` and the like keep ``fix34d_nonfinite``."""
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if _off() or f.input_shape is None or f.speculative or not isinstance(out, Tens):
        return
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        name, full = fv.name, [fv.target, *args]
    else:
        q = getattr(fv, "qual", None)
        if not isinstance(q, str):
            return
        name = q.rsplit(".", 1)[-1]
        if q not in (f"torch.{name}", f"torch.nn.functional.{name}", f"torch.special.{name}"):
            return
        full = list(args)
    if not full or not _nonfinite(f, full[0]):
        return
    t = full[0]
    if name in _NAN_ROWS:
        if out.shape == t.shape:
            _mark(f, out, hasnan=f"{name} of a tensor with no finite element: a division by zero")
    elif name in _KEEP and isinstance(fv, Bound) and out.shape == t.shape:
        _mark(f, out, **{KEY: True})
    elif name == "masked_fill" and out.shape == t.shape:
        n = _number(arg(full, kwargs, 2, "value"))
        if isinstance(n, float) and not math.isfinite(n):
            _mark(f, out, **{KEY: True})
