"""Functional tensor ops, part 3: indexing (slice, select, gather), expand/repeat, pad,
interpolate, roll/flip and einsum.

Data movement costs 0 MACs; interpolation one per output element; einsum the product of all
index sizes (what torch's FlopCounterMode counts for it, halved).
"""

from __future__ import annotations

from math import prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, known, norm_axis, slice_length
from driftcheck.graph.catalogue.spec import P, fmt, numel, tup
from driftcheck.graph.catalogue.tensor_ops import _resolve_shape
from driftcheck.graph.catalogue.tensor_ops import move as _move


# ---------------------------------------------------------------- indexing
def _slice_shape(p, shapes):
    x = shapes[0]
    d = norm_axis("Slice", p["dim"], len(x), x)
    n = x[d]
    if not known(n):
        return (*x[:d], None, *x[d + 1 :])
    length = slice_length(p["start"], p["end"], p["step"], n)
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
    if -1 in sizes[:lead]:
        raise ShapeError(
            f"Expand {fmt(x)} to {fmt(sizes)}: the expanded size -1 isn't allowed in a leading, "
            "non-existing dimension"
        )
    out = list(sizes[:lead])
    for v, s in zip(x, sizes[lead:]):
        if s == -1:
            out.append(v)
        elif known(v) and v != 1 and v != s:
            raise ShapeError(f"Expand cannot expand {fmt(x)} to {fmt(sizes)}")
        else:
            out.append(s)
    return tuple(out)


def _sizes_from(name: str, entries, shapes) -> tuple:
    """Sizes where an entry ``[i, a]`` is the size of axis ``a`` of input ``i`` (0: the input
    being reshaped or expanded itself)."""
    if not isinstance(entries, (list, tuple)) or not entries:
        raise ShapeError(f"{name} needs a list of sizes, got {entries!r}")
    out = []
    for e in entries:
        if isinstance(e, (list, tuple)) and len(e) == 2 and known(*e) and 0 <= e[0] < len(shapes):
            src = shapes[e[0]]
            out.append(src[norm_axis(name, e[1], len(src), src)])
        elif isinstance(e, int) and not isinstance(e, bool) and e >= -1:
            out.append(e)
        else:
            raise ShapeError(f"{name} size {e!r} is neither a size nor [input, axis]")
    return tuple(out)


def _reshape_from_shape(p, shapes):
    return _resolve_shape("ReshapeFrom", shapes[0], _sizes_from("ReshapeFrom", p["shape"], shapes))


def _expand_from_shape(p, shapes):
    sizes = _sizes_from("ExpandFrom", p["sizes"], shapes)
    return _expand_shape({"sizes": sizes}, shapes[:1])


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
    mode = p.get("mode", "constant")
    if mode != "constant":
        _pad_mode_check(mode, pads, x)
    out = list(x)
    for i in range(len(pads) // 2):
        axis = len(x) - 1 - i
        lo, hi = pads[2 * i], pads[2 * i + 1]
        if known(out[axis], lo, hi) and mode == "constant" and min(lo, 0) + min(hi, 0) < 0:
            # torch's constant_pad_nd cuts a negative pad first (narrow by the left, then by
            # the right): any of the lengths below zero raises (measured on sizes 2 and 4,
            # every pair in -6..2)
            if out[axis] + min(lo, 0) + min(hi, 0) < 0 or out[axis] + lo + hi < 0:
                raise ShapeError(
                    f"Pad pad ({lo}, {hi}) cuts more than the axis size {out[axis]} of shape "
                    f"{fmt(x)} (narrow(): length must be non-negative)"
                )
        if known(out[axis]):
            out[axis] = out[axis] + lo + hi
    return tuple(out)


# F.pad's non-constant modes: torch pads the last 1/2/3 axes of an input with one or two
# leading axes only (NotImplementedError otherwise), reflection needs every pad below its
# axis' size, circular one that wraps at most once (a pad up to the size)
_PAD_RANKS = {2: (2, 3), 4: (3, 4), 6: (4, 5)}


def _pad_mode_check(mode, pads, x) -> None:
    if len(x) not in _PAD_RANKS.get(len(pads), ()):
        raise ShapeError(
            f"Pad mode={mode!r} pads {len(pads)} sides, not supported on shape {fmt(x)}"
        )
    for i in range(len(pads) // 2):
        size, lo, hi = x[len(x) - 1 - i], pads[2 * i], pads[2 * i + 1]
        if not known(size, lo, hi):
            continue
        if mode == "reflect" and (lo >= size or hi >= size):
            raise ShapeError(
                f"Pad mode='reflect' pad ({lo}, {hi}) must be less than the axis size "
                f"{size} of shape {fmt(x)}"
            )
        if mode == "circular" and (lo > size or hi > size):
            raise ShapeError(
                f"Pad mode='circular' pad ({lo}, {hi}) wraps around an axis of size {size} "
                f"(shape {fmt(x)}) more than once"
            )


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
        if len(f) != n:
            raise ShapeError(
                f"Interpolate scale_factor {fmt(f)} does not fit input shape {fmt(x)}: "
                "one factor per spatial axis"
            )
        out = tuple(int(v * f[i]) if known(v) else v for i, v in enumerate(x[2:]))
    else:
        raise ShapeError("Interpolate needs size or scale_factor")
    if p.get("mode", "nearest") != "area" and any(known(v) and v < 1 for v in (*x[2:], *out)):
        # torch's upsample kernels: "Input and output sizes should be greater than 0" (a
        # scale_factor of 0.5 on an axis of 1 floors to 0); "area" is an adaptive average
        # pool, which takes 0
        raise ShapeError(
            f"Interpolate input {fmt(x)} to spatial size {fmt(out)}: sizes must be > 0"
        )
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
def _bcast_dim(a, b):
    if known(a, b):
        if a != b and 1 not in (a, b):
            raise ShapeError(f"Einsum '...' axes {a} and {b} do not broadcast")
        return a if b == 1 else b
    return b if a == 1 else a


def _einsum_parse(eq: str, shapes):
    """The letters' sizes (the axes an ``...`` covers under keys ``...0``, ``...1``: torch
    broadcasts them right-aligned) and the output shape. Without ``->`` the output is the
    ``...`` axes, then the letters used once, sorted (torch's implicit form)."""
    lhs, arrow, rhs = eq.replace(" ", "").partition("->")
    terms = lhs.split(",")
    if len(terms) != len(shapes):
        raise ShapeError(f"Einsum {eq!r} names {len(terms)} operands, got {len(shapes)}")
    sizes: dict[str, object] = {}
    ell: tuple = ()
    for term, s in zip(terms, shapes):
        s = tuple(s)
        if "..." in term:
            named = term.replace("...", "", 1)
            if "." in named or len(named) > len(s):
                raise ShapeError(f"Einsum term {term!r} does not fit operand shape {fmt(s)}")
            i = term.index("...")
            n = len(s) - len(named)
            part, s, term = s[i : i + n], s[:i] + s[i + n :], named
            width = max(len(ell), len(part))
            ell = (1,) * (width - len(ell)) + ell
            part = (1,) * (width - len(part)) + part
            ell = tuple(_bcast_dim(a, b) for a, b in zip(ell, part))
        if len(term) != len(s):
            raise ShapeError(f"Einsum term {term!r} does not fit operand shape {fmt(s)}")
        for c, v in zip(term, s):
            old = sizes.get(c)
            if known(old, v) and old != v and 1 not in (old, v):
                raise ShapeError(f"Einsum index {c!r} is {old} and {v} in {eq!r}")
            if old is None or old == 1:
                sizes[c] = v
    if not arrow:
        rhs = ("..." if "..." in lhs else "") + "".join(
            sorted(c for c in sizes if lhs.count(c) == 1)
        )
    head, dots, tail = rhs.partition("...")
    out = (*(sizes[c] for c in head), *(ell if dots else ()), *(sizes[c] for c in tail))
    sizes.update({f"...{i}": v for i, v in enumerate(ell)})
    return sizes, out


def _einsum_shape(p, shapes):
    return _einsum_parse(p["equation"], shapes)[1]


def _einsum_macs(p, shapes, out):
    sizes, _ = _einsum_parse(p["equation"], shapes)
    vals = list(sizes.values())
    return prod(vals) if known(*vals) else 0


LAYERS = [
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
        "ExpandFrom",
        "Expand to sizes read from other inputs' shapes: x.expand(y.size(0), -1, -1) is sizes "
        "[[1, 0], -1, -1] (a cls token broadcast over the batch).",
        (
            ({"sizes": [[1, 0], -1, -1]}, ((1, 1, 4), (3, 5))),
            ({"sizes": [[1, 0], [2, 1], -1]}, ((1, 1, 4), (2, 7), (2, 5))),
        ),
        (P("sizes", "any"),),
        (),
        _expand_from_shape,
        (({"sizes": [[1, 0], -1]}, ((2, 4), (3, 5))),),
        n_inputs=None,
    ),
    _move(
        "ReshapeFrom",
        "View / reshape to sizes read from other inputs' shapes: x.view(y.size(0), y.size(1), "
        "-1) is shape [[1, 0], [1, 1], -1] (axes restored after a flatten; one -1 allowed).",
        (
            ({"shape": [[1, 0], [1, 1], -1]}, ((6, 4), (2, 3))),
            ({"shape": [[1, 0], -1, 8]}, ((2, 3, 16), (2, 9))),
        ),
        (P("shape", "any"),),
        (),
        _reshape_from_shape,
        (({"shape": [[1, 0], 5]}, ((6, 4), (2, 3))),),
        n_inputs=None,
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
        "Pad",
        "F.pad: pad is (left, right, top, bottom, ...), last axis first.",
        (
            ({"pad": (1, 2)}, ((2, 3, 4),)),
            ({"pad": (1, 1, 0, 2), "mode": "reflect"}, ((1, 2, 4, 5),)),
        ),
        (P("pad", "ints"), P("mode", "str", "constant"), P("value", "float", None)),
        ("F.pad", "torch.nn.functional.pad"),
        _pad_shape,
        (
            ({"pad": (1, 2, 3)}, ((2, 3, 4),)),
            ({"pad": (4, 4), "mode": "reflect"}, ((2, 3, 4),)),
            ({"pad": (5, 0), "mode": "circular"}, ((2, 3, 4),)),
            ({"pad": (1, 1), "mode": "replicate"}, ((2, 3, 4, 5),)),
        ),
    ),
    _move(
        "Interpolate",
        "F.interpolate to size or by scale_factor (functional Upsample).",
        (({"scale_factor": 2.0}, ((1, 3, 4, 4),)), ({"size": 7, "mode": "linear"}, ((2, 3, 5),))),
        (P("size", "ints", None), P("scale_factor", "floats", None), P("mode", "str", "nearest")),
        ("F.interpolate", "torch.nn.functional.interpolate"),
        _interp_shape,
        (({"size": (3, 3)}, ((2, 3, 5),)),),
        macs=lambda p, s, o: 0 if p["mode"] == "nearest" else numel(o) or 0,
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

LAYERS = checked(LAYERS)
