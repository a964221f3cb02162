"""Forward crashes on real sizes (``check --input-shape``), session 18: the rank, range and
in-place conditions torch checks before an op runs. Each check is torch's own error
condition on shapes and values the pass knows for certain; anything unknown gives no crash:

- ``ConvTranspose{n}d(x, output_size=s)``: ``s`` replaces the size the layer would give, and
  must lie between that size without output padding and ``stride - 1`` above it (torch's
  ``_output_padding``); a U-Net upsampling to its skip's size is fine on odd maps, not to
  the size of a stage two levels up;
- ``torch.tril`` / ``triu`` need at least 2 dimensions; ``torch.outer`` / ``ger`` two 1-D
  tensors (result ``(n, m)``); ``torch.mm`` two matrices (``MatMul`` broadcasts, ``mm`` does
  not);
- ``F.dropout(x, p)`` and its kin: ``0 <= p <= 1`` (a percentage is a ValueError);
- ``F.interpolate(x, mode=...)``: ``linear`` needs a 3-D input, ``bilinear`` / ``bicubic`` a
  4-D one, ``trilinear`` a 5-D one;
- ``torch.cross`` / ``torch.linalg.cross(a, b, dim)``: the axis must have 3 items;
- an in-place binary op (``x.add_(y)``, ``x += y``): the broadcast of both shapes must be
  ``x``'s own (torch cannot grow the tensor it writes to);
- ``view`` / ``reshape`` / ``expand`` / ``repeat`` with a float size (``C / n_head``);
  ``x // n``, ``x / n``, ``x % n`` on known numbers with ``n == 0``;
- ``t.item()`` of more than one element; ``torch.tensor([t1, t2])`` of tensors of more than
  one element; ``masked_fill(mask, value)`` with a value tensor of 1 or more dims;
- ``torch.baddbmm(bias, b1, b2)``: the bias expands one way to ``(b, n, p)``;
- shapes the checks after them need: ``F.glu`` (the catalogue's GLU), ``torch.diag`` (1-D
  to a matrix, 2-D to its diagonal, other ranks raise), ``torch.roll`` (its input's shape);
- an in-place write (``add_``, ``x += y``, ``copy_``) into a tensor ``expand`` grew (items
  sharing memory: torch's internal-overlap error); a boolean mask index whose axes differ
  from the axes it indexes; integer index tensors that do not broadcast together. The facts
  these need are added after each tensor method (``after_method``): a comparison is bool, a
  view keeps its input's dtype, ``topk``'s indices are int64, an expand that grows an axis
  overlaps.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg, broadcast, numel
from driftcheck.parsers.source.values.dataflow_values import ShapeOf, Tens, is_int, known_shape

_shape = known_shape

# ``F.interpolate`` modes and the input ranks torch accepts for each (other modes: not judged)
_MODE_RANKS = {
    "nearest": (3, 4, 5),
    "nearest-exact": (3, 4, 5),
    "area": (3, 4, 5),
    "linear": (3,),
    "bilinear": (4,),
    "bicubic": (4,),
    "trilinear": (5,),
}
_DROPOUTS = {
    "dropout",
    "dropout1d",
    "dropout2d",
    "dropout3d",
    "alpha_dropout",
    "feature_alpha_dropout",
}
# dtypes ``mean`` cannot average (no float result dtype to infer): fact name -> torch's word
_NOT_FLOAT = {"int64": "an integer dtype (Long)", "uint8": "Byte", "bool": "Bool"}
# tensor factories whose sizes are checked (``created``)
_CREATORS = {"zeros", "ones", "empty", "randn", "rand", "full", "arange"}
# ``self.scatter*(dim, index, src)``: torch's index-size check (``scatter``)
_SCATTERS = {"scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce",
             "scatter_reduce_"}  # fmt: skip
# integer / bool casts and the dtype facts of their result
_INT_CASTS: dict[str, dict] = {
    "long": {"dtype": "int64", "long": True},
    "int": {"dtype": "int64", "itype": "Int"},  # int32: an integer dtype, not an int64 index
    "short": {"dtype": "int64", "itype": "Short"},  # int16 (``itype``: torch's word for it)
    "bool": {"dtype": "bool"},
    "byte": {"dtype": "uint8"},
}
# value-lookup ops with rank conditions (``lookup``)
_LOOKUPS = {"bincount", "multinomial", "searchsorted", "bucketize", "take_along_dim"}
# tensor methods whose sizes must be ints
_SIZED = {"view", "reshape", "expand", "repeat"}
# in-place binary tensor methods and the op they apply
INPLACE = {"add_": "add", "sub_": "sub", "mul_": "mul", "div_": "div"}


_arg = arg
_bcast = broadcast


def _sizes(v: Any) -> tuple[int, ...] | None:
    """An ``output_size`` argument: ``x.shape`` / ``x.size()``, or a list / tuple of ints."""
    if isinstance(v, ShapeOf):
        return _shape(v.t)
    if isinstance(v, (list, tuple)) and all(is_int(d) for d in v):
        return tuple(v)
    return None


# ---------------------------------------------------------------------- ConvTranspose output_size
def convt_output_size(f: Any, node: Any, out: Any, x: Any, size: Any, loc: Any) -> Any:
    """``ConvTranspose{n}d``'s forward with ``output_size``: the output's spatial size is
    ``size`` when it lies in ``[m, m + stride - 1]`` per axis, ``m`` the size without output
    padding; outside that range torch raises a ValueError. ``out`` is the layer's result
    without ``output_size`` (its rule applied the layer's own ``output_padding``)."""
    n = int(node.type[-2])
    xs, os_ = _shape(x), _shape(out)
    want = _sizes(size)
    if xs is None or os_ is None or len(xs) not in (n + 1, n + 2) or len(os_) != len(xs):
        return Tens(out.src) if isinstance(out, Tens) else out
    if want is None:
        return Tens(out.src)
    lead = len(xs) - n
    if len(want) == lead + n:
        want = want[lead:]
    if len(want) != n:
        f.crash(
            loc,
            f"ConvTranspose{n}D: for {len(xs)}D input, output_size must have {n} or "
            f"{lead + n} elements (got {len(want)})",
        )
        return Tens(None)

    def per_axis(v: Any) -> tuple | None:
        v = tuple(v) if isinstance(v, (list, tuple)) else (v,) * n
        return v if len(v) == n and all(is_int(d) for d in v) else None

    stride, op = (
        per_axis(node.params.get("stride", 1)),
        per_axis(node.params.get("output_padding", 0)),
    )
    if stride is None or op is None:
        return Tens(out.src)
    lo = [os_[lead + j] - op[j] for j in range(n)]
    hi = [lo[j] + stride[j] - 1 for j in range(n)]
    if any(not lo[j] <= want[j] <= hi[j] for j in range(n)):
        f.crash(
            loc,
            f"{node.type}: requested an output size of {list(want)}, but valid sizes range from "
            f"{lo} to {hi} (for an input of {list(xs[lead:])})",
        )
        return Tens(None)
    shape = (*os_[:lead], *want)
    # a size other than the layer's own: the graph's node (one per layer, its rule without
    # ``output_size``) would carry the wrong shape on, so the dataflow restarts here
    return Tens(out.src if shape == os_ else None, shape)


# ---------------------------------------------------------------------- torch.* functions
def torch_fn(run: Any, q: str, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """``dataflow_torch.call_torch``'s hook on real sizes: the checks of functions whose first
    argument is not the tensor the method hook sees, or that return before it."""
    f = run.f
    x = _arg(args, kwargs, 0, "input")
    if name in _DROPOUTS and q.startswith("torch.nn.functional."):
        p = _arg(args, kwargs, 1, "p", 0.5)
        if isinstance(p, (int, float)) and not isinstance(p, bool) and not 0.0 <= p <= 1.0:
            f.crash(loc, f"dropout probability has to be between 0 and 1, but got {p}")
    if name == "interpolate" and q.startswith("torch.nn.functional."):
        mode = _arg(args, kwargs, 3, "mode", "nearest")
        xs = _shape(x) if isinstance(x, Tens) else None
        ranks = _MODE_RANKS.get(mode) if isinstance(mode, str) else None
        if xs is not None and ranks is not None and len(xs) not in ranks:
            f.crash(
                loc,
                f"interpolate: got {len(xs)}D input, but mode {mode!r} needs "
                f"{' or '.join(f'{r}D' for r in ranks)} input",
            )
    if name == "tensor" and q == "torch.tensor":
        data = _arg(args, kwargs, 0, "data")
        items = data if isinstance(data, (list, tuple)) else ()
        for it in items:
            its = _shape(it)
            if its is not None and numel(its) != 1:
                # a list of tensors is read item by item as Python scalars
                f.crash(loc, "only one element tensors can be converted to Python scalars")
                break
    if name == "pad_sequence" and q.endswith("rnn.pad_sequence"):
        pad_sequence(f, _arg(args, kwargs, 0, "sequences"), loc)
    if q == f"torch.{name}" and name in _CREATORS:
        created(f, name, args, kwargs, loc)
    if q.endswith("linalg.cross") and len(args) < 3 and "dim" not in kwargs:
        # ``linalg.cross``'s default axis is -1 (``torch.cross``'s is None); a given axis is
        # judged by the method hook, which every form reaches
        cross(f, x, _arg(args, kwargs, 1, "other"), -1, loc)


def pad_sequence(f: Any, seqs: Any, loc: Any) -> None:
    """``pad_sequence([s_1, ..., s_n])``: the output's trailing axes are the first sequence's;
    each ``s_i`` is copied into a slot ``(len(s_i), *trailing)`` (a broadcasting copy), so its
    shape must broadcast to that slot without growing it (rows of another feature width do
    not). Judged only when every sequence's shape is known."""
    if not isinstance(seqs, (list, tuple)) or not seqs:
        return
    shapes = [_shape(t) if isinstance(t, Tens) else None for t in seqs]
    if any(sh is None or len(sh) == 0 for sh in shapes):
        return
    trailing = shapes[0][1:]
    for sh in shapes[1:]:
        slot = (sh[0], *trailing)
        if _bcast(slot, sh) != slot:
            f.crash(
                loc,
                f"pad_sequence: a sequence of shape {list(sh)} does not fit its padded slot "
                f"{list(slot)} (the trailing sizes are the first sequence's, {list(trailing)})",
            )
            return


def created(f: Any, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """``torch.zeros(B, max_len - T, d)`` and its kin with a negative size (a pad length
    when the input is longer than the maximum), ``torch.arange(start, end, step)`` with a
    step of 0 (``T // k`` on a short input) or of the wrong sign: torch's RuntimeErrors.
    Only sizes and bounds that are known numbers are judged."""
    num = (int, float)
    if name == "arange":
        if not 1 <= len(args) <= 3 or kwargs.keys() & {"start", "end", "step"}:
            return
        if not all(isinstance(a, num) and not isinstance(a, bool) for a in args):
            return
        start, end, step = (0, args[0], 1) if len(args) == 1 else (args[0], args[1], 1)
        if len(args) == 3:
            step = args[2]
        if step == 0:
            f.crash(loc, f"arange: step must be nonzero (arange({start}, {end}, {step}))")
        elif (end - start) * step < 0:
            f.crash(
                loc,
                f"arange: upper bound and lower bound inconsistent with step sign "
                f"(arange({start}, {end}, {step}))",
            )
        return
    if name == "full":
        sizes = _arg(args, kwargs, 0, "size")
    else:
        sizes = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        if not args:
            sizes = kwargs.get("size")
    if not isinstance(sizes, (list, tuple)) or not sizes or not all(is_int(d) for d in sizes):
        return
    bad = next((d for d in sizes if d < 0), None)
    if bad is not None:
        f.crash(
            loc,
            f"{name}: Trying to create tensor with negative dimension {bad}: {list(sizes)}",
        )


def cross(f: Any, a: Any, b: Any, dim: Any, loc: Any) -> None:
    """``cross(a, b, dim)``: both inputs' ``dim`` axis must have 3 items (``dim=None`` picks
    the first axis of size 3: not judged)."""
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None or not is_int(dim) or len(sa) != len(sb):
        return
    if not -len(sa) <= dim < len(sa):
        return
    if sa[dim] != 3 or sb[dim] != 3:
        f.crash(
            loc,
            f"linalg.cross: inputs dimension {dim} must have length 3. Got {sa[dim]} and {sb[dim]}",
        )


# ---------------------------------------------------------------------- tensor methods
def method(run: Any, t: Tens, name: str, args: list, kwargs: dict, fr: Any, loc: Any) -> Any:
    """``dataflow_torch.method``'s hook on real sizes (``name`` as written, before in-place
    names lose their ``_``): the result of an op checked here, or None (go on)."""
    f = run.f
    if name in _SIZED:
        sizes = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        bad = next((d for d in sizes if type(d) is float), None)
        if bad is not None:
            # ``C / n_head`` is a float in Python 3 even when it divides: torch's TypeError
            f.crash(
                loc,
                f"{name}(): argument 'size' must be a tuple of ints, but got the float {bad!r} "
                "(a true division `/` where `//` was meant)",
            )
            return Tens(None)
    if name == "glu" and t.src is not None:
        # ``F.glu(x, dim)``: the catalogue's GLU (the axis halves; an odd axis raises)
        dim = _arg(args, kwargs, 0, "dim", -1)
        if is_int(dim):
            return f.add_op("GLU", {"dim": dim}, [t], fr.parent, loc)
    ts = _shape(t)
    if ts is None:
        return None
    got = frequent(f, t, ts, name, args, kwargs, loc)
    if got is not None:
        return got
    if name in _INT_CASTS and not args and not kwargs:
        # ``(ids != 0).long()``: an integer (or bool) tensor of the same shape, for the
        # dtype rules after it (``torch.where`` of a long mask raises)
        out = Tens(t.src, t.shape)
        _add_facts(f, out, **_INT_CASTS[name])
        return out
    if name in _LOOKUPS:
        return lookup(f, t, ts, name, args, kwargs, loc)
    if name in ("masked_scatter", "masked_scatter_"):
        from driftcheck.parsers.source.forward import dataflow_known

        mask, src = _arg(args, kwargs, 0, "mask"), _arg(args, kwargs, 1, "source")
        return Tens(None) if dataflow_known.masked_scatter(f, t, mask, src, loc) else None
    if name == "cross_entropy":
        cross_entropy(f, ts, _shape(_arg(args, kwargs, 0, "target")), loc)
        return None
    if name in ("max", "min") and not args and not kwargs:
        return Tens(None, ())  # the reduction over every axis: a 0-d tensor
    if name == "cosine_similarity":
        return cosine(f, ts, args, kwargs, loc)
    if name in _SCATTERS:
        scatter(f, ts, name, args, kwargs, loc)
        return None
    if name in ("mean", "nanmean") and "dtype" not in kwargs:
        dt = _facts(f, t).get("dtype")
        if dt in _NOT_FLOAT:
            f.crash(
                loc,
                f"{name}(): could not infer output dtype. Input dtype must be either a floating "
                f"point or complex dtype. Got: {_word(f, t, dt)}",
            )
            return Tens(None)
        return None
    if name == "diag":
        k = _arg(args, kwargs, 0, "diagonal", 0)
        if not is_int(k):
            return None
        if len(ts) == 1:
            return Tens(None, (ts[0] + abs(k),) * 2)
        if len(ts) == 2:
            m, n = ts
            return Tens(None, (max(0, min(m, n - k) if k >= 0 else min(m + k, n)),))
        f.crash(loc, f"diag(): Supports 1D or 2D tensors. Got {len(ts)}D")
        return Tens(None)
    if name == "roll":
        # ``torch.roll`` keeps the shape (its own arguments are ``dataflow_axes.roll``'s)
        from driftcheck.parsers.source.forward import dataflow_axes

        before = len(f.crashes)
        dims = _arg(args, kwargs, 1, "dims")
        dataflow_axes.roll(f, t, _arg(args, kwargs, 0, "shifts"), dims, loc)
        return Tens(t.src, t.shape) if len(f.crashes) == before else Tens(None)
    if name == "item":
        n = numel(ts)
        if n != 1:
            f.crash(loc, f"a Tensor with {n} elements cannot be converted to Scalar")
        return None
    if name in ("masked_fill", "masked_fill_"):
        vs = _shape(_arg(args, kwargs, 1, "value"))
        if vs is not None and len(vs) > 0:
            f.crash(
                loc,
                f"{name} only supports a 0-dimensional value tensor, but got tensor with "
                f"{len(vs)} dimension(s).",
            )
            return Tens(None)
        return None
    if name == "baddbmm":
        baddbmm(f, t, name, args, kwargs, loc)
        return None
    if name in ("tril", "triu", "tril_", "triu_") and len(ts) < 2:
        f.crash(loc, f"{name.rstrip('_')}: input tensor must have at least 2 dimensions")
        return Tens(None)
    if name in ("outer", "ger"):
        other = _arg(args, kwargs, 0, "vec2")
        os_ = _shape(other)
        if len(ts) != 1:
            f.crash(loc, f"outer: Expected 1-D argument self, but got {len(ts)}-D")
            return Tens(None)
        if os_ is not None and len(os_) != 1:
            f.crash(loc, f"outer: Expected 1-D argument vec2, but got {len(os_)}-D")
            return Tens(None)
        return Tens(None, (ts[0], os_[0])) if os_ is not None else None
    if name == "mm":
        other = _arg(args, kwargs, 0, "mat2")
        os_ = _shape(other)
        if len(ts) != 2:
            f.crash(loc, "mm: self must be a matrix")
            return Tens(None)
        if os_ is not None and len(os_) != 2:
            f.crash(loc, "mm: mat2 must be a matrix")
            return Tens(None)
        return None
    if name == "cross":
        cross(f, t, _arg(args, kwargs, 0, "other"), _arg(args, kwargs, 1, "dim"), loc)
        return None
    if name in INPLACE:
        inplace(f, t, _arg(args, kwargs, 0, "other"), loc)
    if name == "copy_":
        overlap(f, t, name, loc)
    return None


def inplace(f: Any, t: Tens, other: Any, loc: Any) -> None:
    """``t.add_(other)`` / ``t += other``: torch writes the result into ``t``, so the
    broadcast of both shapes must be ``t``'s shape (a mismatch that does not broadcast at
    all is the op's own rule, not judged here)."""
    if overlap(f, t, "in-place op", loc):
        return
    ts, os_ = _shape(t), _shape(other)
    if ts is None or os_ is None:
        return
    out = _bcast(ts, os_)
    if out is not None and out != ts:
        f.crash(
            loc,
            f"output with shape {list(ts)} doesn't match the broadcast shape {list(out)} "
            "(an in-place op cannot grow the tensor it writes to)",
        )


def baddbmm(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """``torch.baddbmm(input, b1, b2)``: ``input`` is expanded (not broadcast both ways) to
    the product's ``(b, n, p)``: each of its axes, aligned from the right, must be that size
    or 1 (an ALiBi bias of one row per head, not per batch and head, fails). The batch
    products' own rule (3-D, matching batch and inner sizes) is checked first."""
    a, b = _shape(_arg(args, kwargs, 0, "batch1")), _shape(_arg(args, kwargs, 1, "batch2"))
    ts = _shape(t)
    if a is None or b is None or ts is None:
        return
    if len(a) != 3 or len(b) != 3:
        f.crash(loc, f"{name}: batch1 and batch2 must be 3-D tensors, got {list(a)} and {list(b)}")
        return
    if a[0] != b[0] or a[2] != b[1]:
        f.crash(
            loc,
            f"{name}: expected batch2 of shape [{a[0]}, {a[2]}, *], got {list(b)} "
            f"(batch1 is {list(a)})",
        )
        return
    target = (a[0], a[1], b[2])
    ok = len(ts) <= 3 and all(x in (y, 1) for x, y in zip(reversed(ts), reversed(target)))
    if not ok:
        f.crash(
            loc,
            f"The expanded size of the tensor must match the existing size: target sizes "
            f"{list(target)}, tensor sizes {list(ts)} (baddbmm's input is expanded to the product)",
        )


def zero_division(f: Any, op: Any, a: Any, b: Any, loc: Any) -> None:
    """``T // n`` / ``T / n`` / ``T % n`` on known numbers with ``n == 0`` in forward (a chunk
    count that is 0 on a short input): Python's ZeroDivisionError."""
    num = (int, float)
    if isinstance(a, num) and isinstance(b, num) and not isinstance(a, bool):
        if not isinstance(b, bool) and b == 0:
            f.crash(loc, f"ZeroDivisionError: {a!r} {op} {b!r} (the divisor is 0 on this input)")


# ---------------------------------------------------------------------- views, dtypes, indexing
# tensor methods whose result has its input's dtype (views and copies of the same values)
_SAME_DTYPE = {
    "expand", "expand_as", "broadcast_to", "view", "reshape", "contiguous", "clone", "detach",
    "unsqueeze", "squeeze", "transpose", "swapaxes", "permute", "flatten", "unflatten",
    "repeat", "flip", "roll", "t",
}  # fmt: skip
# tensor methods that compare: a bool tensor, whatever the inputs' dtypes
_COMPARE = {"eq", "ne", "lt", "le", "gt", "ge", "greater", "less", "not_equal", "isnan", "isinf"}
# the ``ast`` comparison operators that give a bool tensor from a tensor and a number
_COMPARE_OPS = ("Eq", "NotEq", "Lt", "LtE", "Gt", "GtE")
BOOL = "bool"


def _facts(f: Any, t: Any) -> dict:
    got = f.value_facts.get(id(t)) if isinstance(t, Tens) else None
    return dict(got[1]) if got is not None and got[0] is t else {}


def _word(f: Any, t: Any, dt: str) -> str:
    """torch's word for ``t``'s non-float dtype ``dt`` ('Int' after ``.int()``)."""
    return dataflow_checks.int_word(f, t) if dt == "int64" else _NOT_FLOAT[dt]


def _add_facts(f: Any, t: Any, **facts: Any) -> None:
    """Add ``facts`` to tensor ``t``'s, keeping the ones it has (set at its source)."""
    dataflow_checks.add_facts(f, t, replace=False, **facts)


def compared(f: Any, op: Any, out: Any) -> Any:
    """``x != 0`` of a tensor and a number: a bool tensor (for the boolean-mask index rule)."""
    if type(op).__name__ in _COMPARE_OPS:
        _add_facts(f, out, dtype=BOOL)
    return out


def overlapping(ts: tuple, os_: tuple) -> bool:
    """``t.expand(*os_)`` of a ``ts``-shaped tensor: True when an axis of more than one item
    is new or grown from 1 (stride 0: several items share one memory location)."""
    lead = len(os_) - len(ts)
    return lead >= 0 and any(o > 1 and (i < lead or ts[i - lead] == 1) for i, o in enumerate(os_))


def after_method(f: Any, t: Tens, name: str, out: Any) -> None:
    """Facts of a tensor method's result ``out`` that torch makes certain: a view or copy
    keeps its input's dtype (and whether it is surely an int64 index); a comparison is
    bool; ``topk``'s indices are int64; an ``expand`` that grows an axis is a tensor whose
    items share memory (an in-place write into it raises)."""
    if not isinstance(t, Tens):
        return
    if isinstance(out, tuple) and name == "topk" and len(out) == 2:
        _add_facts(f, out[1], dtype="int64", long=True)
        return
    if not isinstance(out, Tens) or out is t:
        return
    if name in _COMPARE:
        _add_facts(f, out, dtype=BOOL)
        return
    if name not in _SAME_DTYPE:
        return
    have = _facts(f, t)
    keep = {k: have[k] for k in ("dtype", "long", "itype") if k in have}
    if name in ("expand", "expand_as", "broadcast_to"):
        ts, os_ = _shape(t), _shape(out)
        if ts is not None and os_ is not None and overlapping(ts, os_):
            keep["overlap"] = True
    if keep:
        _add_facts(f, out, **keep)


def joined(f: Any, seq: Any, out: Any) -> None:
    """``torch.cat`` / ``stack`` of tensors that all have one known dtype (and are all surely
    int64 indices): the result has it (a mix is promoted: not followed)."""
    got = [_facts(f, t) for t in seq]
    if not got or not isinstance(out, Tens):
        return
    keep = {}
    for k in ("dtype", "long", "itype"):
        vals = {g.get(k) for g in got}
        if len(vals) == 1 and None not in vals:
            keep[k] = vals.pop()
    if "dtype" in keep:
        _add_facts(f, out, **keep)


def overlap(f: Any, t: Any, name: str, loc: Any) -> bool:
    """An in-place write (``add_``, ``+=``, ``copy_``) into an expanded tensor: torch's
    internal-overlap check raises (``fill_`` / ``zero_`` do not check, so are not judged)."""
    if not _facts(f, t).get("overlap"):
        return False
    f.crash(
        loc,
        f"{name}: unsupported operation: more than one element of the written-to tensor refers "
        "to a single memory location (an in-place write into an expand()ed tensor; clone() it)",
    )
    return True


def _index_kind(f: Any, it: Any) -> str | None:
    """An index tensor's kind: ``"mask"`` (bool), ``"long"`` (an integer index that is
    surely not uint8, which torch reads as a mask) or None (not known)."""
    facts = _facts(f, it)
    if facts.get("dtype") == BOOL:
        return "mask"
    if facts.get("long") and facts.get("dtype") == "int64":
        return "long"
    return None


def tensor_index(f: Any, t: Tens, items: list, loc: Any) -> Any:
    """``x[mask]`` / ``x[rows, cols]`` on real sizes (``...`` already spelt out): torch's
    checks of index tensors. A boolean mask's axes must equal the axes it indexes (of the
    tensor after the ints, slices and ``None`` around it are applied); integer index
    tensors must broadcast together. Returns an unknown tensor after a crash, else None (go
    on). Any item not known (a list, an index tensor of unknown dtype or shape) decides
    nothing."""
    ts = _shape(t)
    if ts is None:
        return None
    sliced: list[int] = []  # the tensor the index tensors apply to (torch's ``applySlicing``)
    idx: list[tuple[int, str, tuple]] = []  # (position in it, kind, shape)
    axis = 0
    for it in items:
        if it is None:
            sliced.append(1)
        elif is_int(it):
            axis += 1
        elif isinstance(it, slice):
            if axis >= len(ts):
                return None
            parts = (it.start, it.stop, it.step)
            if not all(p is None or is_int(p) for p in parts) or (it.step or 1) <= 0:
                return None
            sliced.append(len(range(*it.indices(ts[axis]))))
            axis += 1
        elif isinstance(it, Tens):
            kind, shape = _index_kind(f, it), _shape(it)
            if kind is None or shape is None:
                return None
            idx.append((len(sliced), kind, shape))
            n = len(shape) if kind == "mask" else 1
            sliced.extend(ts[axis : axis + n])
            axis += n
        else:
            return None
    if axis > len(ts):
        return None  # too many indices: not this rule's
    sliced.extend(ts[axis:])
    for pos, kind, shape in idx:
        if kind != "mask":
            continue
        for j, m in enumerate(shape):
            if pos + j >= len(sliced) or m != sliced[pos + j]:
                f.crash(
                    loc,
                    f"IndexError: The shape of the mask {list(shape)} at index {j} does not "
                    f"match the shape of the indexed tensor {sliced} at index {pos + j}",
                )
                return Tens(None)
    if idx and all(kind == "long" for _, kind, _ in idx):
        out: tuple | None = ()
        for _, _, shape in idx:
            out = _bcast(out, shape) if out is not None else None
        if out is None:
            shown = ", ".join(str(list(s)) for _, _, s in idx)
            f.crash(
                loc,
                "IndexError: shape mismatch: indexing tensors could not be broadcast together "
                f"with shapes {shown}",
            )
            return Tens(None)
        # integer index tensors (values not judged: an out-of-range one is ``index_range``'s
        # or unknown): their broadcast shape in place of the axes they index when they are
        # side by side, else in front (torch's advanced-indexing result)
        at = [pos for pos, _, _ in idx]
        rest = [d for j, d in enumerate(sliced) if j not in at]
        if at == list(range(at[0], at[0] + len(at))):
            return Tens(None, (*sliced[: at[0]], *out, *sliced[at[-1] + 1 :]))
        return Tens(None, (*out, *rest))
    return None


# ---------------------------------------------------------------------- lookups
def lookup(f: Any, t: Tens, ts: tuple, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """Rank conditions of the ops that count, sample or look values up (``t`` is the first
    tensor: ``bincount``'s input, ``multinomial``'s probabilities, ``searchsorted``'s sorted
    boundaries, ``bucketize``'s / ``take_along_dim``'s input); each is torch's own check:

    - ``bincount(x)``: ``x`` is 1-D (top-k indices of ``(N, k)`` are not);
    - ``multinomial(p, n, replacement=False)``: ``p`` is 1-D or 2-D, ``n > 0``, and without
      replacement ``n <= p.shape[-1]``; the result is ``(*p.shape[:-1], n)`` int64;
    - ``searchsorted(b, v)``: ``b`` 1-D, or ``b.shape[:-1] == v.shape[:-1]`` (same rank); a
      Python-number ``v`` needs a 1-D ``b``; ``bucketize(v, b)``: ``b`` 1-D; both give
      ``v``'s shape;
    - ``take_along_dim(x, i, dim)``: with a ``dim``, ``x`` and ``i`` have the same rank.

    Returns the result (None: go on; an unknown tensor after a crash)."""
    if name == "bincount":
        if len(ts) != 1:
            f.crash(loc, "bincount only supports 1-d non-negative integral inputs.")
            return Tens(None)
        from driftcheck.parsers.source.forward import dataflow_fix26

        err = dataflow_fix26.bincount_error(f, t)  # ``--input-range``: ``ids - 2``
        if err is not None:
            f.crash(loc, err)
            return Tens(None)
        return None
    if name == "multinomial":
        n = _arg(args, kwargs, 0, "num_samples")
        repl = _arg(args, kwargs, 1, "replacement", False)
        if len(ts) not in (1, 2):
            f.crash(loc, f"prob_dist must be 1 or 2 dim (got {len(ts)} dims)")
            return Tens(None)
        if not is_int(n):
            return None
        if n <= 0:
            f.crash(loc, "cannot sample n_sample <= 0 samples")
            return Tens(None)
        if repl is False and n > ts[-1]:
            f.crash(
                loc,
                f"cannot sample n_sample > prob_dist.size(-1) samples without replacement "
                f"({n} > {ts[-1]})",
            )
            return Tens(None)
        out = Tens(None, (*ts[:-1], n))
        _add_facts(f, out, dtype="int64", long=True)
        return out
    if name == "searchsorted":
        if "sorted_sequence" in kwargs:
            return None  # all by keyword: ``t`` is not the boundaries
        v = _arg(args, kwargs, 0, "input")
        if len(ts) == 0:
            f.crash(loc, "torch.searchsorted(): boundaries tensor should have positive dimension")
            return Tens(None)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            if len(ts) != 1:
                f.crash(
                    loc,
                    "torch.searchsorted(): input value can be a scalar only when boundaries "
                    f"tensor dimension is 1, but we got boundaries tensor dim({len(ts)})",
                )
                return Tens(None)
            return None
        vs = _shape(v) if isinstance(v, Tens) else None
        if vs is None:
            return None
        if len(ts) != 1 and (len(ts) != len(vs) or ts[:-1] != vs[:-1]):
            f.crash(
                loc,
                "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
                "dimensions of boundaries tensor and input value tensor must match, but we got "
                f"boundaries tensor {list(ts)} and input value tensor {list(vs)}",
            )
            return Tens(None)
        return _indices(f, Tens(None, vs), kwargs)
    if name == "bucketize":
        bs = _shape(_arg(args, kwargs, 0, "boundaries"))
        if bs is None:
            return None
        if len(bs) != 1:
            f.crash(loc, f"boundaries tensor must be 1 dimension, but got dim({len(bs)})")
            return Tens(None)
        return _indices(f, Tens(None, ts), kwargs)
    # take_along_dim
    is_ = _shape(_arg(args, kwargs, 0, "indices"))
    dim = _arg(args, kwargs, 1, "dim")
    if is_ is None or not is_int(dim) or len(is_) == len(ts):
        return None
    f.crash(
        loc,
        "torch.take_along_dim(): input and indices should have the same number of dimensions, "
        f"but got {len(ts)} dimensions for input, and {len(is_)} dimensions for indices",
    )
    return Tens(None)


def _indices(f: Any, out: Tens, kwargs: dict) -> Tens:
    """``searchsorted`` / ``bucketize``'s result: int64 unless ``out_int32`` is given."""
    if kwargs.get("out_int32", False) is False:
        _add_facts(f, out, dtype="int64", long=True)
    return out


def cosine(f: Any, ts: tuple, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.cosine_similarity(x1, x2, dim=1)``: ``x1`` and ``x2`` broadcast together (a
    CLIP image and text embedding of different widths do not); the result is the broadcast
    shape without ``dim``. None when a shape or ``dim`` is not known."""
    os_ = _shape(_arg(args, kwargs, 0, "x2"))
    dim = _arg(args, kwargs, 1, "dim", 1)
    if os_ is None:
        return None
    out = _bcast(ts, os_)
    if out is None:
        n = max(len(ts), len(os_))
        a, b = (1,) * (n - len(ts)) + ts, (1,) * (n - len(os_)) + os_
        j = next(i for i in range(n - 1, -1, -1) if a[i] != b[i] and 1 not in (a[i], b[i]))
        f.crash(
            loc,
            f"The size of tensor a ({a[j]}) must match the size of tensor b ({b[j]}) at "
            f"non-singleton dimension {j} (cosine_similarity broadcasts x1 and x2)",
        )
        return Tens(None)
    if not is_int(dim) or not -len(out) <= dim < len(out):
        return None
    dim %= len(out)
    return Tens(None, out[:dim] + out[dim + 1 :])


def scatter(f: Any, ts: tuple, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """``self.scatter_add_(dim, index, src)`` and kin: ``index`` has ``self``'s rank (and
    ``src``'s, when a tensor), and on every axis is no larger than ``src``, and than
    ``self`` apart from ``dim`` (torch's ``scatter_gather_shape_check``; an empty index is
    not checked). Only known shapes and an int ``dim`` are judged."""
    dim = _arg(args, kwargs, 0, "dim")
    is_ = _shape(_arg(args, kwargs, 1, "index"))
    src = _arg(args, kwargs, 2, "src", kwargs.get("value"))
    ss = _shape(src) if isinstance(src, Tens) else None
    if ss == ():
        ss = None  # a 0-d source counts as 1-D in torch: its size is not judged
    if not is_int(dim) or is_ is None or (isinstance(src, Tens) and _shape(src) is None):
        return
    if not ts or not is_ or 0 in is_:
        return  # 0-d tensors count as 1-d in torch; an empty index is not checked
    if len(is_) != len(ts) or (ss is not None and ss and len(ss) != len(is_)):
        what = "self" if len(is_) != len(ts) else "src"
        f.crash(
            loc, f"{name}: Index tensor must have the same number of dimensions as {what} tensor"
        )
        return
    if not -len(ts) <= dim < len(ts):
        return
    dim %= len(ts)
    bad = any(i != dim and is_[i] > ts[i] for i in range(len(ts)))
    bad = bad or (ss is not None and any(is_[i] > ss[i] for i in range(len(is_))))
    if bad:
        tail = f" and to be no larger size than src {list(ss)}" if ss is not None else ""
        f.crash(
            loc,
            f"{name}: Expected index {list(is_)} to be no larger than self {list(ts)} apart "
            f"from dimension {dim}{tail}",
        )


def bitwise(f: Any, op: Any, a: Tens, b: Tens, loc: Any) -> Tens:
    """``a | b`` / ``a & b`` / ``a ^ b`` of two tensors (a padding mask or'ed with a causal
    one): the broadcast of known shapes (bool when both are), torch's size error when they
    do not broadcast. Other operators, or a shape not known: an unknown tensor."""
    sa, sb = _shape(a), _shape(b)
    if type(op).__name__ not in ("BitOr", "BitAnd", "BitXor") or sa is None or sb is None:
        return Tens(None)
    out = _bcast(sa, sb)
    if out is None:
        n = max(len(sa), len(sb))
        x, y = (1,) * (n - len(sa)) + sa, (1,) * (n - len(sb)) + sb
        j = next(i for i in range(n - 1, -1, -1) if x[i] != y[i] and 1 not in (x[i], y[i]))
        f.crash(
            loc,
            f"The size of tensor a ({x[j]}) must match the size of tensor b ({y[j]}) at "
            f"non-singleton dimension {j}",
        )
        return Tens(None)
    res = Tens(None, out)
    if _facts(f, a).get("dtype") == BOOL and _facts(f, b).get("dtype") == BOOL:
        _add_facts(f, res, dtype=BOOL)
    from driftcheck.parsers.source.forward import dataflow_known

    dataflow_known.bitwise(f, type(op).__name__, a, b, res)
    return res


def cross_entropy(f: Any, ts: tuple, gs: tuple | None, loc: Any) -> None:
    """``F.cross_entropy(logits, target)`` with a target of another shape (class indices,
    torch's ``nll_loss_nd``): for ``(N, C)`` logits the target is ``(N,)``; for ``(N, C,
    d1, ...)`` it is ``(N, d1, ...)`` (GPT logits ``(B, T, V)`` need ``.view(-1, V)``). A
    target of the logits' own shape is the class-probabilities form (its dtype decides:
    not judged), as are 1-D logits."""
    if gs is None or gs == ts or len(ts) < 2:
        return
    want = (ts[0], *ts[2:])
    if len(ts) == 2:
        bad = len(gs) != 1 or gs[0] != ts[0]
    else:
        bad = gs != want
    if bad:
        f.crash(
            loc,
            f"cross_entropy: expected a target of size {list(want)} for input {list(ts)}, got "
            f"{list(gs)}",
        )


# ---------------------------------------------------------------------- frequent ops (session 19)
# Ops model code calls often (benchmarks/crash/op_coverage.py) that had no shape rule or no
# crash verdict. Each check is torch's own condition; an argument not known for certain gives
# no verdict (None: the caller goes on as before).
#
# ops that keep the input's shape and wrap one ``dim`` argument (IndexError outside [-r, r),
# a 0-d tensor counting as 1-D): name -> (position after the input, keyword, default; None:
# the argument is required)
_DIM_KEEP: dict[str, tuple[int, str, Any]] = {
    "cumsum": (0, "dim", None),
    "cumsum_": (0, "dim", None),
    "cumprod": (0, "dim", None),
    "cumprod_": (0, "dim", None),
    "logcumsumexp": (0, "dim", None),
    "normalize": (1, "dim", 1),  # ``F.normalize(x, p=2.0, dim=1)``: 1-D inputs raise
    "argsort": (0, "dim", -1),
    "sort": (0, "dim", -1),
}
# reductions over one ``dim`` (``None``: every axis) with ``keepdim`` after it
_DIM_REDUCE = {"argmax", "argmin", "prod", "logsumexp"}
# element-wise losses: ``input`` and ``target`` broadcast together (``exact``: same shape)
_LOSSES = {"mse_loss": False, "l1_loss": False, "smooth_l1_loss": False, "huber_loss": False,
           "binary_cross_entropy": True, "binary_cross_entropy_with_logits": True}  # fmt: skip
_NEW = {"new_zeros", "new_ones", "new_empty", "new_full"}


def _wrap(f: Any, ts: tuple, d: Any, loc: Any) -> int | None:
    """torch's ``maybe_wrap_dim``: ``d`` as a non-negative axis of a tensor of shape ``ts``
    (a 0-d tensor takes -1 and 0); outside, the IndexError torch raises. None when ``d`` is
    not a known int or after the crash."""
    if not is_int(d):
        return None
    r = max(len(ts), 1)
    if not -r <= d < r:
        f.crash(
            loc, f"Dimension out of range (expected to be in range of [{-r}, {r - 1}], but got {d})"
        )
        return None
    return d % r


def _dims(f: Any, ts: tuple, ds: Any, loc: Any) -> list[int] | None:
    """A list of axes (``flip``'s ``dims``, ``logsumexp``'s tuple): each wrapped, and none
    twice (torch's "appears multiple times"). None when one is unknown or after a crash."""
    if not isinstance(ds, (list, tuple)) or not ds or not all(is_int(d) for d in ds):
        return None
    before = len(f.crashes)
    out = [_wrap(f, ts, d, loc) for d in ds]
    if len(f.crashes) != before or None in out:
        return None
    if len(set(out)) != len(out):
        dup = next(d for d in out if out.count(d) > 1)
        f.crash(loc, f"dim {dup} appears multiple times in the list of dims")
        return None
    return out


def frequent(f: Any, t: Tens, ts: tuple, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """The ops of ``_DIM_KEEP``, ``_DIM_REDUCE``, ``_LOSSES`` and ``_NEW``, ``flip``, ``tile``,
    ``Tensor.unfold`` and ``F.linear`` on a tensor of known shape ``ts``: their result (a
    shape-only tensor), an unknown tensor after a crash, or None (not judged: go on)."""
    if name in _DIM_KEEP:
        pos, key, default = _DIM_KEEP[name]
        d = _arg(args, kwargs, pos, key, default)
        before = len(f.crashes)
        _wrap(f, ts, d, loc)
        if len(f.crashes) != before:
            return Tens(None)
        if name == "argsort" and is_int(d):
            out = Tens(None, ts)
            _add_facts(f, out, dtype="int64", long=True)
            return out
        if name in ("cumprod", "cumprod_", "logcumsumexp") and is_int(d):
            return Tens(None, ts)
        if name == "sort":
            from driftcheck.parsers.source.forward.dataflow_axes import NamedPair

            return _pairs(f, ts, name, args, kwargs, loc, NamedPair)
        return None
    if name in _DIM_REDUCE:
        return _reduce_dim(f, ts, name, args, kwargs, loc)
    if name in _LOSSES:
        return _loss(f, ts, name, args, kwargs, loc)
    if name in _NEW:
        sizes = args[0] if len(args) >= 1 and isinstance(args[0], (list, tuple)) else None
        if sizes is None and name != "new_full" and args and all(is_int(a) for a in args):
            sizes = args
        sizes = kwargs.get("size", sizes) if sizes is None else sizes
        if isinstance(sizes, ShapeOf):
            sizes = _shape(sizes.t)
        if not isinstance(sizes, (list, tuple)) or not all(is_int(d) for d in sizes):
            return None
        if any(d < 0 for d in sizes):
            f.crash(loc, f"Trying to create tensor with negative dimension: {list(sizes)}")
            return Tens(None)
        return Tens(None, tuple(sizes))
    if name == "flip":
        ds = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        ds = kwargs.get("dims", ds) if not args else ds
        before = len(f.crashes)
        got = _dims(f, ts, ds, loc)
        if len(f.crashes) != before:
            return Tens(None)
        return Tens(None, ts) if got is not None else None
    if name == "tile":
        reps = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        reps = kwargs.get("dims", reps) if not args else reps
        if not isinstance(reps, (list, tuple)) or not reps:
            return None
        if not all(is_int(r) for r in reps):
            return None
        n = max(len(reps), len(ts))
        if any(r < 0 for r in reps):
            reps = (1,) * (n - len(reps)) + tuple(reps)
            xs = (1,) * (n - len(ts)) + ts
            sizes = [a * b for a, b in zip(xs, reps)]
            f.crash(loc, f"tile: Trying to create tensor with negative dimension: {sizes}")
            return Tens(None)
        reps = (1,) * (n - len(reps)) + tuple(reps)
        xs = (1,) * (n - len(ts)) + ts
        return Tens(None, tuple(a * b for a, b in zip(xs, reps)))
    if name in ("fill_", "index_fill", "index_fill_"):
        value = _arg(args, kwargs, 0 if name == "fill_" else 2, "value")
        vs = _shape(value) if isinstance(value, Tens) else None
        if vs:  # a value tensor of one or more dims
            f.crash(
                loc,
                f"{name} only supports a 0-dimensional value tensor, but got tensor with "
                f"{len(vs)} dimension(s).",
            )
            return Tens(None)
    if name == "unfold":
        return _unfold(f, ts, args, kwargs, loc)
    if name == "linear":
        return _linear(f, ts, args, kwargs, loc)
    return more_ops(f, t, ts, name, args, kwargs, loc)


def _reduce_dim(f: Any, ts: tuple, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``argmax`` / ``argmin`` / ``prod`` (one int ``dim`` or none: every axis, a 0-d result)
    and ``logsumexp`` (an int or a list of axes, required): torch's axis checks, the result's
    shape (``keepdim`` keeps a 1), int64 for the index reductions."""
    d = _arg(args, kwargs, 0, "dim")
    keep = _arg(args, kwargs, 1, "keepdim", False)
    if not isinstance(keep, bool):
        return None
    if d is None:
        if name == "logsumexp" or keep:
            return None
        out = Tens(None, ())
    elif isinstance(d, (list, tuple)):
        if name != "logsumexp":
            return None
        before = len(f.crashes)
        axes = _dims(f, ts, d, loc)
        if len(f.crashes) != before:
            return Tens(None)
        if axes is None or not ts:
            return None
        shape = [1 if i in axes else s for i, s in enumerate(ts)]
        out = Tens(None, tuple(s for i, s in enumerate(shape) if keep or i not in axes))
    else:
        before = len(f.crashes)
        a = _wrap(f, ts, d, loc)
        if len(f.crashes) != before:
            return Tens(None)
        if a is None:
            return None
        if not ts:
            out = Tens(None, ())
        else:
            out = Tens(None, tuple(1 if i == a else s for i, s in enumerate(ts) if keep or i != a))
    if name in ("argmax", "argmin"):
        _add_facts(f, out, dtype="int64", long=True)
    return out


def _loss(f: Any, ts: tuple, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.mse_loss(input, target)`` and its element-wise kin, the binary cross-entropies:
    the result's shape once ``dataflow_losses`` (which runs first) found input and target
    compatible: 0-d, or the broadcast shape with ``reduction='none'``."""
    target = _arg(args, kwargs, 0, "target")
    gs = _shape(target) if isinstance(target, Tens) else None
    both = _bcast(ts, gs) if gs is not None else None
    if both is None or (_LOSSES[name] and gs != ts) or len(args) > 1:
        return None  # unknown, judged by ``dataflow_losses``, or positional legacy arguments
    red = kwargs.get("reduction", "mean")
    if red in ("mean", "sum") and not kwargs.keys() & {"size_average", "reduce"}:
        return Tens(None, ())
    return Tens(None, both) if red == "none" else None


def _unfold(f: Any, ts: tuple, args: list, kwargs: dict, loc: Any) -> Any:
    """``Tensor.unfold(dimension, size, step)``: windows of ``size`` every ``step`` along
    an axis; torch raises when ``size`` exceeds the axis or ``step`` is not positive. The
    result has ``(n - size) // step + 1`` windows in place of the axis and ``size`` last."""
    d = _arg(args, kwargs, 0, "dimension")
    size, step = _arg(args, kwargs, 1, "size"), _arg(args, kwargs, 2, "step")
    if not ts or not is_int(size) or not is_int(step):
        return None
    before = len(f.crashes)
    a = _wrap(f, ts, d, loc)
    if len(f.crashes) != before:
        return Tens(None)
    if a is None or size < 0:
        return None
    if size > ts[a]:
        f.crash(loc, f"maximum size for tensor at dimension {a} is {ts[a]} but size is {size}")
        return Tens(None)
    if step <= 0:
        f.crash(loc, f"step is {step} but must be > 0")
        return Tens(None)
    return Tens(None, (*ts[:a], (ts[a] - size) // step + 1, *ts[a + 1 :], size))


def _linear(f: Any, ts: tuple, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.linear(x, weight, bias)`` with a matrix weight ``(out, in)``: ``x`` is at least
    1-D with ``in`` items on its last axis (torch's "mat1 and mat2 shapes cannot be
    multiplied"), a weight of 3 or more dims raises in ``t()``; a 1-D bias has ``out`` or 1
    items. The result is ``(*x[:-1], out)``. A 1-D weight or a bias of another rank: not
    judged."""
    w = _arg(args, kwargs, 0, "weight")
    ws = _shape(w) if isinstance(w, Tens) else None
    if ws is None:
        return None
    if len(ws) > 2:
        f.crash(loc, f"linear: t() expects a tensor with <= 2 dimensions, but weight is {len(ws)}D")
        return Tens(None)
    if len(ws) == 1 and ts and _arg(args, kwargs, 1, "bias") is None:
        # a 1-D weight is ``x @ w``: the last axis is summed away (measured: (3, 3, 6) with a
        # weight of 5 raises "size mismatch, got input (9), mat (9x6), vec (5)")
        if ts[-1] != ws[0]:
            f.crash(loc, f"linear: size mismatch, input {list(ts)} against a vector of {ws[0]}")
            return Tens(None)
        return Tens(None, tuple(ts[:-1]))
    if len(ws) != 2:
        return None
    if not ts:
        f.crash(loc, "both arguments to linear need to be at least 1D, but they are 0D and 2D")
        return Tens(None)
    if ts[-1] != ws[1]:
        rows = numel(ts[:-1])
        f.crash(
            loc,
            f"mat1 and mat2 shapes cannot be multiplied ({rows}x{ts[-1]} and {ws[1]}x{ws[0]})",
        )
        return Tens(None)
    b = _arg(args, kwargs, 1, "bias")
    if b is not None:
        bs = _shape(b) if isinstance(b, Tens) else None
        if bs is None or len(bs) != 1:
            return None
        if bs[0] not in (1, ws[0]):
            f.crash(
                loc,
                f"linear: the bias of {bs[0]} items does not broadcast to the output's "
                f"{ws[0]} features",
            )
            return Tens(None)
    return Tens(None, (*ts[:-1], ws[0]))


# axis arguments torch wraps (``maybe_wrap_dim``) in ops whose result another rule gives or
# that are not followed further: name -> ((position after the input, keyword, default), ...)
_DIM_ARGS: dict[str, tuple[tuple[int, str, Any], ...]] = {
    "index_select": ((0, "dim", None),),
    "var": ((0, "dim", None),),
    "std": ((0, "dim", None),),
    "var_mean": ((0, "dim", None),),
    "std_mean": ((0, "dim", None),),
    "tensor_split": ((1, "dim", 0),),
    "index_fill": ((0, "dim", None),),
    "index_fill_": ((0, "dim", None),),
    "index_copy": ((0, "dim", None),),
    "index_copy_": ((0, "dim", None),),
    "index_add": ((0, "dim", None),),
    "index_add_": ((0, "dim", None),),
    "repeat_interleave": ((1, "dim", None),),
    "renorm": ((1, "dim", None),),
    "chunk": ((1, "dim", 0),),
}
# element-wise ops of one tensor (their other arguments numbers): the input's shape
_UNARY = {
    "acos",
    "asin",
    "atan",
    "arccos",
    "arcsin",
    "arctan",
    "acosh",
    "asinh",
    "atanh",
    "cosh",
    "sinh",
    "tan",
    "erf",
    "erfc",
    "erfinv",
    "exp2",
    "expm1",
    "log1p",
    "log2",
    "log10",
    "logit",
    "isnan",
    "isinf",
    "isfinite",
    "isposinf",
    "isneginf",
    "logical_not",
    "bitwise_not",
    "trunc",
    "frac",
    "fix",
    "deg2rad",
    "rad2deg",
    "positive",
    "sgn",
    "signbit",
    "lgamma",
    "digamma",
    "sinc",
    "softsign",
    "tanhshrink",
    "hardtanh",
    "hardshrink",
    "softshrink",
    "threshold",
    "celu",
}  # fmt: skip (activations with a catalogue node, ``dataflow_torch.ACT``, keep their path)
# element-wise ops of several tensors: (position after the input, keyword) of each operand;
# the operands broadcast together (torch's size-mismatch RuntimeError otherwise)
_OTHER = ((0, "other"),)
_BROADCAST: dict[str, tuple[tuple[int, str], ...]] = {
    **{n: _OTHER for n in (
        "maximum", "minimum", "fmax", "fmin", "atan2", "arctan2", "hypot", "copysign", "fmod",
        "remainder", "logical_and", "logical_or", "logical_xor", "xlogy", "logaddexp",
        "logaddexp2", "floor_divide", "heaviside", "nextafter", "isclose", "eq", "ne", "lt", "le",
        "gt", "ge", "greater", "less", "greater_equal", "less_equal", "not_equal",
        "bitwise_and", "bitwise_or", "bitwise_xor")},
    "pow": ((0, "exponent"),),
    "float_power": ((0, "exponent"),),
    "lerp": ((0, "end"), (1, "weight")),
    "addcmul": ((0, "tensor1"), (1, "tensor2")),
    "addcdiv": ((0, "tensor1"), (1, "tensor2")),
    "clamp": ((0, "min"), (1, "max")),
    "clip": ((0, "min"), (1, "max")),
    "masked_select": ((0, "mask"),),
    "pairwise_distance": ((0, "x2"),),
}  # fmt: skip
# ops of ``_BROADCAST`` that ``dataflow_torch.KEEP`` already gives the input's shape (and
# producer): judged here only when the broadcast grows the shape
_KEEP_SHAPED = {"pow", "float_power", "clamp", "clip"}
_BOOL_RESULT = {"logical_and", "logical_or", "logical_xor", "isclose", "greater_equal",
                "less_equal", "eq", "ne", "lt", "le", "gt", "ge", "greater", "less",
                "not_equal", "isnan", "isinf", "isfinite", "isposinf", "isneginf",
                "logical_not", "signbit"}  # fmt: skip
# square-matrix ops: (the result drops the two matrix axes, torch's name in its message);
# ``dataflow_linalg`` judges the ``linalg`` names first, ``inverse`` is judged here
_SQUARE = {"inverse": (False, "linalg.inv"), "inv": (False, "linalg.inv"),
           "det": (True, "linalg.det"), "logdet": (True, "linalg.det"),
           "matrix_exp": (False, "linalg.matrix_exp")}  # fmt: skip
# reductions over one axis that give (values, indices): name -> keepdim's position
_PAIR_REDUCE = {"median": 1, "nanmedian": 1, "mode": 1, "kthvalue": 2}


def _reduced(ts: tuple, a: int, keep: bool) -> tuple:
    """``ts`` reduced over axis ``a`` (a 0-d tensor stays 0-d)."""
    if not ts:
        return ()
    return tuple(1 if i == a else s for i, s in enumerate(ts) if keep or i != a)


def _wrapped(f: Any, ts: tuple, d: Any, loc: Any) -> tuple[bool, int | None]:
    """(crashed, axis): ``_wrap`` with the crash told apart from an unknown ``d``."""
    before = len(f.crashes)
    a = _wrap(f, ts, d, loc)
    return len(f.crashes) != before, a


def more_ops(f: Any, t: Tens, ts: tuple, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """Further frequent ops on a tensor of known shape ``ts`` (``frequent``'s second half):
    axis arguments (``_DIM_ARGS``), element-wise ops of one tensor (``_UNARY``) and of several
    (``_BROADCAST``), square-matrix ops, reductions that give (values, indices), ``select``,
    ``size(d)``, ``norm``, ``any`` / ``all`` / ``count_nonzero`` over an axis, ``diagonal``,
    ``movedim``, ``diff``, ``sort`` / ``cummax`` / ``cummin``, ``fliplr`` / ``flipud``,
    ``F.embedding``, ``view_as`` / ``reshape_as`` / ``broadcast_to`` and
    ``chunk``'s count. Each is torch's own check; the result is a shape-only tensor (or a
    pair of them), an unknown tensor after a crash, or None (not judged: go on)."""
    from driftcheck.parsers.source.forward.dataflow_axes import NamedPair

    if name in _DIM_ARGS:
        for pos, key, default in _DIM_ARGS[name]:
            d = _arg(args, kwargs, pos, key, default)
            for one in d if isinstance(d, (list, tuple)) else (d,):
                if _wrapped(f, ts, one, loc)[0]:
                    return Tens(None)
        if name == "chunk":
            n = _arg(args, kwargs, 0, "chunks")
            if is_int(n) and n <= 0:
                f.crash(loc, f"chunk expects `chunks` to be greater than 0, got: {n}")
                return Tens(None)
        return None
    tensors = [v for v in (*args, *kwargs.values()) if isinstance(v, Tens)]
    if name in _UNARY:
        if tensors:
            return None
        out = Tens(None, ts)
        if name in _BOOL_RESULT:
            _add_facts(f, out, dtype=BOOL)
        return out
    if name in _BROADCAST:
        ops = [_arg(args, kwargs, pos, key) for pos, key in _BROADCAST[name]]
        ops = [v for v in ops if isinstance(v, Tens)]
        if not ops:
            return None
        shapes = [_shape(v) for v in ops]
        if any(s is None for s in shapes):
            return None
        out: tuple | None = ts
        for s in shapes:
            nxt = _bcast(out, s)
            if nxt is None:
                f.crash(
                    loc,
                    f"{name}: the size of tensor a {list(out)} must match the size of tensor b "
                    f"{list(s)} (they do not broadcast)",
                )
                return Tens(None)
            out = nxt
        if name == "masked_select":
            return None  # the length is the mask's true count (``dataflow_known``)
        if name == "pairwise_distance":
            keep = _arg(args, kwargs, 3, "keepdim", False)
            if not isinstance(keep, bool) or not out:
                return None
            out = out if keep else out[:-1]
            if keep:
                out = (*out[:-1], 1)
        if name in _KEEP_SHAPED and out == ts:
            return None  # ``pow`` / ``clamp`` of the input's shape: their own path keeps it
        res = Tens(None, out)
        if name in _BOOL_RESULT:
            _add_facts(f, res, dtype=BOOL)
        return res
    if name in _SQUARE:
        drop, what = _SQUARE[name]
        if len(ts) < 2:
            f.crash(loc, f"{what}: The input tensor A must have at least 2 dimensions.")
            return Tens(None)
        if ts[-1] != ts[-2]:
            f.crash(
                loc,
                f"{what}: A must be batches of square matrices, but they are {ts[-2]} by "
                f"{ts[-1]} matrices",
            )
            return Tens(None)
        return Tens(None, ts[:-2] if drop else ts) if not args and not kwargs else None
    if name in ("sort", "cummax", "cummin", "argsort") or name in _PAIR_REDUCE:
        return _pairs(f, ts, name, args, kwargs, loc, NamedPair)
    if name == "select":
        d, i = _arg(args, kwargs, 0, "dim"), _arg(args, kwargs, 1, "index")
        if not ts and is_int(d):
            f.crash(loc, "select() cannot be applied to a 0-dim tensor.")
            return Tens(None)
        crashed, a = _wrapped(f, ts, d, loc)
        if crashed:
            return Tens(None)
        if a is None or not is_int(i):
            return None
        if not -ts[a] <= i < ts[a]:
            f.crash(
                loc,
                f"select(): index {i} out of range for tensor of size {list(ts)} at dimension {a}",
            )
            return Tens(None)
        return Tens(None, ts[:a] + ts[a + 1 :])
    if name == "size" and ts:
        _wrap(f, ts, _arg(args, kwargs, 0, "dim"), loc)
        return None
    if name in ("norm", "vector_norm", "any", "all", "count_nonzero"):
        pos = 1 if name in ("norm", "vector_norm") else 0
        d = _arg(args, kwargs, pos, "dim")
        keep = False if name == "count_nonzero" else _arg(args, kwargs, pos + 1, "keepdim", False)
        if d is None:
            if name in ("norm", "vector_norm") and not args and not kwargs.keys() - {"dtype"}:
                return Tens(None, ())
            return None
        crashed, a = _wrapped(f, ts, d, loc)
        if crashed:
            return Tens(None)
        if a is None or not isinstance(keep, bool):
            return None
        out = Tens(None, _reduced(ts, a, keep))
        if name in ("any", "all"):
            _add_facts(f, out, dtype=BOOL)
        elif name == "count_nonzero":
            _add_facts(f, out, dtype="int64", long=True)
        return out
    if name == "diagonal":
        return _diagonal(f, ts, args, kwargs, loc)
    if name in ("movedim", "moveaxis"):
        src, dst = _arg(args, kwargs, 0, "source"), _arg(args, kwargs, 1, "destination")
        c1, a = _wrapped(f, ts, src, loc)
        c2, b = (False, None) if c1 else _wrapped(f, ts, dst, loc)
        if c1 or c2:
            return Tens(None)
        if a is None or b is None or not ts:
            return None
        order = [i for i in range(len(ts)) if i != a]
        order.insert(b, a)
        return Tens(None, tuple(ts[i] for i in order))
    if name == "diff":
        n, d = _arg(args, kwargs, 0, "n", 1), _arg(args, kwargs, 1, "dim", -1)
        crashed, a = _wrapped(f, ts, d, loc)
        if crashed:
            return Tens(None)
        if not is_int(n) or a is None or not ts or len(args) > 2 or kwargs.keys() - {"n", "dim"}:
            return None
        if n < 0:
            f.crash(loc, f"order must be non-negative but got {n}")
            return Tens(None)
        return Tens(None, tuple(max(0, s - n) if i == a else s for i, s in enumerate(ts)))
    if name in ("fliplr", "flipud"):
        need = 2 if name == "fliplr" else 1
        if len(ts) < need:
            f.crash(loc, f"{name}: Input must be >= {need}-d.")
            return Tens(None)
        return Tens(None, ts)
    if name == "embedding":
        ws = _shape(_arg(args, kwargs, 0, "weight"))
        if ws is None:
            return None
        if len(ws) != 2:
            f.crash(loc, "embedding: 'weight' must be 2-D")
            return Tens(None)
        return Tens(None, (*ts, ws[1]))
    if name in ("view_as", "reshape_as"):
        os_ = _shape(_arg(args, kwargs, 0, "other"))
        if os_ is None:
            return None
        if numel(os_) != numel(ts):
            f.crash(loc, f"shape '{list(os_)}' is invalid for input of size {numel(ts)}")
            return Tens(None)
        return Tens(None, os_)
    if name == "broadcast_to":
        return _broadcast_to(f, ts, _arg(args, kwargs, 0, "size"), loc)
    return None


def _pairs(f: Any, ts: tuple, name: str, args: list, kwargs: dict, loc: Any, pair: Any) -> Any:
    """``sort`` / ``cummax`` / ``cummin`` (values and int64 indices of the input's shape) and
    ``median`` / ``nanmedian`` / ``mode`` / ``kthvalue`` over one axis (the reduced shape;
    ``kthvalue``'s k lies in ``[1, size]``). ``argsort``'s axis was checked before."""
    if name == "argsort":
        return None
    k = None
    if name == "kthvalue":
        k = _arg(args, kwargs, 0, "k")
        args = args[1:]
    default = -1 if name in ("sort", "mode", "kthvalue") else None
    d = _arg(args, kwargs, 0, "dim", default)
    if name in ("median", "nanmedian") and d is None and not args and not kwargs:
        return Tens(None, ())  # the median of every item: one 0-d tensor
    crashed, a = _wrapped(f, ts, d, loc)
    if crashed:
        return Tens(None)
    if a is None:
        return None
    if name in ("sort", "cummax", "cummin"):
        shape = ts
    else:
        keep = _arg(args, kwargs, _PAIR_REDUCE[name] - (1 if name == "kthvalue" else 0),
                    "keepdim", False)  # fmt: skip
        if not isinstance(keep, bool):
            return None
        if name == "kthvalue" and is_int(k):
            n = ts[a] if ts else 1
            if not 1 <= k <= n:
                f.crash(loc, f"kthvalue(): selected number k out of range for dimension {a}")
                return Tens(None)
        elif name == "kthvalue":
            return None
        shape = _reduced(ts, a, keep)
    values, indices = Tens(None, shape), Tens(None, shape)
    _add_facts(f, indices, dtype="int64", long=True)
    return pair((values, indices))


def _diagonal(f: Any, ts: tuple, args: list, kwargs: dict, loc: Any) -> Any:
    """``x.diagonal(offset=0, dim1=0, dim2=1)``: two different axes; the result drops them
    and appends the diagonal's length."""
    off = _arg(args, kwargs, 0, "offset", 0)
    c1, a = _wrapped(f, ts, _arg(args, kwargs, 1, "dim1", 0), loc)
    c2, b = (False, None) if c1 else _wrapped(f, ts, _arg(args, kwargs, 2, "dim2", 1), loc)
    if c1 or c2:
        return Tens(None)
    if a is None or b is None or not is_int(off) or len(ts) < 2:
        return None
    if a == b:
        f.crash(loc, f"diagonal dimensions cannot be identical {a}, {b}")
        return Tens(None)
    n1, n2 = ts[a], ts[b]
    n = max(0, min(n1, n2 - off) if off >= 0 else min(n1 + off, n2))
    return Tens(None, (*(s for i, s in enumerate(ts) if i not in (a, b)), n))


def _broadcast_to(f: Any, ts: tuple, size: Any, loc: Any) -> Any:
    """``x.broadcast_to(size)`` (``expand``'s rule): at least as many sizes as axes; each
    existing axis keeps its size, grows from 1, or is ``-1``; a new leading axis is not -1."""
    if isinstance(size, ShapeOf):
        size = _shape(size.t)
    if not isinstance(size, (list, tuple)) or not all(is_int(d) for d in size):
        return None
    if len(size) < len(ts):
        f.crash(
            loc,
            f"expand: the number of sizes provided ({len(size)}) must be greater or equal to "
            f"the number of dimensions in the tensor ({len(ts)})",
        )
        return Tens(None)
    lead = len(size) - len(ts)
    out = []
    for i, want in enumerate(size):
        if i < lead:
            if want < 0:
                f.crash(
                    loc,
                    f"The expanded size of the tensor ({want}) isn't allowed in a leading, "
                    f"non-existing dimension {i}",
                )
                return Tens(None)
            out.append(want)
            continue
        have = ts[i - lead]
        if want == -1:
            out.append(have)
        elif have in (want, 1):
            out.append(want)
        else:
            f.crash(
                loc,
                f"The expanded size of the tensor ({want}) must match the existing size "
                f"({have}) at non-singleton dimension {i}",
            )
            return Tens(None)
    return Tens(None, tuple(out))


def shape_item(f: Any, t: Tens, key: int, loc: Any) -> bool:
    """``x.shape[i]`` / ``x.size()[i]`` with ``i`` outside the known rank: Python's
    ``IndexError: tuple index out of range`` (``torch.Size`` is a tuple). True on a crash."""
    ts = _shape(t)
    if ts is None or -len(ts) <= key < len(ts):
        return False
    f.crash(loc, f"tuple index out of range: shape {list(ts)} has no item {key}")
    return True


def shape_unpacked(f: Any, t: Tens, n: int, loc: Any) -> bool:
    """``B, T, C = x.shape`` with another number of names than the known rank: Python's
    ValueError (too many / not enough values to unpack). True on a crash."""
    ts = _shape(t)
    if ts is None or len(ts) == n:
        return False
    if len(ts) > n:
        f.crash(loc, f"too many values to unpack (expected {n}): shape {list(ts)}")
    else:
        f.crash(loc, f"not enough values to unpack (expected {n}, got {len(ts)}): shape {list(ts)}")
    return True


def too_many_indices(f: Any, t: Tens, items: list, loc: Any) -> bool:
    """``x[i, j, k, l]`` with more ints and slices than ``x`` has axes (no ``...``, no index
    tensor; ``None`` adds an axis and takes none): torch's IndexError "too many indices".
    True on a crash."""
    ts = _shape(t)
    if ts is None or not all(it is None or is_int(it) or isinstance(it, slice) for it in items):
        return False
    used = sum(1 for it in items if it is not None)
    if used <= len(ts):
        return False
    f.crash(loc, f"too many indices for tensor of dimension {len(ts)} ({used} indices)")
    return True
