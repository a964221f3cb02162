"""Ops that refuse a dtype family, read from a table measured in torch (``dtype_table``).

``tools/gen_dtype_table.py`` runs every probed op (torch functions, ``F.*``, tensor methods,
comparisons, layers) on each dtype family and writes down the families torch always refuses
(``F.gelu`` of int64: ``"GeluKernelImpl" not implemented for 'Long'``; ``x.var()`` of an
integer tensor; ``torch.fft.rfft`` of a complex one; ``topk`` of a bool one; ``torch.lerp``
with an integer weight; ``nn.Parameter`` of an integer tensor). Here, on real sizes:

- a call of such an op on a tensor whose dtype family is known and refused is torch's crash;
- after a call that went through, the tensor's family is one the op accepts (``self.emb(ids)``
  ran: ``ids`` is an integer tensor; ``torch.fft.rfft(x)`` ran: ``x`` is not complex), kept as
  the ``fams`` fact (outside speculative code, for a tensor whose dtype is not known);
- complex tensors are followed (``COMPLEX``): made by ``torch.fft`` transforms to the
  frequency domain, ``torch.polar`` / ``complex`` / ``view_as_complex``, ``stft(...,
  return_complex=True)``; kept through arithmetic with numbers and tensors; ``abs`` /
  ``angle`` / ``.real`` / ``.imag`` are real again.

The same table holds the ranks an op refuses for its first tensor whatever the axis lengths
(``RANK_REFUSES``: ``torch.renorm`` / ``dsplit`` / ``linalg.det`` of too few axes, a pooling
op of too many); a tensor of known shape and such a rank is torch's crash.

A call with a ``dtype`` argument (torch casts first) or ``out=`` is not judged, nor is a tensor
whose family is not known: an unknown dtype gives no verdict.
"""

from __future__ import annotations

import re
from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_checks import FLOAT, INT, UINT8
from driftcheck.parsers.source.forward.dtype_table import RANK_REFUSES, REFUSES
from driftcheck.parsers.source.values.abstract import plain
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

COMPLEX = "complex"
FAMILIES = frozenset({"int", "uint8", "bool", "float", "complex"})
_FAMILY = {FLOAT: "float", "float64": "float", INT: "int", UINT8: "uint8", "bool": "bool",
           COMPLEX: "complex"}  # fmt: skip
# torch.fft transforms whose result is complex / real (on a tensor they accept)
_TO_COMPLEX = frozenset({"fft", "ifft", "rfft", "ihfft", "fft2", "ifft2", "rfft2", "fftn",
                         "ifftn", "rfftn", "ihfft2", "ihfftn"})  # fmt: skip
_TO_REAL = frozenset({"irfft", "hfft", "irfft2", "irfftn", "hfft2", "hfftn"})
# results int64 / bool whatever the input's dtype (measured in torch 2.13; no ``dtype=`` /
# ``out_int32=`` given)
_TO_INT = frozenset({"randint", "randperm", "argsort", "multinomial", "bucketize",
                     "searchsorted", "nonzero", "argwhere"})  # fmt: skip
_TO_BOOL = frozenset({"isnan", "isinf", "isfinite", "isneginf", "isposinf", "isreal",
                      "logical_not", "logical_and", "logical_or", "logical_xor", "signbit",
                      "isclose", "eq", "ne", "lt", "le", "gt", "ge"})  # fmt: skip
_CASTS = {"cfloat": COMPLEX, "cdouble": COMPLEX}
# joins of a sequence of tensors: all of one dtype give that dtype
_JOINS = frozenset({"torch.cat", "torch.concat", "torch.concatenate", "torch.stack",
                    "torch.hstack", "torch.vstack", "torch.dstack"})  # fmt: skip
# ``t.new_zeros(size)``: ``t``'s dtype unless ``dtype=`` is given
_NEW = frozenset({"new_zeros", "new_ones", "new_empty", "new_full"})
# methods / attributes whose result is real for a complex tensor
_REAL_OF = frozenset({"abs", "angle", "real", "imag"})
# the comparison operators' methods, and the one a reflected comparison calls
CMP_KEY = {"Lt": "__lt__", "LtE": "__le__", "Gt": "__gt__", "GtE": "__ge__"}
_REFLECT = {"__lt__": "__gt__", "__le__": "__ge__", "__gt__": "__lt__", "__ge__": "__le__"}


def family(f: Any, t: Any) -> str | None:
    """The dtype family of ``t`` where its dtype is known."""
    if not isinstance(t, Tens):
        return None
    return _FAMILY.get(dataflow_checks.fact(f, t, "dtype"))


def _possible(f: Any, t: Any) -> frozenset | None:
    """The families ``t`` may have: its own where known, else those every op that ran on it
    accepts (``fams``), else None."""
    fam = family(f, t)
    if fam is not None:
        return frozenset({fam})
    return dataflow_checks.fact(f, t, "fams") if isinstance(t, Tens) else None


def _casts(args: list, kwargs: dict) -> bool:
    """A ``dtype`` argument (``softmax(x, -1, torch.float)``) or ``out=``: not judged."""
    if "dtype" in kwargs or kwargs.get("out") is not None:
        return True
    return any(dataflow_checks.dtype_name(a) is not None for a in args if not isinstance(a, Tens))


def refused(f: Any, key: str, tensors: list, kwargs: dict) -> str | None:
    """torch's error for op ``key`` called with ``tensors`` (by position; non-tensors are
    skipped) where a tensor's family is certainly one the table says it refuses."""
    if f.input_shape is None or _casts(tensors, kwargs):
        return None
    for pos, t in enumerate(tensors):
        row = REFUSES.get((key, pos))
        if row is None or not isinstance(t, Tens):
            continue
        fams = _possible(f, t)
        if not fams or not all(x in row for x in fams):
            continue
        if family(f, t) is not None:
            return _in_words(row[next(iter(fams))], f, t)
        by = dataflow_checks.fact(f, t, "fams_by")
        if dataflow_checks.fact(f, t, "fams_made"):  # (dataflow_fix24: a float function's result)
            return (
                f"dtype: {_short(key)} refuses {' / '.join(sorted(fams))} tensors, and this one "
                f"is floating point (complex for a complex input) whatever the input: it comes "
                f"from {by} (e.g. {row[sorted(fams)[-1]]})"
            )
        return (
            f"dtype: {_short(key)} refuses {' / '.join(sorted(fams))} tensors, the only kinds "
            f"{_short(by)} (which ran on this tensor before) accepts: torch raises here or "
            f"there (e.g. {row[sorted(fams)[0]]})"
        )
    return None


def _in_words(msg: str, f: Any, t: Any) -> str:
    """The table's message (measured on int64 for the integer family) in ``t``'s own dtype
    word: torch says 'Int' for an ``.int()`` tensor, not 'Long'."""
    if family(f, t) != "int":
        return msg
    word = dataflow_checks.int_word(f, t)
    return msg if word == "Long" else re.sub(r"\bLong\b", word, msg)


def _short(key: Any) -> str:
    k = str(key)
    for pre in ("torch.nn.functional.", "Tensor.", "nn."):
        if k.startswith(pre):
            return (
                "F." if pre.startswith("torch.nn.f") else "." if pre == "Tensor." else "nn."
            ) + k[len(pre) :]
    return k


def narrow(f: Any, key: str, tensors: list, kwargs: dict) -> None:
    """After ``key`` ran on ``tensors``: each one's family is one the op accepts."""
    if f.input_shape is None or f.speculative or _casts(tensors, kwargs):
        return
    for pos, t in enumerate(tensors):
        row = REFUSES.get((key, pos))
        if row is None or not isinstance(t, Tens) or family(f, t) is not None:
            continue
        fams = (dataflow_checks.fact(f, t, "fams") or FAMILIES) - set(row)
        if fams:
            by = dataflow_checks.fact(f, t, "fams_by") or key
            dataflow_checks.add_facts(f, t, fams=frozenset(fams), fams_by=by)


def rank_refused(f: Any, key: str, t: Any) -> str | None:
    """torch's error for op ``key`` on a first tensor ``t`` of a rank it refuses whatever
    the axis lengths (``RANK_REFUSES``: ``torch.renorm`` of a vector, ``dsplit`` of a matrix)."""
    row = RANK_REFUSES.get(key)
    shape = known_shape(t) if row is not None and isinstance(t, Tens) else None
    if f.input_shape is None or shape is None or len(shape) not in row:
        return None
    return f"{row[len(shape)]} (a {len(shape)}-D tensor of shape {list(shape)})"


def torch_call(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """``torch.<fn>(...)`` / ``F.<fn>(...)``: the crash, else narrow the arguments' families."""
    err = rank_refused(f, q, args[0]) if args else None
    if err is None and q == "torch.as_strided" and args:
        from driftcheck.parsers.source.forward import dataflow_storage

        err = dataflow_storage.as_strided_error(f, args[0], args[1:], kwargs)
    if err is None and q.rsplit(".", 1)[-1] in ("trapezoid", "trapz", "cumulative_trapezoid"):
        from driftcheck.parsers.source.forward import dataflow_storage

        err = dataflow_storage.trapezoid_error(f, q.rsplit(".", 1)[-1], args, kwargs)
    if _dropout_noop(q, args, kwargs):
        return err  # torch returns the input itself: no dtype is refused, none narrowed
    err = err or refused(f, q, args, kwargs)
    if err is None:
        narrow(f, q, args, kwargs)
    return err


_DROPOUTS = frozenset({"dropout", "alpha_dropout", "feature_alpha_dropout", "dropout1d",
                       "dropout2d", "dropout3d"})  # fmt: skip


def _dropout_noop(q: str, args: list, kwargs: dict) -> bool:
    """``F.dropout(x, 0.0)`` / ``F.dropout(x, p, training=False)``: torch's dropout returns its
    input untouched when ``p == 0`` or not training (aten Dropout.cpp), so a complex or integer
    ``x`` passes; the table row was measured at ``p=0.5, training=True``."""
    if q.rsplit(".", 1)[-1] not in _DROPOUTS or not q.startswith("torch.nn.functional."):
        return False
    p = plain(args[1] if len(args) > 1 else kwargs.get("p", 0.5))
    train = plain(args[2] if len(args) > 2 else kwargs.get("training", True))
    return (p.__class__ in (int, float) and p == 0) or train is False


def method_call(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``t.<name>(...)``: the crash, else narrow the families (``t`` is position 0)."""
    key = f"Tensor.{name}"
    err = rank_refused(f, key, t)
    if err is None and name == "as_strided":
        from driftcheck.parsers.source.forward import dataflow_storage

        err = dataflow_storage.as_strided_error(f, t, args, kwargs)
    err = err or refused(f, key, [t, *args], kwargs)
    if err is None:
        narrow(f, key, [t, *args], kwargs)
    return err


def layer_call(f: Any, type_: str, x: Any) -> str | None:
    """A torch layer of type ``type_`` (``LayerNorm``, ``GELU``, ``MaxPool1d``) called on ``x``."""
    key = f"nn.{type_}"
    err = refused(f, key, [x], {})
    if err is None:
        narrow(f, key, [x], {})
    return err


def compare(f: Any, op: str, a: Any, b: Any) -> str | None:
    """``a < b`` (``<=``, ``>``, ``>=``) with a tensor side: ordering a complex tensor."""
    name = CMP_KEY.get(op)
    if name is None or f.input_shape is None:
        return None
    if isinstance(a, Tens):
        return refused(f, f"Tensor.{name}", [a, b], {})
    if isinstance(b, Tens):
        return refused(f, f"Tensor.{_REFLECT[name]}", [b, a], {})
    return None


def attribute(f: Any, t: Any, name: str, out: Any) -> str | None:
    """``t.imag`` of a real tensor is torch's error; ``.real`` / ``.imag`` of a complex one
    are real (float)."""
    if f.input_shape is None or not isinstance(t, Tens) or name not in ("real", "imag"):
        return None
    if name == "imag":
        err = refused(f, "torch.imag", [t], {})
        if err is not None:
            return err
    if family(f, t) == "complex":
        _give(f, out, _real_of(f, t))  # complex128's parts are float64 (crashfix31)
    return None


def _unweighted(rest: list, kwargs: dict) -> bool:
    """``bincount(input, weights=None, minlength=0)``'s arguments after ``input`` give no
    weights (its counts are then int64, measured in torch 2.13)."""
    return (not rest or rest[0] is None) and kwargs.get("weights") is None


def _real_of(f: Any, t: Any) -> str:
    """The real dtype of ``t``'s parts (``.real``, ``abs``, ``view_as_real``, an inverse real
    FFT): float64 where ``t`` is known complex128 or float64 (``dataflow_fix25.wide``), else
    the float family (as before: a width not known stays the float family)."""
    from driftcheck.parsers.source.forward import dataflow_fix25

    return "float64" if dataflow_fix25.wide(f, t) is True else FLOAT


def _give(f: Any, out: Any, dtype: str) -> None:
    if isinstance(out, Tens) and dataflow_checks.fact(f, out, "dtype") is None:
        dataflow_checks.add_facts(f, out, replace=False, dtype=dtype)


def after_torch(f: Any, q: str, args: list, kwargs: dict, out: Any) -> None:
    """Complex / real results of ``torch.fft.*``, ``polar``, ``complex``, ``view_as_*``,
    ``stft(return_complex=True)``; a complex tensor through a dtype-keeping function."""
    if f.input_shape is None or not isinstance(out, Tens) or "dtype" in kwargs:
        return
    name = q.rsplit(".", 1)[-1]
    plain = q == f"torch.{name}" and "out_int32" not in kwargs and "right" not in kwargs
    if plain and name in _TO_INT:
        _give(f, out, INT)
    elif plain and name == "bincount" and _unweighted(args[1:], kwargs):
        _give(f, out, INT)  # counts: int64 (weights give their dtype)
    elif plain and name in _TO_BOOL:
        _give(f, out, "bool")
    elif q.startswith("torch.fft.") and name in _TO_COMPLEX:
        _give(f, out, COMPLEX)
    elif q.startswith("torch.fft.") and name in _TO_REAL:
        _give(f, out, _real_of(f, args[0] if args else kwargs.get("input")))
    elif q in _JOINS and args and isinstance(args[0], (list, tuple)) and args[0]:
        dts = {
            dataflow_checks.fact(f, t, "dtype") if isinstance(t, Tens) else None for t in args[0]
        }
        if len(dts) == 1 and None not in dts:  # one dtype: no promotion (``torch.cat``)
            _give(f, out, dts.pop())
    elif q in ("torch.polar", "torch.complex", "torch.view_as_complex"):
        _give(f, out, COMPLEX)
    elif q == "torch.view_as_real":
        _give(f, out, _real_of(f, args[0] if args else kwargs.get("input")))
    elif q == "torch.stft" and kwargs.get("return_complex") is True:
        _give(f, out, COMPLEX)
    elif q in ("torch.abs", "torch.angle") and args and family(f, args[0]) == "complex":
        _give(f, out, _real_of(f, args[0]))
    elif name in _CLAMPS and q == f"torch.{name}" and args and family(f, args[0]) == "float":
        if _number_bounds(args[1:], kwargs):
            _give(f, out, dataflow_checks.fact(f, args[0], "dtype"))
    elif name in _CLAMPS and q == f"torch.{name}" and args and family(f, args[0]) == "int":
        if _number_bounds(args[1:], kwargs, ints=True):  # ``torch.clamp(idx, 0, 3)``
            _give(f, out, INT)


# split a tensor into pieces of its dtype (``Pieces.t`` hands the fact to each piece)
_PIECES = frozenset({"chunk", "split", "unbind", "tensor_split"})
_CLAMPS = frozenset({"clamp", "clip", "clamp_min", "clamp_max"})


def after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``X.abs()`` / ``X.angle()`` of a complex ``X`` are real; ``h.chunk(2, 1)``'s pieces
    have ``h``'s dtype; ``h.clamp(max=5.0)`` of a floating ``h`` keeps it (a number bound
    does not promote a floating tensor)."""
    if f.input_shape is None or out is t:
        return
    from driftcheck.parsers.source.forward import dataflow_storage

    dataflow_storage.after_method(f, t, name, out)  # a whole-tensor view keeps the storage
    fam = family(f, t)
    if name in _PIECES and fam is not None and hasattr(out, "items"):
        _give(f, getattr(out, "t", None), dataflow_checks.fact(f, t, "dtype"))
        return
    if not isinstance(out, Tens):
        return
    if "out_int32" in kwargs or "dtype" in kwargs:
        return
    if name in _TO_INT and name not in ("randint", "randperm"):
        _give(f, out, INT)
    elif name == "bincount" and _unweighted(args, kwargs):
        _give(f, out, INT)
    elif name in _TO_BOOL:
        _give(f, out, "bool")
    elif name in _NEW and fam is not None:
        _give(f, out, dataflow_checks.fact(f, t, "dtype"))
    elif name in _CASTS and not args:
        _give(f, out, _CASTS[name])
    elif name in _REAL_OF and not args and fam == "complex":
        _give(f, out, _real_of(f, t))
    elif name in _CLAMPS and fam == "float" and _number_bounds(args, kwargs):
        _give(f, out, dataflow_checks.fact(f, t, "dtype"))
    elif name in _CLAMPS and fam == "int" and _number_bounds(args, kwargs, ints=True):
        # ``idx.clamp(max=3)``: int bounds keep an integer tensor's dtype (a float bound
        # promotes it to float: measured, torch 2.13)
        _give(f, out, INT)
        for k in ("long", "itype"):
            v = dataflow_checks.fact(f, t, k)
            if v is not None:
                dataflow_checks.add_facts(f, out, replace=False, **{k: v})


def _number_bounds(args: list, kwargs: dict, ints: bool = False) -> bool:
    vals = [*args, *(v for k, v in kwargs.items() if k in ("min", "max"))]
    if len(vals) != len(args) + len(kwargs):
        return False  # another keyword (``out=``)
    kinds = (int,) if ints else (int, float)
    ok = all(v is None or (isinstance(v, kinds) and not isinstance(v, bool)) for v in vals)
    return ok and any(v is not None for v in vals)


def carry_binop(f: Any, op: str, a: Any, b: Any, out: Any) -> None:
    """``X * gate``, ``X + 1``: arithmetic with a complex tensor is complex (torch promotes
    every real dtype and Python number to complex)."""
    if f.input_shape is None or not isinstance(out, Tens):
        return
    if op not in ("Add", "Sub", "Mult", "Div"):
        return
    sides = (a, b)
    if not any(family(f, v) == "complex" for v in sides):
        return
    if all(isinstance(v, (Tens, int, float, complex)) for v in sides):
        # (over the float fact ``true_div`` gives every ``a / b``)
        dataflow_checks.add_facts(f, out, dtype=COMPLEX)
