"""Forward crashes on real sizes, session 25 (crashfix25: fresh16's dev misses, made general).
Each rule is Python's or torch's own condition, measured in CPython / torch 2.13
(``tests/test_crash25.py`` runs each construct in torch):

- arithmetic on a tuple torch returns (``h.max(-1)``'s ``return_types.max``, ``torch.where``'s
  index tuple): ``pair * 2`` / ``2 * pair`` repeat it and ``pair + pair`` joins it (a plain
  tuple, still no tensor: a layer given it raises TypeError), while ``pair * 0.5``,
  ``pair + 1``, ``pair - x``, ``pair / 2`` ... with a Python number are TypeError at once.

An operand that is not known for certain (an unknown number, a tensor) gives no verdict.
"""

from __future__ import annotations

import ast
from typing import Any

_SIGN = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
         ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@"}  # fmt: skip


def _torch_tuple(v: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple, NamedPair

    return isinstance(v, (NamedPair, IndexTuple))


def _number(v: Any) -> bool:
    """A Python number known for certain (``int`` / ``float`` / ``bool`` values)."""
    return isinstance(v, (int, float)) and not isinstance(v, complex)


def tuple_binop(f: Any, op: ast.operator, a: Any, b: Any, loc: Any) -> Any:
    """``a op b`` with a tuple torch returned on one side and a Python number or such a tuple
    on the other: the plain tuple Python makes (an ``IndexTuple``), or ``False`` after the
    TypeError Python raises; None when not judged here (the caller goes on)."""
    from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple

    if f.input_shape is None or not (_torch_tuple(a) or _torch_tuple(b)):
        return None
    other = b if _torch_tuple(a) else a
    if not (_torch_tuple(other) or _number(other)):
        return None
    try:
        got = {ast.Add: lambda: a + b, ast.Mult: lambda: a * b}.get(type(op))
        if got is None:
            raise TypeError
        out = got()
    except TypeError:
        sign = _SIGN.get(type(op), type(op).__name__)
        kinds = [type(v).__name__ if not _torch_tuple(v) else "tuple" for v in (a, b)]
        f.crash(
            loc,
            f"TypeError: unsupported operand type(s) for {sign}: '{kinds[0]}' and "
            f"'{kinds[1]}' (a tuple torch returns, e.g. torch.max(x, dim)'s (values, "
            "indices), used as a tensor)",
        )
        return False
    if isinstance(other, (int, bool)) and not _torch_tuple(other) and len(out) > 64:
        return None  # a long repetition: not followed
    return IndexTuple(tuple(out))
