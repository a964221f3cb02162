"""Config-parametric traces: interpret a model once, evaluate the result for other configs.

While a ``Trace`` is active, every number of the config dict enters the interpreter as a
``SymVal``: the number plus an expression over config keys (``("$", "text_config.hidden_size")``).
The interpreter's arithmetic on SymVals builds expressions instead of numbers
(``hidden_size // num_attention_heads``); a comparison or truth test on one records a *guard*
(the expression, the operator, the other side and the outcome); any other read of the number
(``plain``, ``unwrap``, ``.value``: every read goes through the ``value`` property) *pins* it,
an equality guard. Where a SymVal becomes part of the graph (a layer's attribute, a fact, a use)
it is handed on as a ``HoleInt`` / ``HoleFloat``: a number that carries its expression, found
again in the finished graph and recorded as a hole.

A ``Template`` (``driftcheck/parsers/template.py``) keeps the graph, the holes and the guards: a
config whose keys and non-numeric values equal the traced config's, on which every guard comes
out the same, gets the graph with each hole's expression evaluated on its numbers, without
interpreting anything. Pins make this sound by default: a read the trace does not model
restricts the template to configs with that same number instead of being silently baked in.

What a wrapper cannot see is a decision the *graph* code takes after the boundary, on plain
numbers (two layers folded into one repeat because their widths are equal): the template
guards those with the *equality pattern* of every hole's value and every constant number in the
graph, which must be the same for the new config (``Trace.partition``).
"""

from __future__ import annotations

import math
from typing import Any

from driftcheck.parsers.source.ops.operators import COMPARE_BY_SYMBOL, RAW_BY_SYMBOL, UNARY
from driftcheck.parsers.source.sizes import INT_BITS
from driftcheck.parsers.source.values.abstract import Probe, Sourced, SymBase, plain

# expression: a number (a constant), ("$", key) (a config number) or (op, a, b) / (op, a)
# Python's operators on numbers by symbol (ops/operators.py), plus ``max``/``min``
_BIN = {**RAW_BY_SYMBOL, "max": max, "min": min}
_UN = {
    **{name: fn for name, fn in UNARY.values() if name != "invert"},
    "int": int,
    "float": float,
    "abs": abs,
    "ceil": math.ceil,
    "floor": math.floor,
    "sqrt": math.sqrt,
    "log2": math.log2,
    "log": math.log,
    "round": round,
}
# builtins the interpreter calls on numbers -> expression operators
CALLS = {
    "int": "int",
    "float": "float",
    "abs": "abs",
    "math.ceil": "ceil",
    "math.floor": "floor",
    "math.sqrt": "sqrt",
    "math.log2": "log2",
    "math.log": "log",
    "round": "round",
}
CMP = COMPARE_BY_SYMBOL  # a guard's comparison, by symbol (ops/operators.py)
_NUM = (int, float)


def evaluate(e: Any, env: dict[str, Any], memo: dict[int, Any] | None = None) -> Any:
    """The value of expression ``e`` for the config numbers ``env``; raises on a missing key or
    an arithmetic error (division by zero: the template does not apply)."""
    if e.__class__ is not tuple:
        return e
    op = e[0]
    if op == "$":
        return env[e[1]]
    if memo is not None:
        hit = memo.get(id(e))
        if hit is not None:
            return hit[1]
    if len(e) == 3:
        v = _BIN[op](evaluate(e[1], env, memo), evaluate(e[2], env, memo))
    else:
        v = _UN[op](evaluate(e[1], env, memo))
    if memo is not None:
        memo[id(e)] = (e, v)  # the expression is kept alive with its id
    return v


class Trace:
    """What one traced interpretation found: guards and the holes' expressions.

    There is no active trace in a global: every traced number (``SymVal``, ``HoleInt``,
    ``HoleFloat``) carries its own in ``.trace`` (``symbolize`` gives it, every operation
    hands it on), as a ``torch.fx`` proxy carries its tracer, and the interpreter finds the
    trace on the config it is given (``trace_of``). ``close()`` ends the recording: a read of
    a traced number afterwards (comparing the finished graphs) records nothing."""

    def __init__(self) -> None:
        self.guards: list[tuple[Any, str, Any, bool]] = []
        self._guard_seen: set[tuple] = set()
        self.groups: list[tuple[tuple, tuple]] = []
        self.poisoned: str | None = None  # a decision the trace could not model: no template
        self.open = True

    def close(self) -> None:
        self.open = False

    def guard(self, a: Any, op: str, b: Any, outcome: bool) -> None:
        if not self.open:
            return
        k = (a, op, b)
        if k not in self._guard_seen:
            self._guard_seen.add(k)
            self.guards.append((a, op, b, outcome))

    def pin(self, s: SymVal) -> None:
        self.guard(s.expr, "==", s._v, True)


def _tr(*vals: Any) -> Trace | None:
    """The trace the first traced number among ``vals`` carries (Sourced wrappers looked
    through), or None."""
    for v in vals:
        while True:
            c = v.__class__
            if c is SymVal or c is HoleInt or c is HoleFloat:
                return v.trace
            if not isinstance(v, Sourced) or c is Probe:
                break
            v = v.value
    return None


def trace_of(data: Any, depth: int = 0) -> Trace | None:
    """The open trace the traced numbers of a config dict (``symbolize``) carry, or None."""
    if data.__class__ is SymVal:
        return data.trace if data.trace is not None and data.trace.open else None
    if depth < 8 and isinstance(data, (dict, list)):
        for v in data.values() if isinstance(data, dict) else data:
            t = trace_of(v, depth + 1)
            if t is not None:
                return t
    return None


class SymVal(SymBase):
    """A config number (or a number computed from some) under a trace: see the module doc.

    ``bare`` marks a value the untraced interpreter would hold as a plain number (a computed
    one, or a dict value not yet read through the config); others behave as ``Sourced``."""

    def __init__(
        self,
        v: Any,
        expr: Any,
        key: str | None,
        file: str | None,
        line: int | None,
        bare: bool,
        trace: Trace | None,
    ) -> None:
        d = self.__dict__
        d["_v"] = v
        d["expr"] = expr
        d["bare"] = bare
        d["trace"] = trace
        self.key, self.file, self.line = key, file, line

    @property
    def value(self) -> Any:  # type: ignore[override]
        tr = self.__dict__["trace"]
        if tr is not None:
            tr.pin(self)
        return self._v

    @value.setter
    def value(self, v: Any) -> None:
        self.__dict__["_v"] = v

    def __repr__(self) -> str:
        return f"SymVal({self.value!r}, {self.expr!r})"  # a read: pinned

    def hole(self) -> Any:
        return hole(self)


def sym(v: Any) -> SymVal | None:
    return v if v.__class__ is SymVal else None


def resource(v: Any, key: str | None, file: str | None, line: int | None) -> Any:
    """``Sourced(v, key, file, line)``, keeping the expression of a SymVal ``v``."""
    if v.__class__ is SymVal:
        return SymVal(v._v, v.expr, key, file, line, False, v.trace)
    return Sourced(v, key, file, line)


def as_bare(v: Any) -> Any:
    """A SymVal as the untraced run would hold it: a plain number (no key, file or line)."""
    if v.__class__ is SymVal and not v.bare:
        return SymVal(v._v, v.expr, None, None, None, True, v.trace)
    return v


def strip(v: Any) -> Any:
    """Sourced wrappers off ``v`` down to a SymVal or a value (a Probe read is a read)."""
    while isinstance(v, Sourced) and v.__class__ is not SymVal:
        if v.__class__ is Probe:
            v.touch()
        v = v.value
    return v


def _operand(v: Any) -> tuple[Any, Any] | None:
    """(value, expression) of a number operand; None for anything else."""
    if v.__class__ is SymVal:
        return v._v, v.expr
    v = strip(v)
    if v.__class__ is SymVal:
        return v._v, v.expr
    if v.__class__ is HoleInt or v.__class__ is HoleFloat:
        return _raw(v), v.expr
    if v.__class__ in (int, float):
        return v, v
    return None


def _modeled(op: str, y: tuple[Any, Any]) -> bool:
    """Whether ``x <op> y`` is kept as an expression: a power or a shift only by a constant
    (small) right side, so the result's type and size do not depend on the config."""
    if op == "**":
        return y[1] is y[0] and not (y[0].__class__ is int and abs(y[0]) > 64)
    if op in ("<<", ">>"):
        return y[1] is y[0] and 0 <= y[0] <= 64
    return True


# the bits of ``x <op> y`` from x's bits and y, for the operators that grow a number
_GROW = {
    "*": lambda bx, y: bx + abs(y).bit_length(),
    "**": lambda bx, y: bx * max(y, 0),
    "<<": lambda bx, y: bx + max(y, 0),
}


def binop(op: str, a: Any, b: Any) -> Any:
    """``a <op> b`` when one side is a SymVal and both are numbers; NotImplemented otherwise
    (the caller's usual path then reads them, which pins)."""
    x, y = _operand(a), _operand(b)
    if x is None or y is None or op not in _BIN:
        return NotImplemented
    if not _modeled(op, y):
        return NotImplemented
    if op in _GROW and x[0].__class__ is int and y[0].__class__ is int:
        if _GROW[op](abs(x[0]).bit_length(), y[0]) > INT_BITS:
            return NotImplemented  # over the size bound: the usual path says unknown (sizes.py)
    try:
        r = _BIN[op](x[0], y[0])
    except Exception:  # noqa: BLE001 - division by zero...: the usual path decides
        return NotImplemented
    if r.__class__ not in _NUM:
        return NotImplemented
    return SymVal(r, (op, x[1], y[1]), None, None, None, True, _tr(a, b))


def unary(op: str, v: Any) -> Any:
    x = _operand(v)
    if x is None:
        return NotImplemented
    r = _UN[op](x[0])
    return SymVal(r, (op, x[1]), None, None, None, True, _tr(v))


def call(name: str, args: list[Any]) -> Any:
    """A builtin on traced numbers (``int(x)``, ``max(a, b)``, ``math.ceil(x)``) as an
    expression; NotImplemented when not modeled (the caller's path then pins)."""
    if name in CALLS and len(args) == 1:
        x = _operand(args[0])
        if x is None:
            return NotImplemented
        try:
            r = _UN[CALLS[name]](x[0])
        except (ValueError, OverflowError):
            return NotImplemented
        return SymVal(r, (CALLS[name], x[1]), None, None, None, True, _tr(args[0]))
    if name in ("max", "min") and len(args) >= 2:
        ops = [_operand(a) for a in args]
        if any(o is None for o in ops) or len({o[0].__class__ for o in ops}) != 1:
            return NotImplemented  # mixed types: the result's type would depend on the values
        v, e = ops[0]
        for w, f in ops[1:]:
            v, e = _BIN[name](v, w), (name, e, f)
        return SymVal(v, e, None, None, None, True, _tr(*args))
    return NotImplemented


def hole_call(name: str, x: Any) -> Any:
    """``math.sqrt(h)`` (a builtin in ``CALLS``) on a hole: a hole; NotImplemented else."""
    o = _hole_operand(x)
    if name not in CALLS or o is None:
        return NotImplemented
    try:
        r = _UN[CALLS[name]](o[0])
    except (ValueError, OverflowError):
        return NotImplemented
    return _make(r, (CALLS[name], o[1]), _tr(x))


def compare(op: str, a: Any, b: Any) -> Any:
    """``a <op> b`` decided and guarded, or NotImplemented (not two numbers)."""
    x, y = _operand(a), _operand(b)
    if x is None or y is None:
        return NotImplemented
    r = CMP[op](x[0], y[0])
    tr = _tr(a, b)
    if tr is not None:
        tr.guard(x[1], op, y[1], r)
    return r


def truth(v: SymVal) -> bool:
    r = bool(v._v)
    if v.trace is not None:
        v.trace.guard(v.expr, "!=", 0, r)
    return r


def _raw(v: Any) -> Any:
    """The plain number of a hole (``int(h)`` would call the pinning ``__int__``)."""
    return int.__int__(v) if isinstance(v, int) else float.__float__(v)


def _hole_operand(v: Any) -> tuple[Any, Any] | None:
    c = v.__class__
    if c is HoleInt or c is HoleFloat:
        return _raw(v), v.expr
    if c is int or c is float:
        return v, v
    if c is SymVal:
        return v._v, v.expr
    return None


def _make(r: Any, expr: Any, trace: Trace | None) -> Any:
    c = r.__class__
    if c is int:
        h: Any = HoleInt(r)
    elif c is float:
        h = HoleFloat(r)
    else:
        return r
    h.expr = expr
    h.trace = trace
    return h


def _hbin(op: str, rev: bool = False) -> Any:
    fn = _BIN[op]

    def f(self: Any, other: Any) -> Any:
        y = _hole_operand(other)
        if y is None:
            return NotImplemented
        x = (_raw(self), self.expr)
        if rev:
            x, y = y, x
        if not _modeled(op, y):  # a traced or huge exponent: the number, both sides pinned
            tr = self.trace
            if tr is not None:
                for v, e in (x, y):
                    if e is not v:
                        tr.guard(e, "==", v, True)
            return fn(x[0], y[0])
        return _make(fn(x[0], y[0]), (op, x[1], y[1]), self.trace)

    return f


def _hcmp(op: str) -> Any:
    fn = CMP[op]

    def f(self: Any, other: Any) -> Any:
        y = _hole_operand(other)
        if y is None:
            return NotImplemented
        x = (_raw(self), self.expr)
        r = fn(x[0], y[0])
        if self.trace is not None:
            self.trace.guard(x[1], op, y[1], r)
        return r

    return f


def _hbool(self: Any) -> bool:
    r = _raw(self) != 0
    if self.trace is not None:
        self.trace.guard(self.expr, "!=", 0, r)
    return r


def _hpin(conv: Any) -> Any:
    def f(self: Any) -> Any:
        v = _raw(self)
        if self.trace is not None:
            self.trace.guard(self.expr, "==", v, True)
        return conv(v)

    return f


def _hformat(self: Any, spec: str) -> str:
    v = _raw(self)
    if self.trace is not None:
        self.trace.guard(self.expr, "==", v, True)
    return format(v, spec)


def _hround(self: Any, n: Any = None) -> Any:
    if n is None:
        return _make(round(_raw(self)), ("round", self.expr), self.trace)
    v = _raw(self)
    if self.trace is not None:
        self.trace.guard(self.expr, "==", v, True)  # ``round(x, 2)``: pinned
    return round(v, n)


def _hneg(self: Any) -> Any:
    return _make(-_raw(self), ("neg", self.expr), self.trace)


_HOLE_OPS = {
    "__add__": _hbin("+"),
    "__radd__": _hbin("+", True),
    "__sub__": _hbin("-"),
    "__rsub__": _hbin("-", True),
    "__mul__": _hbin("*"),
    "__rmul__": _hbin("*", True),
    "__truediv__": _hbin("/"),
    "__rtruediv__": _hbin("/", True),
    "__floordiv__": _hbin("//"),
    "__rfloordiv__": _hbin("//", True),
    "__mod__": _hbin("%"),
    "__rmod__": _hbin("%", True),
    "__pow__": _hbin("**"),
    "__rpow__": _hbin("**", True),
    "__and__": _hbin("&"),
    "__rand__": _hbin("&", True),
    "__or__": _hbin("|"),
    "__ror__": _hbin("|", True),
    "__xor__": _hbin("^"),
    "__rxor__": _hbin("^", True),
    "__lshift__": _hbin("<<"),
    "__rlshift__": _hbin("<<", True),
    "__rshift__": _hbin(">>"),
    "__rrshift__": _hbin(">>", True),
    "__eq__": _hcmp("=="),
    "__ne__": _hcmp("!="),
    "__lt__": _hcmp("<"),
    "__le__": _hcmp("<="),
    "__gt__": _hcmp(">"),
    "__ge__": _hcmp(">="),
    "__bool__": _hbool,
    "__neg__": _hneg,
    "__pos__": lambda self: self,
    "__abs__": lambda self: _make(abs(_raw(self)), ("abs", self.expr), self.trace),
    "__floor__": lambda self: _make(math.floor(_raw(self)), ("floor", self.expr), self.trace),
    "__ceil__": lambda self: _make(math.ceil(_raw(self)), ("ceil", self.expr), self.trace),
    "__trunc__": lambda self: _make(math.trunc(_raw(self)), ("int", self.expr), self.trace),
    "__round__": _hround,
    # reads that take the number out (``int(n)``, ``f"{n}"``, ``operator.index``): pinned
    "__int__": _hpin(int),
    "__float__": _hpin(float),
    "__index__": _hpin(int),
    "__format__": _hformat,
    "__str__": lambda self: format(self, ""),
    "__repr__": lambda self: format(self, ""),
}


class HoleInt(int):
    """A number that came from a SymVal, where the interpreter's values are plain numbers (a
    layer's attribute, a tensor's size, the forward pass): arithmetic on it keeps the
    expression and a comparison is a guard, as for a SymVal. Being an ``int``, a read in C
    (``range(n)``) is not seen: the corpus validation is what checks those."""

    expr: Any
    trace: Trace | None
    __hash__ = int.__hash__
    locals().update(_HOLE_OPS)


class HoleFloat(float):
    expr: Any
    trace: Trace | None
    __hash__ = float.__hash__
    locals().update(_HOLE_OPS)


def hole(v: Any) -> Any:
    """The graph's number for ``v``: a Hole* carrying the expression for a SymVal (no pin)."""
    if v.__class__ is SymVal:
        x = v._v
        h: Any = HoleInt(x) if x.__class__ is int else HoleFloat(x)
        h.expr = v.expr
        h.trace = v.trace
        return h
    return v


def _number_list(v: Any) -> bool:
    """A list of numbers (``hidden_sizes``, ``depths``): its items are traced one by one."""
    return v.__class__ is list and bool(v) and all(x.__class__ in _NUM for x in v)


def symbolize(data: Any, trace: Trace, prefix: str = "") -> Any:
    """The config dict with each number (not bool) a bare SymVal named by its key path, the
    items of a list of numbers too (``hidden_sizes[2]``), each carrying ``trace``."""
    if isinstance(data, dict):
        return {
            k: symbolize(v, trace, f"{prefix}{k}.") if isinstance(k, str) else v
            for k, v in data.items()
        }
    if data.__class__ in _NUM:
        return SymVal(data, ("$", prefix[:-1]), None, None, None, True, trace)
    if _number_list(data):
        return [
            SymVal(x, ("$", f"{prefix[:-1]}[{i}]"), None, None, None, True, trace)
            for i, x in enumerate(data)
        ]
    return data


def numbers(data: Any, prefix: str = "", out: dict[str, Any] | None = None) -> dict[str, Any]:
    """The numbers of a config dict by key path (what ``symbolize`` names)."""
    out = {} if out is None else out
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str):
                numbers(v, f"{prefix}{k}.", out)
    elif data.__class__ in _NUM:
        out[prefix[:-1]] = data
    elif _number_list(data):
        for i, x in enumerate(data):
            out[f"{prefix[:-1]}[{i}]"] = x
    return out


def shape_key(data: Any) -> Any:
    """The config with every number replaced by its type: equal keys, same template."""
    if isinstance(data, dict):
        return tuple((k, shape_key(v)) for k, v in data.items())
    if data.__class__ in _NUM:
        return data.__class__.__name__
    if _number_list(data):
        return ("[#", tuple(x.__class__.__name__ for x in data))  # its length and item types
    if isinstance(data, list):
        return ("[", tuple(shape_key_const(x) for x in data))
    return ("=", repr(data))


def shape_key_const(v: Any) -> Any:
    """List items are not symbolic (they are read by index, pinned): keyed by value."""
    if isinstance(v, dict):
        return ("{", tuple((k, shape_key_const(x)) for k, x in v.items()))
    if isinstance(v, list):
        return ("[", tuple(shape_key_const(x) for x in v))
    return (v.__class__.__name__, repr(v))


def _item(v: Any) -> Any:
    """A group member as an expression: a hole's, a number, or a tagged constant."""
    o = _hole_operand(v)
    return o[1] if o is not None else ("=", repr(v))


def pattern(values: list[Any]) -> tuple:
    """The equality pattern of ``values``: each one's first equal's position."""
    first: dict[Any, int] = {}
    return tuple(first.setdefault(v, i) for i, v in enumerate(values))


def note_group(values: Any) -> None:
    """Graph code decides on a set (or dict) of numbers (``len({eps...}) == 1``): hashing
    compares no two different numbers, so no guard records it. Under a trace, a group holding
    a hole keeps its equality pattern, which a config must reproduce to use the template."""
    values = list(values)
    tr = next((v.trace for v in values if v.__class__ in (HoleInt, HoleFloat, SymVal)), None)
    if tr is None or not tr.open:
        return
    exprs = tuple(_item(v) for v in values)
    raws = [_hole_operand(v) for v in values]
    tr.groups.append((exprs, pattern([r[0] if r else e for r, e in zip(raws, exprs)])))


def poison(trace: Trace | None, why: str) -> None:
    """``trace`` (if any) met a decision it cannot model: it makes no template."""
    if trace is not None and trace.open and trace.poisoned is None:
        trace.poisoned = why


def _plain_with(v: Any, conv: Any) -> Any:
    v = strip(v)
    if v.__class__ is SymVal:
        return conv(v)
    if isinstance(v, tuple):
        return tuple(_plain_with(x, conv) for x in v)
    if isinstance(v, list) and any(isinstance(x, Sourced) for x in v):
        return [_plain_with(x, conv) for x in v]
    return v


def plain_bare(v: Any) -> Any:
    """``plain(v)`` keeping traced numbers as bare SymVals (what plain numbers are untraced)."""
    return _plain_with(v, as_bare)


def plain_hole(v: Any) -> Any:
    """``plain(v)`` with traced numbers as holes (numbers for numeric code: shapes)."""
    return _plain_with(v, hole)


UNREAD = object()
"""``plain_hole_unread``'s answer where working the value out would read a ``Probe``."""


def plain_hole_unread(v: Any) -> Any:
    """``plain_hole(v)`` where working it out reads no ``Probe`` (a layer-index Probe's read is
    an event: speed/memo.py); ``UNREAD`` otherwise (a Probe among the wrappers, a tuple or a
    list, whose items may hold one). For a cheap test before a costly one whose answer only
    matters for a number (forward/dataflow_eval.py ``global_use``)."""
    while isinstance(v, Sourced) and v.__class__ is not SymVal:
        if v.__class__ is Probe:
            return UNREAD
        v = v.value
    if isinstance(v, (tuple, list)):
        return UNREAD
    return hole(v)


def plain_repr(v: Any) -> str:
    """``repr(v)`` as if its holes were plain numbers, without pinning them: for keys that are
    only compared for equality (repeat folding, where ``build._tree_eq`` guards)."""
    return repr(unholed(v))


def unholed(v: Any) -> Any:
    """``v`` with every hole (in tuples, lists and dicts too) its plain number."""
    c = v.__class__
    if c is HoleInt or c is HoleFloat:
        return _raw(v)
    if c is tuple or c is list:
        return c(unholed(x) for x in v)
    if c is dict:
        return {k: unholed(x) for k, x in v.items()}
    if isinstance(v, Sourced) and c is not SymVal:
        return unholed(v.value)
    return v


def same_items(a: list, b: list) -> bool:
    """``plain(a) == plain(b)`` for two lists, a traced item compared as a guard."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        r = compare("==", x, y) if (x.__class__ is SymVal or y.__class__ is SymVal) else None
        if r is NotImplemented or r is None:
            r = plain(x) == plain(y)
        if not r:
            return False
    return True


def base_class(v: Any) -> type:
    """``v``'s class, ``int`` / ``float`` for a hole."""
    c = v.__class__
    return int if c is HoleInt else float if c is HoleFloat else c


def unhole(v: Any) -> Any:
    """A graph number read back by the interpreter (``layer.in_features``): a SymVal again."""
    c = v.__class__
    if c is HoleInt or c is HoleFloat:
        return SymVal(_raw(v), v.expr, None, None, None, True, v.trace)
    return v


HOLES = (HoleInt, HoleFloat)
