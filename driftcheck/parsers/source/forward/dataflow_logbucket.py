"""A log-spaced bucket's far distance, read off its formula in ``forward``.

T5's relative position buckets (and every port of them) place a distance ``r`` past the exact
range ``a`` in bucket ``a + log(r / a) / log(D / a) * (n - a)``: ``D`` is the distance that
reaches the last bucket (transformers' ``relative_attention_max_distance``). The value lives
only in that formula, never in a weight's shape, and a port may hold it under any name (a
GGUF key, a table item, a literal). The formula itself says what it is: a tensor's
``log(x / a)`` divided by a number's ``log(D / a)`` over the same ``a`` (the ratio of two
logarithms to one base ``a``). That ``D`` is a ``relativeAttentionMaxDistance`` use
(``Graph.uses``); where the name already means the fact (``global_use``, ``item_use``) the
same value at another line is one value in the comparison.

``D`` is recovered from the evaluated denominator: ``a * exp(log(D / a))``, rounded to the
integer it is within 1e-9 of (a distance is a count of positions); a value not that close to
an integer, an unknown ``a`` or a non-number is left alone.
"""

from __future__ import annotations

import ast
import math
from typing import Any

LOGS = frozenset(("log",))


def _log_of_ratio(e: ast.AST) -> ast.BinOp | None:
    """``log(X / A)`` (``math.log``, ``torch.log``, ``np.log``, ``t.log()`` of ``X / A``):
    the ratio, else None."""
    if not isinstance(e, ast.Call):
        return None
    f = e.func
    if isinstance(f, ast.Attribute) and f.attr in LOGS:
        arg = e.args[0] if len(e.args) == 1 else (f.value if not e.args else None)
    elif isinstance(f, ast.Name) and f.id in LOGS and len(e.args) == 1:
        arg = e.args[0]
    else:
        return None
    if isinstance(arg, ast.Call) and len(arg.args) == 1 and not arg.keywords:
        inner = arg.func  # ``rel.float() / a`` read through ``.float()`` is still the ratio
        if isinstance(inner, ast.Attribute) and inner.attr == "float":
            arg = arg.args[0]
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Div):
        return arg
    return None


def far_distance(ev: Any, e: ast.BinOp, b: Any, fr: Any) -> None:
    """``e`` is ``num / den`` evaluated with ``den``'s value ``b``: where ``den`` is a
    number's ``log(D / A)`` and ``num`` holds a ``log(x / A)`` over the same ``A`` (its text),
    record ``D`` as a ``relativeAttentionMaxDistance`` use."""
    from driftcheck.parsers.source.speed.symbolic import plain_hole

    if not isinstance(e.op, ast.Div):
        return
    den = _log_of_ratio(e.right)
    if den is None:
        return
    base = ast.dump(den.right)
    if not any(
        (r := _log_of_ratio(n)) is not None and r is not den and ast.dump(r.right) == base
        for n in ast.walk(e.left)
    ):
        return
    lv = plain_hole(b)
    if isinstance(lv, bool) or not isinstance(lv, (int, float)) or not 0 < lv < 50:
        return
    a = plain_hole(ev.eval(den.right, fr))
    if isinstance(a, bool) or not isinstance(a, (int, float)) or a <= 0:
        return
    d = a * math.exp(lv)
    near = round(d)
    if abs(d - near) > 1e-9 * max(1.0, abs(d)) or near <= a:
        return
    owner = getattr(fr.func, "owner", None)
    path, line = fr.loc(e)
    name = getattr(fr.func, "name", "?")
    via = f"{owner.name}.{name}" if owner is not None else name
    ev.f.interp.value_uses.setdefault(
        ("relativeAttentionMaxDistance", near, path, line),
        ("relativeAttentionMaxDistance", near, (path, line, None), via),
    )
