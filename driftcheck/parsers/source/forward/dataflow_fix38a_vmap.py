"""Session 38 (crashfix38a): a function ``torch.func.vmap`` runs, read under vmap's batched
tensors (torch 2.13, checked in ``tests/test_crash38a.py`` with clean twins).

Inside ``vmap(fn, in_dims)(*args)`` every input mapped over (``in_dims`` an int for it) is a
batched tensor, and so is whatever a torch op makes of one (a method of it, ``torch.<fn>`` /
``F.<fn>`` given it, arithmetic, indexing). Read from ``fn``'s source, statement by statement at
its top level (up to its first ``return`` / ``raise`` or a statement that is not a plain
assignment, expression or ``if`` test), this module claims torch's errors:

- ``b.item()`` / ``float(b)`` / ``int(b)`` / ``bool(b)`` / ``complex(b)`` of a batched ``b``:
  "vmap: It looks like you're calling .item() on a Tensor";
- a batched ``b`` as a truth value: an ``if`` / ``while`` / ``assert`` test, a conditional
  expression's test, an operand of ``and`` / ``or`` / ``not``, builtin ``max`` / ``min`` of it
  and a number: "vmap: It looks like you're attempting to use a Tensor in some data-dependent
  control flow";
- an in-place method (``u.copy_(b)``, ``u.mul_(b)``, ``u[i] = b``) writing a batched value into
  a tensor that is not batched: an input given ``in_dims`` None, or one ``fn`` made with
  ``torch.empty`` / ``zeros`` / ``ones`` / ``full`` / ``tensor`` of no batched argument: "vmap:
  inplace arithmetic(self, *extra_args) is not possible".

``fn`` is a method of the code's own, a function, a ``def`` / ``lambda`` inside ``forward``; the
call is ``vmap(fn, ...)(*args)`` or ``g = vmap(fn, ...)`` then ``g(*args)``; ``in_dims`` an int
(0 by default) or a tuple of ints / None. Names bound in a skipped block, nested functions,
``*args`` and keyword-only parameters stop the reading (nothing more is claimed).

``DRIFTCHECK_NO_FIX38A=1`` turns it off (with ``dataflow_fix38a``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_fix38a import _dotted, _off

_VMAP = frozenset({"torch.func.vmap", "torch.vmap", "functorch.vmap"})
_ITEM = "RuntimeError: vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over calling .item() on a Tensor"
_FLOW = "RuntimeError: vmap: It looks like you're attempting to use a Tensor in some data-dependent control flow. We don't support that yet"
_INPLACE = "RuntimeError: vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a Tensor `other` in extra_args that has more elements than `self`"
_AUG = "RuntimeError: in-place update of a tensor not batched by vmap with a batched value (output with shape [...] doesn't match the broadcast shape)"
# tensor methods whose result is a Python value or metadata, not a tensor
_META = frozenset(
    {"size", "dim", "ndimension", "numel", "element_size", "is_contiguous", "is_floating_point",
     "is_complex", "stride", "storage_offset", "get_device", "nelement", "type", "tolist",
     "item", "data_ptr", "__len__"}
)  # fmt: skip
_META_ATTRS = frozenset({"shape", "ndim", "dtype", "device", "is_cuda", "layout", "requires_grad"})
_FRESH = frozenset({"empty", "zeros", "ones", "full", "tensor", "arange", "eye", "rand", "randn"})
_TORCH_PREFIXES = ("torch.", "F.", "nn.functional.", "torch.nn.functional.")
_CASTS = frozenset({"float", "int", "bool", "complex"})


class _Stop(Exception):
    """The reading cannot go on (a construct not followed)."""


class _Reader:
    def __init__(self, batched: set[str], plain: set[str], names: set[str]) -> None:
        self.batched = batched  # names bound to a batched tensor
        self.plain = plain  # names bound to a tensor surely not batched
        self.names = names  # every parameter name (the rest: globals, ``self``)
        self.err: tuple[ast.AST, str] | None = None

    # an expression is batched for certain (True), or not known to be (False)
    def batched_expr(self, n: Any) -> bool:
        if isinstance(n, ast.Name):
            return n.id in self.batched
        if isinstance(n, ast.BinOp):
            return self.batched_expr(n.left) or self.batched_expr(n.right)
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.USub, ast.UAdd, ast.Invert)):
            return self.batched_expr(n.operand)
        if isinstance(n, ast.Compare) and len(n.ops) == 1:
            # a tensor comparison (``r is None``, ``x in d`` are Python's, never a tensor)
            if not isinstance(n.ops[0], (ast.Lt, ast.Gt, ast.LtE, ast.GtE, ast.Eq, ast.NotEq)):
                return False
            if any(isinstance(c, ast.Constant) and c.value is None
                   for c in (n.left, n.comparators[0])):  # fmt: skip
                return False
            return self.batched_expr(n.left) or self.batched_expr(n.comparators[0])
        if isinstance(n, ast.Subscript):
            return self.batched_expr(n.value)
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Attribute) and self.batched_expr(f.value):
                return f.attr not in _META and not f.attr.startswith("new_")
            name = _dotted(f)
            if name is not None and name.startswith(_TORCH_PREFIXES):
                return any(self.batched_expr(a) for a in n.args) or any(
                    self.batched_expr(k.value) for k in n.keywords
                )
        return False

    def fresh_plain(self, n: Any) -> bool:
        """``torch.empty(3)`` and the like, of no batched argument."""
        if not isinstance(n, ast.Call):
            return False
        name = _dotted(n.func)
        if name is None or not name.startswith("torch.") or name.count(".") != 1:
            return False
        if name.split(".")[1] not in _FRESH:
            return False
        return not any(self.batched_expr(a) for a in [*n.args, *(k.value for k in n.keywords)])

    def fail(self, node: ast.AST, msg: str) -> None:
        if self.err is None:
            self.err = (node, msg)
        raise _Stop

    def truth(self, n: Any) -> None:
        if self.batched_expr(n):
            self.fail(n, _FLOW)

    def check(self, n: Any) -> None:
        """torch's errors met evaluating ``n`` (every sub-expression; the first found)."""
        for c in ast.walk(n):
            if isinstance(c, (ast.Lambda, ast.ListComp, ast.GeneratorExp, ast.DictComp,
                              ast.SetComp, ast.NamedExpr, ast.Await, ast.Yield,
                              ast.YieldFrom)):  # fmt: skip
                raise _Stop
        for c in ast.walk(n):
            if isinstance(c, ast.Call):
                f = c.func
                if isinstance(f, ast.Attribute) and f.attr == "item" and not c.args:
                    if self.batched_expr(f.value):
                        self.fail(c, _ITEM)
                if isinstance(f, ast.Name) and f.id in _CASTS and f.id not in self.names:
                    if len(c.args) == 1 and not c.keywords and self.batched_expr(c.args[0]):
                        self.fail(c, _ITEM)
                if isinstance(f, ast.Name) and f.id in ("max", "min") and f.id not in self.names:
                    if len(c.args) >= 2 and not c.keywords:
                        if any(self.batched_expr(a) for a in c.args):
                            self.fail(c, _FLOW)
                if (
                    isinstance(f, ast.Attribute)
                    and f.attr.endswith("_")
                    and not f.attr.startswith("_")
                ):
                    base = f.value
                    if isinstance(base, ast.Name) and base.id in self.plain:
                        if any(self.batched_expr(a) for a in c.args):
                            self.fail(c, _INPLACE)
            elif isinstance(c, ast.IfExp):
                self.truth(c.test)
            elif isinstance(c, ast.BoolOp):
                for v in c.values:
                    self.truth(v)
            elif isinstance(c, ast.UnaryOp) and isinstance(c.op, ast.Not):
                self.truth(c.operand)

    def bind(self, target: Any, value: Any) -> None:
        if not isinstance(target, ast.Name):
            raise _Stop
        self.batched.discard(target.id)
        self.plain.discard(target.id)
        if self.batched_expr(value):
            self.batched.add(target.id)
        elif self.fresh_plain(value):
            self.plain.add(target.id)

    def run(self, body: list) -> None:
        for st in body:
            if isinstance(st, ast.Expr):
                self.check(st.value)
            elif isinstance(st, ast.Assign) and len(st.targets) == 1:
                t = st.targets[0]
                self.check(st.value)
                if isinstance(t, ast.Subscript):
                    self.check(t)
                    base = t.value
                    if isinstance(base, ast.Name) and base.id in self.plain:
                        if self.batched_expr(st.value):
                            self.fail(st, _INPLACE)
                    continue
                self.bind(t, st.value)
            elif isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name):
                self.check(st.value)
                name = st.target.id
                if name in self.plain and self.batched_expr(st.value):
                    self.fail(st, _AUG)  # a tensor's ``+=``: in place
                batched = name in self.batched or self.batched_expr(st.value)
                if name not in self.batched and name not in self.plain:
                    batched = False  # (a number, a list...: not known)
                self.batched.discard(name)
                self.plain.discard(name)
                if batched:
                    self.batched.add(name)
            elif isinstance(st, ast.Assert):
                self.check(st.test)
                self.truth(st.test)
            elif isinstance(st, (ast.Return, ast.Raise)):
                v = st.value if isinstance(st, ast.Return) else st.exc
                if v is not None:
                    self.check(v)
                return
            elif isinstance(st, (ast.If, ast.While)):
                self.check(st.test)
                self.truth(st.test)
                return
            elif isinstance(st, ast.Pass):
                continue
            else:
                return


def _function(fn: Any) -> tuple[Any, bool, Any] | None:
    """(the function's node, whether its first parameter is bound, its file) of ``fn``."""
    from driftcheck.parsers.source.values.abstract import Func
    from driftcheck.parsers.source.values.dataflow_values import UserFunc

    if isinstance(fn, UserFunc) and isinstance(fn.func, Func):
        bound = fn.self_mod is not None and not fn.func.is_static
        return fn.func.node, bound, getattr(fn.func.mod, "path", None)
    if isinstance(fn, Func):
        return fn.node, False, getattr(fn.mod, "path", None)
    if getattr(fn, "local_def", False) is True:
        frame = getattr(fn, "frame", None)
        return fn.node, False, getattr(getattr(frame, "mod", None), "path", None)
    return None


def vmap_error(fn: Any, dims: Any, nargs: int, arg_vals: list | None) -> tuple[Any, str] | None:
    """torch's error running ``fn`` under vmap with ``nargs`` positional inputs mapped by
    ``dims`` (an int or a tuple), or None; (the line, the message)."""
    from driftcheck.parsers.source.values.dataflow_values import Tens

    got = _function(fn)
    if got is None:
        return None
    node, bound, path = got
    a = node.args
    if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
        return None
    params = [p.arg for p in a.args][1 if bound else 0 :]
    if nargs != len(params):
        return None
    if dims.__class__ is int and not isinstance(dims, bool):
        per = [dims] * nargs
    elif dims.__class__ is tuple and len(dims) == nargs:
        per = list(dims)
    else:
        return None
    batched, plain = set(), set()
    for i, (p, d) in enumerate(zip(params, per, strict=True)):
        if d is None:
            v = arg_vals[i] if arg_vals is not None else None
            if isinstance(v, Tens):
                plain.add(p)
        elif d.__class__ is int:
            batched.add(p)
        else:
            return None
    body = node.body if isinstance(node, ast.FunctionDef) else [ast.Return(value=node.body)]
    r = _Reader(batched, plain, set(params) | ({a.args[0].arg} if bound else set()))
    try:
        r.run(body)
    except _Stop:
        pass
    if r.err is None:
        return None
    return (str(path) if path is not None else None, getattr(r.err[0], "lineno", 0)), r.err[1]


def _applied(fr: Any, e: ast.Call) -> ast.Call | None:
    """The call ``e(...)`` of the function being run, where ``e`` is called at once."""
    fn = getattr(getattr(fr, "func", None), "node", None)
    if fn is None:
        return None
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and n.func is e:
            return n
    return None


_MADE = "fix38a_vmapped"  # id(VmapFn) -> (VmapFn, fn, in_dims)


def _dims(args: list, kwargs: dict) -> Any:
    d = args[1] if len(args) >= 2 else kwargs.get("in_dims", 0)
    if d.__class__ is int and not isinstance(d, bool):
        return d
    if d.__class__ is tuple and all(i is None or i.__class__ is int for i in d):
        return d
    return None


@hooks.before(179)
def vmap_run(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward.dataflow_fix37d import VmapFn
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    if isinstance(fv, VmapFn):
        made = f.run_state.get(_MADE, {}).get(id(fv))
        if made is None or made[0] is not fv:
            return
        if any(isinstance(a, ast.Starred) for a in e.args) or e.keywords or kwargs:
            return
        got = vmap_error(made[1], made[2], len(args), args)
    elif isinstance(fv, Ext) and fv.qual in _VMAP:
        if any(isinstance(a, ast.Starred) for a in e.args) or any(
            k.arg is None for k in e.keywords
        ):
            return
        if set(kwargs) - {"in_dims", "out_dims", "randomness", "chunk_size"} or len(args) > 2:
            return
        outer = _applied(fr, e)
        if outer is None or not args:
            return
        if any(isinstance(a, ast.Starred) for a in outer.args) or outer.keywords:
            return
        dims = _dims(args, kwargs)
        if dims is None:
            return
        got = vmap_error(args[0], dims, len(outer.args), None)
    else:
        return
    if got is not None:
        loc, msg = got
        f.crash(loc if loc[0] is not None else fr.loc(e), msg)


@hooks.after(203)
def vmap_kept(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    """``g = vmap(fn, ...)``: the function and its ``in_dims`` kept beside the result (a
    ``VmapFn``; one made here for an int ``in_dims``, whose call fix37d's checks pass)."""
    from driftcheck.parsers.source.forward.dataflow_fix37d import VmapFn
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return None
    if not isinstance(fv, Ext) or fv.qual not in _VMAP or not args:
        return None
    if any(isinstance(a, ast.Starred) for a in e.args) or len(args) > 2:
        return None
    if set(kwargs) - {"in_dims", "out_dims", "randomness", "chunk_size"}:
        return None
    dims = _dims(args, kwargs)
    if dims is None or _function(args[0]) is None:
        return None
    new = None
    if out is UNK and dims.__class__ is int:
        out = new = VmapFn(dims)
    if not isinstance(out, VmapFn):
        return None
    f.run_state.setdefault(_MADE, {})[id(out)] = (out, args[0], dims)
    return new
