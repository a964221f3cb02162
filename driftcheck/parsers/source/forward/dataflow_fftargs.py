"""Argument checks ``torch.fft``'s transforms make before they compute (session 24,
crashfix24b: fresh16's fft classes). Each is torch's own check on arguments the pass knows for
certain (a literal, an ``__init__`` attribute, an int computed from real input sizes); any
other form gives no verdict:

- ``norm``: a string other than ``"forward"``, ``"backward"`` or ``"ortho"`` raises
  ``Invalid normalization mode: "<norm>"`` in every transform (``None`` is the default);
- the 1-D transforms (``fft`` ``ifft`` ``rfft`` ``irfft`` ``hfft`` ``ihfft``): an int ``n``
  below 1 raises ``Invalid number of data points (n) specified``;
- the n-D transforms (``fft2`` ... ``ihfftn``): ``s`` and ``dim`` both given (``dim`` of the
  ``*2`` transforms defaults to ``(-2, -1)``) with different lengths raises "When given, dim
  and shape arguments must have the same length"; an entry ``0`` of ``s`` raises "Invalid
  number of data points (0) specified".

``tests/test_crash24b.py`` measures every rule in torch (drawn arguments: a verdict given is
torch's) and runs small models through ``driftcheck check``.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import is_int

ONE_D = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
TWO_D = ("fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2")
N_D = ("fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn")
NORMS = ("forward", "backward", "ortho")


def error(q: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``torch.fft.<name>(input, n|s, dim, norm)``, or None."""
    if not q.startswith("torch.fft."):
        return None
    name = q.rsplit(".", 1)[-1]
    if name not in ONE_D + TWO_D + N_D or len(args) > 4 or "input" in kwargs:
        return None
    one = name in ONE_D
    size_kw = "n" if one else "s"
    if kwargs.keys() - {size_kw, "dim", "norm", "out"}:
        return None  # a misspelt keyword is another module's verdict
    size = arg(args, kwargs, 1, size_kw)
    return _size_error(name, size, args, kwargs) or _norm_error(arg(args, kwargs, 3, "norm"))


def _norm_error(norm: Any) -> str | None:
    if isinstance(norm, str) and norm not in NORMS:
        return f'Invalid normalization mode: "{norm}"'
    return None


def _size_error(name: str, size: Any, args: list, kwargs: dict) -> str | None:
    """``n`` of a 1-D transform, ``s`` against ``dim`` of an n-D one (torch checks them
    before ``norm``)."""
    if name in ONE_D:
        if is_int(size) and size < 1:
            return f"Invalid number of data points ({size}) specified"
        return None
    if not isinstance(size, (tuple, list)) or not all(is_int(v) for v in size):
        return None
    dim = arg(args, kwargs, 2, "dim", (-2, -1) if name in TWO_D else None)
    if isinstance(dim, (tuple, list)) and len(dim) != len(size):
        return "When given, dim and shape arguments must have the same length"
    if is_int(dim) and len(size) != 1:
        return "When given, dim and shape arguments must have the same length"
    if 0 in size:
        return "Invalid number of data points (0) specified"
    return None
