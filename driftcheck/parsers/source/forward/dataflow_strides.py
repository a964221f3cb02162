"""``view`` of a transposed tensor (on real sizes): torch's stride rule.

``x.transpose(1, 2).view(B, T, C)`` raises "view size is not compatible with input tensor's
size and stride (at least one dimension spans across two contiguous subspaces)": a view
needs strides its new shape can be made of, and a transpose / permute only reorders the
strides. The pass follows strides where they are certain:

- a tensor is known contiguous where it is made so: the input ``--input-shape`` describes
  (a fresh tensor of those sizes), ``.contiguous()``, a torch factory
  (``zeros`` / ``ones`` / ``empty`` / ``rand`` / ``randn``), ``a @ b`` / ``matmul`` / ``bmm``,
  a ``Linear`` / ``Embedding`` output (a fresh matmul / lookup result, whatever its input's
  layout); not ``scaled_dot_product_attention`` (its CPU flash kernel returns a transposed
  layout) nor ``einsum`` (it may return a permuted view);
- ``transpose`` / ``swapaxes`` / ``swapdims`` / ``permute`` / ``t`` reorder known strides;
- ``view`` of a tensor whose strides are known runs torch's own ``computeStride``
  (aten/src/ATen/TensorUtils.cpp): no strides for the new shape is the crash; else the
  view has them.

Any other op drops what is known (an elementwise op keeps a transposed layout in torch,
a reduction may not): no fact, no judgement.
"""

from __future__ import annotations

from math import prod
from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.values.dataflow_values import Tens

KEY = "strides"
CONTIGUOUS_LAYERS = frozenset({"Linear", "Embedding"})
FACTORIES = frozenset({"zeros", "ones", "empty", "rand", "randn"})
_SWAPS = frozenset({"transpose", "swapaxes", "swapdims"})


def contiguous_strides(shape: tuple) -> tuple[int, ...]:
    out, acc = [], 1
    for d in reversed(shape):
        out.append(acc)
        acc *= max(d, 1)
    return tuple(reversed(out))


def compute_stride(old: tuple, stride: tuple, new: tuple) -> tuple[int, ...] | None:
    """torch's ``computeStride``: the strides of ``view(new)`` on a tensor of shape ``old``
    with ``stride``, or None where no view exists (torch raises)."""
    if not old:
        return (1,) * len(new)
    numel = prod(old)
    if numel == 0 and tuple(old) == tuple(new):
        return tuple(stride)
    newstride = [0] * len(new)
    if numel == 0:
        for d in range(len(new) - 1, -1, -1):
            newstride[d] = 1 if d == len(new) - 1 else max(new[d + 1], 1) * newstride[d + 1]
        return tuple(newstride)
    view_d = len(new) - 1
    chunk = stride[-1]
    tensor_numel = view_numel = 1
    for td in range(len(old) - 1, -1, -1):
        tensor_numel *= old[td]
        if td == 0 or (old[td - 1] != 1 and stride[td - 1] != tensor_numel * chunk):
            while view_d >= 0 and (view_numel < tensor_numel or new[view_d] == 1):
                newstride[view_d] = view_numel * chunk
                view_numel *= new[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if td > 0:
                chunk = stride[td - 1]
                tensor_numel = view_numel = 1
    if view_d != -1:
        return None
    return tuple(newstride)


def _shape(t: Any) -> tuple | None:
    s = getattr(t, "shape", None)
    if s is None or not all(d.__class__ is int for d in s):
        return None
    return tuple(s)


def _known(f: Any, t: Any) -> tuple | None:
    st = dataflow_checks.fact(f, t, KEY) if isinstance(t, Tens) else None
    shape = _shape(t)
    if st is None or shape is None or len(st) != len(shape):
        return None
    return st


def fresh(name: str, kwargs: dict) -> bool:
    """``torch.<name>(...)`` makes a new contiguous tensor: a factory without ``out=`` or a
    memory format, ``matmul`` / ``bmm`` (always a fresh result, measured in torch 2.13 for
    batched, broadcast and transposed operands)."""
    if "out" in kwargs or "memory_format" in kwargs:
        return False
    return name in FACTORIES or name in ("matmul", "bmm")


# the number of items a tensor's storage holds from its offset on, where it is exactly its
# own items (a fresh tensor: a factory, a ``Linear`` output, the input): ``as_strided`` past
# it raises (``dataflow_storage``)
STORAGE = "storage"


def made_contiguous(f: Any, out: Any) -> None:
    """``out`` is a fresh contiguous tensor (a factory, ``Linear``, ``.contiguous()``)."""
    shape = _shape(out)
    if f.input_shape is not None and shape is not None:
        facts = {KEY: contiguous_strides(shape), STORAGE: prod(shape)}
        dataflow_checks.add_facts(f, out, **facts)


def _dim(d: Any, n: int) -> int | None:
    if d.__class__ is not int or not -n <= d < n:
        return None
    return d % n


def after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any, loc: Any) -> None:
    """The strides of ``t.<name>(...)``'s result, or the crash of a view torch refuses."""
    if f.input_shape is None or not isinstance(out, Tens):
        return
    if name == "contiguous" and not args and not kwargs:
        # a copy (a known non-contiguous layout) or ``t`` itself (fresh): storage of its own
        shape, st = _shape(t), _known(f, t)
        own = shape is not None and (
            dataflow_checks.fact(f, t, STORAGE) == prod(shape)
            or (st is not None and st != contiguous_strides(shape))
        )
        made_contiguous(f, out)
        if not own:
            dataflow_checks.add_facts(f, out, **{STORAGE: None})
        return
    if out is t:
        # the pass gave the tensor itself back (an in-place op, a no-op cast): torch may
        # not have (``clone(memory_format=...)``), so its strides are no longer certain
        if _known(f, t) is not None:
            dataflow_checks.add_facts(f, t, **{KEY: None})
        return
    st = _known(f, t)
    if st is None or kwargs:
        return
    n = len(st)
    if name in _SWAPS and len(args) == 2:
        a, b = _dim(args[0], n), _dim(args[1], n)
        if a is None or b is None:
            return
        new = list(st)
        new[a], new[b] = new[b], new[a]
    elif name == "t" and not args and n <= 2:
        new = list(reversed(st))
    elif name == "permute" and args:
        dims = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        idx = [_dim(d, n) for d in dims]
        if len(idx) != n or None in idx or len(set(idx)) != n:
            return
        new = [st[i] for i in idx]
    elif name == "view" and args:
        sizes = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        if not all(s.__class__ is int for s in sizes):
            return  # (``view(torch.float16)`` reinterprets the dtype: not a shape)
        shape, new_shape = _shape(t), _shape(out)
        if shape is None or new_shape is None or prod(shape) != prod(new_shape):
            return
        got = compute_stride(shape, st, new_shape)
        if got is None:
            f.crash(
                loc,
                "RuntimeError: view size is not compatible with input tensor's size and stride "
                "(at least one dimension spans across two contiguous subspaces). Use "
                ".reshape(...) instead.",
            )
            return
        new = list(got)
    else:
        return
    if _shape(out) is not None and len(_shape(out)) == len(new):
        dataflow_checks.add_facts(f, out, **{KEY: tuple(new)})
