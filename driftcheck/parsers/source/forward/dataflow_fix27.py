"""Forward rules of session 27 (crashfix27). Each is torch's or CPython's own behaviour
(torch 2.13, CPU; ``tests/test_crash27a.py`` runs every verdict in torch):

- ``math.<f>(t)`` of a tensor of one element (known shape, real sizes): CPython reads it through
  ``Tensor.__float__`` and returns a plain number (or raises its own ValueError /
  OverflowError, a crash either way), so ``x * math.log1p(t)`` keeps ``x``'s shape. A tensor
  of more than one element is ``dataflow_call._math_of_tensor``'s crash;
- ``torch.diag_embed(t, offset, dim1, dim2)`` / ``t.diag_embed(...)``: ``dim1`` / ``dim2``
  out of the result's range (IndexError), or the same dim (RuntimeError); else the result
  shape (``t``'s last size plus ``|offset|`` on both dims);
- ``torch.kron(a, b)``: the shape (ranks aligned on the right, sizes multiplied);
- ``torch.isin(elements, test_elements)``: ``elements``' shape, a bool tensor;
- a buffer ``__init__`` made with a known floating dtype (``torch.from_numpy(w)``: float64),
  of a module no cast ran on and not written outside ``__init__``: that exact dtype, as a
  Parameter's (``dataflow_fix25b.param_exact``), so ``h @ self.cw`` is torch's dtype error;
- ``t.new_tensor(data)``: the shape of ``data`` (a nest of Python numbers or a tensor), with
  ``t``'s dtype family unless ``dtype=`` is given.

- ``t.absolute()`` is ``t.abs()`` and ``t.ravel()`` is ``t.flatten()`` (torch's aliases);
- ``t.as_subclass(cls)``: ``t``'s shape and dtype; ``t.new(*sizes)`` (ints): that shape, with
  ``t``'s dtype; ``torch.randint_like(t, ...)``: ``t``'s shape and dtype.
- ``torch.vmap(fn, in_dims, out_dims)(*xs)`` (``torch.func.vmap`` too) with ``fn`` a lambda, a
  function defined in ``forward`` or a torch function, every mapped argument a tensor of known
  shape: ``fn`` runs on one sample (the mapped axis removed: vmap's contract is per-sample
  semantics), and a tensor result gets the batch size back at ``out_dims``. The mapped sizes
  must agree (``dataflow_argtypes.vmap_call`` judges them first).
- ``F.embedding(ids, weight)`` with a 2-D ``weight`` of known rows: the ``nn.Embedding``
  layer's index checks (known values past the table, every value outside it under
  ``--input-range``, floating ids).
- ``t[:, [0, 8]]``: a (nested) list of Python ints as an index is torch's int64 index tensor,
  each value checked against its axis (``dataflow_known.index_range``).
- ``torch.block_diag(*ts)`` (ranks up to 2), ``torch.cartesian_prod(*ts)`` (1-D tensors),
  ``torch.atleast_{1,2,3}d(t)``: torch's shape or its error; ``torch.linalg.norm(x, dim=d)``
  with a ``d`` of other than one or two dims: torch's RuntimeError.
- ``x.where(cond, y)`` (the method) is ``torch.where(cond, x, y)``: read as the function's
  ``torch.where(x, cond, y)`` it was a false "condition must be bool" crash for a float ``x``.

Shapes must be known ints and arguments literal; anything else gives no verdict (None).
"""

from __future__ import annotations

import math
from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import (
    NUM,
    Tens,
    UnkNum,
    is_int,
    known_shape,
)


def _plain(v: Any) -> bool:
    return type(v) in (int, float) or isinstance(v, UnkNum)


def math_of_one_element(f: Any, floats: frozenset[str], name: str, args: list, kwargs: dict) -> Any:
    """``math.<name>(...)`` (``name`` in ``floats``: the functions that read each argument as
    a float) where an argument is a tensor of exactly one element, on real sizes, and every
    other argument a plain number or such a tensor: an unknown plain number (``NUM``). None
    otherwise (the caller's rules stand)."""
    if f.input_shape is None or name not in floats or kwargs or not args:
        return None
    seen = False
    for a in args:
        if isinstance(a, Tens):
            shape = known_shape(a)
            if shape is None or math.prod(shape) != 1:
                return None
            seen = True
        elif not _plain(a):
            return None
    return NUM if seen else None


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``t.<name>(...)`` / ``torch.<name>(t, ...)`` (``args`` after ``t``) on real sizes: the
    result (a shaped ``Tens``, or ``Tens(None)`` after a crash) where a rule above decides,
    else None."""
    if f.input_shape is None:
        return None
    shape = known_shape(t)
    if shape is None:
        return None
    if name == "diag_embed":
        got = diag_embed(shape, args, kwargs)
    elif name == "kron":
        got = kron(shape, args, kwargs)
    elif name == "isin":
        got = isin(f, shape, args, kwargs)
    elif name == "new_tensor":
        return new_tensor(f, t, args, kwargs)
    elif name in ("block_diag", "cartesian_prod") and not kwargs:
        shapes = [shape, *(known_shape(a) for a in args)]
        if any(sh is None for sh in shapes) or not all(isinstance(a, Tens) for a in args):
            return None
        got = block_diag(shapes) if name == "block_diag" else cartesian_prod(shapes)
    elif name in _ATLEAST and not args and not kwargs:
        got = _same_dtype(f, t, Tens(None, _ATLEAST[name](shape)))
    elif name in ("as_subclass", "randint_like") and not set(kwargs) - _LIKE_KW:
        got = _same_dtype(f, t, Tens(None, shape))
    elif name == "new" and args and all(is_int(a) and a >= 0 for a in args):
        got = _same_dtype(f, t, Tens(None, tuple(args))) if not kwargs else None
    else:
        return None
    if got is None:
        return None
    if isinstance(got, str):
        f.crash(loc, got)
        return Tens(None)
    if isinstance(got, Tens):
        return got
    return Tens(None, tuple(got))


def diag_embed(shape: tuple, args: list, kwargs: dict) -> tuple | str | None:
    """``torch.diag_embed(input, offset=0, dim1=-2, dim2=-1)`` of a tensor of ``shape``."""
    if set(kwargs) - {"offset", "dim1", "dim2"} or len(args) > 3:
        return None
    vals = [arg(args, kwargs, i, n, d) for i, (n, d) in enumerate(_DIAG)]
    if not all(is_int(v) for v in vals):
        return None
    offset, d1, d2 = vals
    if not shape:
        return None  # (a 0-d input: not measured)
    rank = len(shape) + 1
    for d in (d1, d2):
        if not -rank <= d < rank:
            return (
                f"IndexError: Dimension out of range (expected to be in range of "
                f"[{-rank}, {rank - 1}], but got {d})"
            )
    d1, d2 = d1 % rank, d2 % rank
    if d1 == d2:
        return f"RuntimeError: diagonal dimensions cannot be identical {vals[1]}, {vals[2]}"
    n = shape[-1] + abs(offset)
    out = list(shape[:-1])
    for d in sorted((d1, d2)):
        out.insert(d, n)
    return tuple(out)


_ATLEAST = {
    "atleast_1d": lambda s: s or (1,),
    "atleast_2d": lambda s: s if len(s) >= 2 else (1,) * (2 - len(s)) + s,
    "atleast_3d": lambda s: s if len(s) >= 3 else ((1, 1, 1), (1, *s, 1), (*s, 1))[len(s)],
}


def block_diag(shapes: list) -> tuple | str:
    """``torch.block_diag``: each input as 2-D (a number (1, 1), a vector (1, n)), stacked on
    the diagonal; a tensor of rank above 2 is torch's RuntimeError."""
    rows = cols = 0
    for i, sh in enumerate(shapes):
        if len(sh) > 2:
            return (
                "RuntimeError: torch.block_diag: Input tensors must have 2 or fewer dimensions. "
                f"Input {i} has {len(sh)} dimensions"
            )
        r, c = (1, 1) if not sh else (1, sh[0]) if len(sh) == 1 else sh
        rows, cols = rows + r, cols + c
    return (rows, cols)


def cartesian_prod(shapes: list) -> tuple | str:
    """``torch.cartesian_prod``: 1-D inputs; one gives itself, more ``(product, count)``."""
    for sh in shapes:
        if len(sh) != 1:
            return f"RuntimeError: Expect a 1D vector, but got shape {list(sh)}"
    if len(shapes) == 1:
        return shapes[0]
    return (math.prod(sh[0] for sh in shapes), len(shapes))


_LIKE_KW = frozenset({"low", "high", "device", "memory_format", "generator"})


# ``t.type(torch.DoubleTensor)`` / ``t.type("torch.LongTensor")``: the cast method it is
_TENSOR_TYPES = {
    "DoubleTensor": "double",
    "FloatTensor": "float",
    "HalfTensor": "half",
    "BFloat16Tensor": "bfloat16",
    "LongTensor": "long",
    "IntTensor": "int",
    "ShortTensor": "short",
    "BoolTensor": "bool",
}


def alias(name: str, args: list, kwargs: dict) -> tuple[str, list]:
    """The method (and arguments) torch's alias stands for: ``absolute`` -> ``abs``,
    ``ravel()`` -> ``flatten()``, ``type(torch.float64)`` -> ``to(torch.float64)``,
    ``type(torch.DoubleTensor)`` -> ``double()``."""
    if name in ("absolute", "absolute_"):
        return "abs" + name[len("absolute") :], args
    if name == "ravel" and not args and not kwargs:
        return "flatten", args
    if name == "type" and len(args) == 1 and not kwargs:
        from driftcheck.parsers.source.forward import dataflow_checks

        a = args[0]
        q = a if isinstance(a, str) else getattr(a, "qual", None)
        if isinstance(q, str) and q.startswith("torch."):
            last = q.rsplit(".", 1)[-1]
            if last in _TENSOR_TYPES and q.count(".") == 1:  # (not ``torch.cuda.*``)
                return _TENSOR_TYPES[last], []
            if not isinstance(a, str) and dataflow_checks.dtype_name(a) is not None:
                return "to", args
    return name, args


_NEW = frozenset({"new_zeros", "new_ones", "new_empty", "new_full", "new_tensor"})


def after_method(f: Any, t: Tens, name: str, args: list, kwargs: dict, out: Any) -> None:
    """Dtype facts of a method's result: ``t.new_zeros(..., dtype=d)`` is ``d``;
    ``torch.where(c, 1, 0)`` of two Python numbers is int64 (a float among them: the default
    floating dtype; both bools: bool)."""
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_dtype_ops

    if f.input_shape is None or not isinstance(out, Tens) or out is t:
        return
    if dataflow_checks.fact(f, out, "dtype") is not None:
        return
    if name in _NEW and "dtype" in kwargs:
        d = dataflow_checks.dtype_name(kwargs["dtype"])
        if d is not None:
            dataflow_checks.add_facts(f, out, replace=False, dtype=d)
            dataflow_dtype_ops._give_word(f, out, kwargs["dtype"])
            from driftcheck.parsers.source.forward import dataflow_fix25b

            q = getattr(kwargs["dtype"], "qual", "")
            last = q.rsplit(".", 1)[-1] if isinstance(q, str) else ""
            dataflow_fix25b.give_exact(
                f, out, {"double": "float64", "float": "float32"}.get(last, last)
            )
    elif name == "where" and len(args) == 2 and not kwargs:
        kinds = {type(a) for a in args}
        if not kinds <= {int, float, bool}:
            return
        d = (
            dataflow_checks.FLOAT
            if float in kinds
            else "bool"
            if kinds == {bool}
            else dataflow_checks.INT
        )
        dataflow_checks.add_facts(f, out, replace=False, dtype=d)


def _same_dtype(f: Any, t: Tens, out: Tens) -> Tens:
    """``out`` with ``t``'s dtype facts (its family, torch's word for an int, an exact float)."""
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_fix25b

    for key in ("dtype", "itype"):
        v = dataflow_checks.fact(f, t, key)
        if v is not None:
            dataflow_checks.add_facts(f, out, replace=False, **{key: v})
    dataflow_fix25b.give_exact(f, out, dataflow_fix25b.exact(f, t))
    return out


_DIAG = (("offset", 0), ("dim1", -2), ("dim2", -1))


def kron(shape: tuple, args: list, kwargs: dict) -> tuple | None:
    """``torch.kron(a, b)`` with ``a`` of ``shape``: sizes multiplied, ranks right-aligned."""
    other = arg(args, kwargs, 0, "other")
    b = known_shape(other)
    if b is None or len(args) > 1 or set(kwargs) - {"other"}:
        return None
    n = max(len(shape), len(b))
    a2, b2 = (1,) * (n - len(shape)) + shape, (1,) * (n - len(b)) + b
    return tuple(x * y for x, y in zip(a2, b2, strict=True))


def isin(f: Any, shape: tuple, args: list, kwargs: dict) -> Tens | None:
    """``torch.isin(elements, test_elements, *, assume_unique, invert)``: ``elements``' shape,
    bool; ``test_elements`` a tensor (a number: not modelled)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    test = arg(args, kwargs, 0, "test_elements")
    if not isinstance(test, Tens) or len(args) > 1:
        return None
    if set(kwargs) - {"test_elements", "assume_unique", "invert"}:
        return None
    if any(not isinstance(kwargs.get(k, False), bool) for k in ("assume_unique", "invert")):
        return None
    out = Tens(None, shape)
    dataflow_checks.add_facts(f, out, replace=False, dtype="bool")
    return out


def new_tensor(f: Any, t: Tens, args: list, kwargs: dict) -> Tens | None:
    """``t.new_tensor(data[, dtype=...])``: a tensor shaped as ``data`` (torch.tensor's rule),
    of ``t``'s dtype unless ``dtype=`` names another."""
    from driftcheck.parsers.source.forward.dataflow_concrete import nested_shape

    data = arg(args, kwargs, 0, "data")
    if len(args) != 1 or set(kwargs) - {"dtype", "device", "requires_grad"}:
        return None
    shape = known_shape(data) if isinstance(data, Tens) else nested_shape(data)
    if shape is None:
        return None
    out = Tens(None, tuple(shape))
    return out if "dtype" in kwargs else _same_dtype(f, t, out)


def buffer_exact(f: Any, obj: Any, name: str, buf: Any, t: Any) -> None:
    """``self.<name>``, a buffer read in ``forward``: its exact floating dtype where
    ``__init__`` fixed it (see the module docstring)."""
    from driftcheck.parsers.source.forward import dataflow_attrs, dataflow_fix25b
    from driftcheck.parsers.source.values.abstract import Tensor

    if f.input_shape is None or not isinstance(buf, Tensor) or not isinstance(t, Tens):
        return
    if buf.cond is not None or dataflow_attrs.written_outside_init(f, obj, name):
        return
    dataflow_fix25b.param_exact(f, obj, buf, t)


_VMAPS = frozenset({"torch.func.vmap", "torch.vmap", "functorch.vmap"})


def _const_dims(node: Any, n: int) -> list | None:
    """``in_dims`` as one per argument (an int, or a tuple of ints / None), else None."""
    import ast

    if node is None:
        return [0] * n
    if isinstance(node, ast.Constant) and is_int(node.value):
        return [node.value] * n
    if isinstance(node, ast.Tuple) and len(node.elts) == n:
        vals = [x.value if isinstance(x, ast.Constant) else "?" for x in node.elts]
        if all(v is None or is_int(v) for v in vals):
            return vals
    return None


def vmap_result(call: Any, e: Any, args: list, kwargs: dict, fr: Any) -> Any:
    """``vmap(fn, ...)(*args)`` (``e``): the result (see the module docstring), or None when
    not judged (the caller goes on as before)."""
    import ast

    run = call.run
    f = run.f
    inner = e.func
    if f.input_shape is None or kwargs or not isinstance(inner, ast.Call) or not args:
        return None
    if any(isinstance(a, ast.Starred) for a in (*e.args, *inner.args)) or e.keywords:
        return None
    if len(inner.args) != 1 or any(k.arg is None for k in inner.keywords):
        return None
    if getattr(run.eval(inner.func, fr), "qual", None) not in _VMAPS:
        return None
    kws = {k.arg: k.value for k in inner.keywords}
    if set(kws) - {"in_dims", "out_dims", "chunk_size"}:
        return None
    dims = _const_dims(kws.get("in_dims"), len(args))
    out_node = kws.get("out_dims", ast.Constant(0))
    if dims is None or not isinstance(out_node, ast.Constant) or not is_int(out_node.value):
        return None
    fn_node = inner.args[0]
    fn = (
        run.eval(fn_node, fr)
        if isinstance(fn_node, (ast.Lambda, ast.Name, ast.Attribute))
        else None
    )
    torch_fn = getattr(fn, "qual", "").startswith("torch.") and not isinstance(fn, Tens)
    if fn is None or not (hasattr(fn, "local_def") or torch_fn):
        return None
    batch: set[int] = set()
    per: list = []
    for a, d in zip(args, dims, strict=True):
        if d is None:
            per.append(a)
            continue
        shape = known_shape(a)
        if shape is None or not -len(shape) <= d < len(shape):
            return None
        d %= len(shape)
        batch.add(shape[d])
        per.append(_same_dtype(f, a, Tens(None, shape[:d] + shape[d + 1 :])))
    if len(batch) != 1:
        return None  # (no mapped tensor, or sizes that differ: vmap_call's crash)
    before = len(f.crashes)
    res = call.call_value(fn, per, {}, fr, e)
    if len(f.crashes) != before:
        return Tens(None)
    shape = known_shape(res)
    if shape is None:
        return Tens(None)
    od = out_node.value
    if not -(len(shape) + 1) <= od <= len(shape):
        return Tens(None)  # (torch raises; not claimed)
    od %= len(shape) + 1
    return _same_dtype(f, res, Tens(None, shape[:od] + (batch.pop(),) + shape[od:]))


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """A crash of ``torch.<...>(...)`` this module judges (see the module docstring)."""
    if f.input_shape is None:
        return None
    if q == "torch.linalg.norm":
        dim = arg(args, kwargs, 2, "dim")
        if (
            isinstance(dim, (tuple, list))
            and all(is_int(d) for d in dim)
            and len(dim) not in (1, 2)
        ):
            return (
                "RuntimeError: linalg.norm: If dim is specified, it must be of length 1 or 2. "
                f"Got {list(dim)}"
            )
        return None
    if q != "torch.nn.functional.embedding":
        return None
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_fix26

    ids, weight = arg(args, kwargs, 0, "input"), arg(args, kwargs, 1, "weight")
    ws = known_shape(weight)
    if not isinstance(ids, Tens) or ws is None or len(ws) != 2:
        return None
    rows = ws[0]
    if dataflow_checks.fact(f, ids, "dtype") in (dataflow_checks.FLOAT, "float64"):
        return (
            "RuntimeError: F.embedding: indices must be Long or Int, got a floating point "
            "tensor (Expected tensor for argument #1 'indices' to have one of the following "
            "scalar types: Long, Int)"
        )
    rng = dataflow_checks.fact(f, ids, "range")
    if rng is not None and (rng[0] < 0 or rng[1] >= rows):
        bad = rng[1] if rng[1] >= rows else rng[0]
        return (
            f"IndexError: F.embedding: index {bad} out of range for a weight of {rows} rows "
            "(index out of range in self)"
        )
    return dataflow_fix26.embedding_error(f, ids, rows) or values_error(f, ids, rows)


def values_error(f: Any, ids: Any, rows: Any) -> str | None:
    """An embedding lookup (``F.embedding`` or an ``nn.Embedding`` of ``rows`` rows) whose ids'
    values the pass knows (``torch.tensor([[9, 1]])``) with one outside ``[0, rows)``."""
    from driftcheck.parsers.source.forward import dataflow_known

    arr = dataflow_known.array(f, ids) if isinstance(ids, Tens) else None
    if arr is None or not is_int(rows) or arr.size == 0 or arr.dtype.kind not in "iu":
        return None
    bad = [int(v) for v in arr.reshape(-1) if not 0 <= int(v) < rows]
    if not bad:
        return None
    return (
        f"IndexError: an embedding lookup of index {bad[0]} in a table of {rows} rows (index "
        "out of range in self)"
    )


def int_list(v: list) -> Any:
    """A non-empty rectangular (nested) list of plain ints as a numpy int64 array, else None
    (bools make a mask, other items are not modelled)."""
    from driftcheck.parsers.source.forward.dataflow_concrete import nested_shape
    from driftcheck.parsers.source.library.tensorvalues import np

    def ints(x: Any, depth: int = 0) -> bool:
        if isinstance(x, list) and depth < 8:
            return bool(x) and all(ints(i, depth + 1) for i in x)
        return type(x) is int

    if not ints(v) or nested_shape(v) is None:
        return None
    return np().asarray(v, dtype="int64")


def tensor_where(run: Any, t: Tens, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    """``t.where(condition, other)``: ``torch.where(condition, t, other)`` (an unknown tensor
    when the condition is not a tensor the pass holds)."""
    from driftcheck.parsers.source.forward import dataflow_torch

    cond = arg(args, kwargs, 0, "condition")
    other = arg(args, kwargs, 1, "y" if "y" in kwargs else "other")
    if not isinstance(cond, Tens) or len(args) + len(kwargs) != 2 or other is None:
        return Tens(None)
    return dataflow_torch.method(run, cond, "where", [t, other], {}, fr, at)
