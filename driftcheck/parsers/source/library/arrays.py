"""numpy basics model code uses on lists of numbers (an array stands as a list)."""

from __future__ import annotations

import math
from typing import Any

from driftcheck.parsers.source.library.pybuiltins import MATH, NUMPY_SEQ, py_call
from driftcheck.parsers.source.library.registry import Group

NP = Group("numpy")


def _py(name: str) -> Any:
    return lambda c: py_call(name, c.interp, c.args, c.kwargs)


_DOCS = {
    "numpy.prod": "prod(xs) of known numbers (result size checked first)",
    "numpy.sum": "sum(xs) of known numbers",
    "numpy.sqrt": "sqrt(x) of a known number",
    "numpy.log2": "log2(x) of a known number",
    "numpy.lcm": "lcm(a, b) of known ints",
    "numpy.gcd": "gcd(a, b) of known ints",
    "numpy.ceil": "ceil(x) of a known number",
    "numpy.floor": "floor(x) of a known number",
    "numpy.argsort": "argsort(xs) of known numbers, as a list",
    "numpy.sort": "sort(xs) of known numbers, as a list",
    "numpy.array": "array(xs) of known numbers, as a list",
    "numpy.asarray": "asarray(xs) of known numbers, as a list",
    "numpy.cumsum": "cumsum(xs) of known numbers, as a list",
}
for _q, _d in _DOCS.items():
    assert _q in MATH or _q in NUMPY_SEQ, _q
    NP.add(_q.split(".", 1)[1], _py(_q), _d)


def _np_numeric(fn: Any) -> Any:
    def impl(c: Any) -> Any:
        from driftcheck.parsers.source.values.abstract import Unknown, plain

        pa = [plain(a) for a in c.args]
        if not pa or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in pa):
            return Unknown(f"{c.qual}() of unknown values at {c.where}")
        try:
            return float(fn(*pa))
        except (ValueError, OverflowError, ZeroDivisionError):
            return Unknown(f"{c.qual}() at {c.where}")

    return impl


for _n, _f in (("log", math.log), ("exp", math.exp), ("log10", math.log10), ("power", math.pow)):
    NP.add(_n, _np_numeric(_f), f"{_n}() of known numbers, as a float")
