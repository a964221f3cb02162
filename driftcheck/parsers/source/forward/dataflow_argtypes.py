"""Forward crashes from an argument of the wrong kind (on real sizes), session 21 (fresh12).

torch's argument parser refuses these before any shape is looked at; each check fires only on
a value the pass knows for certain (a literal tuple, a tensor of known shape, a known dtype):

- a tuple (or list, ``torch.Size``) ``dim`` given to an op that takes one int axis
  (``x.max(dim=(2, 3))``, ``x.argmax(dim=(2, 3))``, ``x.softmax((1, 2))``, ``x.cumsum(...)``;
  ``sum`` / ``mean`` / ``amax`` / ``logsumexp`` / ``squeeze`` ... take a tuple and are not
  judged): TypeError;
- a torch math function of a Python number (``torch.log(10000.0)``, ``torch.sqrt(d_head)``):
  TypeError, the input must be a tensor;
- ``torch.clamp`` / ``clip`` with neither ``min`` nor ``max`` (both ``None``): RuntimeError;
- ``torch.cat(a, b, dim)`` / ``torch.stack(a, b)``: a tensor where the sequence of tensors
  goes: TypeError;
- a size given as separate ints with a tuple among them (``x.reshape(b, -1, (8, 8))``,
  ``x.view(b, c, x.shape[2:])``): TypeError;
- ``-`` with a bool tensor on either side (``1 - mask`` of ``mask = ids != 0``), ``-mask``:
  RuntimeError (torch points to ``~`` / ``logical_not``);
- ``x[i:j, ...] = value`` with plain slices and ints: the value (leading 1s dropped) must
  expand to the slice's shape (``The expanded size of the tensor ...``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg as _arg
from driftcheck.parsers.source.values.dataflow_values import (
    Mod,
    ShapeOf,
    Tens,
    is_int,
    known_shape,
)

# ops whose ``dim`` is one int (torch 2.13: a tuple raises TypeError): name -> its position
# after the tensor. ``sum``, ``mean``, ``amax``, ``amin``, ``std``, ``var``, ``all``, ``any``,
# ``logsumexp``, ``nansum``, ``count_nonzero``, ``squeeze`` take a tuple.
INT_DIM: dict[str, int] = {
    **dict.fromkeys(
        ("max", "min", "argmax", "argmin", "softmax", "log_softmax", "cumsum", "cumprod",
         "logcumsumexp", "cummax", "cummin", "sort", "argsort", "unsqueeze", "median",
         "nanmedian", "mode", "prod", "unbind"),
        0,
    ),
    **dict.fromkeys(("topk", "kthvalue", "chunk"), 1),
}  # fmt: skip
# of these, the ones torch reports as "invalid combination of arguments" (overloaded)
_OVERLOADED = frozenset({"max", "min", "sort", "argsort", "prod"})
# ``torch.nn.functional`` functions that pass their ``dim`` to one of the above
_F_INT_DIM = frozenset({"softmax", "log_softmax", "softmin"})
# torch functions of one tensor that refuse a Python number (``torch.log(2.0)``)
NUMBER_REFUSED = frozenset(
    {"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "sin", "cos",
     "tan", "sinh", "cosh", "tanh", "asin", "acos", "atan", "sigmoid", "erf", "erfc",
     "reciprocal", "abs", "floor", "ceil", "neg", "square", "trunc", "frac", "sign"}
)  # fmt: skip
_CLAMPS = frozenset({"clamp", "clamp_", "clip", "clip_"})
_SEQ_FNS = frozenset({"cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack"})
# methods / functions whose size is either one sequence or separate ints
_SIZE_METHODS = {"reshape": "shape", "view": "size", "expand": "size", "repeat": "repeats",
                 "permute": "dims", "new_zeros": "size", "new_ones": "size",
                 "new_empty": "size"}  # fmt: skip
_SIZE_FNS = frozenset({"zeros", "ones", "empty", "rand", "randn"})


def _starred(at: Any) -> bool:
    """A call with ``*xs`` or ``**kw``: its arguments as evaluated may not be positional."""
    if at is None or not isinstance(at, ast.Call):
        return True
    return any(isinstance(a, ast.Starred) for a in at.args) or any(
        k.arg is None for k in at.keywords
    )


def _seq_kind(v: Any) -> str | None:
    """``tuple`` / ``list`` / ``torch.Size`` as torch names it, for a sequence the pass knows."""
    if isinstance(v, ShapeOf):
        return "torch.Size"
    if isinstance(v, (tuple, list)) and all(is_int(d) for d in v):
        return type(v).__name__
    return None


def _tuple_dim(name: str, rest: list, kwargs: dict, where: str) -> str | None:
    """``name``'s ``dim`` (``rest``: the arguments after the tensor) when it is a sequence."""
    pos = INT_DIM[name]
    d = _arg(rest, kwargs, pos, "dim")
    kind = _seq_kind(d)
    if kind is None:
        return None
    if name in _OVERLOADED:
        return f"TypeError: {where}() received an invalid combination of arguments (dim={kind})"
    return f"TypeError: {name}(): argument 'dim' must be int, not {kind}"


def _nested_size(name: str, param: str, args: list) -> str | None:
    """Separate ints with a sequence among them (``x.reshape(b, -1, (8, 8))``)."""
    if len(args) < 2:
        return None
    for i, a in enumerate(args):
        kind = _seq_kind(a)
        if kind is not None and i == 0:
            return f"TypeError: {name}() takes 1 positional argument but {len(args)} were given"
        if kind is not None:
            return (
                f"TypeError: {name}(): argument '{param}' failed to unpack the object at pos "
                f'{i + 1} with error "type must be tuple of ints, but got {kind}"'
            )
    return None


def _no_bounds(name: str, rest: list, kwargs: dict, at: Any) -> str | None:
    """``clamp`` with both bounds ``None`` (absent or given as ``None``)."""
    if len(rest) > 2 or set(kwargs) - {"min", "max"}:
        return None
    lo, hi = _arg(rest, kwargs, 0, "min"), _arg(rest, kwargs, 1, "max")
    if lo is None and hi is None:
        return "RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None"
    return None


# element sizes in bytes, by the name torch's dtypes go by
_ITEM_BYTES = {
    **dict.fromkeys(("uint8", "int8", "bool"), 1),
    **dict.fromkeys(("int16", "short", "float16", "half", "bfloat16"), 2),
    **dict.fromkeys(("int32", "int", "float32", "float"), 4),
    **dict.fromkeys(("int64", "long", "float64", "double"), 8),
}


def _source_bytes(f: Any, t: Any) -> int | None:
    """``t``'s element size where its dtype fact names one size only (``"float"`` covers
    float16 to float32 and ``"int64"`` without ``long`` any integer: not known)."""
    dt = dataflow_checks.fact(f, t, "dtype")
    if dt in (dataflow_checks.UINT8, "bool"):
        return 1
    if dt == "float64" or (dt == dataflow_checks.INT and dataflow_checks.fact(f, t, "long")):
        return 8
    return None


def _view_dtype(f: Any, t: Any, dtype: Any) -> str | None:
    """``t.view(torch.int32)``: to a larger element, the last axis must hold a whole number
    of them (torch's ``view(dtype)``; its stride checks raise too, so the size alone is
    enough for a crash)."""
    q = getattr(dtype, "qual", None)
    if not isinstance(q, str) or not q.startswith("torch."):
        return None
    new, old = _ITEM_BYTES.get(q.rsplit(".", 1)[-1]), _source_bytes(f, t)
    ts = known_shape(t)
    if new is None or old is None or ts is None or new <= old:
        return None
    ratio = new // old
    if not ts:
        return f"RuntimeError: self.dim() cannot be 0 to view as {q} (different element sizes)"
    if ts[-1] % ratio:
        return (
            f"RuntimeError: self.size(-1) must be divisible by {ratio} to view as {q} "
            f"(different element sizes), but got {ts[-1]}"
        )
    return None


def method_error(f: Any, t: Any, name: str, args: list, kwargs: dict, at: Any) -> str | None:
    """``t.<name>(*args, **kwargs)`` on a tensor of known shape: torch's error, or None."""
    if f.input_shape is None or known_shape(t) is None or _starred(at):
        return None
    if name in INT_DIM:
        return _tuple_dim(name, args, kwargs, name)
    if name == "view" and len(args) == 1 and not kwargs:
        return _view_dtype(f, t, args[0])
    if name in _SIZE_METHODS:
        return _nested_size(name, _SIZE_METHODS[name], args)
    if name in _CLAMPS:
        return _no_bounds(name, args, kwargs, at)
    return None


def torch_error(f: Any, q: str, args: list, kwargs: dict, at: Any) -> str | None:
    """``torch.<name>(...)`` / ``F.<name>(...)``: torch's error for an argument of the wrong
    kind, or None."""
    if f.input_shape is None or _starred(at):
        return None
    mod, _, name = q.rpartition(".")
    first = args[0] if args else kwargs.get("input")
    if mod == "torch":
        if name in NUMBER_REFUSED and len(args) == 1 and not kwargs:
            x = args[0]
            if isinstance(x, (int, float)) and x.__class__.__name__ != "Unk":
                kind = "bool" if isinstance(x, bool) else "int" if isinstance(x, int) else "float"
                return (
                    f"TypeError: {name}(): argument 'input' (position 1) must be Tensor, not {kind}"
                )
        if name in _SEQ_FNS and args and known_shape(args[0]) is not None:
            if name in ("cat", "concat", "concatenate", "stack") and len(args) > 2:
                return (
                    f"TypeError: {name}() takes from 1 to 2 positional arguments but "
                    f"{len(args)} were given"
                )
            return (
                f"TypeError: {name}(): argument 'tensors' (position 1) must be tuple of "
                "Tensors, not Tensor"
            )
        if name in _SIZE_FNS:
            return _nested_size(name, "size", args)
    if known_shape(first) is None or not args:
        return None
    rest = args[1:]
    if (mod == "torch" and name in INT_DIM) or (
        mod == "torch.nn.functional" and name in _F_INT_DIM
    ):
        return _tuple_dim(name if name in INT_DIM else "softmax", rest, kwargs, name)
    if mod == "torch" and name in _CLAMPS:
        return _no_bounds(name, rest, kwargs, at)
    return None


def torch_size(f: Any, args: list, kwargs: dict) -> tuple | None:
    """``torch.Size([h // p, w // p])`` of known ints on real sizes: the sizes (a tuple, as
    ``torch.Size`` is one), so the size checks see it; anything else None (unknown)."""
    if f.input_shape is None or kwargs or len(args) > 1:
        return None
    if not args:
        return ()
    seq = args[0]
    if isinstance(seq, ShapeOf):
        return known_shape(seq.t)
    if isinstance(seq, (tuple, list)) and all(is_int(d) for d in seq):
        return tuple(seq)
    return None


# ---------------------------------------------------------------------- bool arithmetic
def _is_bool(f: Any, v: Any) -> bool:
    return isinstance(v, Tens) and dataflow_checks.fact(f, v, "dtype") == "bool"


def binop(f: Any, op: ast.operator, a: Any, b: Any, loc: Any) -> bool:
    """``a - b`` with a bool tensor on either side (``1 - mask``): torch's RuntimeError.
    True when it crashed."""
    if f.input_shape is None or not isinstance(op, ast.Sub):
        return False
    ba, bb = _is_bool(f, a), _is_bool(f, b)
    if not (ba or bb):
        return False
    two = (ba or isinstance(a, bool)) and (bb or isinstance(b, bool))
    what = "with two bool tensors" if two else "with a bool tensor"
    f.crash(loc, f"Subtraction, the `-` operator, {what} is not supported.")
    return True


def negate(f: Any, v: Any, loc: Any) -> bool:
    """``-mask`` of a bool tensor: torch's RuntimeError (``~`` inverts a mask)."""
    if f.input_shape is None or not _is_bool(f, v):
        return False
    f.crash(loc, "Negation, the `-` operator, on a bool tensor is not supported.")
    return True


# ---------------------------------------------------------------------- slice assignment
_KEY_NODES = (ast.Name, ast.Constant, ast.Attribute, ast.BinOp, ast.UnaryOp, ast.Slice,
              ast.Tuple, ast.Load, ast.operator, ast.unaryop)  # fmt: skip


def _key_items(run: Any, key: ast.expr, fr: Any) -> list | None:
    """The items of a basic index (ints, slices of ints, ``None``, ``...``) when every part
    is a plain name, attribute or arithmetic of them that holds a known int; else None (a
    tensor index, a call: not evaluated here, so no op is added to the graph)."""
    for node in ast.walk(key):
        if not isinstance(node, _KEY_NODES):
            return None
    for leaf in _leaves(key):  # first: a tensor anywhere makes it advanced indexing
        v = run.eval(leaf, fr)
        if not (is_int(v) or v is None):
            return None
    elts = key.elts if isinstance(key, ast.Tuple) else [key]
    out = []
    for e in elts:
        v = run.eval(e, fr)
        if isinstance(v, slice):
            parts = (v.start, v.stop, v.step)
            if not all(p is None or is_int(p) for p in parts) or (v.step or 1) <= 0:
                return None
        elif not (is_int(v) or v is None or v is Ellipsis):
            return None
        out.append(v)
    return out


def _leaves(e: ast.expr) -> list[ast.expr]:
    """The names and attribute chains (``self.n_reg``) of an index expression."""
    if isinstance(e, (ast.Name, ast.Attribute)):
        return [e]
    if isinstance(e, ast.BinOp):
        return _leaves(e.left) + _leaves(e.right)
    if isinstance(e, ast.UnaryOp):
        return _leaves(e.operand)
    if isinstance(e, ast.Slice):
        return [x for p in (e.lower, e.upper, e.step) if p is not None for x in _leaves(p)]
    if isinstance(e, ast.Tuple):
        return [x for p in e.elts for x in _leaves(p)]
    return []


def _sliced_shape(xs: tuple, items: list) -> list[int] | None:
    """The shape ``x[items]`` has (basic indexing), or None (out of range, two ``...``)."""
    real = [it for it in items if it is not None and it is not Ellipsis]
    if len(real) > len(xs) or sum(it is Ellipsis for it in items) > 1:
        return None
    if Ellipsis in items:
        i = items.index(Ellipsis)
        items = items[:i] + [slice(None)] * (len(xs) - len(real)) + items[i + 1 :]
    else:
        items = items + [slice(None)] * (len(xs) - len(real))
    out: list[int] = []
    axis = 0
    for it in items:
        if it is None:
            out.append(1)
            continue
        d = xs[axis]
        axis += 1
        if is_int(it):
            if not -d <= it < d:
                return None
            continue
        out.append(len(range(*it.indices(d))))
    return out


def setitem(run: Any, tgt: ast.Subscript, v: Any, fr: Any) -> None:
    """``x[a:b, ..., i] = value``: torch copies ``value`` (its leading 1s dropped) into the
    slice after expanding it to the slice's shape; a size that is neither the slice's nor 1,
    or more axes than the slice has, raises."""
    f = run.f
    vs = known_shape(v)
    if f.input_shape is None or vs is None or not isinstance(tgt.value, (ast.Name, ast.Attribute)):
        return
    xs = known_shape(run.eval(tgt.value, fr))
    if xs is None:
        return
    items = _key_items(run, tgt.slice, fr)
    if items is None:
        return
    want = _sliced_shape(xs, items)
    if want is None:
        return
    src = list(vs)
    while src and src[0] == 1:
        src.pop(0)
    loc = fr.loc(tgt)
    if len(src) > len(want):
        f.crash(
            loc,
            f"expand: the number of sizes provided ({len(want)}) must be greater or equal to "
            f"the number of dimensions in the tensor ({len(src)}) (value {list(vs)} written "
            f"into a slice of shape {want})",
        )
        return
    for i in range(1, len(src) + 1):
        s, w = src[-i], want[-i]
        if s != w and s != 1:
            f.crash(
                loc,
                f"The expanded size of the tensor ({w}) must match the existing size ({s}) at "
                f"non-singleton dimension {len(want) - i}.  Target sizes: {want}.  Tensor "
                f"sizes: {src}",
            )
            return


# ---------------------------------------------------------------------- zip(strict=True)
def zip_strict(f: Any, args: list, kwargs: dict, items: list, loc: Any) -> bool:
    """``zip(a, b, strict=True)`` of sequences whose lengths are certain
    (``dataflow_lists.certain``: a ModuleList, a range, a list made here with nothing
    doubtful since) and differ: Python's ValueError. True when it crashed."""
    from driftcheck.parsers.source.forward import dataflow_lists

    if f.input_shape is None or kwargs.get("strict") is not True or len(args) < 2:
        return False
    if not all(dataflow_lists.certain(f, a) for a in args):
        return False
    n = len(items[0])
    for i, it in enumerate(items[1:], start=2):
        if len(it) != n:
            which = "argument 1" if i == 2 else f"arguments 1-{i - 1}"
            how = "shorter" if len(it) < n else "longer"
            f.crash(
                loc,
                f"ValueError: zip() argument {i} is {how} than {which} ({len(it)} items, not {n})",
            )
            return True
    return False


# ---------------------------------------------------------------------- two ellipses
def trailing_ellipses(items: list) -> list:
    """``g[..., None, ...]``: torch (``applySlicing``) lets every ``...`` skip the axes the
    other items do not name, so a second ``...`` with only ``...`` after it skips past the last
    axis and does nothing (``ones(4)[..., None, ...]`` is ``(4, 1)``); those are dropped. Any
    other use of two (an index after the second) is left as it was (not judged)."""
    first = next((i for i, it in enumerate(items) if it is Ellipsis), None)
    if first is None:
        return items
    second = next((i for i in range(first + 1, len(items)) if items[i] is Ellipsis), None)
    if second is None or not all(it is Ellipsis for it in items[second:]):
        return items
    return items[:second]


# ---------------------------------------------------------------------- torch.func
_VMAPS = frozenset({"torch.func.vmap", "torch.vmap", "functorch.vmap"})


def stack_module_state(run: Any, args: list, kwargs: dict) -> tuple | None:
    """``torch.func.stack_module_state(models)`` of a sequence of modules whose count is
    certain and whose parameters and buffers the pass knows (``dataflow_params``), all with
    the same names and shapes: ``(params, buffers)``, each name's tensors stacked on a new
    leading axis of ``len(models)``. Anything else None (unknown, as before)."""
    from driftcheck.parsers.source.forward import dataflow_lists, dataflow_params

    f = run.f
    models = args[0] if len(args) == 1 and not kwargs else None
    if f.input_shape is None or not isinstance(models, (list, tuple)) or not models:
        return None
    if not dataflow_lists.certain(f, models) and not isinstance(models, tuple):
        return None
    if not all(isinstance(m, Mod) for m in models):
        return None
    out = []
    for kind in ("named_parameters", "named_buffers"):
        per = [dataflow_params.listed(run, m.obj, kind, [], {}) for m in models]
        if any(p is None for p in per):
            return None
        names = [[n for n, _ in p] for p in per]
        shapes = [[known_shape(t) for _, t in p] for p in per]
        if any(n != names[0] for n in names) or any(s != shapes[0] for s in shapes):
            return None
        if any(s is None for s in shapes[0]):
            return None
        out.append({n: Tens(None, (len(models), *s)) for n, s in zip(names[0], shapes[0])})
    return tuple(out)


def _tensor_leaves(v: Any, depth: int = 0) -> list | None:
    """The tensors of a vmap argument (a pytree of tuples, lists and dicts); None when an
    item is not known."""
    if isinstance(v, Tens):
        return [v]
    if depth > 4:
        return None
    if isinstance(v, dict):
        v = list(v.values())
    if isinstance(v, (list, tuple)):
        out: list = []
        for x in v:
            got = _tensor_leaves(x, depth + 1)
            if got is None:
                return None
            out += got
        return out
    return None


_NO = object()


def _lit_dim(node: ast.AST, none_ok: bool = False) -> Any:
    """An int literal (``2``, ``-3``), ``None`` where ``none_ok``, else ``_NO``."""
    if isinstance(node, ast.Constant) and node.value is None and none_ok:
        return None
    neg = isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
    lit = node.operand if neg else node  # type: ignore[attr-defined]
    if isinstance(lit, ast.Constant) and is_int(lit.value):
        return -lit.value if neg else lit.value
    return _NO


def vmap_call(run: Any, e: ast.Call, args: list, kwargs: dict, fr: Any) -> None:
    """``vmap(fn, in_dims=d)(*args)``: every tensor in the mapped arguments must have one
    size along its mapped axis (torch's ValueError). Judged when ``in_dims`` is an int
    (default 0) or a tuple of ints / ``None`` per argument, and every tensor's shape is
    known."""
    f = run.f
    inner = e.func
    if f.input_shape is None or kwargs or not isinstance(inner, ast.Call) or _starred(e):
        return
    if not isinstance(inner.func, (ast.Name, ast.Attribute)) or len(inner.args) != 1:
        return
    if getattr(run.eval(inner.func, fr), "qual", None) not in _VMAPS:
        return
    kws = {k.arg: k.value for k in inner.keywords}
    if None in kws or set(kws) - {"in_dims", "randomness", "chunk_size"}:
        return
    dims: list = [0] * len(args)
    node = kws.get("in_dims")
    if node is not None and _lit_dim(node) is not _NO:
        dims = [_lit_dim(node)] * len(args)
    elif isinstance(node, ast.Tuple) and len(node.elts) == len(args):
        if any(x is _NO for x in (_lit_dim(x, True) for x in node.elts)):
            return
        dims = [_lit_dim(x, True) for x in node.elts]
    elif node is not None:
        return
    sizes: list[int] = []
    for a, d in zip(args, dims):
        if d is None:
            continue
        leaves = _tensor_leaves(a)
        if leaves is None:
            return
        for t in leaves:
            ts = known_shape(t)
            if ts is None:
                return
            if not -len(ts) <= d < len(ts):
                # torch's check of every mapped input (session 27, crashfix27b)
                f.crash(
                    fr.loc(e),
                    f"ValueError: vmap: Got in_dim={d} for some input, but that input is a "
                    f"Tensor of dimensionality {len(ts)} so expected in_dim to satisfy "
                    f"-{len(ts)} <= in_dim < {len(ts)}.",
                )
                return
            sizes.append(ts[d])
    if len(set(sizes)) > 1:
        f.crash(
            fr.loc(e),
            "ValueError: vmap: Expected all tensors to have the same size in the mapped "
            f"dimension, got sizes {sizes} for the mapped dimension",
        )
