"""Indexing a tensor by integer tensors (torch's advanced indexing), by shape.

x-clip's ``PatchDropout`` keeps a random subset of patches: ``batch = rearrange(torch.arange(b),
'... -> ... 1')``, ``keep = torch.randn(b, n).topk(k, dim=-1).indices``, ``x[batch, keep]``:
(b, k, d). The values are random, but the shape follows from the index tensors' shapes, once
they are known to hold integers: a boolean mask selects as many elements as it has True values
(a shape that depends on values). Tensors carry no dtype here, so an index tensor counts as
integer only when that is known: its values are known and integral (``library/tensorvalues``:
``torch.arange(b)``, through ``rearrange``), or it is the ``indices`` of ``topk`` / ``sort`` /
``argsort`` / ``argmax`` / ``argmin`` (``INT_TENSORS``). Anything else stays unknown."""

from __future__ import annotations

import weakref
from typing import Any

from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain

# tensors made by a call whose result is integer-typed (values not known)
INT_TENSORS: weakref.WeakSet = weakref.WeakSet()


def int_tensor(shape: Any) -> Tensor:
    t = Tensor(shape)
    INT_TENSORS.add(t)
    return t


def is_int(t: Tensor) -> bool:
    if t in INT_TENSORS:
        return True
    if getattr(t, "data", None) is None:
        return False
    from driftcheck.parsers.source.library.tensorvalues import data

    kind = getattr(getattr(data(t), "dtype", None), "kind", None)
    return kind in ("i", "u")


def _dims(t: Tensor) -> tuple | None:
    s = t.shape
    if not isinstance(s, tuple) or not all(type(plain(d)) is int for d in s):
        return None
    return tuple(plain(d) for d in s)


def topk_result(t: Tensor, a: list, k: dict) -> Any:
    """``t.topk(k, dim=-1)``: (values, indices), both of t's shape with ``dim`` cut to k."""
    from driftcheck.parsers.source.library.stdlib import NamedTupleValue

    s = _dims(t)
    kk = plain(a[0]) if a else plain(k.get("k"))
    dim = plain(a[1]) if len(a) > 1 else plain(k.get("dim", -1))
    if (
        s is None
        or type(kk) is not int
        or type(dim) is not int
        or not s
        or set(k)
        - {
            "k",
            "dim",
            "largest",
            "sorted",
        }
    ):
        return Unknown("topk of a tensor we cannot follow")
    if not -len(s) <= dim < len(s) or not 0 <= kk <= s[dim]:
        return Unknown("topk out of range")  # torch raises
    out = list(s)
    out[dim] = kk
    return NamedTupleValue((Tensor(tuple(out)), int_tensor(tuple(out))), _TOPK)


class _TopkType:
    """The field names of torch's ``torch.return_types.topk``."""

    name = "topk"
    fields = ("values", "indices")
    defaults = ()


_TOPK = _TopkType()


def index_shape(shape: Any, key: Any) -> Any:
    """``x[i, j]`` / ``x[:, j]`` with integer index tensors (and full or partial slices): the
    index tensors broadcast together; adjacent ones put the broadcast shape where they stand,
    separated ones put it first (torch's and numpy's rule). None where no tensor is in the key
    (the caller's basic indexing applies); unknown where a tensor is not known to be integer."""
    from driftcheck.parsers.source.library.torchlib import broadcast
    from driftcheck.parsers.source.library.torchlib import index_shape as basic

    keys = list(key) if isinstance(key, tuple) else [key]
    keys = [plain(x) for x in keys]
    if not any(isinstance(x, Tensor) for x in keys):
        return None
    if isinstance(shape, Unknown):
        return shape
    if any(not (isinstance(x, (Tensor, slice))) for x in keys) or len(keys) > len(shape):
        return Unknown("tensor index mixing tensors with other indices")
    at = [i for i, x in enumerate(keys) if isinstance(x, Tensor)]
    b: Any = ()
    for i in at:
        t = keys[i]
        if not is_int(t) or _dims(t) is None:
            return Unknown("tensor index by a tensor not known to hold integers")
        b = broadcast(b, _dims(t))
        if isinstance(b, Unknown):
            return Unknown("index tensors that do not broadcast")  # torch raises
    keys = keys + [slice(None)] * (len(shape) - len(keys))
    rest = []  # the sliced dims' lengths, in order, via the basic rule one dim at a time
    for i, x in enumerate(keys):
        if isinstance(x, slice):
            got = basic((shape[i],), x)
            if isinstance(got, Unknown):
                return got
            rest.append((i, got[0]))
    adjacent = at == list(range(at[0], at[-1] + 1))
    if not adjacent:
        return (*b, *(d for _, d in rest))
    before = [d for i, d in rest if i < at[0]]
    after = [d for i, d in rest if i > at[-1]]
    return (*before, *b, *after)
