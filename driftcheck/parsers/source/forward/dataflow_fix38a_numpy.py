"""Session 38 (crashfix38a): numpy arrays handed to torch (numpy 2.x, torch 2.13; checked in
``tests/test_crash38a.py`` with clean twins).

The pass had no model of numpy: ``t.numpy()`` and every ``np.<fn>(...)`` were unknown. An
``NpArr`` (an unknown value, one per array, as before for every other reader) now keeps two
facts, each only where it is certain:

- negative strides: ``np.flip(a, ...)`` / ``np.fliplr(a)`` / ``np.flipud(a)`` / ``a[..., ::-k]``
  (a slice of a negative step) of an array the pass holds always give an array with a
  negative stride (a length-1 axis too: numpy keeps the step's sign); ``a.copy()`` /
  ``np.ascontiguousarray(a)`` / ``np.array(a)`` copy it into a fresh C-ordered array;
  ``np.asarray(a)`` is ``a``. ``t.numpy()`` of a tensor is a plain numeric array;
- the element kind of ``np.array(rows)`` (no ``dtype``) of a Python list the pass holds for
  certain, rectangular, of Python numbers / strings / None: a string anywhere makes a ``str_``
  array, a None an ``object_`` one (numpy 2's promotion, measured).

``torch.from_numpy(a)`` / ``torch.as_tensor(a, ...)`` / ``torch.tensor(a, ...)`` /
``torch.Tensor(a)`` of such an array raise: ValueError "At least one stride in the given numpy
array is negative" / TypeError "can't convert np.ndarray of type numpy.str_ / numpy.object_"
(whatever ``dtype=`` is asked). Any other numpy op gives an unknown, as before.

``DRIFTCHECK_NO_FIX38A=1`` turns it off (with ``dataflow_fix38a``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_fix38a import _off
from driftcheck.parsers.source.values.dataflow_values import Unk


class NpArr(Unk):
    """A numpy array made in forward: unknown, with what is certain of it (``neg``: a
    negative stride; ``kind``: "num" / "str" / "object", or None)."""

    __slots__ = ("neg", "kind")

    def __init__(self, neg: bool | None, kind: str | None) -> None:
        self.neg = neg
        self.kind = kind

    def __repr__(self) -> str:
        return f"UNK(ndarray neg={self.neg} kind={self.kind})"


_FLIPS = frozenset({"numpy.flip", "numpy.fliplr", "numpy.flipud"})
_COPIES = frozenset({"numpy.ascontiguousarray", "numpy.copy"})
_TO_TORCH = frozenset(
    {"torch.from_numpy", "torch.as_tensor", "torch.tensor", "torch.Tensor", "torch.asarray"}
)
_NEG = (
    "ValueError: At least one stride in the given numpy array is negative, and tensors with "
    "negative strides are not currently supported. (You can probably work around this by "
    "making a copy of your array  with array.copy().)"
)
_TYPES = "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, and bool"


def _qual(fv: Any) -> str | None:
    from driftcheck.parsers.source.values.abstract import Ext

    q = fv.qual if isinstance(fv, Ext) else None
    return q if isinstance(q, str) else None


def _kind(run: Any, v: Any) -> str | None:
    """The element kind of ``np.array(v)`` for a certain rectangular list of Python scalars."""
    from driftcheck.parsers.source.forward import dataflow_lists

    f = run.f
    found: set[str] = set()

    def walk(x: Any, depth: int) -> tuple | None:
        if x.__class__ in (list, tuple):
            if x.__class__ is list and f.doubts and not dataflow_lists.certain(f, x):
                return None
            if depth > 4 or not x:
                return None
            shapes = {walk(i, depth + 1) for i in x}
            if None in shapes or len(shapes) != 1:
                return None
            return (len(x), *shapes.pop())
        if x is None:
            found.add("object")
        elif x.__class__ is str:
            found.add("str")
        elif x.__class__ in (int, float, bool):
            found.add("num")
        else:
            return None
        return ()

    if v.__class__ is not list or f.speculative or walk(v, 0) is None:
        return None
    if "object" in found:
        return "object"
    return "str" if "str" in found else "num"


def _negative_step(key: Any) -> bool | None:
    """A basic index holding a slice of a known negative step (True), of known non-negative
    steps only (False), else None."""
    keys = key if key.__class__ is tuple else (key,)
    neg = False
    for k in keys:
        if k.__class__ is slice:
            step = k.step
            if step is None:
                continue
            if step.__class__ is not int:
                return None
            neg = neg or step < 0
        elif k is Ellipsis:
            continue
        else:
            return None
    return neg


def getitem(run: Any, v: NpArr, key: Any) -> Any:
    """``a[key]`` of an ``NpArr``: one with a negative stride for a negative-step slice."""
    from driftcheck.parsers.source.values.dataflow_values import UNK

    if _off(run.f) or run.f.input_shape is None:
        return UNK
    if _negative_step(key) is True and v.neg is False:
        # a second reversal of an axis can undo the first (review38 #1): only a reversal of an
        # array with positive strides is surely negative
        return NpArr(True, v.kind)
    return UNK


@hooks.after(204)
def array_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.forward.dataflow_common import receiver
    from driftcheck.parsers.source.values.dataflow_values import UNK, Bound, Tens

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None or out is not UNK:
        return None
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return None
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        if fv.name == "numpy" and not args and not kwargs:
            return NpArr(False, "num")
        return None
    if isinstance(e.func, ast.Attribute) and e.func.attr == "copy" and not args and not kwargs:
        if isinstance(receiver(run, e, fr), NpArr):
            return NpArr(False, receiver(run, e, fr).kind)
        return None
    q = _qual(fv)
    if q is None or not q.startswith("numpy."):
        return None
    a = args[0] if args else None
    if q in _FLIPS and isinstance(a, NpArr):
        if len(args) + len(kwargs) > (2 if q == "numpy.flip" else 1) or set(kwargs) - {"axis"}:
            return None
        return NpArr(True, a.kind) if a.neg is False else None
    if q in _COPIES and isinstance(a, NpArr) and len(args) == 1 and not kwargs:
        return NpArr(False, a.kind)
    if q == "numpy.asarray" and isinstance(a, NpArr) and len(args) == 1 and not kwargs:
        return a
    if q == "numpy.array" and len(args) == 1 and not kwargs:
        if isinstance(a, NpArr):
            return NpArr(False, a.kind)
        kind = _kind(run, a)
        return NpArr(False, kind) if kind is not None else None
    return None


@hooks.before(180)
def array_to_torch(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    if _qual(fv) not in _TO_TORCH or not args or not isinstance(args[0], NpArr):
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    a = args[0]
    if _qual(fv) == "torch.from_numpy" and (len(args) != 1 or kwargs):
        return
    if _qual(fv) == "torch.Tensor" and (len(args) != 1 or kwargs):
        return
    if a.kind in ("str", "object"):
        name = "str_" if a.kind == "str" else "object_"
        f.crash(fr.loc(e), f"TypeError: can't convert np.ndarray of type numpy.{name}. The "
                f"only supported types are: {_TYPES}.")  # fmt: skip
    elif a.neg is True:
        f.crash(fr.loc(e), _NEG)
