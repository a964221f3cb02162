"""Dtype facts carried through ``forward`` on real sizes (``check --input-shape``), and the
crash a mask of the wrong dtype gives (session 17; moved out of ``dataflow_axes`` in session
18). A dtype is known at its source only (``dataflow_checks.created`` / ``cast`` /
``true_div``, ``dataflow_args.buffer_dtype``); here it is carried where torch's rule is plain:

- ``t[...]``: an item or slice of a tensor keeps its dtype;
- ``t op number``: torch's promotion with a Python number (a float tensor stays float; an
  integer one with a float number, or under ``/``, is float; with an int it keeps its dtype);
  two float tensors give a float one;
- ``x.masked_fill(mask, v)`` / ``torch.where(mask, a, b)`` given a mask known not to be
  boolean raise as in torch (a GPT mask written as ``1 - tril``); ``torch.where`` also takes
  a uint8 condition.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_args import F64
from driftcheck.parsers.source.forward.dataflow_checks import FLOAT, INT, UINT8
from driftcheck.parsers.source.values.dataflow_values import Tens

_NUMBER = (int, float)
# ops of an integer tensor and a Python int whose result keeps the tensor's dtype
_KEEPS_INT = ("Add", "Sub", "Mult", "FloorDiv", "Mod")


def _dtype(f: Any, t: Any) -> Any:
    return dataflow_checks.fact(f, t, "dtype")


def _set_dtype(f: Any, out: Any, dtype: str) -> None:
    """Give ``out`` the dtype fact unless it has one, keeping its other facts."""
    dataflow_checks.add_facts(f, out, replace=False, dtype=dtype)


def carry_index(f: Any, t: Any, out: Any) -> None:
    """``t[...]``: an item or slice of a tensor has its dtype."""
    dt = _dtype(f, t)
    if dt is not None and isinstance(out, Tens) and out is not t:
        _set_dtype(f, out, dt)
        if dataflow_checks.fact(f, t, "long"):  # an item of int64 indices is int64 too
            dataflow_checks.add_facts(f, out, replace=False, long=True)


def carry_binop(f: Any, op: str, a: Any, b: Any, out: Any) -> None:
    """``a op b`` with one tensor operand of known dtype and a Python number: torch's
    promotion (a float tensor stays float; an integer one with a float number is float,
    with an int stays integer except for ``/``: ``+ - * // %`` keep it). Two float tensors give a float one."""
    if f.input_shape is None or not isinstance(out, Tens) or _dtype(f, out) is not None:
        return
    if isinstance(a, Tens) and isinstance(b, Tens):
        if _dtype(f, a) == FLOAT and _dtype(f, b) == FLOAT:
            _set_dtype(f, out, FLOAT)
        elif _dtype(f, a) == INT and _dtype(f, b) == INT and op in _KEEPS_INT:
            # two signed integer tensors: torch promotes within the signed integers
            # (``topk(...)[1] + torch.arange(B).view(-1, 1, 1) * N``: flat int64 indices)
            _set_dtype(f, out, INT)
        return
    t, n = (a, b) if isinstance(a, Tens) else (b, a)
    if not isinstance(n, _NUMBER) or isinstance(n, bool):
        return
    dt = _dtype(f, t)
    if dt == FLOAT or (dt in (INT, UINT8) and (isinstance(n, float) or op == "Div")):
        _set_dtype(f, out, FLOAT)
    elif dt in (INT, UINT8) and op in _KEEPS_INT and isinstance(n, int):
        _set_dtype(f, out, dt)  # a Python int does not promote an integer tensor
        if dataflow_checks.fact(f, t, "long"):
            dataflow_checks.add_facts(f, out, replace=False, long=True)


def bool_mask(f: Any, what: str, mask: Any, loc: Any) -> bool:
    """``masked_fill`` / ``where`` take a boolean mask: one known to be float or integer
    raises (``where`` also takes a uint8 one, ``masked_fill`` does not). True on a crash."""
    dt = _dtype(f, mask)
    refused = (FLOAT, INT, F64) if what == "where" else (FLOAT, INT, UINT8, F64)
    if f.input_shape is None or dt not in refused:
        return False
    if what == "where":
        msg = f"where expected condition to be a boolean tensor, but got a tensor with dtype {dt}"
    else:
        msg = f"masked_fill_ only supports boolean masks, but got mask with dtype {dt}"
    f.crash(loc, msg)
    return True
