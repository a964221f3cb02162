"""``scipy.optimize.brentq``: a root of a function of the analyzed code, found as scipy finds it.

tensorly's ``validate_tucker_rank`` turns a fractional Tucker rank (``rank=0.2``: keep a fifth of
the parameters) into per-mode ranks by solving ``c**N * prod(shape) + c * sum(s**2) = rank *
prod(shape)`` with ``brentq`` and rounding ``s * c``; tltorch's ``FactorizedLinear(...,
factorization="tucker", rank=0.2)`` sizes its core and factors by it. The function is the analyzed
code's own (a lambda over known numbers): it is called through the interpreter, and the
iteration is scipy's C ``brentq`` (scipy/optimize/Zeros/brentq.c) step by step in Python floats,
which are the C doubles it uses, so the root is the one scipy returns, bit for bit (checked
against scipy in tests/test_wild_constructs22.py). A value that is not a known float, a sign
error or no convergence is unknown (scipy would raise).
"""

from __future__ import annotations

import math
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import plain

OPT = Group("scipy.optimize", title="scipy.optimize (root finding)")

_XTOL = 2e-12
_RTOL = 4 * 2.220446049250313e-16  # scipy's 4 * np.finfo(float).eps
_ITER = 100


def _number(v: Any) -> float | None:
    v = plain(v)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return float(v)


def brentq_root(f: Any, xa: float, xb: float, xtol: float, rtol: float, maxiter: int) -> Any:
    """scipy's brentq (C) on ``f`` (a Python callable returning a float or None); the root, or
    a string saying why there is none (scipy raises then)."""
    xpre, xcur = xa, xb
    xblk = fblk = spre = scur = 0.0
    fpre, fcur = f(xpre), f(xcur)
    if fpre is None or fcur is None:
        return "a value that is not a known number"
    if fpre == 0:
        return xpre
    if fcur == 0:
        return xcur
    if math.copysign(1.0, fpre) == math.copysign(1.0, fcur):
        return "f(a) and f(b) of the same sign"
    for _ in range(maxiter):
        if fpre != 0 and fcur != 0 and math.copysign(1.0, fpre) != math.copysign(1.0, fcur):
            xblk, fblk = xpre, fpre
            spre = scur = xcur - xpre
        if abs(fblk) < abs(fcur):
            xpre, xcur, xblk = xcur, xblk, xcur
            fpre, fcur, fblk = fcur, fblk, fcur
        delta = (xtol + rtol * abs(xcur)) / 2
        sbis = (xblk - xcur) / 2
        if fcur == 0 or abs(sbis) < delta:
            return xcur
        if abs(spre) > delta and abs(fcur) < abs(fpre):
            if xpre == xblk:  # interpolate
                stry = -fcur * (xcur - xpre) / (fcur - fpre)
            else:  # extrapolate
                dpre = (fpre - fcur) / (xpre - xcur)
                dblk = (fblk - fcur) / (xblk - xcur)
                stry = -fcur * (fblk * dblk - fpre * dpre) / (dblk * dpre * (fblk - fpre))
            if 2 * abs(stry) < min(abs(spre), 3 * abs(sbis) - delta):
                spre, scur = scur, stry  # good short step
            else:
                spre = scur = sbis  # bisect
        else:
            spre = scur = sbis  # bisect
        xpre, fpre = xcur, fcur
        if abs(scur) > delta:
            xcur += scur
        else:
            xcur += delta if sbis > 0 else -delta
        fcur = f(xcur)
        if fcur is None:
            return "a value that is not a known number"
    return "no convergence"


@OPT.entry(
    "brentq",
    doc="brentq(f, a, b[, args, xtol, rtol, maxiter]): the root scipy's brentq finds, f (the "
    "analyzed code's) called through the interpreter; unknown where scipy would raise",
)
def _brentq(c: Call) -> Any:
    names = ("f", "a", "b", "args", "xtol", "rtol", "maxiter", "full_output", "disp")
    if len(c.args) > len(names) or set(c.kwargs) - set(names):
        return c.unknown("scipy.optimize.brentq() with these arguments")
    given = dict(zip(names, c.args)) | dict(c.kwargs)
    if plain(given.get("full_output", False)) is not False:
        return c.unknown("scipy.optimize.brentq(full_output=True)")
    extra = plain(given.get("args", ()))
    a, b = _number(given.get("a")), _number(given.get("b"))
    xtol, rtol = _number(given.get("xtol", _XTOL)), _number(given.get("rtol", _RTOL))
    maxiter = plain(given.get("maxiter", _ITER))
    if None in (a, b, xtol, rtol) or not isinstance(extra, tuple):
        return c.unknown("scipy.optimize.brentq() of values we do not know")
    if not isinstance(maxiter, int) or isinstance(maxiter, bool) or not 0 <= maxiter <= 1000:
        return c.unknown("scipy.optimize.brentq() with a maxiter we do not model")
    if xtol <= 0 or rtol < _RTOL:
        return c.unknown("scipy.optimize.brentq() with a tolerance scipy refuses")
    fn = given.get("f")

    def f(x: float) -> float | None:
        return _number(c.interp.calls.call(fn, [x, *extra], {}, c.loc))

    root = brentq_root(f, a, b, xtol, rtol, maxiter)
    if isinstance(root, str):
        return c.unknown(f"scipy.optimize.brentq(): {root}")
    return root
