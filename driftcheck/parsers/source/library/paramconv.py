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

    def __init__(self, t: Tensor, name: str) -> None:
        self.t, self.name = t, name

    def __call__(self, a: list, k: dict, loc: tuple | None) -> Any:
        if self.name == "to":
            return _to(self.t, a, k, loc)
        return _maybe(self.t, self.name, loc)


def method(t: Tensor, name: str) -> Any:
    """``p.<name>`` of a Parameter ``p`` (``name`` in ``METHODS``)."""
    if name == "data":
        return Tensor(t.shape, data=t.data)  # a plain tensor on the same storage
    return _Conv(t, name)


def _maybe(t: Tensor, what: str, loc: tuple | None) -> Tensor:
    """A Parameter of ``t``'s shape registered only maybe: stored on a module it leaves the
    module unresolved (``cond``, output/builder.py), while its shape still reads as known."""
    where = f" at {str(loc[0]).rsplit('/', 1)[-1]}:{loc[1]}" if loc else ""
    why = f"Parameter.{what}(){where}: the Parameter itself or a converted copy (not known)"
    return Tensor(t.shape, param=True, cond=why)


def _to(t: Tensor, a: list, k: dict, loc: tuple | None) -> Any:
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
    return _maybe(t, "to", loc)
