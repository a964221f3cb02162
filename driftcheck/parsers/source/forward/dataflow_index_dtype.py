"""The index dtype ``index_fill`` takes (session 24, crashfix24b: fresh16's ``index_fill``
class). ``t.index_fill(dim, index, value)`` / ``index_fill_`` / ``torch.index_fill(t, ...)``
take an int64 index only: a float, float64, bool, uint8 or complex index raises IndexError
"index_fill_(): Expected dtype int64 for index." (measured on torch 2.13; int32 too, not
judged here: the pass does not always know an int tensor's width). The dtype is the pass's
fact for certain (``.float()``, a float buffer, a comparison's bool); an unknown dtype gives
no verdict. ``tests/test_crash24b.py`` runs it against torch.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens

NOT_INDEX = ("float", "float64", "bool", "uint8", "complex")


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """An unknown tensor after a crash, else None (the caller goes on)."""
    if name not in ("index_fill", "index_fill_"):
        return None
    from driftcheck.parsers.source.forward import dataflow_checks

    idx = arg(args, kwargs, 1, "index")
    if isinstance(idx, Tens) and dataflow_checks.fact(f, idx, "dtype") in NOT_INDEX:
        f.crash(loc, "IndexError: index_fill_(): Expected dtype int64 for index.")
        return Tens(None)
    return None
