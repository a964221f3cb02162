"""einops: ``rearrange`` / ``repeat`` / ``reduce`` shapes and the ``Rearrange`` / ``Reduce``
layers (no parameters). ``einops_shape`` is the pattern's shape rule, usable by any pass."""

from __future__ import annotations

import re
from math import prod
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Obj, Tensor, Unknown, UnknownModule, plain

E = Group("einops")
L = Group("einops.layers.torch", title="einops layers")

_TOKEN = re.compile(r"\(|\)|\.\.\.|[A-Za-z_][A-Za-z0-9_]*|\d+|\S")


def _side(text: str) -> list[list[str]] | None:
    """``"b (h d) n"`` -> [["b"], ["h", "d"], ["n"]]; ``...`` is its own group; None if bad."""
    out: list[list[str]] = []
    group: list[str] | None = None
    for tok in _TOKEN.findall(text):
        if tok == "(":
            if group is not None:
                return None
            group = []
        elif tok == ")":
            if group is None:
                return None
            out.append(group)
            group = None
        elif tok == "..." or tok.isidentifier() or tok.isdigit():
            if group is None:
                out.append([tok])
            else:  # ``(...)``: the ellipsis dims merged into one (marked apart from ``...``)
                group.append("(...)" if tok == "..." else tok)
        else:
            return None
    return out if group is None else None


def einops_shape(
    op: str, pattern: str, shape: tuple[Any, ...], axes: dict[str, Any]
) -> tuple[int, ...] | str:
    """The output shape of ``einops.<op>(t, pattern, **axes)`` for ``t`` of ``shape`` (ints),
    or a string saying why it cannot be computed (an unknown size, or a pattern that would
    raise: axes that do not divide, a dim count that does not match)."""
    if "->" not in pattern:
        return "no '->' in the pattern"
    left_s, right_s = pattern.split("->", 1)
    left, right = _side(left_s), _side(right_s)
    if left is None or right is None:
        return "a pattern einops cannot parse"
    if not all(isinstance(d, int) for d in shape):
        return "a tensor of unknown shape"
    sizes: dict[str, int] = {}
    for k, v in axes.items():
        v = plain(v)
        if not isinstance(v, int) or isinstance(v, bool):
            return f"axis {k} of unknown size"
        sizes[k] = v
    n_ell = len(shape) - (len(left) - (1 if ["..."] in left else 0))
    if n_ell < 0 or (["..."] not in left and n_ell != 0):
        return f"pattern has {len(left)} dims, the tensor {len(shape)}"
    ell: tuple[int, ...] = ()
    dims = iter(shape)
    for group in left:
        if group == ["..."]:
            ell = tuple(next(dims) for _ in range(n_ell))
            continue
        d = next(dims)
        if "(...)" in group:
            return "an ellipsis inside parentheses on the left"
        unknown = [a for a in group if not a.isdigit() and a not in sizes]
        known = prod(int(a) if a.isdigit() else sizes[a] for a in group if a not in unknown)
        if len(unknown) > 1:
            return f"group ({' '.join(group)}) has several unknown axes"
        if unknown:
            if known == 0 or d % known:
                return f"dim {d} does not divide into ({' '.join(group)})"
            sizes[unknown[0]] = d // known
        elif known != d:
            return f"dim {d} is not ({' '.join(group)}) = {known}"
    out: list[int] = []
    for group in right:
        if group == ["..."]:
            out.extend(ell)
            continue
        n = 1
        for a in group:
            if a == "(...)":
                n *= prod(ell)
            elif a.isdigit():
                n *= int(a)
            elif a in sizes:
                n *= sizes[a]
            else:
                return f"axis {a} of unknown size"
        out.append(n)
    if op == "rearrange" and prod(out) != prod(shape):
        return "rearrange changes the number of elements"
    return tuple(out)


def _tensor_op(c: Call) -> Any:
    op = c.qual.rsplit(".", 1)[-1]
    t, pattern = plain(c.arg(0, "tensor")), c.plain(1, "pattern")
    if isinstance(t, (list, tuple)) and t and all(isinstance(plain(x), Tensor) for x in t):
        first = plain(t[0]).shape  # a list of tensors is stacked on a new first axis
        ok = all(plain(x).shape == first for x in t) and isinstance(first, tuple)
        t = Tensor((len(t), *first) if ok else Unknown("einops list of tensors"))
    if not isinstance(t, Tensor) or not isinstance(pattern, str):
        return Tensor(Unknown(f"{c.qual}() at {c.where}"))
    axes = {k: v for k, v in c.kwargs.items() if k not in ("tensor", "pattern", "reduction")}
    shp = t.shape if isinstance(t.shape, tuple) else ()
    r = einops_shape(op, pattern, tuple(plain(d) for d in shp), axes)
    if isinstance(t.shape, Unknown) or isinstance(r, str):
        why = "a tensor of unknown shape" if isinstance(t.shape, Unknown) else r
        return Tensor(Unknown(f"{c.qual}({pattern!r}) at {c.where}: {why}"))
    from driftcheck.parsers.source.library import intindex

    if op != "reduce" and intindex.is_int(t):  # the dtype is kept: integer index tensors
        return intindex.int_tensor(r)
    return Tensor(r)


for _op in ("rearrange", "repeat", "reduce"):
    E.add(_op, _tensor_op, f"{_op}(t, pattern, **axes): the output shape from the pattern")


def _layer(c: Call) -> Any:
    pattern = c.plain(0, "pattern")
    name = c.qual.rsplit(".", 1)[-1]
    if not isinstance(pattern, str):
        return UnknownModule(f"{c.qual} with an unknown pattern")
    obj = Obj(cls=None, module=True, loc=(str(c.loc[0]), c.loc[1]), qual=f"einops.{name}")
    obj.attrs["pattern"] = pattern
    obj.attrs["axes_lengths"] = {k: v for k, v in c.kwargs.items() if k != "reduction"}
    return obj


for _n in ("Rearrange", "Reduce"):
    L.add(_n, _layer, f"{_n}(pattern, **axes): a layer with no parameters")


def _einmix(c: Call) -> Any:
    """``EinMix(pattern, weight_shape, bias_shape=None, **axes)`` (native-sparse-attention's
    grouped MLP): a weight with one axis per name of ``weight_shape`` and, when given, a bias
    with the axes of ``bias_shape`` (einops stores it broadcast over the output's other axes,
    of size 1: the same count). einops requires every axis of both to be given a length; one
    we cannot read (or any other argument) leaves an unknown layer, never 0."""
    pattern, wshape = c.plain(0, "pattern"), c.plain(1, "weight_shape")
    bshape = c.plain(2, "bias_shape")
    axes = {k: plain(v) for k, v in c.kwargs.items() if k not in ("weight_shape", "bias_shape")}
    shapes: dict[str, tuple[int, ...]] = {}
    for name, spec in (("weight", wshape), ("bias", bshape)):
        if spec is None and name == "bias":
            continue
        names = spec.split() if isinstance(spec, str) else None
        if (
            not isinstance(pattern, str)
            or names is None
            or not all(re.fullmatch(r"\w+", a) for a in names)
            or not all(
                isinstance(axes.get(a), int) and not isinstance(axes[a], bool) for a in names
            )
        ):
            return UnknownModule(f"einops EinMix at {c.where}")
        shapes[name] = tuple(axes[a] for a in names)
    obj = Obj(cls=None, module=True, loc=(str(c.loc[0]), c.loc[1]), qual="einops.EinMix")
    obj.attrs["pattern"] = pattern
    obj.attrs["axes_lengths"] = axes
    for name, shape in shapes.items():
        obj.params[name] = Tensor(shape, param=True, owner=obj, name=name)
    return obj


L.add(
    "EinMix",
    _einmix,
    "EinMix(pattern, weight_shape, bias_shape=None, **axes): a weight (and bias) of the axes "
    "given; an axis without a length: an unknown layer",
)
