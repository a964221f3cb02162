"""Functional tensor ops, part 2: data movement (reshape, view, permute, squeeze, cat, stack,
split, chunk) plus torch.nn's Identity/Flatten/Unflatten modules (indexing is in indexing.py).

Data movement costs 0 MACs. Split/Chunk/Unbind return the shape of their first piece.
"""

from __future__ import annotations

from math import prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, known, norm_axis, zero_macs
from driftcheck.graph.catalogue.ops import op
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt, tup


def move(name, doc, examples, params=(), aliases=(), shape=None, bad=None, n_inputs=1, **kw):
    """A data-movement op: no weights, 0 MACs unless ``macs`` says otherwise."""
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
    dims = [norm_axis("Squeeze", d, len(x), x) for d in tup(p["dim"], 1)]
    axes = set(dims)
    if len(axes) < len(dims):
        raise ShapeError(f"Squeeze dims {p['dim']}: a dim appears multiple times in the list")
    return tuple(v for i, v in enumerate(x) if not (i in axes and v == 1))


def _unsqueeze_shape(p, shapes):
    x = list(shapes[0])
    d = norm_axis("Unsqueeze", p["dim"], len(x) + 1, shapes[0])
    x.insert(d, 1)
    return tuple(x)


# ---------------------------------------------------------------- joins and splits
def _cat_shape(p, shapes):
    # torch.cat skips a 1-D empty tensor, whatever the others' rank (its legacy rule:
    # cat([x (2, 3), randn(0)], dim=1) is x)
    kept = [s for s in shapes if not (len(s) == 1 and known(s[0]) and s[0] == 0)]
    shapes = kept or shapes
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
    move(
        "Reshape",
        "x.reshape(shape) (one -1 allowed).",
        (({"shape": (2, -1)}, ((2, 3, 4),)), ({"shape": (4, 3, 2)}, ((24,),))),
        _SHAPE_P,
        ("torch.reshape", "reshape"),
        _reshape("Reshape"),
        (({"shape": (5, -1)}, ((2, 3, 4),)),),
    ),
    move(
        "View",
        "x.view(shape) (one -1 allowed; needs contiguous memory).",
        (({"shape": (-1, 8)}, ((2, 4, 8),)), ({"shape": (2, 3, 2, 2)}, ((2, 3, 4),))),
        _SHAPE_P,
        ("view", "Tensor.view"),
        _reshape("View"),
        (({"shape": (7, -1)}, ((2, 4, 8),)),),
    ),
    move(
        "Transpose",
        "Swaps two axes.",
        (({"dim0": 1, "dim1": 2}, ((2, 3, 4),)), ({"dim0": -1, "dim1": -2}, ((2, 3, 4, 5),))),
        (P("dim0", "int"), P("dim1", "int")),
        ("torch.transpose", "transpose", "swapaxes"),
        _transpose_shape,
        (({"dim0": 0, "dim1": 3}, ((2, 3, 4),)),),
    ),
    move(
        "Permute",
        "Reorders all axes.",
        (({"dims": (0, 2, 1)}, ((2, 3, 4),)), ({"dims": (0, 2, 1, 3)}, ((2, 3, 4, 5),))),
        (P("dims", "ints"),),
        ("torch.permute", "permute"),
        _permute_shape,
        (({"dims": (0, 1)}, ((2, 3, 4),)),),
    ),
    move(
        "Squeeze",
        "Drops size-1 axes (all, or the given dims).",
        (({}, ((2, 1, 4, 1),)), ({"dim": 1}, ((2, 1, 4),))),
        (P("dim", "ints", None),),
        ("torch.squeeze",),
        _squeeze_shape,
        (({"dim": 3}, ((2, 1, 4),)),),
    ),
    move(
        "Unsqueeze",
        "Inserts a size-1 axis at dim.",
        (({"dim": 1}, ((2, 4),)), ({"dim": -1}, ((2, 3, 4),))),
        (P("dim", "int"),),
        ("torch.unsqueeze", "expand_dims"),
        _unsqueeze_shape,
        (({"dim": 4}, ((2, 4),)),),
    ),
    move(
        "Concat",
        "Joins tensors along dim; other axes must match.",
        (({"dim": -1}, ((2, 3), (2, 5))), ({"dim": 0}, ((2, 4), (1, 4), (3, 4)))),
        (P("dim", "int", 0),),
        ("torch.cat", "cat", "concatenate", "torch.concat"),
        _cat_shape,
        (({"dim": 0}, ((2, 4), (2, 5))),),
        n_inputs=None,
    ),
    move(
        "Stack",
        "Stacks equal-shaped tensors along a new axis.",
        (({"dim": 0}, ((2, 3), (2, 3))), ({"dim": -1}, ((4,), (4,), (4,)))),
        (P("dim", "int", 0),),
        ("torch.stack",),
        _stack_shape,
        (({"dim": 0}, ((2, 3), (2, 4))),),
        n_inputs=None,
    ),
    move(
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
    move(
        "Chunk",
        "Splits along dim into `chunks` near-equal pieces; first piece.",
        (({"chunks": 2, "dim": -1}, ((2, 12),)), ({"chunks": 3, "dim": 0}, ((7, 2),))),
        (P("chunks", "int"), P("dim", "int", 0)),
        ("torch.chunk", "chunk"),
        _chunk_shape,
        (({"chunks": 2, "dim": 2}, ((2, 12),)),),
    ),
    move(
        "Unbind",
        "Removes dim, returning its slices; shape of one slice.",
        (({"dim": 0}, ((3, 4, 5),)), ({"dim": -1}, ((2, 3),))),
        (P("dim", "int", 0),),
        ("torch.unbind",),
        _unbind_shape,
        (({"dim": 3}, ((2, 3),)),),
    ),
    move(
        "Contiguous",
        "Copies into contiguous memory; same shape.",
        (({}, ((2, 8),)), ({}, ((2, 3, 4),))),
        (),
        ("contiguous", "clone"),
        _ID,
    ),
    move(
        "Cast",
        "Changes dtype (x.to(dtype), .float(), .half()); same shape.",
        (({"dtype": "float16"}, ((2, 8),)), ({"dtype": "bfloat16"}, ((2, 3, 4),))),
        (P("dtype", "str", "float32"),),
        ("to", "Tensor.to", "type_as"),
        _ID,
    ),
]

LAYERS = checked(LAYERS)
