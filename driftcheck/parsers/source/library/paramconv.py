"""Conversions of an ``nn.Parameter``: ``p.to(...)``, ``p.float()``, ``p.data``... (issue #16,
session 21: a burned held-out case of fresh13).

torch's ``Tensor.to`` / ``float`` / ``cpu`` / ``contiguous`` return the tensor *itself* when
nothing changes (``Parameter(x).to(device=None) is`` the Parameter, still registered by
``self.masks = ...``), and a new plain tensor (never registered) when they convert. ``p.data``
is always a new plain tensor. torch_uncertainty's ``Mask1d`` stores ``nn.Parameter(masks,
requires_grad=False).to(device=None)``: the analyzer read every such method as a new plain
tensor, and the masks were missing from the count (a confident wrong count, with no note).

Whether a conversion happens depends on the tensor's dtype, device and strides, which the
interpreter does not track. So:

- ``p.to()`` with nothing to convert to (no argument, ``None``s, the one device the model is
  built on, ``non_blocking``, ``copy=False``): the Parameter itself;
- ``p.to(..., copy=True)`` and ``p.data``: a new plain tensor (not registered);
- any other conversion (a dtype, a device by name, ``float()``, ``cpu()``, ``contiguous()``):
  a tensor of the same shape that is a Parameter only maybe (``Tensor.cond``): stored on a
  module it leaves the module unresolved with a note naming the call's file:line, never
  counted as surely in or surely out; its shape still reads as known.

Session 22 (wildfix22): tensors carry their dtype where torch fixes it (library/tensordtypes.py,
``nn.Parameter`` keeps its data's), so a dtype cast alone (``p.double()``, ``p.half()``,
``p.to(torch.float64)``, ``p.to(dtype=..., device=None)``) is decided: the Parameter itself
when the dtype is already that one, else a new plain tensor of the new dtype (not registered).
A dtype not known, or a float dtype once analyzed code may change the default dtype, stays
"maybe".
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Tensor, plain

# methods that return the tensor itself when no conversion is needed
METHODS = frozenset(
    (
        "to",
        "float",
        "double",
        "half",
        "bfloat16",
        "cpu",
        "cuda",
        "contiguous",
        "type",
        "type_as",
        "data",
    )
)
_TO_KEYWORDS = frozenset(("device", "dtype", "non_blocking", "copy", "memory_format"))


class _Conv:
    """``p.<name>`` bound to Parameter ``p``: called as ``f(args, kwargs, loc)``
    (interp/objmodel.py ``call``), so a note names the call's file:line."""

    _builtin = True

    def __init__(self, t: Tensor, name: str, interp: Any = None) -> None:
        self.t, self.name, self.interp = t, name, interp

    def __call__(self, a: list, k: dict, loc: tuple | None) -> Any:
        if self.name == "to":
            return _to(self.t, a, k, loc, self.interp)
        if self.name in _CASTS and not a and not k:
            return _cast(self.t, _CASTS[self.name], self.name, loc, self.interp)
        return _maybe(self.t, self.name, loc)


# the dtype casts among ``METHODS``: the dtype each gives
_CASTS = {"float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16"}


def method(t: Tensor, name: str, interp: Any = None) -> Any:
    """``p.<name>`` of a Parameter ``p`` (``name`` in ``METHODS``)."""
    if name == "data":
        return Tensor(t.shape, data=t.data)  # a plain tensor on the same storage
    return _Conv(t, name, interp)


def _cast(t: Tensor, to: str, what: str, loc: tuple | None, interp: Any) -> Tensor:
    """``p.double()`` / ``p.to(torch.float64)``: ``p`` itself when its dtype is ``to``, else a
    new plain tensor of dtype ``to``; "maybe" when the dtype is not known (or is a float one
    and the default dtype may have been changed by the analyzed code)."""
    from driftcheck.parsers.source.library import tensordtypes

    d = tensordtypes.dtype_of(t)
    if d is None or interp is None:
        return _maybe(t, what, loc)
    if (d in tensordtypes.FLOATS or to in tensordtypes.FLOATS) and (
        tensordtypes.default_may_change(interp)
    ):
        return _maybe(t, what, loc)
    return t if d == to else Tensor(t.shape, dtype=to)


def _maybe(t: Tensor, what: str, loc: tuple | None) -> Tensor:
    """A Parameter of ``t``'s shape registered only maybe: stored on a module it leaves the
    module unresolved (``cond``, output/builder.py), while its shape still reads as known."""
    where = f" at {str(loc[0]).rsplit('/', 1)[-1]}:{loc[1]}" if loc else ""
    why = f"Parameter.{what}(){where}: the Parameter itself or a converted copy (not known)"
    return Tensor(t.shape, param=True, cond=why)


def _to(t: Tensor, a: list, k: dict, loc: tuple | None, interp: Any = None) -> Any:
    from driftcheck.parsers.source.library import tensordtypes
    from driftcheck.parsers.source.library.torchlib import OneDevice

    if set(k) - _TO_KEYWORDS:
        return _maybe(t, "to", loc)
    copy = plain(k.get("copy", False))
    if copy is True:
        return Tensor(t.shape)  # always a new tensor
    if copy is not False:
        return _maybe(t, "to", loc)
    targets = [plain(x) for x in a] + [plain(k[w]) for w in ("device", "dtype") if w in k]
    if all(x is None or isinstance(x, OneDevice) for x in targets):
        return t  # nothing to convert to: torch returns the Parameter itself
    dtypes = [tensordtypes.canon(x) for x in targets if tensordtypes.canon(x) is not None]
    rest = [x for x in targets if x is not None and not isinstance(x, OneDevice)]
    if len(dtypes) == 1 and len(rest) == 1:  # a dtype alone (a device that changes nothing)
        return _cast(t, dtypes[0], "to", loc, interp)
    return _maybe(t, "to", loc)
