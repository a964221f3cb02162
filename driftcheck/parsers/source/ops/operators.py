"""Python's binary operators, comparisons, ``is`` and truthiness on plain values: written once.

Every evaluator that applies a Python operator takes it from here:

- the ``__init__`` interpreter (``interp/exprs.py``: ``binop``, ``unary``, ``compare_one``,
  ``truth``),
- the ``forward()`` dataflow (``ops/pyops.py``),
- the plain-value fast path (``speed/fastpath.py``),
- config-parametric traces (``speed/symbolic.py``: SymVal arithmetic, the holes' dunders, the
  guards ``parsers/template.py`` re-checks),
- the config-class evaluator (``parsers/hf_eval.py``).

What differs between them is their *values* (``Unknown`` / ``Unk`` / ``UNKNOWN``, tensors,
traced numbers), which each one unwraps before it gets here; the operator itself, its symbol,
its size bound and the meaning of a comparison, of ``is`` and of truthiness are defined once.

Each operator has two functions: ``raw`` (Python's own, for numbers whose size is already
bounded by the caller) and ``bounded`` (the same, but predicting the size of the result first
and raising ``sizes.TooBig`` over the bound: ``'x' * 10**9``, ``1 << 10**9``; sizes.py).
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.values.abstract import UnknownRun

Fn = Callable[[Any, Any], Any]


@dataclass(frozen=True)
class Binary:
    """One binary operator: its syntax node, its symbol (the trace's name), Python's function
    and the size-bounded one; ``numeric``: defined on numbers (a trace may hold it)."""

    node: type[ast.operator]
    symbol: str
    raw: Fn
    bounded: Fn
    numeric: bool = True


BINARY: tuple[Binary, ...] = (
    Binary(ast.Add, "+", operator.add, sizes.add),
    Binary(ast.Sub, "-", operator.sub, operator.sub),
    Binary(ast.Mult, "*", operator.mul, sizes.mul),
    Binary(ast.Div, "/", operator.truediv, operator.truediv),
    Binary(ast.FloorDiv, "//", operator.floordiv, operator.floordiv),
    Binary(ast.Mod, "%", operator.mod, sizes.mod),
    Binary(ast.Pow, "**", operator.pow, sizes.power),
    Binary(ast.LShift, "<<", operator.lshift, sizes.lshift),
    Binary(ast.RShift, ">>", operator.rshift, operator.rshift),
    Binary(ast.BitOr, "|", operator.or_, operator.or_),
    Binary(ast.BitAnd, "&", operator.and_, operator.and_),
    Binary(ast.BitXor, "^", operator.xor, operator.xor),
    Binary(ast.MatMult, "@", operator.matmul, operator.matmul, numeric=False),
)

ARITH = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
"""The arithmetic operators (no shifts, bit operations or ``@``)."""

# the tables the evaluators index by syntax node or by symbol (dicts: the hot paths look up)
BOUNDED: dict[type[ast.operator], Fn] = {b.node: b.bounded for b in BINARY}
ARITH_BOUNDED: dict[type[ast.operator], Fn] = {n: BOUNDED[n] for n in ARITH}
ARITH_RAW: dict[type[ast.operator], Fn] = {b.node: b.raw for b in BINARY if b.node in ARITH}
SYMBOL: dict[type[ast.operator], str] = {b.node: b.symbol for b in BINARY if b.numeric}
RAW_BY_SYMBOL: dict[str, Fn] = {b.symbol: b.raw for b in BINARY if b.numeric}


@dataclass(frozen=True)
class Comparison:
    """One ordering / equality comparison: its node, its symbol (a guard's) and function."""

    node: type[ast.cmpop]
    symbol: str
    fn: Fn


COMPARISONS: tuple[Comparison, ...] = (
    Comparison(ast.Eq, "==", operator.eq),
    Comparison(ast.NotEq, "!=", operator.ne),
    Comparison(ast.Lt, "<", operator.lt),
    Comparison(ast.LtE, "<=", operator.le),
    Comparison(ast.Gt, ">", operator.gt),
    Comparison(ast.GtE, ">=", operator.ge),
)
COMPARE: dict[type[ast.cmpop], Fn] = {c.node: c.fn for c in COMPARISONS}
COMPARE_SYMBOL: dict[type[ast.cmpop], str] = {c.node: c.symbol for c in COMPARISONS}
COMPARE_BY_SYMBOL: dict[str, Fn] = {c.symbol: c.fn for c in COMPARISONS}

UNARY: dict[type[ast.unaryop], tuple[str, Callable[[Any], Any]]] = {
    ast.USub: ("neg", operator.neg),
    ast.UAdd: ("pos", operator.pos),
    ast.Invert: ("invert", operator.invert),
}
"""Arithmetic unary operators: node -> (the trace's name, Python's function); ``not`` is
``truth``."""

ATOMS = (int, float, str, bool, type(None), complex, bytes)
CONTAINERS = (tuple, list, dict, set, frozenset, range)
PLAIN = ATOMS + CONTAINERS
"""The plain Python values: they stand for themselves in every evaluator."""


def truth(v: Any) -> bool | None:
    """Python's truthiness of a plain value; None for any other (abstract) value, whose
    evaluator decides (an unknown is undecided, an object is truthy...). A single-pass
    iterator (``zip`` / ``map`` / ``filter`` / a generator expression, interp/tuplesub.py
    ``Once``; a generator) is truthy whatever it holds: Python's iterators define no
    ``__len__`` nor ``__bool__`` (an empty ``map`` read as an empty list was falsy)."""
    if getattr(v, "single_pass", False):
        return True
    if v.__class__ in (list, tuple) and v and v[0].__class__ is UnknownRun:
        # only runs of unknown length (``xs += <not enumerable>`` on an empty list): possibly
        # empty, undecided (a known item anywhere makes the list truthy)
        return True if any(x.__class__ is not UnknownRun for x in v) else None
    return bool(v) if isinstance(v, PLAIN) else None


def identical(a: Any, b: Any) -> bool:
    """``a is b`` on plain values. Between ints, strings or bools it compares type and value:
    CPython caches and interns those, and the interpreter's copies of one constant must not
    differ by identity; ``None`` is only ever itself."""
    if a is None or b is None:
        return a is None and b is None
    if a is b:
        return True
    if isinstance(a, (int, str, bool)) or isinstance(b, (int, str, bool)):
        return type(a) is type(b) and a == b
    return False
