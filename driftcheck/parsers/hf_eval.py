"""A tiny, bounded evaluator for the bodies of config classes (``__post_init__``, properties).

transformers configs compute some of their fields after construction: ``head_dim`` from
``hidden_size // num_attention_heads``, ``num_key_value_heads`` defaulting to the head count,
sub-configs from dicts. A hand-written ``config.json`` often leaves those out, and the modeling
code reads them unconditionally, so the static route has to run those few lines -- without
importing anything. This evaluator knows constants, ``self.<field>`` reads and writes,
arithmetic, comparisons, ``if``/``else`` with known conditions and a handful of builtins.
Anything else is ``UNKNOWN``: a statement whose value is unknown is skipped, a branch whose
condition is unknown is not taken. Nothing is ever guessed.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

from driftcheck.parsers.source.ops.operators import ARITH_RAW, COMPARE, UNARY, identical


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self) -> bool:  # pragma: no cover - a bug if ever reached
        raise TypeError("UNKNOWN has no truth value")


UNKNOWN: Any = _Unknown()

MAX_STEPS = 2000
"""Statements per evaluation: config bodies are short; a loop in one must not hang us."""

# Python's operators (parsers/source/ops/operators.py): the arithmetic ones, unbounded (``_safe``
# bounds the operands), the comparisons, and ``is`` / ``in`` on plain values
_BINOPS: dict[type, Callable[[Any, Any], Any]] = ARITH_RAW
_CMPOPS: dict[type, Callable[[Any, Any], Any]] = {
    **COMPARE,
    ast.Is: identical,
    ast.IsNot: lambda a, b: not identical(a, b),
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}
_TYPES = {"dict": dict, "list": list, "int": int, "float": float, "str": str, "bool": bool}
_TYPES["tuple"] = tuple
_SAFE_CALLS: dict[str, Callable[..., Any]] = {
    "int": int,
    "float": float,
    "min": min,
    "max": max,
    "len": len,
    "abs": abs,
    "round": round,
    "bool": bool,
    "sum": sum,
    "list": list,
    "tuple": tuple,
    "dict": dict,
}


class Evaluator:
    """Evaluates statements against ``fields`` (the config being completed, mutated in place).

    ``alias`` maps an attribute name to the field it stands for (the class's attribute_map);
    ``call_super`` runs the next ``__post_init__`` up the class chain.
    """

    def __init__(
        self,
        fields: dict[str, Any],
        alias: dict[str, str],
        call_super: Callable[[], None] | None = None,
        local: dict[str, Any] | None = None,
    ) -> None:
        self.fields = fields
        self.alias = alias
        self.call_super = call_super
        self.local: dict[str, Any] = dict(local or {})
        self.steps = 0

    # ------------------------------------------------------------------ statements
    def run(self, body: list[ast.stmt]) -> bool:
        """Run statements; False once a ``return``/``raise`` ends the body."""
        for stmt in body:
            self.steps += 1
            if self.steps > MAX_STEPS:
                return False
            if not self._stmt(stmt):
                return False
        return True

    def _stmt(self, stmt: ast.stmt) -> bool:
        if isinstance(stmt, (ast.Return, ast.Raise)):
            value = getattr(stmt, "value", None)
            if value is not None and _is_super_post_init(value) and self.call_super is not None:
                self.call_super()  # ``return super().__post_init__(**kwargs)``
            return False
        if isinstance(stmt, ast.If):
            cond = self.truth(stmt.test)
            if cond is UNKNOWN:
                return True
            return self.run(stmt.body if cond else stmt.orelse)
        if isinstance(stmt, ast.Assign):
            value = self.expr(stmt.value)
            for target in stmt.targets:
                self._assign(target, value)
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            self._assign(stmt.target, self.expr(stmt.value))
        elif isinstance(stmt, ast.AugAssign):
            op = _BINOPS.get(type(stmt.op))
            current = self.expr(stmt.target)
            value = self.expr(stmt.value)
            if op is not None and UNKNOWN not in (current, value):
                self._assign(stmt.target, _safe(op, current, value))
        elif isinstance(stmt, ast.Expr) and _is_super_post_init(stmt.value):
            if self.call_super is not None:
                self.call_super()
        elif isinstance(stmt, ast.Try):
            return self.run(stmt.body)
        return True

    def _assign(self, target: ast.expr, value: Any) -> None:
        if value is UNKNOWN:
            if isinstance(target, ast.Name):
                self.local[target.id] = UNKNOWN
            return
        if _is_self_attr(target):
            name = self.alias.get(target.attr, target.attr)  # type: ignore[attr-defined]
            self.fields[name] = value
        elif isinstance(target, ast.Name):
            self.local[target.id] = value

    # ------------------------------------------------------------------ expressions
    def truth(self, node: ast.expr) -> Any:
        value = self.expr(node)
        if value is UNKNOWN:
            return UNKNOWN
        try:
            return bool(value)
        except Exception:  # noqa: BLE001 - any odd object: we do not know its truth
            return UNKNOWN

    def expr(self, node: ast.expr) -> Any:
        try:
            return self._expr(node)
        except (ArithmeticError, TypeError, ValueError, KeyError, IndexError, RecursionError):
            return UNKNOWN

    def _expr(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if _is_self_attr(node):
            name = self.alias.get(node.attr, node.attr)  # type: ignore[attr-defined]
            return self.fields.get(name, UNKNOWN)
        if isinstance(node, ast.Name):
            return self.local.get(node.id, UNKNOWN)
        if isinstance(node, ast.BinOp):
            a, b = self._expr(node.left), self._expr(node.right)
            op = _BINOPS.get(type(node.op))
            return UNKNOWN if op is None or UNKNOWN in (a, b) else _safe(op, a, b)
        if isinstance(node, ast.UnaryOp):
            v = self._expr(node.operand)
            if v is UNKNOWN:
                return UNKNOWN
            if isinstance(node.op, ast.Not):
                return not v
            return UNARY[type(node.op)][1](v)  # a TypeError: UNKNOWN (``expr``)
        if isinstance(node, ast.BoolOp):
            return self._boolop(node)
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.IfExp):
            cond = self.truth(node.test)
            if cond is UNKNOWN:
                return UNKNOWN
            return self._expr(node.body if cond else node.orelse)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self._expr(e) for e in node.elts]
            if any(i is UNKNOWN for i in items):
                return UNKNOWN
            return items if isinstance(node, ast.List) else tuple(items)
        if isinstance(node, ast.Dict):
            if any(k is None for k in node.keys):
                return UNKNOWN
            keys = [self._expr(k) for k in node.keys]  # type: ignore[arg-type]
            vals = [self._expr(v) for v in node.values]
            if any(x is UNKNOWN for x in (*keys, *vals)):
                return UNKNOWN
            return dict(zip(keys, vals))
        if isinstance(node, ast.Subscript):
            base, key = self._expr(node.value), self._expr(node.slice)
            return UNKNOWN if UNKNOWN in (base, key) else base[key]
        if isinstance(node, ast.Call):
            return self._call(node)
        return UNKNOWN

    def _boolop(self, node: ast.BoolOp) -> Any:
        is_and = isinstance(node.op, ast.And)
        value: Any = UNKNOWN
        for operand in node.values:
            value = self._expr(operand)
            if value is UNKNOWN:
                return UNKNOWN
            if bool(value) != is_and:  # `or` stops at the first truthy, `and` at the first falsy
                return value
        return value

    def _compare(self, node: ast.Compare) -> Any:
        left = self._expr(node.left)
        for op, right_node in zip(node.ops, node.comparators):
            right = self._expr(right_node)
            fn = _CMPOPS.get(type(op))
            if fn is None or UNKNOWN in (left, right):
                return UNKNOWN
            if not fn(left, right):
                return False
            left = right
        return True

    def _call(self, node: ast.Call) -> Any:
        func = node.func
        if isinstance(func, ast.Name) and func.id == "isinstance" and len(node.args) == 2:
            value = self._expr(node.args[0])
            kinds = node.args[1]
            names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
            types = tuple(_TYPES[n.id] for n in names if isinstance(n, ast.Name) and n.id in _TYPES)
            if value is UNKNOWN or len(types) != len(names):
                return UNKNOWN
            return isinstance(value, types)
        if isinstance(func, ast.Name) and func.id == "getattr" and len(node.args) in (2, 3):
            if not (isinstance(node.args[0], ast.Name) and node.args[0].id == "self"):
                return UNKNOWN
            name = self._expr(node.args[1])
            if not isinstance(name, str):
                return UNKNOWN
            name = self.alias.get(name, name)
            if name in self.fields:
                return self.fields[name]
            return self._expr(node.args[2]) if len(node.args) == 3 else UNKNOWN
        if isinstance(func, ast.Name) and func.id in _SAFE_CALLS and not node.keywords:
            args = [self._expr(a) for a in node.args]
            if any(a is UNKNOWN for a in args):
                return UNKNOWN
            return _safe(_SAFE_CALLS[func.id], *args)
        if isinstance(func, ast.Attribute) and func.attr == "get" and len(node.args) in (1, 2):
            base = self._expr(func.value)
            key = self._expr(node.args[0])
            default = self._expr(node.args[1]) if len(node.args) == 2 else None
            if not isinstance(base, dict) or UNKNOWN in (key, default):
                return UNKNOWN
            return base.get(key, default)
        return UNKNOWN


def _safe(fn: Callable[..., Any], *args: Any) -> Any:
    # bound the size of what arithmetic may build (``"x" * 10**9`` must not eat the memory)
    for a in args:
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > 10**12:
            return UNKNOWN
    if fn is operator.pow and args and isinstance(args[1], (int, float)) and abs(args[1]) > 64:
        return UNKNOWN
    if fn is operator.mul and any(isinstance(a, (str, list, tuple)) for a in args):
        return UNKNOWN
    return fn(*args)


def _is_self_attr(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def _is_super_post_init(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "__post_init__"
        and isinstance(node.func.value, ast.Call)
        and isinstance(node.func.value.func, ast.Name)
        and node.func.value.func.id == "super"
    )
