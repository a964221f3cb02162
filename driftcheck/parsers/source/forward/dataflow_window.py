"""A sliding attention window read off a hand-built band mask in ``forward``.

Users who write their own attention rarely keep the window as an attribute: they build the
band from positions and compare the distance with a number, ``i = arange(T)`` then
``(i[:, None] - i[None, :]) < window`` (Mistral's causal band), or
``(i[:, None] - i[None, :]).abs() <= local // 2`` (ModernBERT's two-sided one). The window
is then only a bound in a comparison, under any name (``hp("attention.window")``,
``cfg.getint("window")``, ``Size.LOCAL_WINDOW // 2``): what the model computes with, which
no weight shape shows. This module reads it as a ``slidingWindow`` use (``Graph.uses``) from
the construct itself, not from a name.

The construct, all of it required:

- one side of a single ``<`` / ``<=`` (or the flipped ``>`` / ``>=``) is a *distance*: the
  difference of two *positions* (a ``torch.arange``, indexed, unsqueezed, viewed or cast),
  or its ``abs()``; a name is followed to its one assignment in the same function;
- the other side is a known positive int, and the window it gives is at least 2 (``d < 1``
  keeps one diagonal, or, read the other way round, ``k - q < 1`` is a causal mask);
- the comparison's result is used as a mask: combined with another by ``&`` / ``|``,
  inverted by ``~``, or handed to an ``attn_mask`` / ``mask`` argument, ``masked_fill``,
  ``logical_and`` / ``logical_or`` / ``logical_not``, or ``torch.where`` choosing between
  two constants. T5's relative-position bucketing compares the same kind of distance
  (``relative_position < max_exact``) and hands the result to ``torch.where`` between two
  tensors: that is no window and is not read.

The value follows transformers' convention (``masking_utils.sliding_window_overlay``: a key is
kept when ``q - kv < sliding_window``): ``d < c`` is a window of ``c``, ``d <= c`` one of
``c + 1`` (ModernBERT's modeling file builds its attention's window as
``config.sliding_window + 1`` for its ``<`` mask, the same band as ``<= sliding_window``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.speed.symbolic import plain_hole
from driftcheck.speed import current

_POS_METHODS = frozenset(
    {"unsqueeze", "view", "reshape", "to", "long", "int", "float", "expand", "flatten",
     "contiguous", "type", "cuda", "cpu", "type_as", "view_as", "expand_as"}
)  # fmt: skip
"""Methods that keep a tensor of positions a tensor of the same positions."""
_MASK_CALLS = frozenset(
    {"masked_fill", "masked_fill_", "logical_and", "logical_or", "logical_not", "logical_xor"}
)
_MASK_KWARGS = frozenset({"attn_mask", "mask", "attention_mask"})
_DEPTH = 8  # names followed through their assignments, at most
_FLIP = {ast.Gt: ast.Lt, ast.GtE: ast.LtE}


class _Fn:
    """Per-function tables, made once: each node's parent and each name's assignments."""

    def __init__(self, node: ast.AST) -> None:
        self.parent: dict[int, ast.AST] = {}
        self.assigns: dict[str, list[ast.expr]] = {}
        self.loads: dict[str, list[ast.Name]] = {}
        for p in ast.walk(node):
            for c in ast.iter_child_nodes(p):
                self.parent[id(c)] = p
            if isinstance(p, ast.Assign):
                for t in p.targets:
                    if isinstance(t, ast.Name):
                        self.assigns.setdefault(t.id, []).append(p.value)
            elif isinstance(p, (ast.AugAssign, ast.AnnAssign)) and isinstance(p.target, ast.Name):
                # an augmented or annotated assignment is another definition: the name's
                # value is not the one expression any more
                self.assigns.setdefault(p.target.id, []).append(p.value or p.target)
            elif isinstance(p, (ast.For, ast.With, ast.NamedExpr)):
                for t in ast.walk(getattr(p, "target", p)):
                    if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store):
                        self.assigns.setdefault(t.id, []).extend([t, t])  # never one value
            if isinstance(p, ast.Name) and isinstance(p.ctx, ast.Load):
                self.loads.setdefault(p.id, []).append(p)

    def one(self, name: str) -> ast.expr | None:
        got = self.assigns.get(name, [])
        return got[0] if len(got) == 1 else None


def _tables(run: Any, fr: Any) -> _Fn | None:
    node = getattr(getattr(fr, "func", None), "node", None)
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    if not current().attr_scans:  # the switch of a function's scans kept per run
        return _Fn(node)
    cache = run.__dict__.setdefault("_window_fns", {})
    got = cache.get(id(node))
    if got is None or got[0] is not node:
        got = cache[id(node)] = (node, _Fn(node))
    return got[1]


def _callee(e: ast.Call) -> str | None:
    f = e.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def _position(e: ast.expr, fn: _Fn, depth: int = 0) -> bool:
    """``e`` is positions: an ``arange``, or one indexed, unsqueezed, viewed or cast."""
    if depth > _DEPTH:
        return False
    if isinstance(e, ast.Name):
        v = fn.one(e.id)
        return v is not None and _position(v, fn, depth + 1)
    if isinstance(e, ast.Subscript):
        return _position(e.value, fn, depth + 1)
    if isinstance(e, ast.Call):
        name = _callee(e)
        if name == "arange":
            return True
        if name in _POS_METHODS and isinstance(e.func, ast.Attribute):
            return _position(e.func.value, fn, depth + 1)
    return False


def _distance(e: ast.expr, fn: _Fn, depth: int = 0) -> bool:
    """``e`` is the distance between two positions: ``p - q`` of positions, or its abs."""
    if depth > _DEPTH:
        return False
    if isinstance(e, ast.Name):
        v = fn.one(e.id)
        return v is not None and _distance(v, fn, depth + 1)
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Sub):
        return _position(e.left, fn, depth + 1) and _position(e.right, fn, depth + 1)
    if isinstance(e, ast.Call) and _callee(e) == "abs":
        if isinstance(e.func, ast.Attribute) and not e.args:
            inner: ast.expr = e.func.value  # ``d.abs()``
            if isinstance(inner, ast.Name) and inner.id == "torch":
                return False
            return _distance(inner, fn, depth + 1)
        if len(e.args) == 1:  # ``torch.abs(d)`` / ``abs(d)``
            return _distance(e.args[0], fn, depth + 1)
    if isinstance(e, ast.Call) and _callee(e) in _POS_METHODS:
        return isinstance(e.func, ast.Attribute) and _distance(e.func.value, fn, depth + 1)
    return False


def _constant(e: ast.expr) -> bool:
    """A number written out (``0.0``, ``-1e9``, ``float("-inf")``): a mask's fill value."""
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
        e = e.operand
    if isinstance(e, ast.Constant):
        return isinstance(e.value, (int, float)) and not isinstance(e.value, bool)
    return (
        isinstance(e, ast.Call)
        and _callee(e) == "float"
        and len(e.args) == 1
        and isinstance(e.args[0], ast.Constant)
    )


def _as_mask(e: ast.expr, fn: _Fn, depth: int = 0) -> bool:
    """The value of ``e`` is used as a mask where it stands (see the module's docstring)."""
    if depth > _DEPTH:
        return False
    p = fn.parent.get(id(e))
    if isinstance(p, ast.BinOp) and isinstance(p.op, (ast.BitAnd, ast.BitOr)):
        return True
    if isinstance(p, ast.AugAssign) and isinstance(p.op, (ast.BitAnd, ast.BitOr)):
        return True
    if isinstance(p, ast.UnaryOp) and isinstance(p.op, ast.Invert):
        return True
    if isinstance(p, ast.keyword) and p.arg in _MASK_KWARGS:
        return True
    if isinstance(p, ast.Call) and e is not p.func:
        name = _callee(p)
        if name in _MASK_CALLS:
            return True
        if name == "where" and len(p.args) == 3 and p.args[0] is e:
            return _constant(p.args[1]) or _constant(p.args[2])
        return False
    if isinstance(p, ast.Attribute):
        # ``(d < w).to(x.dtype)``, ``(d < w).unsqueeze(0)``: the same mask, used further
        q = fn.parent.get(id(p))
        if p.attr in _POS_METHODS and isinstance(q, ast.Call) and q.func is p:
            return _as_mask(q, fn, depth + 1)
        return False
    if isinstance(p, ast.Assign) and len(p.targets) == 1 and isinstance(p.targets[0], ast.Name):
        name = p.targets[0].id
        return any(_as_mask(x, fn, depth + 1) for x in fn.loads.get(name, ()))
    return False


def window_use(run: Any, e: ast.Compare, left: Any, right: Any, fr: Any) -> None:
    """Record the window of the band mask ``e`` (one comparison, its operands evaluated to
    ``left`` and ``right``) as a ``slidingWindow`` value use, where ``e`` is that construct;
    anything else records nothing."""
    op = type(e.ops[0])
    if op in _FLIP:  # ``w > d`` is ``d < w``
        op, dist, value = _FLIP[op], e.comparators[0], left
    elif op in (ast.Lt, ast.LtE):
        dist, value = e.left, right
    else:
        return
    raw = plain_hole(value)
    if isinstance(raw, bool) or not isinstance(raw, int) or raw <= 0:
        return
    fn = _tables(run, fr)
    if fn is None or not _distance(dist, fn) or not _as_mask(e, fn):
        return
    window = raw + 1 if op is ast.LtE else raw
    if window < 2:
        # a band of one key is the diagonal, and a signed ``k - q < 1`` (the distance read
        # the other way round) is a plain causal mask: no window either way
        return
    path, line = fr.loc(e)
    owner = getattr(fr.func, "owner", None)
    via = f"{owner.name}.{fr.func.name}" if owner is not None else str(fr.func.name)
    run.f.interp.value_uses.setdefault(
        ("slidingWindow", window, path, line), ("slidingWindow", window, (path, line, None), via)
    )
