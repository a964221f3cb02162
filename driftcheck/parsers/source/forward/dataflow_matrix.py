"""Matrix and 2-D FFT functions on real sizes, from the table ``matrix_table`` measured in
torch (``tools/gen_matrix_table.py``): a call written with the tensor alone (plus the extra
argument a probe gave, ``matrix_power``'s ``n``), under any of the spellings torch has for the
name (``torch.<name>``, ``torch.linalg.<name>``, ``torch.fft.<name>``, ``Tensor.<name>``):

- a known rank below ``RANK_AT[name]`` (``torch.fft.fft2`` of a 1-D signal, ``matrix_power``
  of a vector) is torch's error;
- for ``SQUARE`` names, known last two sizes that differ (``matrix_power`` of a 4x5 matrix);
- a known ``ord`` that ``ORD_REFUSED[name]`` lists (``matrix_norm(w, ord=3)``).

A call with axis / size arguments the probe did not give (``fft2(x, dim=(0,))``) is not
judged: those can make another rank valid. Sizes unknown give no verdict.
"""

from __future__ import annotations

import re
from typing import Any

from driftcheck.parsers.source.forward.matrix_table import (
    INIT_REFUSED,
    MIN_RANK,
    ORD_REFUSED,
    RANK_AT,
    SQUARE,
    VALUES,
)
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

# how many positional arguments after the tensor the probe gave (``matrix_power(A, n)``)
_ARITY = {"matrix_power": 1}
# keywords that select neither axes nor sizes: the table holds with them given
_FREE = frozenset({"norm", "ord", "keepdim", "hermitian", "upper", "UPLO", "full_matrices",
                   "some", "compute_uv", "mode", "pivot", "check_errors", "driver", "out",
                   "n", "rtol", "atol"})  # fmt: skip
# ``ord``'s position after the tensor, for the names with ``ORD_REFUSED`` rows
_ORD_POS = {"matrix_norm": 0}


def _ord(v: Any) -> Any:
    """``v`` as the probed value it equals (``3.0`` is ``3``), or None when it is not one."""
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        return None
    return next((p for p in VALUES if isinstance(p, str) == isinstance(v, str) and p == v), None)


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``Tens(None)`` after a crash the table makes certain, else None."""
    if name in ORD_REFUSED:
        pos = _ORD_POS.get(name, 0)
        given = args[pos] if len(args) > pos else kwargs.get("ord")
        key = _ord(given)
        if key is not None and key in ORD_REFUSED[name]:
            f.crash(loc, ORD_REFUSED[name][key])
            return Tens(None)
    if name not in RANK_AT and name not in SQUARE:
        return None
    if len(args) + ("n" in kwargs) != _ARITY.get(name, 0) or not set(kwargs) <= _FREE:
        return None
    ts = known_shape(t)
    if ts is None:
        return None
    need = RANK_AT.get(name)
    if need is not None and len(ts) < need:
        f.crash(
            loc,
            f"{name}: torch needs at least {need} dimensions here, the input has {len(ts)} "
            f"(torch: {MIN_RANK[name]})",
        )
        return Tens(None)
    if name in SQUARE and len(ts) >= 2 and ts[-1] != ts[-2]:
        msg = re.sub(r"\d+ by \d+", f"{ts[-2]} by {ts[-1]}", SQUARE[name], count=1)
        f.crash(loc, msg)
        return Tens(None)
    return None


def init_call(f: Any, q: str, args: list, kwargs: dict, loc: Any) -> None:
    """``torch.nn.init.<name>(w, ...)`` in forward on a tensor of known rank that the init
    refuses at every size (``INIT_REFUSED``: ``dirac_`` of a Linear's 2-D weight)."""
    if f.input_shape is None or not q.startswith("torch.nn.init."):
        return
    row = INIT_REFUSED.get(q.rsplit(".", 1)[-1])
    w = args[0] if args else kwargs.get("tensor")
    ws = known_shape(w)
    if row is not None and ws is not None and len(ws) in row:
        f.crash(loc, row[len(ws)])
