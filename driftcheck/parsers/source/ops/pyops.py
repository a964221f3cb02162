"""Python semantics on the forward() interpreter's values: truthiness, arithmetic, comparisons.

The operators, comparisons, ``is`` and truthiness are ``ops/operators.py``'s (the ``__init__``
interpreter's too); this module only unwraps the dataflow's values (``dataflow_values.py``).
Only known constants are computed; anything touching an unknown value stays unknown (``UNK``),
so a condition on it is undecided rather than guessed.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.ops.operators import (
    ARITH_BOUNDED,
    BOUNDED,
    COMPARE,
    UNARY,
    identical,
)
from driftcheck.parsers.source.ops.operators import truth as plain_truth
from driftcheck.parsers.source.sizes import TooBig, check_bits
from driftcheck.parsers.source.values.abstract import Ext
from driftcheck.parsers.source.values.dataflow_values import UNK, CfgV, Mod, Sym, Unk

_BIN = {**ARITH_BOUNDED, ast.MatMult: BOUNDED[ast.MatMult]}
KNOWN = (int, float, str, bool, type(None))


def truth(v: Any) -> bool | None:
    t = plain_truth(v)
    if t is not None:
        return t
    if isinstance(v, (Mod, Ext, CfgV)):
        return True
    return None


def py_binop(op: ast.operator, a: Any, b: Any) -> Any:
    f = _BIN.get(type(op))
    if f is None or isinstance(a, Unk) or isinstance(b, Unk):
        return UNK
    ok = (int, float, Sym, str, tuple, list)
    if not isinstance(a, ok) or not isinstance(b, ok):
        return UNK
    if isinstance(op, ast.Pow) and not (isinstance(b, int) and abs(b) <= 64):
        if a.__class__ is int and b.__class__ is int and b > 0 and abs(a) > 1:
            check_bits((abs(a).bit_length() - 1) * b + 1, "'**'")  # over it: noted
        return UNK  # ``2 ** 10**9`` would hang the analyzer
    try:
        return f(a, b)  # size-bounded (sizes.py): the caller notes a TooBig
    except TooBig:
        raise
    except Exception:  # noqa: BLE001 - division by zero, bad operand types: unknown
        return UNK


def py_unary(op: ast.unaryop, v: Any) -> Any:
    """``not v``, ``-v``, ``+v``, ``~v`` on a known number (tensors are the caller's)."""
    if isinstance(op, ast.Not):
        t = truth(v)
        return UNK if t is None else not t
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        try:
            return UNARY[type(op)][1](v)
        except TypeError:  # ``~`` on a float
            return UNK
    return UNK


def compare_one(op: ast.cmpop, a: Any, b: Any) -> Any:
    if isinstance(op, (ast.Is, ast.IsNot)):
        if isinstance(a, Unk) or isinstance(b, Unk):
            return UNK
        same = identical(a, b)
        return same if isinstance(op, ast.Is) else not same
    if isinstance(op, (ast.In, ast.NotIn)):
        if isinstance(b, (tuple, list, dict, str)) and isinstance(a, KNOWN):
            if a != a or (
                isinstance(b, (tuple, list)) and any(x.__class__ is float and x != x for x in b)
            ):
                return UNK  # a NaN is found by identity only, which these values do not carry
            try:
                r = a in b
            except TypeError:
                return UNK
            return r if isinstance(op, ast.In) else not r
        return UNK
    f = COMPARE.get(type(op))
    if f is None or not isinstance(a, KNOWN) or not isinstance(b, KNOWN):
        return UNK
    try:
        return f(a, b)
    except TypeError:
        return UNK
