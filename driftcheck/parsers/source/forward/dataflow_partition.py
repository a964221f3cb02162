"""Routing loops over a partition of the rows (session 33, crashfix33).

crashhole32 made the code after an undecided ``if c: continue`` uncertain (``Runner.jumped``):
the pass may skip it. A top-k MoE loop skips an expert no row chose::

    weights, idx = torch.topk(self.gate(x), k, dim=-1)      # idx: values in [0, E)
    for i, expert in enumerate(self.experts):                # i = 0 .. E-1
        rows, slot = torch.where(idx == i)
        if rows.numel() == 0:
            continue
        out[rows] += ... expert(x[rows])                     # a defect every expert has

Each row's index is one of ``0 .. E-1``, so when the loop's passes compare ``idx`` with
every value its ``bounds`` fact (``dataflow_fix26``) allows and ``idx`` has at least one item,
some pass selects a row: the guard cannot skip every pass, and a crash that *every* pass
meets after its guard (with nothing else uncertain there) is certain. This module proves
that partition and carries the crashes found under such a guard (``Flow.crash`` while
``Flow.partition`` is open and the guard is the only uncertainty) to the end of the loop:

- the guard is a top-level ``if`` of a ``for`` loop's body whose body is only ``continue``
  (no ``else``), testing the selection ``s`` empty: ``s.numel() == 0``, ``len(s) == 0``,
  ``s.shape[0] == 0``, ``s.size(0) == 0``, ``not s.numel()`` / ``not len(s)`` (``s`` from
  ``torch.where(C)`` / ``C.nonzero()`` / ``torch.nonzero(C)``, their ``as_tuple`` items),
  or ``not s.any()`` / ``not torch.any(s)`` / ``s.sum() == 0`` with ``s = C`` itself;
- ``C`` is ``idx == v`` (``v == idx``, ``idx.eq(v)``, ``torch.eq(idx, v)``), ``v`` a name the
  loop binds (its target) and the body never rebinds, a known int on every pass; ``idx`` a
  tensor of at least one dim and one item with ``bounds`` (topk's indices over an axis of
  known size carry ``(0, n - 1)``), the same object on every pass, and neither it nor a
  name the function binds as a view of it (or it of them) occurs in the loop body outside
  ``C`` (nothing there can write it: its values hold on every pass);
- the loop ran all its items (no certain ``break``, not cut), every pass met the guard and
  a crash after it, and the passes' ``v`` cover every value of the bounds.

``if ...: break`` is not proven: the loop ends at the first expert no row chose, and an
input exists where that is the first one (``tests/test_crash33a.py`` shows torch's clean
run). Anything else stays uncertain, as before.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_fix26
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

# methods whose result shares its receiver's storage (a write through it reaches ``idx``)
_VIEWS = frozenset({"view", "reshape", "flatten", "squeeze", "unsqueeze", "permute", "transpose",
                    "expand", "expand_as", "t", "view_as", "reshape_as", "contiguous", "detach",
                    "narrow", "select", "movedim", "swapaxes", "unflatten", "as_strided",
                    "unbind", "split", "chunk"})  # fmt: skip
_COUNTS = frozenset({"numel", "nelement"})


class Part:
    """The partition proof of one loop: each pass's compared value and first crash."""

    __slots__ = ("idx", "bounds", "guard", "crash", "passes", "nseen", "last", "memo")

    def __init__(self) -> None:
        self.idx: Any = None  # the ``idx`` tensor (one object on every pass)
        self.bounds: tuple[int, int] | None = None
        self.guard: Any = None  # this pass's ``v`` once its guard is met
        self.crash: tuple[Any, str] | None = None  # this pass's first crash after its guard
        self.passes: list[tuple[int, tuple[Any, str] | None]] = []
        self.nseen = 0  # crashes seen under the guard, all passes
        self.last: tuple[Any, str] | None = None
        # a layer application's memo key -> (its crash, the input shapes it crashed on)
        self.memo: dict[Any, tuple[tuple[Any, str], list]] = {}

    def seen(self, loc: Any, message: str) -> None:
        """``Flow.crash`` under this guard alone: torch raises here if the pass runs on."""
        if self.guard is None:
            return
        self.nseen += 1
        self.last = (loc, message)
        if self.crash is None:
            self.crash = (loc, message)

    def remember(self, key: Any, ins: list) -> None:
        """A layer application (``Flow._call_node``) crashed under the guard."""
        if self.last is not None:
            self.memo[key] = (self.last, [_pattern(t.shape) for t in ins])

    def memo_hit(self, f: Any, key: Any, ins: list) -> None:
        """A later pass applies the layer to the same nodes (the graph's memo returns the
        earlier output, without the rule run again): on inputs of the same known sizes, the
        crash the earlier pass met is this pass's too."""
        got = self.memo.get(key)
        if got is None or f.speculative != 1 or f.partition is not self:
            return
        if [_pattern(t.shape) for t in ins] == got[1] and None not in got[1]:
            self.seen(*got[0])


def _pattern(shape: Any) -> tuple | None:
    """A shape's known sizes (a symbolic one is None): what a layer's rule reads."""
    if not isinstance(shape, tuple):
        return None
    return tuple(d if is_int(d) and not isinstance(d, bool) else None for d in shape)


def topk_bounds(f: Any, t: Any, dim: Any, indices: Any) -> None:
    """``torch.topk(t, k, dim)``'s indices lie in ``[0, n - 1]``, ``n`` the axis's size."""
    shape = known_shape(t)
    if f.input_shape is None or shape is None or not is_int(dim) or isinstance(dim, bool):
        return
    if not -len(shape) <= dim < len(shape) or shape[dim] < 1:
        return
    dataflow_fix26.give(f, indices, 0, shape[dim] - 1)


# ---------------------------------------------------------------------- the syntax
def _zero(e: ast.expr) -> bool:
    return isinstance(e, ast.Constant) and e.value == 0 and not isinstance(e.value, bool)


def _name(e: Any) -> str | None:
    return e.id if isinstance(e, ast.Name) else None


def _count_of(e: ast.expr) -> str | None:
    """``s.numel()`` / ``len(s)`` / ``s.shape[0]`` / ``s.size(0)``: the name ``s``."""
    if isinstance(e, ast.Call) and not e.keywords:
        fn = e.func
        if isinstance(fn, ast.Attribute) and fn.attr in _COUNTS and not e.args:
            return _name(fn.value)
        if isinstance(fn, ast.Name) and fn.id == "len" and len(e.args) == 1:
            return _name(e.args[0])
        if isinstance(fn, ast.Attribute) and fn.attr == "size" and len(e.args) == 1:
            return _name(fn.value) if _zero(e.args[0]) else None
    if isinstance(e, ast.Subscript) and _zero(e.slice):
        v = e.value
        if isinstance(v, ast.Attribute) and v.attr == "shape":
            return _name(v.value)
    return None


def _any_of(e: ast.expr) -> str | None:
    """``s.any()`` / ``torch.any(s)``: the name ``s``."""
    if not isinstance(e, ast.Call) or e.keywords:
        return None
    fn = e.func
    if isinstance(fn, ast.Attribute) and fn.attr == "any" and not e.args:
        return _name(fn.value)
    if (
        isinstance(fn, ast.Attribute)
        and fn.attr == "any"
        and _name(fn.value) == "torch"
        and len(e.args) == 1
    ):
        return _name(e.args[0])
    return None


def _sum_of(e: ast.expr) -> str | None:
    if isinstance(e, ast.Call) and not e.keywords and not e.args:
        fn = e.func
        if isinstance(fn, ast.Attribute) and fn.attr == "sum":
            return _name(fn.value)
    return None


def guard_test(test: ast.expr) -> tuple[str, str] | None:
    """The selection an emptiness test reads and how: (name, "count") for a count of the
    selected rows, (name, "any") for a mask's truth."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        s = _count_of(test.operand)
        if s is not None:
            return (s, "count")
        s = _any_of(test.operand)
        return (s, "any") if s is not None else None
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
        a, b = test.left, test.comparators[0]
        side = a if _zero(b) else b if _zero(a) else None
        if side is None:
            return None
        s = _count_of(side)
        if s is not None:
            return (s, "count")
        s = _sum_of(side)
        return (s, "any") if s is not None else None
    return None


def _torch_call(e: ast.expr, name: str) -> bool:
    fn = e.func if isinstance(e, ast.Call) else None
    return isinstance(fn, ast.Attribute) and fn.attr == name and _name(fn.value) == "torch"


def _tuple_kw(e: ast.Call) -> bool:
    return (
        len(e.keywords) == 1
        and e.keywords[0].arg == "as_tuple"
        and (isinstance(e.keywords[0].value, ast.Constant) and e.keywords[0].value.value is True)
    )


def _rows_of(e: ast.expr, whole: bool) -> ast.expr | None:
    """``C`` of a selection whose length counts C's true items: ``torch.where(C)`` (its items
    when ``whole``), ``torch.nonzero(C)``, ``C.nonzero()``, and the ``as_tuple=True`` items."""
    if isinstance(e, ast.Subscript) and is_int(getattr(e.slice, "value", None)):
        inner = e.value
        if isinstance(inner, ast.Call) and (
            (_torch_call(inner, "where") and len(inner.args) == 1 and not inner.keywords)
            or (_torch_call(inner, "nonzero") and len(inner.args) == 1 and _tuple_kw(inner))
        ):
            return inner.args[0]
        if (
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Attribute)
            and inner.func.attr == "nonzero"
            and not inner.args
            and _tuple_kw(inner)
        ):
            return inner.func.value
        return None
    if not isinstance(e, ast.Call):
        return None
    if whole and _torch_call(e, "where") and len(e.args) == 1 and not e.keywords:
        return e.args[0]
    if _torch_call(e, "nonzero") and len(e.args) == 1 and not e.keywords:
        return e.args[0]
    if isinstance(e.func, ast.Attribute) and e.func.attr == "nonzero" and not e.args:
        return e.func.value if not e.keywords else None
    return None


def _compare(c: ast.expr) -> tuple[str, str] | None:
    """``idx == v`` (either order), ``idx.eq(v)``, ``torch.eq(idx, v)``: (idx, v) names."""
    if isinstance(c, ast.Compare) and len(c.ops) == 1 and isinstance(c.ops[0], ast.Eq):
        a, b = _name(c.left), _name(c.comparators[0])
        return (a, b) if a and b else None
    if isinstance(c, ast.Call) and not c.keywords:
        fn = c.func
        if isinstance(fn, ast.Attribute) and fn.attr == "eq" and _name(fn.value) == "torch":
            if len(c.args) == 2 and _name(c.args[0]) and _name(c.args[1]):
                return (_name(c.args[0]), _name(c.args[1]))  # type: ignore[return-value]
            return None
        if isinstance(fn, ast.Attribute) and fn.attr == "eq" and len(c.args) == 1:
            a, b = _name(fn.value), _name(c.args[0])
            return (a, b) if a and b else None
    return None


def _binds(stmts: list[ast.stmt], name: str) -> bool:
    return any(
        isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
        for st in stmts
        for n in ast.walk(st)
    )


def _binding(body: list[ast.stmt], st: ast.stmt, s: str, kind: str) -> ast.expr | None:
    """The ``C`` that the last top-level statement before the guard binding ``s`` selects
    by; nothing between rebinds ``s``."""
    at = next((i for i, x in enumerate(body) if x is st), None)
    if at is None:
        return None
    for i in range(at - 1, -1, -1):
        b = body[i]
        if not _binds([b], s):
            continue
        if _binds(body[i + 1 : at], s) or not isinstance(b, ast.Assign) or len(b.targets) != 1:
            return None
        t = b.targets[0]
        if kind == "any":
            return b.value if isinstance(t, ast.Name) and t.id == s else None
        if isinstance(t, ast.Name) and t.id == s:
            return _rows_of(b.value, False)
        if isinstance(t, ast.Tuple) and all(isinstance(x, ast.Name) for x in t.elts):
            # ``torch.where(C)`` unpacks into one index tensor per dim of C
            return _rows_of(b.value, True) if _torch_call(b.value, "where") else None
        return None
    return None


def _root(e: ast.expr) -> str | None:
    """The name whose storage ``e`` views (``a.view(-1)``, ``a[0]``, ``a.T``), else None."""
    while True:
        if isinstance(e, ast.Name):
            return e.id
        if isinstance(e, ast.Subscript):
            e = e.value
        elif isinstance(e, ast.Attribute) and e.attr in ("T", "mT", "H", "mH", "data"):
            e = e.value
        elif (
            isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in _VIEWS
        ):
            e = e.func.value
        else:
            return None


def _group(func: ast.AST, idx: str) -> set[str]:
    """``idx`` and the names the function binds as views of it (or it as a view of them)."""
    edges: list[tuple[str, str]] = []
    for n in ast.walk(func):
        if isinstance(n, ast.Assign):
            r = _root(n.value)
            if r is None:
                continue
            for t in n.targets:
                for x in ast.walk(t):
                    if isinstance(x, ast.Name):
                        edges.append((x.id, r))
    group = {idx}
    grew = True
    while grew:
        grew = False
        for a, b in edges:
            if (a in group) != (b in group):
                group |= {a, b}
                grew = True
    return group


def _only_in(body: list[ast.stmt], names: set[str], c: ast.expr) -> bool:
    inside = {id(n) for n in ast.walk(c)}
    return all(
        id(n) in inside
        for st in body
        for n in ast.walk(st)
        if isinstance(n, ast.Name) and n.id in names
    )


def _target_names(t: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}


def guard(run: Any, st: ast.If, fr: Any, lp: Any) -> bool:
    """``st`` (an undecided ``if`` whose ``continue`` jumped, the pass otherwise certain) is
    an emptiness guard of a partition pass of loop ``lp``: recorded in ``lp.part``."""
    f = run.f
    loop = getattr(lp, "node", None)
    func = getattr(getattr(fr, "func", None), "node", None)
    if not isinstance(loop, ast.For) or func is None or st.orelse:
        return False
    if len(st.body) != 1 or not isinstance(st.body[0], ast.Continue):
        return False
    got = guard_test(st.test)
    if got is None:
        return False
    c = _binding(loop.body, st, *got)
    pair = _compare(c) if c is not None else None
    if pair is None:
        return False
    for idx_name, v_name in (pair, pair[::-1]):
        idx, v = fr.locals.get(idx_name), fr.locals.get(v_name)
        if isinstance(idx, Tens) and is_int(v) and not isinstance(v, bool):
            break
    else:
        return False
    if v_name not in _target_names(loop.target) or _binds(loop.body, v_name):
        return False
    shape = known_shape(idx)
    if shape is None or not shape or min(shape) < 1:
        return False
    if not _only_in(loop.body, _group(func, idx_name), c):
        return False
    part = lp.part
    if part is None:
        b = dataflow_fix26.bounds(f, idx)
        if b is None:
            return False
        part = lp.part = Part()
        part.idx, part.bounds = idx, b
    elif part.idx is not idx or part.guard is not None:
        return False
    part.guard = v
    return True


def pass_end(f: Any, lp: Any) -> None:
    """A pass ended: its guard's value and first crash are kept; the region closes."""
    part = lp.part
    if part is None:
        return
    if f.partition is part:
        f.partition = None
    if part.guard is not None:
        part.passes.append((part.guard, part.crash))
    part.guard, part.crash = None, None


def settle(run: Any, lp: Any, n: int) -> None:
    """The loop ran all ``n`` items: every pass met the guard and a crash after it, and the
    passes compared every value ``idx`` may hold, so one pass ran past its guard and crashed."""
    part = lp.part
    if part is None or part.bounds is None or len(part.passes) != n or n < 1:
        return
    if any(crash is None for _, crash in part.passes):
        return
    lo, hi = part.bounds
    if hi - lo >= n or not set(range(lo, hi + 1)) <= {v for v, _ in part.passes}:
        return
    run.f.crash(*part.passes[0][1])
