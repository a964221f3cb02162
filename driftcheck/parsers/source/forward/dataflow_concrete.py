"""Ops the forward pass follows only on real sizes (``check --input-shape``, ``Flow.input_shape``).

Each is written as the catalogue ops torch's own computation amounts to, with every size a
number read on that input, so shape inference checks them like any op:

- ``einops.rearrange(x, pattern, **axes)``: a View into the left side's axes, a Permute, a
  Reshape into the right side's groups. An axis that does not divide its group gives a View
  whose element count differs (the crash einops raises);
- ``x.repeat_interleave(r, dim)``: Unsqueeze, Expand, Flatten (what ``repeat_kv`` writes);
- ``x.masked_fill(mask, v)``: ``Where(mask, x, x)``, the broadcast of mask and x (out of place,
  torch broadcasts both); a comparison ``t == 0`` keeps ``t``'s shape.

Anything not plainly known (a pattern with ``...``, an unknown size, a symbolic shape) is
unknown (``None`` here: the caller keeps its old, size-free handling).
"""

from __future__ import annotations

import math
import re
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import Tens, is_int

_TOKEN = re.compile(r"\(|\)|[A-Za-z_][A-Za-z0-9_]*|1")


_is_int = is_int


def known_shape(t: Any) -> tuple[int, ...] | None:
    if not isinstance(t, Tens) or t.src is None or t.shape is None:
        return None
    return t.shape if all(_is_int(d) for d in t.shape) else None


def _groups(side: str) -> list[list[str]] | None:
    """``b (h w) c`` -> [["b"], ["h", "w"], ["c"]]; None for what we do not model."""
    if "..." in side:
        return None
    out: list[list[str]] = []
    cur: list[str] | None = None
    pos = 0
    for m in _TOKEN.finditer(side):
        if side[pos : m.start()].strip():
            return None
        pos = m.end()
        tok = m.group()
        if tok == "(":
            if cur is not None:
                return None
            cur = []
        elif tok == ")":
            if cur is None:
                return None
            out.append(cur)
            cur = None
        elif cur is not None:
            if tok != "1":
                cur.append(tok)
        else:
            out.append([] if tok == "1" else [tok])
    if side[pos:].strip() or cur is not None:
        return None
    return out


def einops_rank(f: Any, t: Any, pattern: Any, loc: Any) -> bool:
    """``einops.rearrange`` / ``repeat`` / ``reduce`` (and the layers): a left side without
    ``...`` names exactly as many axes as the tensor has (einops' "Wrong shape: expected N
    dims" EinopsError otherwise). Judged on a known shape and a left side this module parses.
    True on a crash."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape as sized

    shape = sized(t)
    if shape is None or not isinstance(pattern, str) or "->" not in pattern:
        return False
    left = _groups(pattern.split("->", 1)[0])
    if left is None or len(left) == len(shape):
        return False
    f.crash(
        loc,
        f"einops: Wrong shape: expected {len(left)} dims. Received {len(shape)}-dim tensor "
        f"(pattern {pattern!r}, shape {list(shape)})",
    )
    return True


def einops_names(f: Any, kind: str, pattern: Any, loc: Any, axes: Any = None) -> bool:
    """``einops.rearrange`` / ``repeat`` / ``reduce``: the pattern's own rules on names, which
    einops checks before it looks at a size: no name twice on one side; rearrange names the
    same axes on both sides, repeat drops none of the left's, reduce adds none to the right
    (EinopsError "Identifiers only on one side of expression", "Unexpected identifiers on the
    left side of repeat", "... on the right side of reduce", "duplicate dimension"). Judged on
    a pattern this module parses (no ``...``). True on a crash.

    ``axes``: the axis sizes given by keyword (None: not known, e.g. a ``**sizes`` splat):
    a new axis of repeat's right side needs one ("Specify sizes for new axes in repeat"), and a
    name given that the pattern never uses is refused ("Axis n is not used in transform";
    einops 0.8)."""
    if not isinstance(pattern, str) or pattern.count("->") != 1:
        return False
    sides = [_groups(side) for side in pattern.split("->")]
    if sides[0] is None or sides[1] is None:
        return False
    names = [[a for g in side for a in g] for side in sides]
    left, right = set(names[0]), set(names[1])
    dup = [a for side in names for a in set(side) if side.count(a) > 1]
    if dup:
        why = f'Indexing expression contains duplicate dimension "{dup[0]}"'
    elif kind == "rearrange" and left != right:
        why = f"Identifiers only on one side of expression (should be on both): {left ^ right}"
    elif kind == "repeat" and left - right:
        why = f"Unexpected identifiers on the left side of repeat: {left - right}"
    elif kind == "reduce" and right - left:
        why = f"Unexpected identifiers on the right side of reduce: {right - left}"
    elif axes is not None and kind == "repeat" and right - left - set(axes):
        why = f"Specify sizes for new axes in repeat: {sorted(right - left - set(axes))}"
    elif axes is not None and set(axes) - left - right:
        why = f"Axis {sorted(set(axes) - left - right)[0]} is not used in transform"
    else:
        return False
    f.crash(loc, f"einops: {why} (pattern {pattern!r})")
    return True


def rearrange(run: Any, t: Any, pattern: Any, axes: dict, fr: Any, loc: Any) -> Tens | None:
    from driftcheck.parsers.source.values.dataflow_values import known_shape as sized

    shape = known_shape(t)
    shape_only = shape is None and isinstance(t, Tens) and t.src is None
    if shape_only:  # a tensor with a known shape but no node (``einops.repeat``'s result)
        shape = sized(t)
    if shape is None or not isinstance(pattern, str) or "->" not in pattern:
        return None
    left_s, right_s = pattern.split("->", 1)
    left, right = _groups(left_s), _groups(right_s)
    if left is None or right is None or len(left) != len(shape):
        return None
    if not all(_is_int(v) for v in axes.values()):
        return None
    names = [a for g in left for a in g]
    if sorted(names) != sorted({a for g in right for a in g}) or len(set(names)) != len(names):
        return None
    size: dict[str, int] = {}
    for g, d in zip(left, shape):
        unknown = [a for a in g if a not in axes]
        if len(unknown) > 1:
            return None
        known = math.prod(axes[a] for a in g if a in axes)
        for a in g:
            if a in axes:
                size[a] = axes[a]
        if unknown:
            if known <= 0:
                return None
            size[unknown[0]] = d // known  # floor: a group that does not divide fails below
    f = run.f
    if shape_only:
        # no node to view: the group check einops makes, then the right side's sizes
        for g, d in zip(left, shape):
            if math.prod(size[a] for a in g) != d:
                f.crash(
                    loc,
                    f"einops: Shape mismatch, can't divide axis of length {d} into "
                    f"{' * '.join(g)} (pattern {pattern!r}, shape {list(shape)})",
                )
                return Tens(None)
        return Tens(None, tuple(math.prod(size[a] for a in g) for g in right))
    split = tuple(size[a] for a in names)
    cur = f.add_op("View", {"shape": split}, [t], fr.parent, loc)
    order = [names.index(a) for g in right for a in g]
    if order != sorted(order):
        cur = f.add_op("Permute", {"dims": tuple(order)}, [cur], fr.parent, loc)
    final = tuple(math.prod(size[a] for a in g) for g in right)
    if final != tuple(size[a] for g in right for a in g):
        cur = f.add_op("Reshape", {"shape": final}, [cur], fr.parent, loc)
    return cur


def repeat(t: Any, pattern: Any, axes: dict) -> Tens | None:
    """``einops.repeat(x, "b n -> b n r", r=2)`` on real sizes: a shape-only tensor, each
    right-side group the product of its axes' sizes (the left's read off the tensor, a new
    one's given by name). None when anything is not plainly known: an ``...``, a group that
    does not divide, a size given twice that disagrees, a new axis without its size (einops
    raises on the last three; left to the size-free handling, no verdict)."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape as sized

    shape = sized(t)
    if shape is None or not isinstance(pattern, str) or pattern.count("->") != 1:
        return None
    left, right = (_groups(side) for side in pattern.split("->"))
    if left is None or right is None or len(left) != len(shape):
        return None
    if not all(_is_int(v) and v > 0 for v in axes.values()):
        return None
    size: dict[str, int] = {}
    for g, d in zip(left, shape):
        unknown = [a for a in g if a not in axes]
        given = math.prod(axes[a] for a in g if a in axes)
        if len(unknown) > 1 or (not unknown and given != d) or (unknown and d % given):
            return None
        for a in g:
            size[a] = axes[a] if a in axes else d // given
    for g in right:
        for a in g:
            if a not in size:
                if a not in axes:
                    return None
                size[a] = axes[a]
    return Tens(None, tuple(math.prod(size[a] for a in g) for g in right))


def rearrange_split(run: Any, t: Any, pattern: Any, axes: dict, fr: Any, loc: Any) -> Any:
    """Without real sizes: ``rearrange(x, "b t (h d) -> b h t d", h=8)``, a split of one axis
    into two (one of them given) and a reordering, is ``Unflatten(2, (8, -1))`` and a
    ``Permute``, as ``view(b, t, 8, -1).permute(...)`` is. Other patterns: None."""
    if not isinstance(t, Tens) or not isinstance(pattern, str) or "->" not in pattern:
        return None
    left_s, right_s = pattern.split("->", 1)
    left, right = _groups(left_s), _groups(right_s)
    if left is None or right is None or not all(_is_int(v) for v in axes.values()):
        return None
    names = [a for g in left for a in g]
    if "..." in names or any(len(g) != 1 for g in right) or len(set(names)) != len(names):
        return None
    if sorted(names) != sorted(g[0] for g in right):
        return None
    split = [i for i, g in enumerate(left) if len(g) > 1]
    if len(split) != 1 or len(left[split[0]]) != 2:
        return None
    known = [axes.get(a) for a in left[split[0]]]
    if all(k is None for k in known):
        return None
    size = tuple(-1 if k is None else k for k in known)
    f = run.f
    cur = f.add_op("Unflatten", {"dim": split[0], "unflattened_size": size}, [t], fr.parent, loc)
    order = tuple(names.index(g[0]) for g in right)
    if order != tuple(sorted(order)):
        cur = f.add_op("Permute", {"dims": order}, [cur], fr.parent, loc)
    return cur


def repeat_interleave(run: Any, t: Any, reps: Any, dim: Any, fr: Any, loc: Any) -> Tens | None:
    shape = known_shape(t)
    if shape is None or not _is_int(reps) or not _is_int(dim) or reps < 1:
        return None
    if not -len(shape) <= dim < len(shape):
        return None
    d = dim % len(shape)
    f = run.f
    u = f.add_op("Unsqueeze", {"dim": d + 1}, [t], fr.parent, loc)
    sizes = [-1] * (len(shape) + 1)
    sizes[d + 1] = reps
    e = f.add_op("Expand", {"sizes": tuple(sizes)}, [u], fr.parent, loc)
    return f.add_op("Flatten", {"start_dim": d, "end_dim": d + 1}, [e], fr.parent, loc)


def masked_fill(run: Any, t: Any, mask: Any, fr: Any, loc: Any) -> Tens | None:
    if isinstance(mask, Tens) and mask.src is None:
        return _masked_fill_shape_only(run, t, mask, loc)
    if known_shape(t) is None or known_shape(mask) is None:
        return None
    return run.f.add_op("Where", {}, [mask, t, t], fr.parent, loc)


def _masked_fill_shape_only(run: Any, t: Any, mask: Any, loc: Any) -> Tens | None:
    """A mask with a known shape but no node (a buffer sliced by ``[:T, :T]``): torch
    broadcasts it against ``t``; a mask that cannot broadcast is the crash."""
    from driftcheck.errors import ShapeError  # noqa: PLC0415
    from driftcheck.graph.catalogue.core import _broadcast  # noqa: PLC0415

    if not isinstance(t, Tens) or not isinstance(mask, Tens) or mask.src is not None:
        return None
    a, b = t.shape, mask.shape
    if not (isinstance(a, tuple) and isinstance(b, tuple)):
        return None
    if not all(_is_int(d) for d in (*a, *b)):
        return None
    try:
        out = _broadcast({}, [a, b])
    except ShapeError as e:
        run.f.crash(loc, f"masked_fill: {e}")
        return Tens(None)
    # out of place, a mask of more (or longer) axes widens the result: a shape-only tensor
    return Tens(t.src, t.shape) if tuple(out) == tuple(a) else Tens(None, tuple(out))


def group_norm_single(shape: tuple, groups: int) -> bool:
    """F.group_norm's ``_verify_batch_size`` (in eval mode too): one value per group, that is
    ``N * C // groups * prod(spatial) == 1``, raises ValueError (measured: GroupNorm(2, 2) on
    (1, 2) and GroupNorm(4, 4) on (1, 4, 1) raise, GroupNorm(1, 2) on (1, 2) runs)."""
    return shape[0] * shape[1] // groups * math.prod(shape[2:]) == 1


def norm_check(run: Any, t: Any, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """``F.layer_norm(x, normalized_shape)`` / ``F.rms_norm``: x must end in that shape;
    ``F.group_norm(x, groups)``: the channels must divide into the groups."""
    from driftcheck.parsers.source.values.dataflow_values import ShapeOf  # noqa: PLC0415

    shape = known_shape(t) if isinstance(t, Tens) and t.src is not None else None
    if shape is None:
        shape = t.shape if isinstance(t, Tens) and isinstance(t.shape, tuple) else None
        if shape is None or not all(_is_int(d) for d in shape):
            return
    first = args[0] if args else kwargs.get("normalized_shape", kwargs.get("num_groups"))
    if name == "group_norm":
        if _is_int(first) and first > 0 and len(shape) >= 2 and shape[1] % first:
            run.f.crash(loc, f"group_norm: {shape[1]} channels do not divide into {first} groups")
        elif _is_int(first) and first > 0 and len(shape) >= 2 and group_norm_single(shape, first):
            run.f.crash(
                loc,
                f"group_norm: Expected more than 1 value per channel when training, got input "
                f"size {list(shape)} ({first} groups)",
            )
        return
    if isinstance(first, ShapeOf):
        first = first.t.shape
    if first.__class__ in (int, float, bool):
        # ``F.layer_norm(x, d)``: the functional form takes a shape, never a number (the
        # module ``nn.LayerNorm(d)`` does; measured in torch 2.13 for layer_norm, rms_norm)
        run.f.crash(
            loc,
            f"TypeError: {name}(): argument 'normalized_shape' (position 2) must be tuple of "
            f"ints, not {first.__class__.__name__}",
        )
        return
    if not isinstance(first, (tuple, list)) or not first or not all(_is_int(d) for d in first):
        return
    ns = tuple(first)
    if len(shape) < len(ns) or tuple(shape[-len(ns) :]) != ns:
        run.f.crash(
            loc, f"{name}: normalized_shape {list(ns)} but the input has shape {list(shape)}"
        )


_SIZED = {"zeros", "ones", "empty", "randn", "rand"}
_LIKE = {"zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like"}


def nested_shape(v: Any, depth: int = 0) -> tuple[int, ...] | None:
    """The shape of ``torch.tensor(v)`` for a list / tuple nest of known Python numbers
    (rectangular, at most 4096 numbers); None for anything else (a tensor item, a ragged
    nest, an unknown value)."""
    if isinstance(v, (int, float)):  # bool is an int
        return ()
    if not isinstance(v, (list, tuple)) or depth > 8 or len(v) > 4096:
        return None
    if not v:
        return (0,)
    inner = [nested_shape(x, depth + 1) for x in v]
    if inner[0] is None or any(s != inner[0] for s in inner):
        return None
    return (len(v), *inner[0])


def created(name: str, args: list, kwargs: dict) -> Tens:
    """``torch.zeros(T, T)``, ``torch.arange(T)``, ``torch.ones_like(x)`` on real sizes: a
    tensor of known shape and no node. Anything else: unknown."""
    if name in _LIKE and args and isinstance(args[0], Tens):
        return Tens(None, args[0].shape)
    from driftcheck.parsers.source.values.dataflow_values import ShapeOf  # noqa: PLC0415

    sizes: Any = None
    if name in _SIZED and len(args) == 1 and isinstance(args[0], ShapeOf):
        # ``torch.zeros(x.shape)``: x's shape where it is known (else unknown below)
        sizes = args[0].t.shape
    elif name in _SIZED:
        sizes = list(args[0]) if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
        if not sizes and "size" in kwargs:
            sizes = kwargs["size"]
    elif name == "full" and args and isinstance(args[0], (tuple, list)):
        sizes = args[0]
    elif name == "randint":  # ``torch.randint(low, high, (B, T))`` (session 28)
        from driftcheck.parsers.source.forward import dataflow_fix28  # noqa: PLC0415

        sizes = dataflow_fix28.randint_size(args, kwargs)
    elif name == "eye" and 1 <= len(args) <= 2 and all(_is_int(a) for a in args):
        sizes = (args[0], args[-1])
    elif name in ("tensor", "as_tensor") and args:  # ``torch.tensor([T, T - 4])``
        shape = nested_shape(args[0])
        return Tens(None, shape) if shape is not None else Tens(None)
    elif name == "linspace":  # ``torch.linspace(start, end, steps)``: (steps,)
        steps = args[2] if len(args) > 2 else kwargs.get("steps")
        sizes = (steps,)
    elif name == "arange" and args and all(_is_int(a) for a in args[:3]):
        start, end, step = (0, args[0], 1) if len(args) == 1 else (*args[:2], 1)
        if len(args) >= 3:
            step = args[2]
        if step:
            return Tens(None, (max(0, -(-(end - start) // step)),))
        return Tens(None)
    elif name in ("triu_indices", "tril_indices"):
        n = tri_count(name, args, kwargs)
        return Tens(None, (2, n)) if n is not None else Tens(None)
    if isinstance(sizes, (tuple, list)) and sizes and all(_is_int(d) and d >= 0 for d in sizes):
        return Tens(None, tuple(sizes))
    return Tens(None)


def tri_args(args: list, kwargs: dict) -> tuple[int, int, int] | None:
    """``(row, col, offset)`` of ``torch.triu_indices`` / ``tril_indices`` when all are known
    ints (torch's signature: ``row, col, offset=0``), else None."""
    row = args[0] if args else kwargs.get("row")
    col = args[1] if len(args) > 1 else kwargs.get("col")
    off = args[2] if len(args) > 2 else kwargs.get("offset", 0)
    from driftcheck.parsers.source.library.buildcalls import TRI_ROWS  # noqa: PLC0415

    if not all(_is_int(v) for v in (row, col, off)) or row < 0 or col < 0 or row > TRI_ROWS:
        return None
    return row, col, off


def tri_count(name: str, args: list, kwargs: dict) -> int | None:
    """How many (i, j) of a ``row x col`` grid ``torch.triu_indices`` (``j - i >= offset``) or
    ``tril_indices`` (``j - i <= offset``) lists: the length of its ``(2, n)`` result."""
    got = tri_args(args, kwargs)
    if got is None:
        return None
    from driftcheck.parsers.source.library.buildcalls import tri_indices_count  # noqa: PLC0415

    return tri_indices_count(name == "triu_indices", *got)


def max_min(run: Any, t: Any, name: str, args: list, kwargs: dict, parent: Any, loc: Any) -> Any:
    """``torch.max(x, dim, keepdim)`` / ``x.min(dim)``: (values, indices), values an
    Amax/Amin op, indices a shape-only tensor of the same shape. None when not that form."""
    dim = args[0] if args else kwargs.get("dim")
    keep = args[1] if len(args) > 1 else kwargs.get("keepdim", False)
    if not _is_int(dim) or not isinstance(keep, bool) or not isinstance(t, Tens):
        return None
    if t.shape is None or not all(_is_int(d) for d in t.shape):
        return None
    kind = "Amax" if name == "max" else "Amin"
    values = run.f.add_op(kind, {"dim": dim, "keepdim": keep}, [t], parent, loc)
    from driftcheck.parsers.source.forward import dataflow_checks  # noqa: PLC0415
    from driftcheck.parsers.source.forward.dataflow_axes import NamedPair  # noqa: PLC0415

    # the values have ``t``'s dtype, the indices are int64 (torch.return_types.max)
    dt = dataflow_checks.fact(run.f, t, "dtype")
    if dt is not None:
        dataflow_checks.add_facts(run.f, values, replace=False, dtype=dt)
    indices = Tens(None, values.shape)
    dataflow_checks.add_facts(run.f, indices, dtype=dataflow_checks.INT, long=True)
    return NamedPair((values, indices))
