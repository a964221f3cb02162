"""``as_strided`` past the end of a tensor's storage (on real sizes).

``x.as_strided(size, stride, storage_offset)`` reads ``storage_offset + sum((size_i - 1) *
stride_i) + 1`` items of ``x``'s storage (none if a size is 0); torch raises "setStorage:
... out of bounds for storage of size N" when that is more than the storage holds (torch
2.13, ``checkInBoundsForStorage``). The storage is known only for a tensor that owns
exactly its items (``dataflow_strides.STORAGE``: a fresh tensor, the input ``--input-shape``
describes, ``.contiguous()`` of one); the offset defaults to the tensor's own, which is 0
for those. A framing loop's ``n // hop`` frames where ``(n - win) // hop + 1`` fit is the
usual bug. Sizes, strides and the offset must be ints known for certain.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_strides import STORAGE
from driftcheck.parsers.source.values.dataflow_values import Tens


def _ints(v: Any) -> tuple[int, ...] | None:
    if isinstance(v, (tuple, list)) and all(x.__class__ is int for x in v):
        return tuple(v)
    return None


def as_strided_error(f: Any, t: Any, rest: list, kwargs: dict) -> str | None:
    """``t.as_strided(size, stride[, storage_offset])`` (``rest`` after ``t``) reading past
    ``t``'s storage."""
    if f.input_shape is None or not isinstance(t, Tens):
        return None
    have = dataflow_checks.fact(f, t, STORAGE)
    if have.__class__ is not int:
        return None
    size = _ints(rest[0] if rest else kwargs.get("size"))
    stride = _ints(rest[1] if len(rest) > 1 else kwargs.get("stride"))
    off = rest[2] if len(rest) > 2 else kwargs.get("storage_offset", 0)
    off = 0 if off is None else off
    if size is None or stride is None or len(size) != len(stride) or off.__class__ is not int:
        return None
    if any(s < 0 for s in size) or any(s < 0 for s in stride) or off < 0:
        return None  # (torch's other errors; not this rule's)
    if 0 in size:
        return None
    need = off + sum((n - 1) * s for n, s in zip(size, stride)) + 1
    if need <= have:
        return None
    return (
        f"RuntimeError: setStorage: sizes {list(size)}, strides {list(stride)}, storage "
        f"offset {off} requiring a storage size of {need} items are out of bounds for "
        f"storage of size {have} items"
    )


def stride_of(f: Any, t: Any, args: list, kwargs: dict) -> Any:
    """``t.stride()`` / ``t.stride(d)`` where ``t``'s strides are known
    (``dataflow_strides``); None otherwise."""
    from driftcheck.parsers.source.forward.dataflow_strides import KEY

    st = dataflow_checks.fact(f, t, KEY) if isinstance(t, Tens) else None
    if st is None or kwargs or len(args) > 1:
        return None
    if not args:
        return tuple(st)
    d = args[0]
    if d.__class__ is not int or not -len(st) <= d < len(st):
        return None
    return st[d]


# ---------------------------------------------------------------------- sample points
TRAPEZOIDS = frozenset({"trapezoid", "trapz", "cumulative_trapezoid"})


def trapezoid_error(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``torch.trapezoid(y, x, dim=d)`` (``trapz``, ``cumulative_trapezoid``) with a 1-D
    ``x``: one ``x`` per sample, ``len(x) == y.shape[d]`` (torch 2.13's check; an ``x`` of
    more axes broadcasts and is not judged)."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if f.input_shape is None or name not in TRAPEZOIDS or len(args) < 2:
        return None
    y, x = args[0], args[1]
    ys, xs = known_shape(y), known_shape(x)
    d = args[2] if len(args) > 2 else kwargs.get("dim", -1)
    if ys is None or xs is None or len(xs) != 1 or d.__class__ is not int or not ys:
        return None
    if not -len(ys) <= d < len(ys) or xs[0] == ys[d]:
        return None
    short = "cumulative_trapezoid" if name == "cumulative_trapezoid" else "trapezoid"
    return (
        f"RuntimeError: {short}: There must be one `x` value for each sample point "
        f"({xs[0]} x values, {ys[d]} samples on axis {d})"
    )


# views of the whole tensor (offset 0, the same storage); ``reshape`` / ``flatten`` copy a
# tensor they cannot view, into a fresh storage of as many items
_VIEWS = frozenset({"view", "unsqueeze", "squeeze", "permute", "transpose", "t", "unflatten",
                    "view_as", "expand", "expand_as", "swapaxes", "swapdims", "movedim"})  # fmt: skip
_VIEW_OR_COPY = frozenset({"reshape", "flatten", "reshape_as"})


def after_method(f: Any, t: Any, name: str, out: Any) -> None:
    """``x.flatten().as_strided(...)``: a whole-tensor view keeps ``t``'s storage."""
    from math import prod

    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if f.input_shape is None or not isinstance(out, Tens) or out is t:
        return
    have = dataflow_checks.fact(f, t, STORAGE)
    if have.__class__ is not int:
        return
    if name in _VIEWS:
        dataflow_checks.add_facts(f, out, **{STORAGE: have})
    elif name in _VIEW_OR_COPY:
        shape = known_shape(t)
        if shape is not None and prod(shape) == have:
            dataflow_checks.add_facts(f, out, **{STORAGE: have})
