"""numpy basics model code uses on lists of numbers (an array stands as a list)."""

from __future__ import annotations

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
