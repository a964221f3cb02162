"""Forward crashes on real sizes (``check --input-shape``), session 17: axis arguments and
the shapes of a few ops no catalogue rule covers. As in ``dataflow_args`` / ``dataflow_masks``,
each check is torch's own error condition on shapes and values the pass knows for certain;
anything not known gives no crash:

- ``torch.roll(x, shifts, dims)``: as many shifts as dims (an int is one; no dims takes one
  shift only, the tensor flattened), each dim inside ``x``'s rank;
- ``x.narrow(dim, start, length)``: ``start`` in ``[-size, size]``, ``length >= 0`` and
  ``start + length <= size`` (a crop longer than the clip); the result is shape-only;
- ``torch.tensordot(a, b, dims)``: the contracted axes of ``a`` and ``b`` agree in size (or one
  is 1), and the two dim lists are as long;
- ``x.repeat_interleave(repeats, dim)`` with a tensor of repeats: 0-D or 1-D, and a 1-D one
  of one item or as long as ``x``'s ``dim`` axis (the whole flattened ``x`` without dim);
- ``torch.linalg.solve(A, B)``: ``A`` batches of square matrices; ``B`` a vector (1-D, or
  ``A``'s shape less its last axis) or matrices with ``A``'s row count; the result's shape;
- ``torch.cdist(a, b)``: ``(*batch, P, R)`` of ``(*batch, P, M)`` and ``(*batch, R, M)``;
- ``bool(t)`` of a tensor (``if conf > threshold:``): only a tensor of exactly one item has a
  truth value;
- ``nn.GroupNorm`` / ``nn.MultiheadAttention`` built inside ``forward`` (a layer made lazily
  on the first call, sized by the input): their constructors' divisibility checks;
- ``torch.max(x, dim)`` / ``min`` / ``topk`` return a named pair: ``.values`` and
  ``.indices`` are its items (``NamedPair``);
- ``torch.cat([])`` / ``torch.stack([])`` of a list known to be empty;
- ``torch.stft(x, n_fft, win_length=w, window=win)``: ``0 < w <= n_fft`` and ``win`` of
  ``w`` items; ``torch.hann_window(n)`` and its kin made in ``forward`` are ``(n,)``.

Session 17 also put dtype facts and missing attributes here; session 18 moved them to
``dataflow_dtypes`` and ``dataflow_attrs``, and the argument / axis / broadcast helpers the
modules each wrote out to ``dataflow_common``. ``torch.cat([])`` is claimed only for a list
the pass made and that nothing it does not follow could have filled (``escapes``).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg as _arg
from driftcheck.parsers.source.forward.dataflow_common import axis as _axis
from driftcheck.parsers.source.forward.dataflow_common import broadcast, numel
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

# ``torch.hann_window(n)`` and its kin: a vector of ``n`` items
WINDOWS = {"hann_window", "hamming_window", "blackman_window", "bartlett_window", "kaiser_window"}
# tensor methods checked here (``dataflow_torch.method`` hands them over on real sizes)
METHODS = {"roll", "narrow", "tensordot", "repeat_interleave", "cdist"}


class NamedPair(tuple):
    """``torch.return_types.max`` and its kin: a tuple whose items are also attributes."""

    fields = ("values", "indices")
    # every public attribute of torch's structseq (``dir(torch.zeros(2).max(0))``); the
    # dunders are Python's own
    attrs = frozenset(
        (*fields, "count", "index", "n_fields", "n_sequence_fields", "n_unnamed_fields")
    )

    def field(self, name: str) -> Any:
        """``pair.values`` / ``pair.indices``; None for any other name."""
        return self[self.fields.index(name)] if name in self.fields else None


class IndexTuple(tuple):
    """``torch.where(mask)`` / ``torch.nonzero(mask, as_tuple=True)``: a plain Python tuple of
    index vectors (one per axis), with a tuple's attributes only."""

    attrs = frozenset({"count", "index"})


def _ints(v: Any) -> tuple[int, ...] | None:
    """An int or a list / tuple of ints as a tuple; None when any item is not a known int."""
    if is_int(v):
        return (v,)
    if isinstance(v, (list, tuple)) and all(is_int(x) for x in v):
        return tuple(v)
    return None


def method(run: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``dataflow_torch.method``'s hook: the result of an op checked here, or None (go on)."""
    f = run.f
    if f.input_shape is None or not isinstance(t, Tens):
        return None
    if name == "roll":
        roll(f, t, _arg(args, kwargs, 0, "shifts"), _arg(args, kwargs, 1, "dims"), loc)
        return None
    if name == "narrow":
        return narrow(f, t, args, kwargs, loc)
    if name == "tensordot":
        other = _arg(args, kwargs, 0, "b")
        tensordot(f, t, other, _arg(args, kwargs, 1, "dims", 2), loc)
        return None
    if name == "repeat_interleave":
        reps, dim = _arg(args, kwargs, 0, "repeats"), _arg(args, kwargs, 1, "dim")
        return repeat_tensor(f, t, reps, dim, loc)
    if name == "cdist":
        return cdist(run.f, t, _arg(args, kwargs, 0, "x2"), loc)
    return None


# ---------------------------------------------------------------------- roll / narrow
def roll(f: Any, t: Tens, shifts: Any, dims: Any, loc: Any) -> None:
    shape = known_shape(t)
    s = _ints(shifts)
    d = () if dims is None else _ints(dims)
    if shape is None or s is None or d is None:
        return
    if (not d and len(s) != 1) or (d and len(s) != len(d)):
        f.crash(
            loc,
            f"roll: shifts and dimensions must align (shifts: {len(s)}, dims: {len(d)})",
        )
        return
    for x in d:
        if _axis(x, len(shape)) is None:
            f.crash(loc, f"roll: dim {x} is out of range for a tensor of shape {list(shape)}")
            return


def narrow(f: Any, t: Tens, args: list, kwargs: dict, loc: Any) -> Tens | None:
    shape = known_shape(t)
    dim = _arg(args, kwargs, 0, "dim")
    start, length = _arg(args, kwargs, 1, "start"), _arg(args, kwargs, 2, "length")
    if shape is None or not shape or not all(is_int(v) for v in (dim, start, length)):
        return None
    d = _axis(dim, len(shape))
    if d is None:
        return None  # the catalogue's dim errors are not claimed here
    size = shape[d]
    if not -size <= start <= size:
        f.crash(loc, f"narrow: start {start} out of range [{-size}, {size}] (shape {list(shape)})")
        return Tens(None)
    if length < 0:
        f.crash(loc, "narrow(): length must be non-negative")
        return Tens(None)
    begin = start % size if start < 0 else start
    if begin + length > size:
        f.crash(
            loc,
            f"narrow: start ({begin}) + length ({length}) exceeds dimension size ({size}) "
            f"of a tensor of shape {list(shape)}",
        )
        return Tens(None)
    return Tens(None, (*shape[:d], length, *shape[d + 1 :]))


# ---------------------------------------------------------------------- tensordot
def tensordot(f: Any, a: Tens, b: Any, dims: Any, loc: Any) -> None:
    sa, sb = known_shape(a), known_shape(b)
    if sa is None or sb is None:
        return
    if is_int(dims):
        if dims < 0 or dims > min(len(sa), len(sb)):
            return
        da = tuple(range(len(sa) - dims, len(sa)))
        db = tuple(range(dims))
    elif isinstance(dims, (list, tuple)) and len(dims) == 2:
        da, db = _ints(dims[0]), _ints(dims[1])
        if da is None or db is None:
            return
        if len(da) != len(db):
            f.crash(loc, "tensordot: both dimension lists should have same length")
            return
    else:
        return
    for x, y in zip(da, db):
        i, j = _axis(x, len(sa)), _axis(y, len(sb))
        if i is None or j is None:
            return
        if sa[i] != sb[j] and 1 not in (sa[i], sb[j]):
            f.crash(
                loc,
                f"tensordot: contracted dimensions need to match, but the first has size "
                f"{sa[i]} in dim {x} ({list(sa)}) and the second size {sb[j]} in dim {y} "
                f"({list(sb)})",
            )
            return


# ---------------------------------------------------------------------- repeat_interleave
def repeat_tensor(f: Any, t: Tens, reps: Any, dim: Any, loc: Any) -> Tens | None:
    """A tensor of repeats (a duration predictor's lengths): its length against the axis.
    The result's size is the sum of the repeats' values, unknown here: an unknown tensor."""
    shape, rs = known_shape(t), known_shape(reps)
    if shape is None or rs is None or not (dim is None or is_int(dim)):
        return None
    if len(rs) > 1:
        f.crash(loc, f"repeat_interleave: repeats must be 0-dim or 1-dim tensor, got {list(rs)}")
        return Tens(None)
    if dim is None:
        size = numel(shape)
    else:
        d = _axis(dim, max(len(shape), 1))
        if d is None:
            return None
        size = shape[d] if shape else 1
    if len(rs) == 1 and rs[0] not in (1, size):
        where = "input.numel()" if dim is None else f"input.size({dim})"
        f.crash(
            loc,
            f"repeat_interleave: repeats must have the same size as input along dim, but got "
            f"repeats.size(0) = {rs[0]} and {where} = {size}",
        )
        return Tens(None)
    return None


# ---------------------------------------------------------------------- linear algebra
def solve(run: Any, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """``torch.linalg.solve(A, B, left=True)``: ``A`` is ``(*, n, n)``; ``B`` a vector
    ``(n,)`` / ``(*, n)`` with ``B.shape == A.shape[:-1]``, else ``(*, n, k)``."""
    f = run.f
    sa = known_shape(_arg(args, kwargs, 0, "A"))
    sb = known_shape(_arg(args, kwargs, 1, "B"))
    left = kwargs.get("left", True)
    if f.input_shape is None or sa is None or sb is None or left is not True:
        return None
    if len(sa) < 2 or not sb:
        return None
    n = sa[-1]
    if sa[-2] != n:
        f.crash(
            loc,
            f"linalg.solve: A must be batches of square matrices, but they are {sa[-2]} by "
            f"{n} matrices",
        )
        return Tens(None)
    vector = len(sb) == 1 or (len(sb) == len(sa) - 1 and sb == sa[:-1])
    rows = sb[-1] if vector else (sb[-2] if len(sb) >= 2 else None)
    if rows is None:
        return None
    if rows != n:
        got = f"{rows}x1" if vector else f"{sb[-2]}x{sb[-1]}"
        f.crash(
            loc,
            f"linalg.solve: incompatible shapes of A and B for the equation AX = B "
            f"({n}x{n} and {got}; A {list(sa)}, B {list(sb)})",
        )
        return Tens(None)
    batch = broadcast(sa[:-2], sb[:-1] if vector else sb[:-2])
    if batch is None:
        return None  # torch's broadcast error: not claimed here
    return Tens(None, (*batch, n) if vector else (*batch, n, sb[-1]))


def cdist(f: Any, a: Tens, b: Any, loc: Any) -> Tens | None:
    """Pairwise distances: ``(*batch, P, M)`` and ``(*batch, R, M)`` give ``(*batch, P, R)``.
    torch's checks claimed: both at least 2-D, one column count ``M`` (a ProtoNet whose query
    and prototype projections differ in width); a batch broadcast error is left unknown."""
    sa, sb = known_shape(a), known_shape(b)
    if sa is None or sb is None:
        return None
    if len(sa) < 2 or len(sb) < 2:
        which, s = ("X1", sa) if len(sa) < 2 else ("X2", sb)
        f.crash(loc, f"cdist only supports at least 2D tensors, {which} got: {len(s)}D")
        return Tens(None)
    if sa[-1] != sb[-1]:
        f.crash(
            loc,
            f"X1 and X2 must have the same number of columns. X1: {sa[-1]} X2: {sb[-1]}",
        )
        return Tens(None)
    batch = broadcast(sa[:-2], sb[:-2])
    if batch is None:
        return None
    return Tens(None, (*batch, sa[-2], sb[-2]))


# ---------------------------------------------------------------------- truth of a tensor
def tensor_bool(f: Any, v: Any, loc: Any) -> None:
    """``if t:`` / ``if t > x:``: torch calls ``Tensor.__bool__``, which needs one item."""
    shape = known_shape(v)
    if f.input_shape is None or shape is None:
        return
    n = numel(shape)
    if n != 1:
        what = "no values" if n == 0 else "more than one value"
        f.crash(
            loc,
            f"Boolean value of Tensor with {what} is ambiguous (a tensor of shape "
            f"{list(shape)} used as a condition)",
        )


# ---------------------------------------------------------------------- layers built in forward
def layer_ctor(f: Any, q: str, args: list, kwargs: dict, loc: Any) -> None:
    """``nn.GroupNorm(groups, channels)`` / ``nn.MultiheadAttention(embed_dim, heads)`` /
    ``nn.Embedding(n, d, padding_idx)`` constructed while ``forward`` runs, sized by the input: the constructor's own check."""
    if f.input_shape is None:
        return
    name = q.rsplit(".", 1)[-1]
    if name == "GroupNorm":
        g, c = _arg(args, kwargs, 0, "num_groups"), _arg(args, kwargs, 1, "num_channels")
        if is_int(g) and is_int(c) and g > 0 and c % g:
            f.crash(loc, f"GroupNorm: num_channels ({c}) must be divisible by num_groups ({g})")
    elif name == "MultiheadAttention":
        d, h = _arg(args, kwargs, 0, "embed_dim"), _arg(args, kwargs, 1, "num_heads")
        if is_int(d) and is_int(h) and h > 0 and d % h:
            f.crash(
                loc,
                f"MultiheadAttention: embed_dim ({d}) must be divisible by num_heads ({h})",
            )
    elif name == "Embedding":  # the constructor's assert (LAY006 for one built in __init__)
        n, pad = _arg(args, kwargs, 0, "num_embeddings"), _arg(args, kwargs, 2, "padding_idx")
        if is_int(n) and is_int(pad) and not -n <= pad < n:
            f.crash(loc, f"Embedding: Padding_idx {pad} must be within num_embeddings ({n})")


# ---------------------------------------------------------------------- empty sequences
def made_empty(f: Any, seq: Any) -> Any:
    """Remember ``seq``, a list or tuple the pass itself made (a literal, a comprehension),
    when it is empty: only such a one is known to be empty at ``torch.cat`` (a list read from
    an attribute may be filled by a forward hook the pass does not run)."""
    if f.input_shape is not None and isinstance(seq, (list, tuple)) and not seq:
        f.empty_seqs[id(seq)] = seq  # kept, so its id stays its own
    return seq


def _reaches_code(v: Any, depth: int = 0) -> bool:
    """Whether code the pass does not follow could change a list through ``v``: ``v`` is,
    or holds, a mutable container, a module, or a function (a hook that appends)."""
    from driftcheck.parsers.source.forward.dataflow_ops import Local
    from driftcheck.parsers.source.values.abstract import Func
    from driftcheck.parsers.source.values.dataflow_values import Bound, Mod, UserFunc

    if isinstance(v, (list, dict, set, Local, Func, UserFunc, Bound, Mod)):
        return True
    if isinstance(v, tuple) and depth < 3:
        return any(_reaches_code(x, depth + 1) for x in v)
    return False


def escapes(f: Any, fv: Any, args: list, kwargs: dict) -> None:
    """A call about to be made (``Calls.call_value``, ``Calls.unknown_call`` with ``fv``
    None): count it in ``Flow.escapes`` when code the pass does not follow may run with a
    list it made (``collect(outs)``, ``register_forward_hook(lambda m, i, o:
    outs.append(o))``, ``checkpoint(lambda t: outs.append(t), x)``). A function of the
    code's own is run by the pass (what it does to a list is followed), as are a list's
    or dict's own methods and a tensor's; torch and builtins change no list but may call a
    function given to them; a module's forward that is not followed counts through
    ``unknown_call``."""
    if f.input_shape is None or (not args and not kwargs):
        return
    from driftcheck.parsers.source.forward.dataflow_ops import Local
    from driftcheck.parsers.source.values.abstract import Ext, Func
    from driftcheck.parsers.source.values.dataflow_values import Bound, Mod, UserFunc

    if isinstance(fv, (UserFunc, Func, Local, Mod)):
        return
    vals = [*args, *kwargs.values()]
    if isinstance(fv, Bound) and isinstance(fv.target, (list, dict, tuple, Tens)):
        return
    if isinstance(fv, Ext) and fv.qual.split(".", 1)[0] in ("torch", "builtins", "math"):
        vals = [v for v in vals if isinstance(v, (Local, Func, UserFunc, Bound))]
    if any(_reaches_code(v) for v in vals):
        f.escapes += 1


def empty_join(f: Any, name: str, seq: Any, loc: Any) -> None:
    """``torch.cat(xs)`` / ``torch.stack(xs)`` of a list known to hold nothing: one the pass
    made empty (``made_empty``) and that no code it does not follow could have filled since
    (no call counted in ``Flow.escapes`` in this pass)."""
    if f.input_shape is None or not isinstance(seq, (list, tuple)) or seq:
        return
    if f.empty_seqs.get(id(seq)) is not seq or f.escapes:
        return
    if name == "stack":
        f.crash(loc, "stack expects a non-empty TensorList")
    else:
        f.crash(loc, f"torch.{name}(): expected a non-empty list of Tensors")


# ---------------------------------------------------------------------- stft windows
def window(args: list, kwargs: dict) -> Tens:
    """``torch.hann_window(n)`` (and hamming, blackman, bartlett, kaiser): ``(n,)``."""
    n = _arg(args, kwargs, 0, "window_length")
    return Tens(None, (n,)) if is_int(n) and n >= 0 else Tens(None)


def stft_window(f: Any, n_fft: int, win: int | None, window: Any, loc: Any) -> bool:
    """``torch.stft(x, n_fft, win_length=w, window=win)``: ``0 < w <= n_fft`` (``w`` is
    ``n_fft`` when not given) and the window a vector of ``w`` items. True on a crash."""
    if f.input_shape is None:
        return False
    w = n_fft if win is None else win
    if not 0 < w <= n_fft:
        f.crash(
            loc, f"stft: expected 0 < win_length <= n_fft, but got win_length={w}, n_fft={n_fft}"
        )
        return True
    ws = known_shape(window)
    if ws is not None and ws != (w,):
        f.crash(
            loc,
            f"stft: expected a 1D window tensor of size equal to win_length={w}, but got "
            f"window with size {list(ws)}",
        )
        return True
    return False
