"""Session 36 (crashfix36b): the argument checks of torch ops torch runs in C++ or in its own
Python wrapper, on values the pass holds for certain (torch 2.13, CPU; ``tests/test_crash36b.py``
runs every verdict in torch, with clean twins):

- ``torch.cdist(a, b, compute_mode=m)``: ``m`` not one of torch's three mode names (a bool, a
  number, another string, None written out): ValueError "<m> is not a valid value for
  compute_mode" (``torch/functional.py``'s ``if / elif / else``);
- ``torch.linalg.vector_norm(x, ord=s)`` with ``s`` a string (``"fro"``, ``"inf"``, ``"l2"``):
  the argument parser's TypeError "argument 'ord' must be Number, not str";
- ``torch.quantile`` / ``nanquantile`` (function or tensor method): ``interpolation`` a string
  other than linear / lower / higher / midpoint / nearest; a Python number ``q`` outside
  [0, 1]; a ``q`` tensor built in ``forward`` by ``torch.tensor(<list of numbers>)`` (its
  values kept by this module's after-hook until the next in-place write, rounded to float32
  unless ``dtype=torch.float64``; not kept with any other keyword, ``device=`` or another
  dtype) with a value outside [0, 1]: RuntimeError (torch 2.13 CPU; ATen runs this check
  for a CPU ``q``);
- ``torch.quantize_per_tensor(x, scale, zero_point, dtype)`` / ``quantize_per_channel(x,
  scales, zero_points, axis, dtype)``: a ``dtype`` that is not a quantized one
  (``torch.float32``, ``torch.int8``, ...): "ScalarType Float is not supported in new_qtensor";
  an int ``zero_point`` outside the dtype's range (quint8 [0, 255], qint8 [-128, 127], qint32
  int32): "zero_point 128 is above upper bound"; ``scales`` a vector of known length other
  than ``x.size(axis)``: "length of scales must equal to channel";
- ``torch.fake_quantize_per_tensor_affine(x, scale, zero_point, quant_min, quant_max)`` /
  ``fake_quantize_per_channel_affine(x, scale, zero_point, axis, quant_min, quant_max)``:
  ``quant_min > quant_max`` (ints), an int ``zero_point`` outside ``[quant_min, quant_max]``
  (per tensor), a ``scale`` vector whose length is not ``x.size(axis)`` (per channel).

- ``torch._foreach_<op>(xs, ys, ...)``: a tensor list or a scalar list given by position with
  another number of items than ``xs``: RuntimeError; judged only while the pass is exact
  (``Flow.doubts`` 0) or every list's length is certain (``dataflow_lists.certain``);
- ``t.indices()`` / ``t.values()`` of ``t`` the very result of ``torch.sparse_coo_tensor(i, v,
  ...)`` with at least two entries (``i`` of a known shape) and no ``is_coalesced=True``: torch
  marks such a tensor uncoalesced ("Cannot get indices on an uncoalesced tensor");
- ``torch.save(obj, f)`` without ``pickle_module=`` where ``obj`` is written out as a dict /
  list / tuple display holding a ``lambda`` or a generator expression among its items:
  pickle refuses both (a lambda has no importable name; a generator cannot be pickled).

Switch: ``DRIFTCHECK_NO_FIX36B=1``.
"""

from __future__ import annotations

import ast
import math
import struct
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import arg

_CDIST_MODES = frozenset(
    {
        "use_mm_for_euclid_dist_if_necessary",
        "use_mm_for_euclid_dist",
        "donot_use_mm_for_euclid_dist",
    }
)
_INTERP = ("linear", "lower", "higher", "midpoint", "nearest")
_QUANTILE = frozenset({"quantile", "nanquantile"})
# torch's quantized dtypes and the range ``quantize_per_tensor`` allows for an int zero point
_QDTYPES = {
    "quint8": (0, 255),
    "qint8": (-128, 127),
    "qint32": (-(2**31), 2**31 - 1),
    "quint4x2": None,
    "quint2x4": None,
}
# a dtype that is not quantized -> torch's ScalarType word
_SCALAR = {
    "float32": "Float", "float": "Float", "float64": "Double", "double": "Double",
    "float16": "Half", "half": "Half", "bfloat16": "BFloat16", "int8": "Char", "uint8": "Byte",
    "int16": "Short", "short": "Short", "int32": "Int", "int": "Int", "int64": "Long",
    "long": "Long", "bool": "Bool", "complex64": "ComplexFloat", "cfloat": "ComplexFloat",
    "complex128": "ComplexDouble", "cdouble": "ComplexDouble",
}  # fmt: skip
_UNCOALESCED = "fix36b_uncoalesced"  # id(tensor) -> the sparse tensor, as made
_VALS = "fix36b_vals"  # id(tensor) -> (tensor, the float values it was built with, writes stamp)


def _off(f: Any) -> bool:
    """Whether crashfix36b's rules are switched off for this pass (``Flow.switches``)."""
    return f.switches.get("DRIFTCHECK_NO_FIX36B") == "1"


def _int(v: Any) -> bool:
    return v.__class__ is int


def _num(v: Any) -> bool:
    return v.__class__ in (int, float) and math.isfinite(v)


def _dtype_name(v: Any) -> str | None:
    """``torch.qint8`` -> ``"qint8"`` (an ``Ext`` of ``torch.<name>``), else None."""
    from driftcheck.parsers.source.values.abstract import Ext

    q = v.qual if isinstance(v, Ext) else None
    if not isinstance(q, str) or not q.startswith("torch.") or q.count(".") != 1:
        return None
    name = q[len("torch.") :]
    return name if name in _QDTYPES or name in _SCALAR else None


def _flat(v: Any, out: list, depth: int = 0) -> bool:
    """The numbers of a nested list / tuple of plain numbers (no bool), in order."""
    if depth > 4:
        return False
    if v.__class__ in (list, tuple):
        return all(_flat(x, out, depth + 1) for x in v)
    if _num(v):
        out.append(float(v))
        return True
    return False


def _values(run: Any, t: Any) -> tuple | None:
    got = run.f.run_state.get(_VALS, {}).get(id(t))
    if got is None or got[0] is not t or got[2] != run.f.tensor_writes:
        return None
    return got[1]


def _callee(fv: Any, args: list) -> tuple[str, list] | None:
    """``(qualified name, args)`` of a torch function, or of a tensor's quantile method (the
    tensor put first)."""
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Bound, Tens

    if isinstance(fv, Ext) and isinstance(fv.qual, str):
        return fv.qual, args
    if isinstance(fv, Bound) and isinstance(fv.target, Tens) and fv.name in _QUANTILE:
        return f"torch.{fv.name}", [fv.target, *args]
    return None


def _cdist(args: list, kwargs: dict) -> str | None:
    if len(args) <= 3 and "compute_mode" not in kwargs:
        return None
    m = arg(args, kwargs, 3, "compute_mode")
    if m.__class__ in (str, bool, int, float) and m not in _CDIST_MODES:
        return f"ValueError: {m} is not a valid value for compute_mode"
    return None


def _vector_norm(args: list, kwargs: dict) -> str | None:
    if len(args) <= 1 and "ord" not in kwargs:
        return None
    o = arg(args, kwargs, 1, "ord")
    if o.__class__ is str:
        return "TypeError: linalg_vector_norm(): argument 'ord' must be Number, not str"
    return None


def _quantile(run: Any, name: str, args: list, kwargs: dict) -> str | None:
    how = kwargs.get("interpolation", "linear")
    if how.__class__ is str and how not in _INTERP:
        return (
            f"RuntimeError: {name}() interpolation must be one of linear, lower, higher, "
            f"midpoint or nearest, but got {how}"
        )
    q = arg(args, kwargs, 1, "q")
    if _num(q) and not 0 <= q <= 1:
        return f"RuntimeError: {name}() q must be in the range [0, 1] but got {q}"
    vals = _values(run, q)
    if vals and any(not 0 <= v <= 1 for v in vals):
        return f"RuntimeError: {name}() q values must be in the range [0, 1]"
    return None


def _dtype_error(dt: Any) -> str | None:
    name = _dtype_name(dt)
    if name is not None and name in _SCALAR:
        return f"RuntimeError: ScalarType {_SCALAR[name]} is not supported in new_qtensor."
    return None


def _zero_point(op: str, dt: Any, zp: Any) -> str | None:
    rng = _QDTYPES.get(_dtype_name(dt) or "")
    if rng is None or not _int(zp):
        return None
    if zp > rng[1]:
        return f"RuntimeError: {op} zero_point {zp} is above upper bound."
    if zp < rng[0]:
        return f"RuntimeError: {op} zero_point {zp} is below lower bound."
    return None


def _channels(x: Any, scales: Any, axis: Any) -> tuple[int, int] | None:
    """``(x.size(axis), len(scales))`` where both are known (a vector of scales)."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    xs, ss = known_shape(x), known_shape(scales)
    if xs is None or ss is None or len(ss) != 1 or not _int(axis) or not -len(xs) <= axis < len(xs):
        return None
    return xs[axis], ss[0]


def _quantize(name: str, args: list, kwargs: dict) -> str | None:
    x = arg(args, kwargs, 0, "input")
    if name == "quantize_per_tensor":
        dt = arg(args, kwargs, 3, "dtype")
        zp = arg(args, kwargs, 2, "zero_point")
        return _dtype_error(dt) or _zero_point("quantize_tensor_per_tensor_affine", dt, zp)
    dt = arg(args, kwargs, 4, "dtype")
    err = _dtype_error(dt)
    if err:
        return err
    if _dtype_name(dt) not in _QDTYPES:
        return None
    got = _channels(x, arg(args, kwargs, 1, "scales"), arg(args, kwargs, 3, "axis"))
    if got is not None and got[0] != got[1]:
        return (
            f"RuntimeError: length of scales must equal to channel, expected {got[0]} got, {got[1]}"
        )
    return None


def _fake_quantize(name: str, args: list, kwargs: dict) -> str | None:
    per_channel = name == "fake_quantize_per_channel_affine"
    k = 4 if per_channel else 3
    lo, hi = arg(args, kwargs, k, "quant_min"), arg(args, kwargs, k + 1, "quant_max")
    if not (_int(lo) and _int(hi)):
        return None
    if lo > hi:
        return "RuntimeError: `quant_min` should be less than or equal to `quant_max`."
    x = arg(args, kwargs, 0, "input")
    if per_channel:
        got = _channels(x, arg(args, kwargs, 1, "scale"), arg(args, kwargs, 3, "axis"))
        if got is not None and got[0] != got[1]:
            return (
                "RuntimeError: dimensions of scale and zero-point are not consistent with "
                "input tensor"
            )
        return None
    zp = arg(args, kwargs, 2, "zero_point")
    if _int(zp) and not lo <= zp <= hi:
        return "RuntimeError: `zero_point` must be between `quant_min` and `quant_max`."
    return None


def _tensor_list(v: Any) -> int | None:
    """The length of a list / tuple every item of which is a tensor, else None."""
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if v.__class__ in (list, tuple) and all(isinstance(t, Tens) for t in v):
        return len(v)
    return None


def _foreach(run: Any, args: list) -> str | None:
    """``torch._foreach_<op>(xs, ys / scalars, ...)``: every tensor list and scalar list given
    by position must have ``len(xs)`` items."""
    from driftcheck.parsers.source.forward import dataflow_lists

    n = _tensor_list(args[0]) if args else None
    if not n:
        return None
    lists = [v for v in args[:4] if v.__class__ is list]
    if run.f.doubts and not all(dataflow_lists.certain(run.f, v) for v in lists):
        return None  # a list's length may not be torch's
    for v in args[1:4]:
        m = _tensor_list(v)
        if m is not None and v and m != n:
            return (
                f"RuntimeError: Tensor lists must have the same number of tensors, got {n} and {m}"
            )
        if v.__class__ in (list, tuple) and all(_num(s) for s in v) and len(v) != n:
            return "RuntimeError: Tensor list must have same number of elements as scalar list."
    return None


def op_error(run: Any, q: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``q(*args, **kwargs)`` by the rules above, else None."""
    if q.startswith("torch._foreach_") and q.count(".") == 1:
        return _foreach(run, args)
    if q == "torch.cdist":
        return _cdist(args, kwargs)
    if q == "torch.linalg.vector_norm":
        return _vector_norm(args, kwargs)
    name = q.rsplit(".", 1)[-1]
    if q == f"torch.{name}" and name in _QUANTILE:
        return _quantile(run, name, args, kwargs)
    if q == f"torch.{name}" and name in ("quantize_per_tensor", "quantize_per_channel"):
        return _quantize(name, args, kwargs)
    if q == f"torch.{name}" and name.startswith("fake_quantize_per_"):
        if name in ("fake_quantize_per_tensor_affine", "fake_quantize_per_channel_affine"):
            return _fake_quantize(name, args, kwargs)
    return None


def _sparse_read(run: Any, fv: Any) -> str | None:
    from driftcheck.parsers.source.values.dataflow_values import Bound

    if not isinstance(fv, Bound) or fv.name not in ("indices", "values"):
        return None
    got = run.f.run_state.get(_UNCOALESCED, {}).get(id(fv.target))
    if got is None or got is not fv.target:
        return None
    return (
        f"RuntimeError: Cannot get {fv.name} on an uncoalesced tensor, please call "
        ".coalesce() first"
    )


def _unpicklable(node: ast.AST, depth: int = 0) -> str | None:
    """A ``lambda`` / generator expression among the items of a display ``node``."""
    if depth > 6:
        return None
    if isinstance(node, ast.Lambda):
        return "lambda"
    if isinstance(node, ast.GeneratorExp):
        return "generator"
    if isinstance(node, ast.Dict):
        items = [v for v in node.values if v is not None]
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = [v for v in node.elts if not isinstance(v, ast.Starred)]
    else:
        return None
    for v in items:
        got = _unpicklable(v, depth + 1)
        if got:
            return got
    return None


def _save(e: ast.Call, fv: Any) -> str | None:
    from driftcheck.parsers.source.values.abstract import Ext

    if not isinstance(fv, Ext) or fv.qual not in ("torch.save", "torch.serialization.save"):
        return None
    if any(k.arg in (None, "pickle_module") for k in e.keywords) or len(e.args) > 2:
        return None
    obj = e.args[0] if e.args else next((k.value for k in e.keywords if k.arg == "obj"), None)
    got = _unpicklable(obj) if obj is not None else None
    if got == "generator":
        return "TypeError: cannot pickle 'generator' object"
    if got == "lambda":
        return "AttributeError: Can't pickle local object '<lambda>'"
    return None


@hooks.before(190)  # crashfix36b: op argument checks (cdist, vector_norm, quantile, quantize)
def op_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    err = _sparse_read(run, fv) or _save(e, fv)
    if err is not None:
        f.crash(fr.loc(e), err)
        return
    if any(isinstance(a, ast.Starred) for a in e.args):
        return  # (``**kw``: each rule reads a value given, never a default, so a key it lacks
        # in an unknown ``kw`` claims nothing)
    got = _callee(fv, args)
    if got is None:
        return
    err = op_error(run, got[0], got[1], kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


# ``torch.tensor([0.25, 0.75])``: its values, for quantile's ``q`` (order 78: below
# fix30b's result-replacing hook at 80, which stays last)
@hooks.after(78)
def tensor_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if _off(f) or f.input_shape is None or not isinstance(out, Tens):
        return None
    if isinstance(fv, Ext) and fv.qual == "torch.sparse_coo_tensor":
        _sparse_made(run, e, args, kwargs, out)
        return None
    if not isinstance(fv, Ext) or fv.qual not in ("torch.tensor", "torch.as_tensor"):
        return None
    if len(args) != 1 or any(isinstance(a, ast.Starred) for a in e.args):
        return None
    dt = kwargs.get("dtype") if set(kwargs) == {"dtype"} else None
    wide = isinstance(dt, Ext) and dt.qual in ("torch.float64", "torch.double")
    if kwargs and not wide and not (isinstance(dt, Ext) and dt.qual in _F32):
        return None  # ``device=`` / another dtype (half, bfloat16): its values not kept
    vals: list = []
    if not _flat(args[0], vals) or not vals or len(vals) > 64:
        return None
    if not wide:  # the default dtype: torch stores the values as float32
        vals = [_f32(v) for v in vals]
    st = f.run_state.setdefault(_VALS, {})
    st[id(out)] = (out, tuple(vals), f.tensor_writes)
    return None


_F32 = ("torch.float32", "torch.float")


def _f32(v: float) -> float:
    """``v`` rounded to float32 (``torch.tensor([1.00000001])`` holds 1.0; past float32's
    range, an infinity)."""
    try:
        return struct.unpack("f", struct.pack("f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def _sparse_made(run: Any, e: ast.Call, args: list, kwargs: dict, out: Any) -> None:
    """``torch.sparse_coo_tensor(i, v, size)`` of two entries or more, not declared coalesced:
    torch's constructor leaves it uncoalesced."""
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    if "is_coalesced" in kwargs or run.f.speculative:
        return
    ind, val = arg(args, kwargs, 0, "indices"), arg(args, kwargs, 1, "values")
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    si, sv = known_shape(ind), known_shape(val)
    nnz = si[1] if si is not None and len(si) == 2 else None
    if nnz is None and sv:
        nnz = sv[0]
    if nnz is None or nnz < 2:
        return
    run.f.run_state.setdefault(_UNCOALESCED, {})[id(out)] = out
