"""Functional tensor ops, part 2: data movement (reshape, permute, cat, split, slice, pad,
interpolate, einsum) plus torch.nn's Identity/Flatten/Unflatten modules.

Data movement costs 0 MACs; interpolation one per output element; einsum the product of all
index sizes. Split/Chunk/Unbind return the shape of their first piece.
"""

from __future__ import annotations

from math import prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import ex, known, norm_axis, zero_macs
from driftcheck.graph.catalogue.ops import op
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt, tup


def _move(name, doc, examples, params=(), aliases=(), shape=None, bad=None, n_inputs=1, **kw):
    return op(
        name,
        doc,
        examples,
        params=params,
        aliases=aliases,
        n_inputs=n_inputs,
        bad=bad,
        shape=shape,
        macs=kw.pop("macs", zero_macs),
        **kw,
    )


# ---------------------------------------------------------------- reshape family
def _resolve_shape(name: str, x, target) -> tuple:
    target = tuple(target)
    if sum(1 for t in target if t == -1) > 1:
        raise ShapeError(f"{name} target {fmt(target)} has more than one -1")
    total = prod(x) if known(*x) else None
    if -1 in target:
        rest = prod(t for t in target if t != -1) if known(*target) else None
        if total is None or rest is None:
            return tuple(None if t == -1 else t for t in target)
        if rest == 0 or total % rest:
            raise ShapeError(f"{name} cannot reshape {fmt(x)} into {fmt(target)}")
        return tuple(total // rest if t == -1 else t for t in target)
    if total is not None and known(*target) and prod(target) != total:
        raise ShapeError(f"{name} cannot reshape {fmt(x)} ({total} elements) into {fmt(target)}")
    return target


def _reshape(name: str):
    return lambda p, s: _resolve_shape(name, s[0], tup(p["shape"], 1))


def _flatten_shape(name: str):
    def rule(p, shapes):
        x = shapes[0]
        if not x:
            return (1,)
        a = norm_axis(name, p["start_dim"], len(x), x)
        b = norm_axis(name, p["end_dim"], len(x), x)
        if a > b:
            raise ShapeError(
                f"{name} start_dim={p['start_dim']} after end_dim={p['end_dim']} for {fmt(x)}"
            )
        mid = x[a : b + 1]
        return (*x[:a], prod(mid) if known(*mid) else None, *x[b + 1 :])

    return rule


def _unflatten_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Unflatten", p["dim"], len(x), x)
    sizes = _resolve_shape("Unflatten", (x[d],), tup(p["unflattened_size"], 1))
    return (*x[:d], *sizes, *x[d + 1 :])


def _transpose_shape(p, shapes):
    x = list(shapes[0])
    a = norm_axis("Transpose", p["dim0"], len(x), shapes[0])
    b = norm_axis("Transpose", p["dim1"], len(x), shapes[0])
    x[a], x[b] = x[b], x[a]
    return tuple(x)


def _permute_shape(p, shapes):
    x = shapes[0]
    dims = tuple(norm_axis("Permute", d, len(x), x) for d in tup(p["dims"], 1))
    if sorted(dims) != list(range(len(x))):
        raise ShapeError(
            f"Permute dims {fmt(tup(p['dims'], 1))} do not permute input shape {fmt(x)}"
        )
    return tuple(x[d] for d in dims)


def _squeeze_shape(p, shapes):
    x = shapes[0]
    if p["dim"] is None:
        return tuple(v for v in x if v != 1)
    axes = {norm_axis("Squeeze", d, len(x), x) for d in tup(p["dim"], 1)}
    return tuple(v for i, v in enumerate(x) if not (i in axes and v == 1))


def _unsqueeze_shape(p, shapes):
    x = list(shapes[0])
    d = norm_axis("Unsqueeze", p["dim"], len(x) + 1, shapes[0])
    x.insert(d, 1)
    return tuple(x)


# ---------------------------------------------------------------- joins and splits
def _cat_shape(p, shapes):
    first = shapes[0]
    d = norm_axis("Concat", p["dim"], len(first), first)
    total = 0
    for s in shapes:
        if len(s) != len(first):
            raise ShapeError(f"Concat inputs differ in rank: {fmt(first)} and {fmt(s)}")
        for i, (u, v) in enumerate(zip(first, s)):
            if i != d and known(u, v) and u != v:
                raise ShapeError(
                    f"Concat inputs differ outside dim {p['dim']}: {fmt(first)} and {fmt(s)}"
                )
        total = total + s[d] if known(total, s[d]) else None
    return (*first[:d], total, *first[d + 1 :])


def _stack_shape(p, shapes):
    first = shapes[0]
    for s in shapes[1:]:
        if len(s) != len(first) or any(known(u, v) and u != v for u, v in zip(first, s)):
            raise ShapeError(f"Stack inputs must have equal shapes: {fmt(first)} and {fmt(s)}")
    d = norm_axis("Stack", p["dim"], len(first) + 1, first)
    return (*first[:d], len(shapes), *first[d:])


def _split_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Split", p["dim"], len(x), x)
    size = p["split_size_or_sections"]
    if isinstance(size, tuple):
        if known(x[d]) and sum(size) != x[d]:
            raise ShapeError(f"Split sections {fmt(size)} do not sum to dim {p['dim']} of {fmt(x)}")
        first = size[0]
    else:
        first = min(size, x[d]) if known(x[d]) else size
    return (*x[:d], first, *x[d + 1 :])


def _chunk_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Chunk", p["dim"], len(x), x)
    n = x[d]
    first = -(-n // p["chunks"]) if known(n) else None
    return (*x[:d], first, *x[d + 1 :])


def _unbind_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Unbind", p["dim"], len(x), x)
    return tuple(v for i, v in enumerate(x) if i != d)


# ---------------------------------------------------------------- indexing
def _slice_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Slice", p["dim"], len(x), x)
    n = x[d]
    if not known(n):
        return (*x[:d], None, *x[d + 1 :])
    length = len(range(*slice(p["start"], p["end"], p["step"]).indices(n)))
    return (*x[:d], length, *x[d + 1 :])


def _select_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Select", p["dim"], len(x), x)
    if known(x[d]) and not -x[d] <= p["index"] < x[d]:
        raise ShapeError(f"Select index {p['index']} out of range for dim {p['dim']} of {fmt(x)}")
    return tuple(v for i, v in enumerate(x) if i != d)


def _narrow_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Narrow", p["dim"], len(x), x)
    if known(x[d]) and p["start"] + p["length"] > x[d]:
        raise ShapeError(f"Narrow start+length exceeds dim {p['dim']} of {fmt(x)}")
    return (*x[:d], p["length"], *x[d + 1 :])


def _index_select_shape(p, shapes):
    x, idx = shapes[0], shapes[1]
    if len(idx) != 1:
        raise ShapeError(f"IndexSelect index must be 1-D, got {fmt(idx)}")
    d = norm_axis("IndexSelect", p["dim"], len(x), x)
    return (*x[:d], idx[0], *x[d + 1 :])


def _gather_shape(p, shapes):
    x, idx = shapes[0], shapes[1]
    if len(x) != len(idx):
        raise ShapeError(f"Gather index {fmt(idx)} must have the rank of input {fmt(x)}")
    norm_axis("Gather", p["dim"], len(x), x)
    return tuple(idx)


# ---------------------------------------------------------------- expand, repeat, pad, resize
def _expand_shape(p, shapes):
    x = shapes[0]
    sizes = tup(p["sizes"], 1)
    if len(sizes) < len(x):
        raise ShapeError(f"Expand sizes {fmt(sizes)} shorter than input shape {fmt(x)}")
    lead = len(sizes) - len(x)
    out = list(sizes[:lead])
    for v, s in zip(x, sizes[lead:]):
        if s == -1:
            out.append(v)
        elif known(v) and v != 1 and v != s:
            raise ShapeError(f"Expand cannot expand {fmt(x)} to {fmt(sizes)}")
        else:
            out.append(s)
    return tuple(out)


def _repeat_shape(p, shapes):
    x = shapes[0]
    reps = tup(p["repeats"], 1)
    if len(reps) < len(x):
        raise ShapeError(f"Repeat needs >= {len(x)} repeats for {fmt(x)}, got {fmt(reps)}")
    xx = (1,) * (len(reps) - len(x)) + tuple(x)
    return tuple(v * r if known(v) else v for v, r in zip(xx, reps))


def _pad_shape(p, shapes):
    x = shapes[0]
    pads = tup(p["pad"], 2)
    if len(pads) % 2 or len(pads) // 2 > len(x):
        raise ShapeError(f"Pad pad={fmt(pads)} does not fit input shape {fmt(x)}")
    out = list(x)
    for i in range(len(pads) // 2):
        axis = len(x) - 1 - i
        if known(out[axis]):
            out[axis] = out[axis] + pads[2 * i] + pads[2 * i + 1]
    return tuple(out)


def _interp_shape(p, shapes):
    x = shapes[0]
    if len(x) < 3:
        raise ShapeError(f"Interpolate expected (N, C, *spatial) input, got shape {fmt(x)}")
    n = len(x) - 2
    if p["size"] is not None:
        out = tup(p["size"], n)
        if len(out) != n:
            raise ShapeError(f"Interpolate size {fmt(out)} does not fit input shape {fmt(x)}")
    elif p["scale_factor"] is not None:
        f = tup(p["scale_factor"], n)
        out = tuple(int(v * f[i]) if known(v) else v for i, v in enumerate(x[2:]))
    else:
        raise ShapeError("Interpolate needs size or scale_factor")
    return (*x[:2], *out)


def _roll_shape(p, shapes):
    x = shapes[0]
    for d in tup(p["dims"], 1) if p["dims"] is not None else ():
        norm_axis("Roll", d, len(x), x)
    return tuple(x)


def _flip_shape(p, shapes):
    x = shapes[0]
    for d in tup(p["dims"], 1):
        norm_axis("Flip", d, len(x), x)
    return tuple(x)


# ---------------------------------------------------------------- einsum
def _einsum_parse(eq: str, shapes):
    if "..." in eq:
        raise ShapeError(f"Einsum with '...' is not supported by the static shape rule: {eq!r}")
    lhs, _, rhs = eq.replace(" ", "").partition("->")
    terms = lhs.split(",")
    if len(terms) != len(shapes):
        raise ShapeError(f"Einsum {eq!r} names {len(terms)} operands, got {len(shapes)}")
    sizes: dict[str, object] = {}
    for term, s in zip(terms, shapes):
        if len(term) != len(s):
            raise ShapeError(f"Einsum term {term!r} does not fit operand shape {fmt(s)}")
        for c, v in zip(term, s):
            old = sizes.get(c)
            if known(old, v) and old != v and 1 not in (old, v):
                raise ShapeError(f"Einsum index {c!r} is {old} and {v} in {eq!r}")
            if old is None or old == 1:
                sizes[c] = v
    if not _:
        rhs = "".join(sorted(c for c in sizes if lhs.count(c) == 1))
    return sizes, rhs


def _einsum_shape(p, shapes):
    sizes, rhs = _einsum_parse(p["equation"], shapes)
    return tuple(sizes[c] for c in rhs)


def _einsum_macs(p, shapes, out):
    sizes, _ = _einsum_parse(p["equation"], shapes)
    vals = list(sizes.values())
    return prod(vals) if known(*vals) else 0


_SHAPE_P = (P("shape", "ints"),)
_ID = lambda p, s: tuple(s[0])  # noqa: E731

LAYERS = [
    LayerSpec(
        name="Identity",
        family="ops",
        macs=zero_macs,
        torch="torch.nn.Identity",
        role="op",
        aliases=("nn.Identity", "noop", "passthrough"),
        doc="Returns its input (placeholder for removed layers).",
        examples=ex(({}, ((2, 8),)), ({}, ((2, 3, 4, 5),))),
    ),
    LayerSpec(
        name="Flatten",
        family="ops",
        params=(P("start_dim", "int", 1), P("end_dim", "int", -1)),
        shape=_flatten_shape("Flatten"),
        macs=zero_macs,
        torch="torch.nn.Flatten",
        role="op",
        aliases=("torch.flatten", "flatten"),
        doc="Merges axes start_dim..end_dim (nn.Flatten defaults to start_dim=1).",
        examples=ex(({}, ((2, 3, 4, 5),)), ({"start_dim": 0, "end_dim": 1}, ((2, 3, 4),))),
        extra={"bad": ex(({"start_dim": 4}, ((2, 3, 4),)))},
    ),
    LayerSpec(
        name="Unflatten",
        family="ops",
        params=(P("dim", "int"), P("unflattened_size", "ints")),
        shape=_unflatten_shape,
        macs=zero_macs,
        torch="torch.nn.Unflatten",
        role="op",
        aliases=("torch.unflatten",),
        doc="Splits axis dim into unflattened_size (one -1 allowed).",
        examples=ex(
            ({"dim": 1, "unflattened_size": (3, 4)}, ((2, 12),)),
            ({"dim": -1, "unflattened_size": (2, -1)}, ((5, 3, 8),)),
        ),
        extra={"bad": ex(({"dim": 1, "unflattened_size": (3, 5)}, ((2, 12),)))},
    ),
    _move(
        "Reshape",
        "x.reshape(shape) (one -1 allowed).",
        (({"shape": (2, -1)}, ((2, 3, 4),)), ({"shape": (4, 3, 2)}, ((24,),))),
        _SHAPE_P,
        ("torch.reshape", "reshape"),
        _reshape("Reshape"),
        (({"shape": (5, -1)}, ((2, 3, 4),)),),
    ),
    _move(
        "View",
        "x.view(shape) (one -1 allowed; needs contiguous memory).",
        (({"shape": (-1, 8)}, ((2, 4, 8),)), ({"shape": (2, 3, 2, 2)}, ((2, 3, 4),))),
        _SHAPE_P,
        ("view", "Tensor.view"),
        _reshape("View"),
        (({"shape": (7, -1)}, ((2, 4, 8),)),),
    ),
    _move(
        "Transpose",
        "Swaps two axes.",
        (({"dim0": 1, "dim1": 2}, ((2, 3, 4),)), ({"dim0": -1, "dim1": -2}, ((2, 3, 4, 5),))),
        (P("dim0", "int"), P("dim1", "int")),
        ("torch.transpose", "transpose", "swapaxes"),
        _transpose_shape,
        (({"dim0": 0, "dim1": 3}, ((2, 3, 4),)),),
    ),
    _move(
        "Permute",
        "Reorders all axes.",
        (({"dims": (0, 2, 1)}, ((2, 3, 4),)), ({"dims": (0, 2, 1, 3)}, ((2, 3, 4, 5),))),
        (P("dims", "ints"),),
        ("torch.permute", "permute"),
        _permute_shape,
        (({"dims": (0, 1)}, ((2, 3, 4),)),),
    ),
    _move(
        "Squeeze",
        "Drops size-1 axes (all, or the given dims).",
        (({}, ((2, 1, 4, 1),)), ({"dim": 1}, ((2, 1, 4),))),
        (P("dim", "ints", None),),
        ("torch.squeeze",),
        _squeeze_shape,
        (({"dim": 3}, ((2, 1, 4),)),),
    ),
    _move(
        "Unsqueeze",
        "Inserts a size-1 axis at dim.",
        (({"dim": 1}, ((2, 4),)), ({"dim": -1}, ((2, 3, 4),))),
        (P("dim", "int"),),
        ("torch.unsqueeze", "expand_dims"),
        _unsqueeze_shape,
        (({"dim": 4}, ((2, 4),)),),
    ),
    _move(
        "Concat",
        "Joins tensors along dim; other axes must match.",
        (({"dim": -1}, ((2, 3), (2, 5))), ({"dim": 0}, ((2, 4), (1, 4), (3, 4)))),
        (P("dim", "int", 0),),
        ("torch.cat", "cat", "concatenate", "torch.concat"),
        _cat_shape,
        (({"dim": 0}, ((2, 4), (2, 5))),),
        n_inputs=None,
    ),
    _move(
        "Stack",
        "Stacks equal-shaped tensors along a new axis.",
        (({"dim": 0}, ((2, 3), (2, 3))), ({"dim": -1}, ((4,), (4,), (4,)))),
        (P("dim", "int", 0),),
        ("torch.stack",),
        _stack_shape,
        (({"dim": 0}, ((2, 3), (2, 4))),),
        n_inputs=None,
    ),
    _move(
        "Split",
        "Splits along dim into pieces of a size (or listed sections); first piece.",
        (
            ({"split_size_or_sections": 4, "dim": -1}, ((2, 12),)),
            ({"split_size_or_sections": (2, 5), "dim": 1}, ((3, 7, 2),)),
        ),
        (P("split_size_or_sections", "ints"), P("dim", "int", 0)),
        ("torch.split", "split"),
        _split_shape,
        (({"split_size_or_sections": (2, 4), "dim": 1}, ((3, 7),)),),
    ),
    _move(
        "Chunk",
        "Splits along dim into `chunks` near-equal pieces; first piece.",
        (({"chunks": 2, "dim": -1}, ((2, 12),)), ({"chunks": 3, "dim": 0}, ((7, 2),))),
        (P("chunks", "int"), P("dim", "int", 0)),
        ("torch.chunk", "chunk"),
        _chunk_shape,
        (({"chunks": 2, "dim": 2}, ((2, 12),)),),
    ),
    _move(
        "Unbind",
        "Removes dim, returning its slices; shape of one slice.",
        (({"dim": 0}, ((3, 4, 5),)), ({"dim": -1}, ((2, 3),))),
        (P("dim", "int", 0),),
        ("torch.unbind",),
        _unbind_shape,
        (({"dim": 3}, ((2, 3),)),),
    ),
    _move(
        "Slice",
        "x[..., start:end:step, ...] along dim.",
        (
            ({"dim": 1, "start": 1, "end": None, "step": 1}, ((2, 6, 3),)),
            ({"dim": -1, "start": 0, "end": 5, "step": 2}, ((4, 9),)),
        ),
        (P("dim", "int", 0), P("start", "int", None), P("end", "int", None), P("step", "int", 1)),
        ("slice", "getitem_slice"),
        _slice_shape,
        (({"dim": 3}, ((2, 6, 3),)),),
    ),
    _move(
        "Select",
        "x[..., index, ...]: removes dim (e.g. the CLS token x[:, 0]).",
        (({"dim": 1, "index": 0}, ((2, 5, 8),)), ({"dim": 0, "index": -1}, ((3, 4),))),
        (P("dim", "int"), P("index", "int")),
        ("torch.select", "getitem_index"),
        _select_shape,
        (({"dim": 1, "index": 5}, ((2, 5, 8),)),),
    ),
    _move(
        "Narrow",
        "length entries of dim from start.",
        (
            ({"dim": 1, "start": 1, "length": 3}, ((2, 5),)),
            ({"dim": 0, "start": 0, "length": 1}, ((3, 4),)),
        ),
        (P("dim", "int"), P("start", "int"), P("length", "int")),
        ("torch.narrow",),
        _narrow_shape,
        (({"dim": 1, "start": 3, "length": 3}, ((2, 5),)),),
    ),
    _move(
        "IndexSelect",
        "Rows of dim picked by a 1-D index tensor.",
        (({"dim": 0}, ((5, 4), (3,))), ({"dim": 1}, ((2, 6, 3), (4,)))),
        (P("dim", "int", 0),),
        ("torch.index_select",),
        _index_select_shape,
        (({"dim": 0}, ((5, 4), (3, 1))),),
        n_inputs=2,
        extra={"input_dtype": ("float", "long")},
    ),
    _move(
        "Gather",
        "Values along dim at index positions; output has the index's shape.",
        (({"dim": 1}, ((2, 5), (2, 3))), ({"dim": -1}, ((2, 3, 4), (2, 3, 1)))),
        (P("dim", "int"),),
        ("torch.gather",),
        _gather_shape,
        (({"dim": 1}, ((2, 5), (2, 3, 1))),),
        n_inputs=2,
        extra={"input_dtype": ("float", "long")},
    ),
    _move(
        "Expand",
        "Broadcast view to sizes (-1 keeps an axis).",
        (({"sizes": (3, 4)}, ((1, 4),)), ({"sizes": (2, -1, 5)}, ((3, 1),))),
        (P("sizes", "ints"),),
        ("expand", "Tensor.expand"),
        _expand_shape,
        (({"sizes": (3, 4)}, ((2, 4),)),),
    ),
    _move(
        "Repeat",
        "Tiles the tensor (Tensor.repeat).",
        (({"repeats": (2, 1)}, ((3, 4),)), ({"repeats": (2, 1, 3)}, ((4, 5),))),
        (P("repeats", "ints"),),
        ("repeat", "Tensor.repeat", "tile"),
        _repeat_shape,
        (({"repeats": (2,)}, ((3, 4),)),),
    ),
    _move(
        "Contiguous",
        "Copies into contiguous memory; same shape.",
        (({}, ((2, 8),)), ({}, ((2, 3, 4),))),
        (),
        ("contiguous", "clone"),
        _ID,
    ),
    _move(
        "Cast",
        "Changes dtype (x.to(dtype), .float(), .half()); same shape.",
        (({"dtype": "float16"}, ((2, 8),)), ({"dtype": "bfloat16"}, ((2, 3, 4),))),
        (P("dtype", "str", "float32"),),
        ("to", "Tensor.to", "type_as"),
        _ID,
    ),
    _move(
        "Pad",
        "F.pad: pad is (left, right, top, bottom, ...), last axis first.",
        (
            ({"pad": (1, 2)}, ((2, 3, 4),)),
            ({"pad": (1, 1, 0, 2), "mode": "reflect"}, ((1, 2, 4, 5),)),
        ),
        (P("pad", "ints"), P("mode", "str", "constant"), P("value", "float", None)),
        ("F.pad", "torch.nn.functional.pad"),
        _pad_shape,
        (({"pad": (1, 2, 3)}, ((2, 3, 4),)),),
    ),
    _move(
        "Interpolate",
        "F.interpolate to size or by scale_factor (functional Upsample).",
        (({"scale_factor": 2.0}, ((1, 3, 4, 4),)), ({"size": 7, "mode": "linear"}, ((2, 3, 5),))),
        (P("size", "ints", None), P("scale_factor", "floats", None), P("mode", "str", "nearest")),
        ("F.interpolate", "torch.nn.functional.interpolate"),
        _interp_shape,
        (({"size": (3, 3)}, ((2, 3, 5),)),),
    ),
    _move(
        "Roll",
        "Circular shift by shifts along dims (Swin's shifted windows).",
        (
            ({"shifts": 1, "dims": 1}, ((2, 5),)),
            ({"shifts": (2, -1), "dims": (1, 2)}, ((2, 4, 4, 3),)),
        ),
        (P("shifts", "ints"), P("dims", "ints", None)),
        ("torch.roll",),
        _roll_shape,
        (({"shifts": 1, "dims": 2}, ((2, 5),)),),
    ),
    _move(
        "Flip",
        "Reverses the order along dims.",
        (({"dims": 1}, ((2, 5),)), ({"dims": (0, 2)}, ((2, 3, 4),))),
        (P("dims", "ints"),),
        ("torch.flip",),
        _flip_shape,
        (({"dims": 2}, ((2, 5),)),),
    ),
    _move(
        "Einsum",
        "torch.einsum with an explicit or implicit output (no '...').",
        (
            ({"equation": "bhqd,bhkd->bhqk"}, ((2, 3, 4, 5), (2, 3, 6, 5))),
            ({"equation": "ij,jk"}, ((3, 4), (4, 2))),
            ({"equation": "btd,ed->bte"}, ((2, 5, 8), (4, 8))),
        ),
        (P("equation", "str"),),
        ("torch.einsum", "einsum"),
        _einsum_shape,
        (({"equation": "ij,jk->ik"}, ((3, 4), (5, 2))),),
        n_inputs=None,
        macs=_einsum_macs,
    ),
]
