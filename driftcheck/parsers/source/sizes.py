"""The size bound: no abstract value the interpreter makes may grow past ``SIZE_LIMIT``.

Step, loop and time budgets count operations, but one operation can be huge on its own:
``'x' * (3 * 10**9)``, ``300_000_000 * [0]``, ``s.ljust(10**9)``, ``f"{x:>1000000000}"``,
``pow(10, 10**9)``, ``1 << 10**9``, ``sum([[1] * 20000] * 20000, [])``. Every such operation
is computed here, and its result's size is *predicted before* it is computed: a string or bytes
(characters), a list / tuple / dict / set (items) over ``SIZE_LIMIT``, or an integer over
CPython's own limit for printing one (``INT_DIGITS`` decimal digits, the point past which
``str(n)`` raises in Python itself), raises ``TooBig`` instead. The interpreters turn it into
``Unknown`` plus a note naming the construct and its file:line (``Statements.too_big``).

The tables of operators (``ops/operators.py``'s ``BOUNDED``, shared by the general evaluator,
the plain-value fast path and the forward pass) hold the guarded functions, so every path that applies an
operator applies the bound. ``TooBig`` is an ``OverflowError``: code that already treats an
arithmetic error as "unknown" (the fast path bails, builtins answer Unknown) stays correct.
"""

from __future__ import annotations

import math
import operator
import re
import sys
from typing import Any

SIZE_LIMIT = 100_000
"""The one bound: characters of a string or bytes, items of a list, tuple, dict or set
(a ``range`` materialized into a list included). docs/parser.md, "Bounds"."""

INT_DIGITS = sys.int_info.default_max_str_digits  # 4,300: Python's own int <-> str limit
INT_BITS = int(INT_DIGITS * 3.321928094887362)  # the same limit in bits

_SEQ = (str, bytes, bytearray, list, tuple)
_NUMBERS = frozenset((int, float, bool))


class TooBig(OverflowError):
    """An operation whose result would exceed the size bound; ``what`` names it."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


def _len_of(v: Any) -> int:
    return len(v) if isinstance(v, (*_SEQ, dict, set, frozenset)) else 0


def check_len(n: int, what: str) -> None:
    if n > SIZE_LIMIT:
        unit = "characters" if what.startswith(("str", "bytes", "'%'", "f-string")) else "items"
        raise TooBig(f"{what}: {n:,} {unit}, over the size limit ({SIZE_LIMIT:,})")


def range_len(r: range) -> int:
    """``len(r)``, also for a range longer than a C size (``len`` raises there)."""
    try:
        return len(r)
    except OverflowError:
        return SIZE_LIMIT + 1


def check_bits(bits: int, what: str) -> None:
    if bits > INT_BITS:
        digits = int(bits * 0.30103)
        raise TooBig(f"{what}: an integer of about {digits:,} digits, over Python's {INT_DIGITS:,}")


def check_value(v: Any, what: str) -> Any:
    """``v`` itself, or TooBig when it is already over the bound (values handed in whole)."""
    c = v.__class__
    if c is int:
        if v.bit_length() > INT_BITS:
            check_bits(v.bit_length(), what)
    elif c in (str, bytes, list, tuple, dict, set, frozenset, bytearray):
        check_len(len(v), what)
    return v


# ---------------------------------------------------------------------------- operators
def _int(v: Any) -> bool:
    return v.__class__ is int or v.__class__ is bool


def deep_len(v: Any, budget: int) -> int:
    """Items of ``v`` counted through nested lists and tuples, an alias counted each time it
    is reached (``[[0] * 1000] * 1000`` is a million); stops once past ``budget``."""
    n, todo = 0, [v]
    while todo and n <= budget:
        x = todo.pop()
        if x.__class__ is list or x.__class__ is tuple:
            n += len(x)
            todo.extend(y for y in x if y.__class__ is list or y.__class__ is tuple)
        elif x.__class__ is dict:
            n += len(x)
        else:
            n += len(x) if isinstance(x, (str, bytes)) else 1
    return n


def _repeat(seq: Any, times: int) -> None:
    what = f"{type(seq).__name__} repeated {times:,} times"
    times = max(times, 0)
    check_len(len(seq) * times, what)
    if times > 1 and isinstance(seq, (list, tuple)):
        # items that are themselves sequences: what a copy or a print would walk
        if any(x.__class__ is list or x.__class__ is tuple for x in seq):
            check_len(deep_len(seq, SIZE_LIMIT // times + 1) * times, what)


def mul(a: Any, b: Any) -> Any:
    ca, cb = a.__class__, b.__class__
    if ca is float or cb is float:
        return a * b  # the common case first: no size to predict
    if ca is int and cb is int:
        if a.bit_length() + b.bit_length() > INT_BITS:
            check_bits(a.bit_length() + b.bit_length(), "'*'")
        return a * b
    if isinstance(a, _SEQ) and _int(b):
        _repeat(a, b)
    elif isinstance(b, _SEQ) and _int(a):
        _repeat(b, a)
    elif _int(a) and _int(b):
        check_bits(a.bit_length() + b.bit_length(), "'*'")
    return a * b


def add(a: Any, b: Any) -> Any:
    if a.__class__ in _NUMBERS and b.__class__ in _NUMBERS:
        return a + b  # grows by a bit at most
    if isinstance(a, _SEQ) and isinstance(b, _SEQ):
        check_len(len(a) + len(b), f"{type(a).__name__} concatenation")
    return a + b


def power(a: Any, b: Any, m: Any = None) -> Any:
    if b.__class__ is not int or a.__class__ is float:
        return pow(a, b) if m is None else pow(a, b, m)  # a float result: no size to grow
    if m is None and _int(a) and b > 1 and a.bit_length() * b > INT_BITS:  # an upper bound
        check_bits(int(math.log2(abs(a)) * b) + 1, "'**'")
    return pow(a, b) if m is None else pow(a, b, m)


def lshift(a: Any, b: Any) -> Any:
    if _int(a) and _int(b) and a and b > 0 and a.bit_length() + b > INT_BITS:
        check_bits(a.bit_length() + b, "'<<'")
    return a << b


_PCT_SPEC = re.compile(r"%(?:\([^)]*\))?([-+ #0]*[0-9*]*(?:\.[0-9*]*)?)[a-zA-Z%]")
_DIGITS = re.compile(r"[0-9]+")


def _widths(spec: str, what: str) -> None:
    """A format spec (``>1000000000``, ``.5f``) whose width or precision is over the bound."""
    for d in _DIGITS.findall(spec):
        if len(d) > 7 or int(d) > SIZE_LIMIT:
            raise TooBig(f"{what}: a width of {d} characters, over the size limit")


def mod(a: Any, b: Any) -> Any:
    if a.__class__ in _NUMBERS:
        return a % b
    if isinstance(a, (str, bytes)):
        text = a if isinstance(a, str) else a.decode("latin-1")
        for spec in _PCT_SPEC.findall(text):
            _widths(spec, "'%' formatting")
            if "*" in spec:  # width from the arguments
                args = b if isinstance(b, tuple) else (b,)
                for x in args:
                    if _int(x) and abs(x) > SIZE_LIMIT:
                        raise TooBig("'%' formatting: a '*' width over the size limit")
        n = len(a) + sum(text_size(x) for x in _args(b))
        check_len(n, "'%' formatting")
    return a % b


def text_size(v: Any) -> int:
    """A bound on ``len(str(v))`` from below, walking at most ``SIZE_LIMIT`` items: what
    printing a value nested through aliases (``[[0] * 1000] * 1000``) would write."""
    if v.__class__ is int:
        return v.bit_length() * 3 // 10 + 1
    if isinstance(v, (str, bytes)):
        return len(v)
    if isinstance(v, (list, tuple, dict, set, frozenset)):
        return 2 * deep_len(v, SIZE_LIMIT)
    return 1


def _args(b: Any) -> tuple:
    return b if isinstance(b, tuple) else (b,)


def format_value(x: Any, spec: str) -> str:
    """``format(x, spec)`` (an f-string field) with its width bounded."""
    _widths(spec, "format spec")
    s = format(x, spec)
    check_len(len(s), "format")
    return s


# ---------------------------------------------------------------------------- builtins
def seq_sum(items: list[Any], start: Any) -> Any:
    """``sum(items, start)`` of lists or tuples: total length checked first, then one linear
    concatenation (Python's own ``sum`` copies the running result at every step)."""
    if not isinstance(start, (list, tuple)):
        return sum(items, start)
    kind = type(start)
    if not all(type(x) is kind for x in items):
        raise TypeError(f"can only concatenate {kind.__name__}")
    check_len(len(start) + sum(len(x) for x in items), "sum() of sequences")
    out = list(start)
    for x in items:
        out.extend(x)
    return out if kind is list else tuple(out)


_WIDTH_METHODS = {"ljust", "rjust", "center", "zfill"}


def str_method(s: str | bytes, name: str, fn: Any, args: list[Any], kwargs: dict) -> Any:
    """A method of a plain string (``s.ljust(n)``, ``s.replace(a, b)``, ``sep.join(xs)``),
    its result's length predicted first."""
    n = len(s)
    what = f"{type(s).__name__}.{name}()"
    if name in _WIDTH_METHODS and args and _int(args[0]):
        check_len(args[0], what)
    elif name == "expandtabs":
        size = args[0] if args else kwargs.get("tabsize", 8)
        if _int(size) and size > 0:
            check_len(n * size, what)
    elif name == "replace" and len(args) >= 2:
        old, new = args[0], args[1]
        if isinstance(old, (str, bytes)) and isinstance(new, (str, bytes)):
            hits = (n + 1) if not old else s.count(old)
            check_len(n + hits * max(len(new) - len(old), 0), what)
    elif name == "join" and args:
        items = args[0]
        if isinstance(items, (list, tuple)):
            check_len(sum(_len_of(x) for x in items) + n * max(len(items) - 1, 0), what)
    elif name in ("format", "format_map"):
        import string

        try:
            fields = list(string.Formatter().parse(s))  # type: ignore[arg-type]
        except ValueError:
            fields = []
        for _text, _field, spec, _conv in fields:
            if spec:
                _widths(spec, what)
        total = n + sum(text_size(x) for x in [*args, *kwargs.values()])
        check_len(total, what)
    elif name == "translate":
        # a table may map one character to a long string: at most the longest one per
        # character (a dict's values); bytes' table maps a byte to a byte
        table = args[0] if args else None
        if isinstance(s, bytes):
            longest = 1
        elif isinstance(table, dict):
            longest = max((len(v) for v in table.values() if isinstance(v, str)), default=1)
        else:
            raise TooBig(f"{what}: a table that is no dict is not modeled")
        check_len(n * max(longest, 1), what)
    r = fn(*args, **kwargs)
    if isinstance(r, (str, bytes)):
        check_len(len(r), what)
    return r


# the guarded operator functions, by ``operator`` name (``ops/operators.py``'s ``BOUNDED`` holds them)
GUARDED = {
    operator.mul: mul,
    operator.add: add,
    operator.pow: power,
    operator.lshift: lshift,
    operator.mod: mod,
}
