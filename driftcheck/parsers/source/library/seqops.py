"""``+`` and ``*`` on torch's ``Sequential`` and ``ModuleList`` (torch's own operators).

``nn.Sequential(block) * 4`` repeats the SAME block objects (torch's ``__mul__`` adds each
module again under the next index: weights shared, counted once); ``stem + body + head``
concatenates into a new ``Sequential`` holding the same layers. The interpreter had no rule
for an operator on a module (``operator``: the model unknown). Modelled as torch 2.x runs them:

- ``Sequential + Sequential``: a new ``Sequential`` of both one's items then the other's (another
  right operand is torch's ``ValueError``: unknown);
- ``Sequential * n`` / ``n * Sequential`` (``__rmul__``), ``n`` a positive int: a new
  ``Sequential`` of the items ``n`` times over (``n <= 0``: ``ValueError``; not an int:
  ``TypeError``; both unknown);
- ``ModuleList + iterable``: a new ``ModuleList`` of ``chain(self, other)``.

``x += y`` changes ``x`` in place (``Items.inplace_add``); ``x *= n`` reaches the rule above
and ``inplace_mul`` then writes its items into ``x`` itself, as torch's ``__imul__`` does: a
new container bound to the name left any other name for ``x`` (``b = self.body; b *= 3``)
holding the old items (``len(self.body)`` read 2 where torch has 6: a confident wrong width).
A subclass defining its own operator is run by ``Exprs.dunder_binop`` first.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Obj, Unknown, container_values, plain

MAX_ITEMS = 65536  # a longer repeat is not built (bounded work)


def _seq(v: Any, kind: str) -> bool:
    return isinstance(v, Obj) and v.module and v.kind == kind and not v.unresolved


def _new(kind: str, like: Obj, items: list[Any]) -> Obj:
    from driftcheck.parsers.source.library.torchlib import container_add

    out = Obj(cls=None, module=True, kind=kind, loc=like.loc, qual=f"torch.nn.{kind}")
    for i, m in enumerate(items):
        container_add(out, m, str(i))
    return out


def binop(interp: Any, op: ast.operator, a: Any, b: Any) -> Any:
    """``a <op> b`` where one side is a torch ``Sequential`` / ``ModuleList``; NotImplemented
    when no rule here applies (the general path goes on)."""
    a, b = plain(a), plain(b)
    if isinstance(op, ast.Add):
        if _seq(a, "Sequential"):
            if _seq(b, "Sequential"):
                return _new("Sequential", a, container_values(a) + container_values(b))
            if isinstance(b, Obj) or isinstance(b, Unknown):
                return Unknown("Sequential + a value that is no Sequential (ValueError)")
            return NotImplemented
        if _seq(a, "ModuleList"):
            other = interp.items.iterate(b)
            if other is None:
                return Unknown("ModuleList + an iterable we cannot enumerate")
            return _new("ModuleList", a, container_values(a) + list(other))
        return NotImplemented
    if isinstance(op, ast.Mult):
        seq, n = (a, b) if _seq(a, "Sequential") else (b, a)
        if not _seq(seq, "Sequential"):
            return NotImplemented
        if isinstance(n, bool) or not isinstance(n, int):
            return Unknown("Sequential * a value that is no int (TypeError)")
        items = container_values(seq)
        if n <= 0 or n * len(items) > MAX_ITEMS:
            return Unknown(f"Sequential * {n}")
        return _new("Sequential", seq, items * n)
    return NotImplemented


def inplace_mul(cur: Any, got: Any) -> Any:
    """``cur *= n`` on a torch ``Sequential``, ``got`` being ``cur * n`` (a new one): ``cur``
    itself holding ``got``'s items (torch's ``__imul__`` adds them to ``self``); else ``got``."""
    c, g = plain(cur), plain(got)
    if _seq(c, "Sequential") and _seq(g, "Sequential") and g is not c:
        c.children, c.none_keys = g.children, g.none_keys
        return cur
    return got
