"""``torch.Size``: a tensor's shape, told apart from a plain tuple where torch tells them apart.

``torch.Tensor(t.shape)`` allocates a tensor *of that shape* (torch reads a ``torch.Size`` as
sizes), while ``torch.Tensor((8, 8, 3, 3))`` is a 1-D tensor *holding* those four numbers.
cliffordlayers' rotational convolution makes ``scale_param = Parameter(torch.Tensor(
self.weight[0].shape))``: read as data, four elements instead of 576 per layer (a confident
wrong count). A shape the analyzer reads (``t.shape``, ``t.size()``, ``w.shape`` of a layer's
weight, ``torch.Size(...)``) is a ``TorchSize``; a tuple of ints that is not known to be one
is an honest unknown for ``torch.Tensor`` (either reading may be meant).

``plain`` rebuilds tuples, so the mark lives only on the value a read made: enough for the
value passed straight on (``torch.Tensor(w.shape)``, ``s = w.shape; torch.Tensor(s)``).
"""

from __future__ import annotations

from typing import Any


class TorchSize(tuple):
    """A shape the analyzer read from a tensor (compares, hashes and prints as a tuple)."""

    __slots__ = ()


def size(shape: Any) -> Any:
    """``shape`` marked as a ``torch.Size`` when it is a tuple (else as it is)."""
    return TorchSize(shape) if isinstance(shape, tuple) else shape


def is_size(v: Any) -> bool:
    return isinstance(v, TorchSize)
