"""Session 36 (crashfix36b): tracing and export entry points called in ``forward`` (torch 2.13,
CPU; ``tests/test_crash36b.py`` runs every verdict in torch, with clean twins):

- ``torch.export.export(mod, args)`` with ``args`` a list or a tensor (not a tuple):
  ``UserError: Expecting `args` to be a tuple of example positional inputs``;
- ``torch.jit.trace(mod, example)`` of a module of the code's own whose ``forward`` returns no
  value on any path (no ``return <value>``, no ``yield``): RuntimeError "The traced function
  didn't return any values!";
- ``torch.fx.symbolic_trace(mod)`` (no ``concrete_args``) of a module of the code's own whose
  ``forward`` decides control flow on its inputs: every value computed from an input is an FX
  ``Proxy``, and a proxy's truth (``if`` / ``while`` test, ``assert``) raises TraceError
  "symbolically traced variables cannot be used as inputs to control flow", ``range(proxy)``
  a TypeError. Judged only on statements the trace surely reaches: the top level of
  ``forward``'s body, after no statement that may leave it (``return``, ``raise``, ``if`` /
  ``try`` / ``with`` / loop holding one). A test counts when it is a proxy's truth for
  certain: a name computed from the inputs, an attribute / subscript / method call of one, a
  comparison other than ``is`` / ``in`` with one on a side, ``not`` / ``and`` / ``or`` whose
  first operand is such a test; ``isinstance`` / ``len`` / calls of the code's own are not
  judged. A name counts as a proxy when every binding of it in ``forward`` is one (an input,
  an attribute / item / method call of a proxy, arithmetic with one, ``torch.<fn>(proxy)``).

Also here: ``grad(fn, argnums=k)(*xs)`` / ``grad_and_value`` / ``jacrev`` (``torch.func``),
directly or wrapped in ``vmap(...)`` (which passes as many positional inputs), with an argnum
outside ``[-len(xs), len(xs))``: RuntimeError "Got argnum=k, but only n positional inputs"
(``Calls.call_expr`` asks ``argnums_call`` first, as ``dataflow_fix30b`` may answer such a
call itself); ``nn.CTCLoss(blank=b)(log_probs, ...)`` / ``F.ctc_loss(..., blank=b)`` with ``b``
outside ``[0, C)`` for ``C`` classes (``log_probs``' last size): "blank must be in label range".

Switch: ``DRIFTCHECK_NO_FIX36B=1``.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_fix36b import _off

_EXPORT = ("torch.export.export", "torch.export._trace.export")
_JIT_TRACE = ("torch.jit.trace", "torch.jit._trace.trace")
_FX_TRACE = ("torch.fx.symbolic_trace", "torch.fx._symbolic_trace.symbolic_trace")


def _forward(run: Any, mod: Any) -> tuple[ast.FunctionDef, set[str], Any] | None:
    """The ``forward`` read from source of the module ``mod`` (a ``Mod`` of the code's own),
    with ``"self.<name>"`` for each child that is a torch layer (its call on a proxy is one)."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if not isinstance(mod, Mod):
        return None
    try:
        obj = run.f.resolve(mod.obj)
        if not isinstance(obj, Obj) or obj.cls is None or getattr(obj, "unresolved", None):
            return None
        leaves = set()
        for name, c in obj.children.items():
            c = run.f.resolve(c)
            if isinstance(c, Leaf) and isinstance(c.torch, str) and c.torch.startswith("torch.nn."):
                leaves.add(f"self.{name}")
    except Exception:  # noqa: BLE001
        return None
    fn = run.calls.forward_of(obj)
    node = getattr(fn, "node", None)
    return (node, leaves, fn) if isinstance(node, ast.FunctionDef) else None


def _resolver(run: Any, fn: Any) -> Any:
    """``res(chain)``: the torch name an attribute chain rooted at a global of the module of
    ``fn`` (a forward read from source) reads; None for a name ``fn`` binds itself, or one
    that is not torch's."""
    from driftcheck.parsers.source.forward.dataflow_eval import Frame

    node = fn.node
    local = {p.arg for p in ast.walk(node.args) if isinstance(p, ast.arg)}
    local |= {
        n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    fr = Frame(fn.mod, None, None, fn)

    def res(chain: ast.AST) -> str | None:
        root = chain
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name) or root.id in local:
            return None
        return _qual(run, chain, fr)

    return res


def _returns_value(fn: ast.FunctionDef) -> bool:
    todo: list[ast.AST] = list(fn.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(n, ast.Return) and n.value is not None:
            if not (isinstance(n.value, ast.Constant) and n.value.value is None):
                return True
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return True
        todo.extend(ast.iter_child_nodes(n))
    return False


def _inputs(fn: ast.FunctionDef) -> set[str] | None:
    """``forward``'s inputs (its parameters after ``self``), None where one may be plain."""
    a = fn.args
    params = [p.arg for p in (*a.posonlyargs, *a.args)][1:]
    params += [p.arg for p in a.kwonlyargs]
    if a.vararg or a.kwarg or any(d is not None for d in a.defaults + a.kw_defaults):
        return None  # (a defaulted input may be a plain value: not judged)
    return set(params)


def _rebind(st: ast.stmt, names: set[str], res: Any) -> set[str]:
    """The proxy names after ``st`` ran: a name ``st`` binds stays / becomes one only when
    every binding of it in ``st`` is a proxy value (read with the names before ``st``)."""
    binds: dict[str, list[bool]] = {}
    for n in ast.walk(st):
        value: Any = None
        if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            value = n.value
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            sure = value is not None and _proxy(value, names, res)
            if isinstance(n, ast.AugAssign):
                sure = sure or _proxy(n.target, names, res)
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            targets, sure = [n.target], False
        elif isinstance(n, (ast.With, ast.AsyncWith)):
            targets, sure = [it.optional_vars for it in n.items if it.optional_vars], False
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
            return set()  # (names bound otherwise: nothing judged after)
        else:
            continue
        for t in targets:
            for x in ast.walk(t):
                if isinstance(x, ast.Name):
                    # ``a, b = x`` unpacks a proxy: not followed
                    ok = sure and isinstance(t, ast.Name)
                    binds.setdefault(x.id, []).append(ok)
    out = set(names)
    for k, v in binds.items():
        if all(v):
            out.add(k)
        else:
            out.discard(k)
    return out


def _proxy(e: ast.AST, names: set[str], res: Any) -> bool:
    """``e`` is, for certain, a proxy (a value computed from the inputs) on a trace: an input,
    an attribute / item / method call of a proxy, arithmetic with one, a call of a torch
    function that dispatches through ``__torch_function__`` given one by position (``res``
    resolves the callee in the traced module's globals: ``torch.relu`` / ``F.pad`` whatever
    local names bind them; a call of the code's own may return anything, and torch's
    pure-Python predicates, ``torch.is_tensor`` / ``torch.jit.isinstance``, return a bool)."""
    if isinstance(e, ast.Name):
        return e.id in names
    if isinstance(e, (ast.Attribute, ast.Subscript)):
        return _proxy(e.value, names, res)
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute):
        if _proxy(e.func.value, names, res):
            return True  # ``x.norm()``, ``x.size(0)``
        root = e.func.value
        if isinstance(root, ast.Name) and root.id == "self" and f"self.{e.func.attr}" in names:
            return any(_proxy(a, names, res) for a in e.args)  # a torch layer of the module
        if _dispatches(res(e.func)):
            return any(_proxy(a, names, res) for a in e.args)
        return False
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and _dispatches(res(e.func)):
        return any(_proxy(a, names, res) for a in e.args)  # ``from torch import relu``
    if isinstance(e, ast.BinOp):
        return _proxy(e.left, names, res) or _proxy(e.right, names, res)
    if isinstance(e, ast.UnaryOp) and not isinstance(e.op, ast.Not):
        return _proxy(e.operand, names, res)
    return False


_PLAIN_PREFIXES = (
    "torch.jit.", "torch._jit_internal.", "torch.overrides.", "torch.compiler.", "torch._C.",
    "torch.fx.", "torch._utils", "torch.utils.", "torch.cuda.", "torch.backends.",
    "torch.distributed.", "torch.testing.", "torch.onnx.", "torch._dynamo.", "torch.is_tensor",
    "torch.is_storage", "torch.typename", "torch.overrides",
)  # fmt: skip


def _dispatches(q: str | None) -> bool:
    """A torch function whose call on a Proxy gives a Proxy (``__torch_function__``); not the
    pure-Python helpers (``torch.is_tensor`` is ``isinstance(obj, Tensor)``, a bool)."""
    if not isinstance(q, str) or not q.startswith("torch."):
        return False
    if q.startswith(_PLAIN_PREFIXES):
        return False
    return not q.rsplit(".", 1)[-1].startswith(("is_tensor", "is_storage", "_"))


def _truth_of_proxy(t: ast.AST, names: set[str], res: Any) -> bool:
    if isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not):
        return _truth_of_proxy(t.operand, names, res)
    if isinstance(t, ast.BoolOp):
        return _truth_of_proxy(t.values[0], names, res)
    if isinstance(t, ast.Compare):
        if len(t.ops) != 1 or not isinstance(
            t.ops[0], (ast.Lt, ast.Gt, ast.LtE, ast.GtE, ast.Eq, ast.NotEq)
        ):
            return False
        return _proxy(t.left, names, res) or _proxy(t.comparators[0], names, res)
    return _proxy(t, names, res)


def _may_leave(st: ast.stmt) -> bool:
    for n in ast.walk(st):
        if isinstance(n, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
            return True
    return False


def _fx_error(fn: ast.FunctionDef, leaves: set[str], res: Any) -> str | None:
    names = _inputs(fn)
    if not names:
        return None
    names |= leaves
    for st in fn.body:
        test = None
        if isinstance(st, (ast.If, ast.While, ast.Assert)):
            test = st.test
        elif isinstance(st, ast.For) and isinstance(st.iter, ast.Call):
            c = st.iter
            if isinstance(c.func, ast.Name) and c.func.id == "range" and not c.keywords:
                if any(_proxy(a, names, res) for a in c.args):
                    return "TypeError: 'Proxy' object cannot be interpreted as an integer"
        if test is not None and _truth_of_proxy(test, names, res):
            return (
                "TraceError: symbolically traced variables cannot be used as inputs to control flow"
            )
        if _may_leave(st) or isinstance(st, (ast.Try, ast.With)):
            return None
        names = _rebind(st, names, res)
    return None


_ARGNUMS = frozenset(
    {f"torch.func.{n}" for n in ("grad", "grad_and_value", "jacrev")}
    | {f"torch._functorch.eager_transforms.{n}" for n in ("grad", "grad_and_value", "jacrev")}
    | {f"torch._functorch.apis.{n}" for n in ("grad", "grad_and_value")}
)
_VMAP = frozenset({"torch.vmap", "torch.func.vmap", "torch._functorch.apis.vmap"})


def _qual(run: Any, node: ast.AST, fr: Any) -> str | None:
    """The torch name a plain name / attribute chain reads (evaluating it has no effect)."""
    from driftcheck.parsers.source.values.abstract import Ext

    n = node
    while isinstance(n, ast.Attribute):
        n = n.value
    if not isinstance(n, ast.Name):
        return None
    try:
        v = run.eval(node, fr)
    except Exception:  # noqa: BLE001
        return None
    return v.qual if isinstance(v, Ext) and isinstance(v.qual, str) else None


def _argnums(run: Any, c: ast.Call, fr: Any) -> list[int] | None:
    node = next((k.value for k in c.keywords if k.arg == "argnums"), None)
    if node is None and len(c.args) > 1:
        node = c.args[1]
    if node is None:
        return [0]  # (the default)
    try:
        v = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return None
    vals = list(v) if isinstance(v, tuple) else [v]
    return vals if vals and all(x.__class__ is int for x in vals) else None


def argnums_call(run: Any, e: ast.Call, fr: Any) -> None:
    """``grad(fn, argnums=k)(*xs)`` (or through ``vmap``) with an argnum out of range."""
    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    c = e.func
    if not isinstance(c, ast.Call) or any(isinstance(a, ast.Starred) for a in e.args):
        return
    if any(isinstance(a, ast.Starred) for a in c.args) or any(k.arg is None for k in c.keywords):
        return
    q = _qual(run, c.func, fr)
    if q in _VMAP:
        if not c.args or not isinstance(c.args[0], ast.Call):
            return
        c = c.args[0]
        if any(isinstance(a, ast.Starred) for a in c.args):
            return
        q = _qual(run, c.func, fr)
    if q not in _ARGNUMS:
        return
    nums = _argnums(run, c, fr)
    n = len(e.args)
    bad = next((k for k in nums or () if not -n <= k < n), None)
    if bad is not None:
        f.crash(fr.loc(e), f"RuntimeError: Got argnum={bad}, but only {n} positional inputs")


def _ctc(run: Any, fv: Any, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.abstract import Ext, Leaf
    from driftcheck.parsers.source.values.dataflow_values import Mod, known_shape

    if isinstance(fv, Mod):
        try:
            leaf = run.f.resolve(fv.obj)
        except Exception:  # noqa: BLE001
            return None
        if not isinstance(leaf, Leaf) or leaf.type != "CTCLoss" or leaf.unresolved:
            return None
        if leaf.torch != "torch.nn.CTCLoss":
            return None
        blank = leaf.params.get("blank", 0)
    elif isinstance(fv, Ext) and fv.qual == "torch.nn.functional.ctc_loss":
        blank = arg(args, kwargs, 4, "blank", 0)
    else:
        return None
    sh = known_shape(arg(args, kwargs, 0, "log_probs"))
    if blank.__class__ is not int or sh is None or len(sh) not in (2, 3):
        return None
    if not 0 <= blank < sh[-1]:
        return "RuntimeError: blank must be in label range"
    return None


@hooks.before(192)  # crashfix36b: export / jit.trace / fx.symbolic_trace of the code's modules
def traced(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    if any(isinstance(a, ast.Starred) for a in e.args):
        return
    err = _ctc(run, fv, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)
        return
    q = fv.qual if isinstance(fv, Ext) else None
    if q is None:
        return
    err = None
    if q in _EXPORT and any(k.arg is None for k in e.keywords) is False:
        a = args[1] if len(args) > 1 else kwargs.get("args")
        if a.__class__ is list or isinstance(a, Tens):
            kind = "list" if a.__class__ is list else "torch.Tensor"
            err = (
                "UserError: Expecting `args` to be a tuple of example positional inputs, "
                f"got <class '{kind}'>"
            )
    elif q in _JIT_TRACE and args:
        got = _forward(run, args[0])
        if got is not None and not _returns_value(got[0]):
            err = (
                "RuntimeError: The traced function didn't return any values! Side-effects "
                "are not captured in traces, so it would be a no-op."
            )
    elif q in _FX_TRACE and len(args) == 1 and not e.keywords:
        got = _forward(run, args[0])
        if got is not None:
            err = _fx_error(got[0], got[1], _resolver(run, got[2]))
    if err is not None:
        f.crash(fr.loc(e), err)
