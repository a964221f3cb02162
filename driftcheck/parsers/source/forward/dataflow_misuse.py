"""A tensor's size read the wrong way (on real sizes): Python's TypeError.

``x.size[0]`` subscripts the bound method ``size`` ("'builtin_function_or_method' object is
not subscriptable"), ``h.shape(0)`` calls a ``torch.Size`` ("'torch.Size' object is not
callable"), ``x.ndim()`` calls an int. Each is judged on what the pass knows the value is
(a tensor's bound method, its shape, its rank as an int), never on a name alone.
``x.shape[:-1] + [h, -1]`` adds a list to a ``torch.Size`` (a tuple): "can only concatenate
tuple (not list)", judged where the pass made the Size (a shape or its slice) and the list
(a list display or a list made here, ``dataflow_lists``) itself.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import Bound, ShapeOf, Tens

# tensor methods that return sizes (the ones subscripted by mistake for ``shape``)
SIZE_METHODS = frozenset({"size", "dim", "numel", "nelement", "ndimension", "stride"})


def subscripted(f: Any, v: Any, loc: Any) -> None:
    """``v[...]`` where ``v`` is a tensor's size method, not called."""
    if f.input_shape is not None and isinstance(v, Bound) and isinstance(v.target, Tens):
        if v.name in SIZE_METHODS:
            f.crash(loc, "TypeError: 'builtin_function_or_method' object is not subscriptable")


def called(f: Any, fv: Any, at: Any, loc: Any) -> None:
    """``fv(...)`` where ``fv`` is a tensor's shape (``torch.Size``) or its ``ndim``."""
    if f.input_shape is None or loc is None:
        return
    if isinstance(fv, ShapeOf):
        f.crash(loc, "TypeError: 'torch.Size' object is not callable")
    elif (
        fv.__class__ is int
        and isinstance(at, ast.Call)
        and isinstance(at.func, ast.Attribute)
        and at.func.attr == "ndim"
    ):
        f.crash(loc, "TypeError: 'int' object is not callable")


# tensor methods (callables on every ``torch.Tensor``) that code reads as numbers by mistake
# (``x.numel // 10``, ``x.size - 1``, ``x.sum * 2``): no attribute of that name is a value
NUMBER_METHODS = SIZE_METHODS | frozenset(
    {"item", "sum", "mean", "max", "min", "std", "var", "norm", "abs", "argmax", "argmin"}
)
_SIGNS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
          ast.Mod: "%", ast.Pow: "** or pow()", ast.MatMult: "@", ast.BitAnd: "&",
          ast.BitOr: "|", ast.BitXor: "^"}  # fmt: skip
_ORDER = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


def _method(v: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix30b import MORE_METHODS

    if not (isinstance(v, Bound) and isinstance(v.target, Tens)):
        return False
    return v.name in NUMBER_METHODS or v.name in MORE_METHODS  # (session 30: casts, views)


def _type_name(v: Any) -> str | None:
    """Python's name for an operand's type, where the operation surely raises with it."""
    if _method(v):
        return "builtin_function_or_method"
    if isinstance(v, Tens):
        return "Tensor"
    if v.__class__ in (int, float):
        return v.__class__.__name__
    return None


def method_operand(f: Any, op: Any, a: Any, b: Any, loc: Any) -> bool:
    """``x.numel // 10``: arithmetic (or an ordering) with a tensor's bound method, not its
    result, next to a number, a tensor or another such method; ``scores + bias`` with
    ``bias`` None (an optional argument left at its default) next to a tensor: Python's
    TypeError (neither side defines the operation). True when reported."""
    if f.input_shape is None or loc is None:
        return False
    if (a is None and isinstance(b, Tens)) or (b is None and isinstance(a, Tens)):
        ta, tb = ("NoneType", "Tensor") if a is None else ("Tensor", "NoneType")
    elif _method(a) or _method(b):
        ta, tb = _type_name(a), _type_name(b)
    else:
        return False
    if ta is None or tb is None:
        return False  # an object of the analyzed code may define the reflected operation
    if type(op) in _ORDER:
        sign = _ORDER[type(op)]
        f.crash(loc, f"TypeError: '{sign}' not supported between instances of '{ta}' and '{tb}'")
        return True
    sign = _SIGNS.get(type(op))
    if sign is None:
        return False
    f.crash(loc, f"TypeError: unsupported operand type(s) for {sign}: '{ta}' and '{tb}'")
    return True


def _size(f: Any, v: Any) -> bool:
    return isinstance(v, ShapeOf) or (v.__class__ is tuple and f.size_tuples.get(id(v)) is v)


def _sure_list(f: Any, v: Any) -> bool:
    if v.__class__ is not list:
        return False
    got = f.sure_lists.get(id(v))
    return got is not None and got[0] is v


def size_plus_list(f: Any, a: Any, b: Any, loc: Any) -> bool:
    """``size + list`` / ``list + size``: Python's TypeError; True when reported."""
    if f.input_shape is None or loc is None:
        return False
    if _size(f, a) and _sure_list(f, b):
        f.crash(loc, 'TypeError: can only concatenate tuple (not "list") to torch.Size')
        return True
    if _sure_list(f, a) and _size(f, b):
        f.crash(loc, 'TypeError: can only concatenate list (not "torch.Size") to list')
        return True
    return False


# numpy idioms torch does not have (ported numpy / JAX / Flax code): ``x.astype(...)`` on a
# tensor, ``torch.expand_dims(x, 1)``. Each is in numpy and not in torch 2.13 (nor in any
# torch before it: tests/test_crash21a.py checks both against the installed packages).
NUMPY_ONLY_METHODS = frozenset(
    {"astype", "copy", "fill", "compress", "partition", "argpartition", "tobytes", "tofile",
     "byteswap", "choose", "dump", "dumps", "searchsorted"}
)  # fmt: skip
NUMPY_ONLY_FNS = frozenset(
    {"expand_dims", "around", "append", "insert", "delete", "power", "mod", "percentile",
     "nanmax", "nanmin", "nanstd", "nanvar", "rint", "identity", "average", "rollaxis",
     "take_along_axis", "array", "ndim", "size", "shape", "int_", "float_", "fabs"}
)  # fmt: skip


def numpy_method(t: Any, name: str) -> str | None:
    """``t.<name>`` of a numpy-only method on a tensor of known shape (a torch tensor the
    pass follows: a library call's array result has no shape here)."""
    if name in NUMPY_ONLY_METHODS and isinstance(t, Tens) and t.shape is not None:
        return f"AttributeError: 'Tensor' object has no attribute '{name}'"
    return None


def numpy_function(q: str) -> str | None:
    """``torch.<name>`` of a numpy-only function."""
    if q.startswith("torch.") and q.count(".") == 1 and q[6:] in NUMPY_ONLY_FNS:
        return f"AttributeError: module 'torch' has no attribute '{q[6:]}'"
    return None


def missing_function(q: str) -> str | None:
    """``torch.rfft(x, 2)`` / ``torch.symeig(a)``: a public name the installed torch's function
    namespace lacks (AttributeError), or a removed API kept as a stub that always raises
    (``names_table``, read from torch by tools/gen_names_table.py)."""
    from driftcheck.parsers.source.forward.names_table import NAMES, REMOVED

    if q in REMOVED:
        return REMOVED[q]
    ns, _, name = q.rpartition(".")
    known = NAMES.get(ns)
    if known is None or not name or name.startswith("_") or name in known:
        return None
    return f"AttributeError: module '{ns}' has no attribute '{name}'"


def mode_error(op: str, args: list, kwargs: dict) -> str | None:
    """``F.pad(x, p, mode="zeros")``, ``F.grid_sample(x, g, mode="linear")``,
    ``src.index_reduce(0, i, v, "sum")``: a mode string torch refuses on every input
    (``mode_table``, measured by tools/gen_mode_table.py; ``op`` is the qualified function or
    ``Tensor.<method>`` with ``args`` after ``self``). A string the table never probed is not
    judged."""
    from driftcheck.parsers.source.forward.mode_table import POSITION, REFUSED

    refused = REFUSED.get(op)
    if refused is None:
        return None
    for key, pos in POSITION[op].items():
        v = kwargs[key] if key in kwargs else args[pos] if len(args) > pos else None
        if v.__class__ is str and v in refused.get(key, {}):
            return refused[key][v]
    return None
