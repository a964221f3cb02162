"""Forward crashes on real sizes, session 23 (fresh15's classes, made general): one entry
point for ``dataflow_torch._method`` (every ``torch.<name>(t, ...)`` / ``t.<name>(...)``), so
the shared files carry one hook line. Each rule is torch's own error condition, measured in
torch 2.13 (``tests/test_crash23_more.py`` runs each construct in torch):

- the shape rules of ``dataflow_pairs`` (``inner``, ``vecdot``, ``addr``, ``*_scatter``, ...);
- square / rank conditions of matrix functions and valid ``ord`` values, from the table
  ``matrix_table`` that ``tools/gen_matrix_table.py`` measures in torch (``dataflow_matrix``);
- dtype conditions on arguments, where the families are known for certain:

  - ``torch.heaviside(x, values)``: one dtype for both (families differ => different dtypes);
  - ``torch.addcdiv(input, t1, t2)``: ``t1`` and ``t2`` both integer / bool raise;
  - ``F.nll_loss(input, target)``: a float / bool target raises ("expected target dtype to be
    Long or Byte"); ``F.cross_entropy`` the same where ``target``'s shape is not ``input``'s
    (a same-shape float target is class probabilities);
  - ``torch.div(..., rounding_mode=s)``: ``s`` one of None, 'trunc', 'floor';
  - ``F.celu(x, alpha=0)`` / ``nn.CELU(0)``: alpha 0 raises at the call.

An unknown dtype, shape or argument gives no verdict.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_checks import FLOAT, INT
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

_INTEGRAL = frozenset({"int", "uint8", "bool"})
_FLOATY = frozenset({"float", "complex"})
_DTYPE_WORD = {"float": "Float", "bool": "Bool", "complex": "ComplexFloat"}
_DIVS = frozenset({"div", "div_", "divide", "divide_"})
_CELU = "ZeroDivisionError: alpha cannot be 0 for CELU"


def _family(f: Any, t: Any) -> str | None:
    from driftcheck.parsers.source.forward import dataflow_dtype_accept

    return dataflow_dtype_accept.family(f, t)


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``torch.<name>(t, *args)`` / ``t.<name>(*args)``: ``Tens(None)`` after a crash torch
    certainly raises, else None (the caller goes on)."""
    if f.input_shape is None:
        return None
    from driftcheck.parsers.source.forward import dataflow_matrix, dataflow_pairs

    got = dataflow_pairs.method(f, t, name, args, kwargs, loc)
    if got is None:
        got = dataflow_matrix.method(f, t, name, args, kwargs, loc)
    if got is not None:
        return got
    from driftcheck.parsers.source.forward import dataflow_fix24

    got = dataflow_fix24.method(f, t, name, args, kwargs, loc)  # session 24's rules
    if got is not None:
        return got
    err = _dtype_error(f, t, name, args, kwargs) or inplace_error(f, t, name, args, kwargs)
    if err is None:
        return None
    f.crash(loc, err)
    return Tens(None)


def _dtype_error(f: Any, t: Tens, name: str, args: list, kwargs: dict) -> str | None:
    if name in ("heaviside", "heaviside_"):
        a, b = _family(f, t), _family(f, arg(args, kwargs, 0, "values"))
        if a is not None and b is not None and a != b:
            return "heaviside is not yet implemented for tensors with different dtypes."
        return None
    if name in ("addcdiv", "addcdiv_"):
        t1 = _family(f, arg(args, kwargs, 0, "tensor1"))
        t2 = _family(f, arg(args, kwargs, 1, "tensor2"))
        if t1 in _INTEGRAL and t2 in _INTEGRAL and "out" not in kwargs:
            return (
                "Integer division with addcdiv is no longer supported, and in a future "
                "release addcdiv will perform a true division of tensor1 and tensor2."
            )
        return None
    if name in ("nll_loss", "cross_entropy"):
        target = arg(args, kwargs, 0, "target")
        fam = _family(f, target)
        if fam not in ("float", "bool"):
            return None
        if name == "cross_entropy":
            ts, gs = known_shape(t), known_shape(target)
            if fam == "bool" or ts is None or gs is None or ts == gs:
                return None  # a same-shape float target: class probabilities
        return f"expected target dtype to be Long or Byte, but got {_DTYPE_WORD[fam]}"
    if name in _DIVS:
        mode = kwargs.get("rounding_mode")
        if isinstance(mode, str) and mode not in ("trunc", "floor"):
            return (
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                f"'{mode}'"
            )
        return None
    if name in ("celu", "celu_"):
        alpha = arg(args, kwargs, 0, "alpha", 1.0)
        if _is_zero(alpha):
            return _CELU
    return None


def _literal_family(v: Any, depth: int = 0) -> str | None:
    """The dtype family torch gives ``torch.tensor(v)`` for Python data ``v``: bool when
    every item is a bool, int64 when every item is an int (or bool), else float (the default
    dtype) when every item is a number; None for anything else (a tensor, an unknown)."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, (list, tuple)) and v and depth < 4:
        fams = {_literal_family(x, depth + 1) for x in v}
        if None in fams:
            return None
        for fam in ("float", "int", "bool"):
            if fam in fams:
                return fam
    return None


_FAMILY_DTYPE = {"bool": "bool", "int": INT, "float": FLOAT}


def created(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``torch.tensor(data)`` / ``torch.as_tensor(data)`` of Python numbers without ``dtype=``:
    the dtype torch infers (a fact other rules read: ``heaviside(h, torch.tensor(0))``)."""
    if name not in ("tensor", "as_tensor") or not isinstance(out, Tens) or "dtype" in kwargs:
        return
    if len(args) != 1 or f.input_shape is None:
        return
    fam = _literal_family(args[0])
    if fam is not None:
        dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY_DTYPE[fam])


def aug_attribute(run: Any, st: ast.AugAssign, rhs: Any, fr: Any) -> None:
    """``self.<name> op= v`` on a tensor attribute (a buffer): the dtype rule of ``t op= v``
    (``dataflow_dtype_ops.augassign``: a float result written into an integer tensor), which
    before covered a local name only. Python reads the attribute first, so reading it here
    is what the statement does."""
    target = st.target
    if run.f.input_shape is None or not isinstance(target, ast.Attribute):
        return
    if not (isinstance(target.value, ast.Name) and target.value.id == "self"):
        return
    owner = getattr(run.eval(target.value, fr), "obj", None)
    if owner is None or rebound_outside_init(owner, target.attr):
        return  # ``self.count = self.count.float()`` elsewhere: the dtype ``__init__`` left may
        # not be the one here (forward's attribute stores carry no dataflow)
    load = ast.copy_location(ast.Attribute(target.value, target.attr, ast.Load()), target)
    cur = run.eval(load, fr)
    if isinstance(cur, Tens):
        aug_name(run.f, st.op, cur, rhs, fr.loc(st))


# reductions whose result keeps a floating-point input's dtype (no ``dtype=``; axis and
# ``keepdim`` arguments only: ``t.max(other)`` promotes, so a tensor argument is not taken)
_KEEP_FLOAT = frozenset({"sum", "mean", "nansum", "nanmean", "prod", "cumsum", "cumprod",
                         "amax", "amin", "max", "min", "logsumexp", "median", "nanmedian"})  # fmt: skip


def _axis_like(v: Any, depth: int = 0) -> bool:
    if isinstance(v, (list, tuple)) and depth < 1:
        return all(_axis_like(x, depth + 1) for x in v)
    return v is None or isinstance(v, int)  # (a bool is ``keepdim``)


def after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``t.sum(0)`` / ``torch.mean(t, -1)`` ... of a float tensor: the same float dtype (a
    fact ``t op= v`` reads: ``self.count += h.sum(0)`` on an int64 buffer raises)."""
    if name not in _KEEP_FLOAT or not isinstance(out, Tens) or out is t or "dtype" in kwargs:
        return
    dt = dataflow_checks.fact(f, t, "dtype") if isinstance(t, Tens) else None
    if dt not in (FLOAT, "float64"):
        return
    if all(_axis_like(a) for a in [*args, *(v for k, v in kwargs.items() if k != "out")]):
        dataflow_checks.add_facts(f, out, replace=False, dtype=dt)


# calls that may replace a module's tensors wholesale (a dtype change included)
_REBINDS = frozenset({"set_", "type", "_apply", "apply", "to_empty", "load_state_dict",
                      "register_buffer", "register_parameter", "__setattr__"})  # fmt: skip


def rebound_outside_init(obj: Any, name: str) -> bool:
    """Whether the files of ``obj``'s classes may bind attribute ``name`` to another tensor
    anywhere but in an ``__init__``: ``x.name = ...`` / ``x.name.data = ...`` (plain or
    annotated, in a tuple, as a loop or ``with`` target), ``del x.name``, the name as a
    string (``setattr``, ``register_buffer``), or a call that may replace every tensor
    (``self.type(...)``, ``_apply``, ``load_state_dict``). An in-place update (``x.name +=
    v``, ``x.name.add_(v)``) keeps the tensor and its dtype, so it does not count. A class we
    cannot read (a library base) may."""
    from driftcheck.parsers.source.forward.dataflow_attrs import class_trees

    trees = class_trees(obj)
    if trees is None:
        return True  # a class we cannot read may
    return any(_rebinds(tree, name) for tree in trees.values())


def _bound(t: Any, name: str) -> bool:
    """Target ``t`` binds ``<x>.name`` (or ``<x>.name.data``)."""
    if isinstance(t, (ast.Tuple, ast.List)):
        return any(_bound(e, name) for e in t.elts)
    if isinstance(t, ast.Starred):
        return _bound(t.value, name)
    if isinstance(t, ast.Attribute) and t.attr == "data":
        t = t.value
    return isinstance(t, ast.Attribute) and t.attr == name


def _rebinds(tree: ast.AST, name: str) -> bool:
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "__init__":
            continue
        targets: list = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = [node.target]
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        if any(_bound(t, name) for t in targets):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in _REBINDS:
                return True
        if isinstance(node, ast.Constant) and node.value == name:
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False


# ``t op= v`` is ``t.<method>(v)``
_AUG = {ast.Add: "add_", ast.Sub: "sub_", ast.Mult: "mul_", ast.Div: "div_",
        ast.FloorDiv: "floor_divide_", ast.Mod: "remainder_", ast.Pow: "pow_"}  # fmt: skip
_TENSOR_KIND = {"float": "ftensor", "int": "itensor", "bool": "btensor"}


def inplace_error(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``t.<name>(v)`` in place on an integer / bool ``t`` whose result torch cannot write
    back (``inplace_table``: ``count.sqrt_()``, ``mask.add_(1)``, ``ids.clamp_(max=0.5)`` is
    not judged: keywords are not probed). ``v`` a Python number or a tensor of known family."""
    from driftcheck.parsers.source.forward.inplace_table import REFUSED

    row = REFUSED.get(name)
    fam = _family(f, t) if row is not None else None
    if fam not in (row or {}) or kwargs or len(args) > 1:
        return None
    kind = _arg_kind(f, args[0]) if args else "none"
    return row[fam].get(kind) if kind is not None else None


def _arg_kind(f: Any, v: Any) -> str | None:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    return _TENSOR_KIND.get(_family(f, v)) if isinstance(v, Tens) else None


def aug_name(f: Any, op: ast.operator, cur: Any, rhs: Any, loc: Any) -> None:
    """``t op= v`` (a local or, through ``aug_attribute``, ``self.<name>``) on a tensor of
    known integer / bool family: the table's verdict for ``t.<op>_(v)`` (Python's in-place
    operators are those methods), unless a crash is already noted at this line."""
    name = _AUG.get(type(op))
    if f.input_shape is None or name is None or not isinstance(cur, Tens):
        return
    if any(at == loc for at, _ in f.crashes):
        return
    err = inplace_error(f, cur, name, [rhs], {})
    if err is not None:
        f.crash(loc, err)


def _is_zero(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == 0


def layer_error(type_: str, params: dict) -> str | None:
    """A catalogue layer whose call torch refuses for its constructor's arguments alone
    (``nn.CELU(alpha=0.0)``)."""
    if type_ == "CELU" and _is_zero(params.get("alpha")):
        return _CELU
    from driftcheck.parsers.source.forward import dataflow_fix24

    return dataflow_fix24.layer_error(type_, params)  # ``nn.RReLU(0.3, 0.1)``
