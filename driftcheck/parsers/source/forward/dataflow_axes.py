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
  ``w`` items; ``torch.hann_window(n)`` and its kin made in ``forward`` are ``(n,)``;
- dtypes (``Flow.value_facts``): a float32 / integer buffer ``__init__`` computed keeps its
  dtype through indexing and through arithmetic with a Python number (``1 - self.bias[:T]``
  is float), so ``x.masked_fill(mask, v)`` / ``torch.where(mask, a, b)`` given a mask known
  not to be boolean raise as in torch (a GPT mask written as ``1 - tril``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

_is_int = is_int
_shape = known_shape

# ``torch.hann_window(n)`` and its kin: a vector of ``n`` items
WINDOWS = {"hann_window", "hamming_window", "blackman_window", "bartlett_window", "kaiser_window"}
# tensor methods checked here (``dataflow_torch.method`` hands them over on real sizes)
METHODS = {"roll", "narrow", "tensordot", "repeat_interleave", "cdist"}


class NamedPair(tuple):
    """``torch.return_types.max`` and its kin: a tuple whose items are also attributes."""

    fields = ("values", "indices")

    def field(self, name: str) -> Any:
        return self[self.fields.index(name)] if name in self.fields else None


def _arg(args: list, kwargs: dict, i: int, name: str, default: Any = None) -> Any:
    return args[i] if len(args) > i else kwargs.get(name, default)


def _ints(v: Any) -> tuple[int, ...] | None:
    """An int or a list / tuple of ints as a tuple; None when any item is not a known int."""
    if _is_int(v):
        return (v,)
    if isinstance(v, (list, tuple)) and all(_is_int(x) for x in v):
        return tuple(v)
    return None


def _axis(d: int, rank: int) -> int | None:
    """Axis ``d`` counted from the front, None when outside the rank (torch's IndexError)."""
    if -rank <= d < rank:
        return d % rank
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
        return cdist(t, _arg(args, kwargs, 0, "x2"))
    return None


# ---------------------------------------------------------------------- roll / narrow
def roll(f: Any, t: Tens, shifts: Any, dims: Any, loc: Any) -> None:
    shape = _shape(t)
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
    shape = _shape(t)
    dim = _arg(args, kwargs, 0, "dim")
    start, length = _arg(args, kwargs, 1, "start"), _arg(args, kwargs, 2, "length")
    if shape is None or not shape or not all(_is_int(v) for v in (dim, start, length)):
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
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None:
        return
    if _is_int(dims):
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
    shape, rs = _shape(t), _shape(reps)
    if shape is None or rs is None or not (dim is None or _is_int(dim)):
        return None
    if len(rs) > 1:
        f.crash(loc, f"repeat_interleave: repeats must be 0-dim or 1-dim tensor, got {list(rs)}")
        return Tens(None)
    if dim is None:
        size = 1
        for s in shape:
            size *= s
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
def _bcast(a: tuple, b: tuple) -> tuple | None:
    n = max(len(a), len(b))
    a2, b2 = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a2, b2):
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y))
    return tuple(out)


def solve(run: Any, args: list, kwargs: dict, loc: Any) -> Tens | None:
    """``torch.linalg.solve(A, B, left=True)``: ``A`` is ``(*, n, n)``; ``B`` a vector
    ``(n,)`` / ``(*, n)`` with ``B.shape == A.shape[:-1]``, else ``(*, n, k)``."""
    f = run.f
    sa = _shape(_arg(args, kwargs, 0, "A"))
    sb = _shape(_arg(args, kwargs, 1, "B"))
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
    batch = _bcast(sa[:-2], sb[:-1] if vector else sb[:-2])
    if batch is None:
        return None  # torch's broadcast error: not claimed here
    return Tens(None, (*batch, n) if vector else (*batch, n, sb[-1]))


def cdist(a: Tens, b: Any) -> Tens | None:
    """Pairwise distances: ``(*batch, P, M)`` and ``(*batch, R, M)`` give ``(*batch, P, R)``;
    any other form is left unknown (torch's own errors are not claimed)."""
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None or len(sa) < 2 or len(sb) < 2 or sa[-1] != sb[-1]:
        return None
    batch = _bcast(sa[:-2], sb[:-2])
    if batch is None:
        return None
    return Tens(None, (*batch, sa[-2], sb[-2]))


# ---------------------------------------------------------------------- truth of a tensor
def tensor_bool(f: Any, v: Any, loc: Any) -> None:
    """``if t:`` / ``if t > x:``: torch calls ``Tensor.__bool__``, which needs one item."""
    shape = _shape(v)
    if f.input_shape is None or shape is None:
        return
    n = 1
    for s in shape:
        n *= s
    if n != 1:
        what = "no values" if n == 0 else "more than one value"
        f.crash(
            loc,
            f"Boolean value of Tensor with {what} is ambiguous (a tensor of shape "
            f"{list(shape)} used as a condition)",
        )


# ---------------------------------------------------------------------- layers built in forward
def layer_ctor(f: Any, q: str, args: list, kwargs: dict, loc: Any) -> None:
    """``nn.GroupNorm(groups, channels)`` / ``nn.MultiheadAttention(embed_dim, heads)``
    constructed while ``forward`` runs, sized by the input: the constructor's own check."""
    if f.input_shape is None:
        return
    name = q.rsplit(".", 1)[-1]
    if name == "GroupNorm":
        g, c = _arg(args, kwargs, 0, "num_groups"), _arg(args, kwargs, 1, "num_channels")
        if _is_int(g) and _is_int(c) and g > 0 and c % g:
            f.crash(loc, f"GroupNorm: num_channels ({c}) must be divisible by num_groups ({g})")
    elif name == "MultiheadAttention":
        d, h = _arg(args, kwargs, 0, "embed_dim"), _arg(args, kwargs, 1, "num_heads")
        if _is_int(d) and _is_int(h) and h > 0 and d % h:
            f.crash(
                loc,
                f"MultiheadAttention: embed_dim ({d}) must be divisible by num_heads ({h})",
            )


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
    return Tens(None, (n,)) if _is_int(n) and n >= 0 else Tens(None)


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
    ws = _shape(window)
    if ws is not None and ws != (w,):
        f.crash(
            loc,
            f"stft: expected a 1D window tensor of size equal to win_length={w}, but got "
            f"window with size {list(ws)}",
        )
        return True
    return False


# ---------------------------------------------------------------------- dtypes
_NUMBER = (int, float)


def _dtype(f: Any, t: Any) -> Any:
    from driftcheck.parsers.source.forward import dataflow_checks  # noqa: PLC0415

    return dataflow_checks.fact(f, t, "dtype")


def _set_dtype(f: Any, out: Any, dtype: str) -> None:
    """Add ``dtype`` to ``out``'s facts, keeping the others (a mask's count)."""
    if f.input_shape is None or not isinstance(out, Tens):
        return
    got = f.value_facts.get(id(out))
    facts = dict(got[1]) if got is not None and got[0] is out else {}
    facts.setdefault("dtype", dtype)
    f.value_facts[id(out)] = (out, facts)


def carry_index(f: Any, t: Any, out: Any) -> None:
    """``t[...]``: an item or slice of a tensor has its dtype."""
    dt = _dtype(f, t)
    if dt is not None and isinstance(out, Tens) and out is not t:
        _set_dtype(f, out, dt)


def carry_binop(f: Any, op: str, a: Any, b: Any, out: Any) -> None:
    """``a op b`` with one tensor operand of known dtype and a Python number: torch's
    promotion (a float tensor stays float; an integer one with a float number is float,
    with an int stays integer except for ``/``). Two float tensors give a float one."""
    from driftcheck.parsers.source.forward.dataflow_checks import (  # noqa: PLC0415
        FLOAT,
        INT,
        UINT8,
    )

    if f.input_shape is None or not isinstance(out, Tens) or _dtype(f, out) is not None:
        return
    if isinstance(a, Tens) and isinstance(b, Tens):
        if _dtype(f, a) == FLOAT and _dtype(f, b) == FLOAT:
            _set_dtype(f, out, FLOAT)
        return
    t, n = (a, b) if isinstance(a, Tens) else (b, a)
    if not isinstance(n, _NUMBER) or isinstance(n, bool):
        return
    dt = _dtype(f, t)
    if dt == FLOAT or (dt in (INT, UINT8) and (isinstance(n, float) or op == "Div")):
        _set_dtype(f, out, FLOAT)
    elif dt in (INT, UINT8) and op in ("Add", "Sub", "Mult") and isinstance(n, int):
        _set_dtype(f, out, dt)  # a Python int does not promote an integer tensor


def bool_mask(f: Any, what: str, mask: Any, loc: Any) -> bool:
    """``masked_fill`` / ``where`` take a boolean mask: one known to be float or integer
    raises (``where`` also takes a uint8 one, ``masked_fill`` does not). True on a crash."""
    from driftcheck.parsers.source.forward.dataflow_args import F64  # noqa: PLC0415
    from driftcheck.parsers.source.forward.dataflow_checks import (  # noqa: PLC0415
        FLOAT,
        INT,
        UINT8,
    )

    dt = _dtype(f, mask)
    refused = (FLOAT, INT, F64) if what == "where" else (FLOAT, INT, UINT8, F64)
    if f.input_shape is None or dt not in refused:
        return False
    if what == "where":
        msg = f"where expected condition to be a boolean tensor, but got a tensor with dtype {dt}"
    else:
        msg = f"masked_fill_ only supports boolean masks, but got mask with dtype {dt}"
    f.crash(loc, msg)
    return True


# ---------------------------------------------------------------------- missing attributes
_DYNAMIC = {"setattr", "delattr", "vars", "__dict__", "__setattr__", "__getattr__",
            "__getattribute__", "__setstate__", "add_module", "register_module"}  # fmt: skip


def _self_stores(cls: ast.ClassDef, name: str) -> set[int]:
    """``self.name = ...`` in the methods of a class: that class's instances only."""
    return {
        id(n)
        for n in ast.walk(cls)
        if isinstance(n, ast.Attribute)
        and n.attr == name
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
    }


def _may_set(tree: ast.Module, inits: set[int], name: str, mine: set[int]) -> bool:
    """Whether ``tree`` could set attribute ``name`` other than by a plain ``self.name = ...``
    in one of the ``__init__`` bodies ``inits`` (node ids): a store elsewhere (``forward``
    caching it, a parent patching its child), ``setattr`` / ``__dict__`` / ``add_module``,
    the name as a string (``hasattr(self, "norm")``, ``getattr``). No memo: it runs only
    for an attribute that is missing from a module built with every condition decided."""
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and id(node) in inits:
            allowed.update(_plain_stores(node, name))
        elif isinstance(node, ast.ClassDef) and id(node) not in mine:
            allowed.update(_self_stores(node, name))  # another class's own instances
    found = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if node.attr in _DYNAMIC:
                found = True
            elif node.attr == name and not isinstance(node.ctx, ast.Load):
                found = id(node) not in allowed
        elif isinstance(node, ast.Name) and node.id in _DYNAMIC:
            found = True
        elif isinstance(node, ast.Constant) and node.value == name:
            found = True
        if found:
            break
    return found


_CONTROL = (ast.Return, ast.Try, ast.While, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor)


def _plain_stores(init: ast.FunctionDef, name: str) -> set[int]:
    """The ``self.name = ...`` stores of an ``__init__`` that run exactly when the ``if``
    tests around them hold: none when the ``__init__`` may stop early or skip a block the
    interpreter may not have followed as Python does (a ``return`` under an undecided test,
    a ``try`` body, a loop, a ``with``); then every store counts as a possible setter."""
    if any(isinstance(n, _CONTROL) for n in ast.walk(init)):
        return set()
    out: set[int] = set()

    def visit(stmts: list[ast.stmt]) -> None:
        for st in stmts:
            if isinstance(st, ast.If):
                visit(st.body)
                visit(st.orelse)
            elif isinstance(st, (ast.Assign, ast.AnnAssign)):
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and t.attr == name
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                    ):
                        out.add(id(t))

    visit(init.body)
    return out


def missing_attr(run: Any, m: Any, name: str, loc: Any) -> None:
    """``self.<name>`` of a module of the code's own that does not have it: torch's
    ``nn.Module.__getattr__`` raises AttributeError. Claimed only when the instance was
    built with every condition decided (``Obj.unresolved`` empty), its classes are the
    code's own on ``nn.Module`` alone, no class in them defines the name or overrides
    attribute access, and their files set the name nowhere but in ``__init__`` as
    ``self.name = ...`` (``_may_set``)."""
    from driftcheck.parsers.source.interp.objmodel import _NN_MODULE, NN_MODULE_MEMBERS
    from driftcheck.parsers.source.values.abstract import Cls, Obj

    f = run.f
    obj = f.resolve(m.obj)
    if f.input_shape is None or f.speculative or not isinstance(obj, Obj):
        return
    if not obj.module or obj.kind or obj.qual or obj.cls is None or obj.unresolved:
        return
    if name.startswith("__") or name in NN_MODULE_MEMBERS:
        return
    if name in obj.attrs or name in obj.children or name in obj.params or name in obj.buffers:
        return
    try:
        mro = obj.cls.mro()
        ok, _, base = f.interp.classes.mro_attr(obj.cls, name)
    except Exception:  # noqa: BLE001 - a class we cannot read: nothing is certain
        return
    if ok or base is not None:
        return
    classes = [c for c in mro if isinstance(c, Cls)]
    if any(not isinstance(c, Cls) and getattr(c, "qual", None) not in _NN_MODULE for c in mro):
        return  # a base we do not see into (a library class): it may set the name
    inits = {
        id(st)
        for c in classes
        for st in c.node.body
        if isinstance(st, ast.FunctionDef) and st.name == "__init__"
    }
    trees = {id(c.mod.tree): c.mod.tree for c in classes}
    mine = {id(c.node) for c in classes}
    if any(_may_set(t, inits, name, mine) for t in trees.values()):
        return
    f.crash(loc, f"AttributeError: '{obj.cls.name}' object has no attribute '{name}'")
