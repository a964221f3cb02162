"""Generate driftcheck/data/torch_checks.json: torch's own argument checks, read from its source.

python tools/gen_torch_checks.py          # rewrite the table from the installed torch
python tools/gen_torch_checks.py --check  # exit 1 when the table differs from what it would write

Session 36 (torchchecks36). The tool imports torch only to find its files and public names; the
checks are read from the source text with ``ast`` (the code is never run). For every public
constructor / function of the namespaces in ``NAMESPACES`` it walks the body of the callable
(a class: its ``__init__``, following ``super().__init__(...)``, ``self.<method>(...)`` and
calls of the module's own functions whose arguments are expressions of the parameters) and
keeps the checks of the forms torch writes:

- ``if <cond>: raise E(msg)`` (also nested ``if`` / ``elif`` / ``else``: the path's conditions
  are joined with ``and`` / ``not``);
- ``torch._check(<cond>, ...)`` (RuntimeError when ``cond`` is false).

A condition is kept when it is an expression over the parameters (with their defaults), literal
locals and attributes ``self.x`` assigned from the parameters, using comparisons, ``and`` /
``or`` / ``not``, arithmetic, literals, subscripts by a constant, ``isinstance``, ``len``,
``abs``, ``min`` / ``max``. A check whose condition reads anything else (a tensor method, a
local computed at run time, a parameter rebound before the check), lies in a loop / ``try`` /
``with``, or comes after a ``return`` that may be taken, is skipped and counted in the table's
``skipped`` (by reason). The analyzer's checker (``forward/dataflow_torchchecks.py``) evaluates
the kept conditions on argument values it knows exactly; ``tests/test_torchchecks36.py`` runs,
for every entry, a violating and a valid call in real torch.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import inspect
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "driftcheck" / "data" / "torch_checks.json"

# the public namespaces whose callables are read (name -> every public callable there)
NAMESPACES = (
    "torch.optim",
    "torch.optim.lr_scheduler",
    "torch.optim.swa_utils",
    "torch.utils.data",
    "torch.nn",
    "torch.nn.functional",
    "torch.nn.init",
    "torch.nn.utils",
    "torch.nn.utils.prune",
    "torch.nn.utils.rnn",
    "torch.functional",  # session 37: torch.cdist / einsum / stft / norm / split ... (Python)
)
# namespaces whose callables are also public as ``torch.<name>`` (the name user code calls)
TOP_LEVEL = {"torch.functional"}
# names of other modules a condition may use (in ``isinstance`` / attributes only)
FOREIGN_OK = {"Tensor", "Optimizer", "numbers", "math", "torch", "Parameter", "Module"}
STR_METHODS = {"lower", "upper", "strip"}
CALLS_OK = {
    "isinstance", "len", "abs", "min", "max", "float", "int", "bool", "sorted", "set", "list",
    "tuple", "sum",
}  # fmt: skip
# Session 37 (torchchecks37): what a condition may read of a tensor argument (the checker
# knows a tensor's shape and dtype where the forward pass does: ``TensorV``)
TENSOR_ATTRS = {"ndim", "shape", "dtype", "is_floating_point", "is_complex"}
TENSOR_METHODS = {"dim", "ndimension", "size", "numel", "is_floating_point", "is_complex"}
NAMES_OK = {"int", "float", "bool", "str", "list", "tuple", "dict", "set", "None", "True", "False"}
MAX_DEPTH = 4
# calls that are False for the tensors a model's code holds (no ``__torch_function__``
# override; ``nn.Parameter`` disables its own) and outside TorchScript / tracing: the
# ``if has_torch_function_variadic(...): return handle_torch_function(...)`` guard that opens
# nn.functional's functions is not taken
FALSE_CALLS = {
    "has_torch_function", "has_torch_function_unary", "has_torch_function_variadic",
    "torch.overrides.has_torch_function", "torch.overrides.has_torch_function_unary",
    "torch.overrides.has_torch_function_variadic", "torch.jit.is_scripting",
    "torch.jit.is_tracing", "torch._C._get_tracing_state",
}  # fmt: skip
# calls that neither raise on plain values nor change them
NOOP_CALLS = {"warnings.warn", "torch._C._log_api_usage_once"}
# abstract bases users do not build themselves (their checks reach the table through each
# subclass that calls ``super().__init__``); a call of one raises NotImplementedError later
EXCLUDE = {"torch.optim.optimizer.Optimizer", "torch.optim.lr_scheduler.LRScheduler"}


class Skip(Exception):
    """A condition that is not an expression of the parameters."""


def _literal(node: ast.AST) -> bool:
    try:
        ast.literal_eval(node)
    except Exception:  # noqa: BLE001
        return False
    return True


class Walker:
    """Checks of one public callable: its parameters and ordered checks."""

    def __init__(self, tree_of: Any, torch_root: Path) -> None:
        self.tree_of = tree_of
        self.torch_root = torch_root
        self.checks: list[dict] = []
        self.skipped: dict[str, int] = {}

    def skip(self, why: str) -> None:
        self.skipped[why] = self.skipped.get(why, 0) + 1

    # ------------------------------------------------------------- translation
    def tr(self, e: ast.expr, env: dict) -> ast.expr:
        """``e`` with the callee's names replaced by expressions of the entry's parameters."""
        e = copy.deepcopy(e)

        class T(ast.NodeTransformer):
            def visit_Name(s, n: ast.Name) -> ast.AST:  # noqa: N805
                if n.id in env:
                    got = env[n.id]
                    if not isinstance(got, ast.AST):
                        raise Skip("rebound")
                    return copy.deepcopy(got)
                if (
                    n.id in NAMES_OK
                    or n.id in CALLS_OK
                    or n.id in FOREIGN_OK
                    or n.id == "__unknown__"
                ):
                    return n
                raise Skip("name")

            def visit_Attribute(s, n: ast.Attribute) -> ast.AST:  # noqa: N805
                if isinstance(n.value, ast.Name) and n.value.id == "self":
                    got = env.get(f"self.{n.attr}")
                    if got is None:
                        raise Skip("self_attr")
                    return copy.deepcopy(got)
                if isinstance(n.value, ast.Name) and n.value.id in ("math", "numbers", "torch"):
                    return n
                if n.attr in TENSOR_ATTRS:  # ``input.ndim``, ``x.dtype.is_complex``
                    n.value = s.visit(n.value)
                    return n
                raise Skip("attribute")

            def visit_Call(s, n: ast.Call) -> ast.AST:  # noqa: N805
                f = n.func
                if ast.unparse(f) in FALSE_CALLS:
                    return ast.Constant(value=False)
                if isinstance(f, ast.Attribute) and f.attr in STR_METHODS and not n.args:
                    if n.keywords:
                        raise Skip("call")
                    f.value = s.visit(f.value)  # ``mode.lower()``
                    return n
                if isinstance(f, ast.Attribute) and f.attr in TENSOR_METHODS and not n.keywords:
                    f.value = s.visit(f.value)  # ``input.dim()``, ``x.size(-1)``
                    n.args = [s.visit(a) for a in n.args]
                    return n
                if not isinstance(f, ast.Name) or f.id not in CALLS_OK or n.keywords:
                    raise Skip("call")
                n.args = [s.visit(a) for a in n.args]
                return n

            def visit_BoolOp(s, n: ast.BoolOp) -> ast.AST:  # noqa: N805
                vals = []
                for v in n.values:
                    try:
                        vals.append(s.visit(copy.deepcopy(v)))
                    except Skip:
                        vals.append(ast.Name(id="__unknown__", ctx=ast.Load()))
                if all(isinstance(v, ast.Name) and v.id == "__unknown__" for v in vals):
                    raise Skip("boolop")
                n.values = vals
                return n

            def generic_visit(s, n: ast.AST) -> ast.AST:  # noqa: N805
                ok = (
                    ast.Constant, ast.Compare, ast.BoolOp, ast.UnaryOp, ast.BinOp, ast.Tuple,
                    ast.List, ast.Set, ast.Subscript, ast.Load, ast.cmpop, ast.boolop,
                    ast.unaryop, ast.operator, ast.expr_context, ast.JoinedStr,
                    ast.FormattedValue, ast.IfExp,
                )  # fmt: skip
                if not isinstance(n, ok):
                    raise Skip(type(n).__name__.lower())
                if isinstance(n, ast.Subscript) and not _const_index(n.slice):
                    raise Skip("subscript")
                return super().generic_visit(n)

        return T().visit(e)

    # ------------------------------------------------------------- walking
    def emit(self, path: list, exc: str, msg: ast.expr | None, env: dict, at: tuple) -> None:
        cond = path[0] if len(path) == 1 else ast.BoolOp(op=ast.And(), values=list(path))
        text = None
        if msg is not None:
            try:
                text = ast.unparse(self.tr(msg, env))
            except Skip:
                text = None
            if text is None:
                text = repr(_static_text(msg))
        self.checks.append(
            {
                "cond": ast.unparse(cond),
                "exc": exc,
                "msg": text if text is not None else "''",
                "at": f"{at[0]}:{at[1]}",
            }
        )

    def walk(self, body: list, path: list, env: dict, ctx: dict, depth: int) -> bool:
        """Walk ``body``; False once a statement may end the callable (return, raise)."""
        for at, st in enumerate(body):
            if isinstance(st, ast.If):
                try:
                    test = self.tr(st.test, env)
                except Skip as s:
                    self._skip_raises(st, f"cond_{s.args[0]}")
                    self.opaque(st, ctx)
                    if _has(st, ast.Return):
                        return False
                    _dirty(st, env)
                    continue
                go1 = self.walk(st.body, [*path, test], dict(env), ctx, depth)
                neg = ast.UnaryOp(op=ast.Not(), operand=test)
                go2 = self.walk(st.orelse, [*path, neg], dict(env), ctx, depth)
                if (
                    not go1
                    and not st.orelse
                    and isinstance(st.body[-1], ast.Return)
                    and sum(isinstance(n, ast.Return) for n in ast.walk(st)) == 1
                ):
                    # ``if <cond>: ...; return x``: what follows runs when ``not cond``
                    _dirty(st, env)
                    return self.walk(body[at + 1 :], [*path, neg], env, ctx, depth)
                if _has(st, ast.Return):
                    return False
                _dirty(st, env)
                if not go1 and not go2:
                    return False
                continue
            if isinstance(st, ast.Raise):
                exc = st.exc
                name = None
                msg = None
                if isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name):
                    name = exc.func.id
                    msg = exc.args[0] if exc.args else None
                elif isinstance(exc, ast.Name):
                    name = exc.id
                if name is None or not path or not name.endswith(("Error", "Exception")):
                    if path:
                        self.skip("raise_form")
                    return False
                self.emit(path, name, msg, env, ctx["at"](st))
                return False
            if isinstance(st, ast.Return):
                return False
            if isinstance(st, (ast.For, ast.While, ast.Try, ast.With, ast.AsyncFor)):
                self._skip_raises(st, "in_" + type(st).__name__.lower())
                self.opaque(st, ctx)
                if _has(st, ast.Return):
                    return False
                _dirty(st, env)
                continue
            call = None
            if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
                call = st.value
            elif isinstance(st, (ast.Assign, ast.AnnAssign)) and isinstance(st.value, ast.Call):
                call = st.value
            if call is not None and ast.unparse(call.func) in NOOP_CALLS:
                continue  # ``warnings.warn(...)``: no effect on the checks
            if call is not None and isinstance(call.func, ast.Name) and call.func.id in CALLS_OK:
                call = None  # ``float(dropout)``: an expression of the language
            if call is not None and _is_torch_check(call):
                try:
                    test = self.tr(call.args[0], env)
                except Skip as s:
                    self.skip(f"torch_check_{s.args[0]}")
                else:
                    neg = ast.UnaryOp(op=ast.Not(), operand=test)
                    self.checks.append(
                        {
                            "cond": ast.unparse(
                                neg if not path else ast.BoolOp(op=ast.And(), values=[*path, neg])
                            ),
                            "exc": "RuntimeError",
                            "msg": repr("torch._check failed: " + ast.unparse(call.args[0])),
                            "at": "{}:{}".format(*ctx["at"](st)),
                        }
                    )
                self.opaque(st, ctx)  # its message callable is not modelled
            elif call is not None:
                if depth >= MAX_DEPTH or not self.inline(call, path, env, ctx, depth):
                    self.opaque(st, ctx)
            elif isinstance(st, ast.Assert):
                try:
                    test = self.tr(st.test, env)
                except Skip as s:
                    self.skip(f"assert_{s.args[0]}")
                    self.opaque(st, ctx)
                else:
                    neg = ast.UnaryOp(op=ast.Not(), operand=test)
                    self.emit([*path, neg], "AssertionError", st.msg, env, ctx["at"](st))
            elif isinstance(st, (ast.Assign, ast.AnnAssign)) and st.value is not None:
                if not _trivial(st.value):
                    try:
                        val = self.tr(st.value, env)
                    except Skip:
                        self.opaque(st, ctx)
                    else:
                        if path:
                            self.opaque(st, ctx)
                        else:  # evaluated for its Python errors only (``float(dropout)``)
                            self.checks.append(
                                {
                                    "cond": ast.unparse(val),
                                    "exc": "",
                                    "msg": "''",
                                    "at": "{}:{}".format(*ctx["at"](st)),
                                }
                            )
                for t in st.targets if isinstance(st, ast.Assign) else [st.target]:
                    if not isinstance(t, (ast.Name, ast.Attribute)):
                        self.opaque(st, ctx)
            elif not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)):
                if not isinstance(st, (ast.Pass, ast.Import, ast.ImportFrom)):
                    self.opaque(st, ctx)
            # assignments: literal locals, ``self.x = <param expr>``, the rest rebound
            if isinstance(st, (ast.Assign, ast.AnnAssign)):
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                val = st.value
                for t in targets:
                    if isinstance(t, ast.Name):
                        if val is not None and _literal(val) and not path and t.id not in env:
                            env[t.id] = val
                        elif val is not None and not path and len(targets) == 1:
                            try:  # ``mode = mode.lower()``: the name stands for its expression
                                env[t.id] = self.tr(val, env)
                            except Skip:
                                env[t.id] = None
                        else:
                            env[t.id] = None
                    elif (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                    ):
                        try:
                            env[f"self.{t.attr}"] = self.tr(val, env) if val is not None else None
                        except Skip:
                            env[f"self.{t.attr}"] = None
                    else:
                        _dirty(t, env)
            else:
                _dirty(st, env)
        return True

    def opaque(self, st: ast.AST, ctx: dict) -> None:
        """A statement the table does not model: it may raise before the checks after it (an
        ``__unknown__`` row: the checker's verdict after it is a crash, not torch's first)."""
        if self.checks and self.checks[-1]["cond"] == "__unknown__":
            return
        self.checks.append(
            {"cond": "__unknown__", "exc": "", "msg": "''", "at": "{}:{}".format(*ctx["at"](st))}
        )

    def _skip_raises(self, st: ast.AST, why: str) -> None:
        for n in ast.walk(st):
            if isinstance(n, ast.Raise):
                self.skip(why)

    def inline(self, call: ast.Call, path: list, env: dict, ctx: dict, depth: int) -> Any:
        """``super().__init__(...)`` / ``self.m(...)`` / ``f(...)`` of the same module: walk
        the callee with its parameters bound to the argument expressions. The checks found
        there hold under ``path``; a callee whose walk stops does not stop the caller (it may
        have returned normally)."""
        target = ctx["resolve"](call)
        if target == "noop":
            return True
        if target is None:
            return None
        fn, mod_ctx, bound_self = target
        if path:
            return None  # a call under a condition: its checks would need the path; kept simple
        params = _params(fn)
        if bound_self:
            params = params[1:]
        sub: dict[str, Any] = {}
        pos = [p for p in params if p["kind"] == "pos"]
        args = list(call.args)
        star = [a for a in args if isinstance(a, ast.Starred)]
        if star:
            # ``super().__init__("LSTM", *args, **kwargs)`` of an ``(*args, **kwargs)`` entry
            if (
                len(star) == 1
                and args[-1] is star[0]
                and ctx.get("varargs_entry")
                and isinstance(star[0].value, ast.Name)
                and star[0].value.id == ctx["varargs_entry"][0]
                and env.get(ctx["varargs_entry"][0], 0) == 0
                and len(call.keywords) == 1
                and call.keywords[0].arg is None
                and isinstance(call.keywords[0].value, ast.Name)
                and call.keywords[0].value.id == ctx["varargs_entry"][1]
                and all(_literal(a) for a in args[:-1])
            ):
                lead = args[:-1]
                for p, a in zip(pos, lead, strict=False):
                    sub[p["name"]] = a
                rest = [p for p in params if p["name"] not in sub]
                ctx["new_params"] = rest
                for p in rest:
                    sub[p["name"]] = ast.Name(id=p["name"], ctx=ast.Load())
                self._walk_callee(fn, mod_ctx, sub, ctx, depth)
                return True
            return None
        if any(k.arg is None for k in call.keywords):
            return None
        if len(args) > len(pos) and not any(p["kind"] == "varargs" for p in params):
            return None
        for p, a in zip(pos, args, strict=False):
            sub[p["name"]] = a
        for k in call.keywords:
            if not any(p["name"] == k.arg for p in params):
                return None
            sub[k.arg] = k.value
        for p in params:
            if p["name"] in sub:
                try:
                    sub[p["name"]] = self.tr(sub[p["name"]], env)
                except Skip:
                    sub[p["name"]] = None
            elif p["kind"] in ("varargs", "varkw"):
                sub[p["name"]] = None
            elif "default" in p:
                sub[p["name"]] = ast.parse(p["default"], mode="eval").body
            else:
                sub[p["name"]] = None
        if bound_self:
            for k, v in env.items():
                if k.startswith("self."):
                    sub[k] = v
        self._walk_callee(fn, mod_ctx, sub, ctx, depth)
        if bound_self:
            for k in list(sub):
                if k.startswith("self."):
                    env[k] = sub[k]
        return True

    def _walk_callee(self, fn: Any, mod_ctx: dict, sub: dict, ctx: dict, depth: int) -> None:
        inner = dict(ctx)
        inner.update(mod_ctx)
        inner.pop("varargs_entry", None)
        inner["new_params"] = None
        self.walk(fn.body, [], sub, inner, depth + 1)
        if inner.get("new_params") is not None:
            ctx["new_params"] = inner["new_params"]


def _const_index(n: ast.expr) -> bool:
    """A constant index or a slice of constants (``shape[:2]``)."""
    if isinstance(n, ast.Slice):
        return all(
            x is None
            or (isinstance(x, ast.Constant) and x.value.__class__ in (int, type(None)))
            or (isinstance(x, ast.UnaryOp) and isinstance(x.operand, ast.Constant))
            for x in (n.lower, n.upper, n.step)
        )
    return isinstance(n, ast.Constant)


def _has(st: ast.AST, kind: type) -> bool:
    return any(isinstance(n, kind) for n in ast.walk(st))


def _dirty(st: ast.AST, env: dict) -> None:
    """Every name / ``self.x`` a statement may bind is no longer the parameter's value."""
    for n in ast.walk(st):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            env[n.id] = None
        elif (
            isinstance(n, ast.Attribute)
            and isinstance(n.ctx, ast.Store)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
        ):
            env[f"self.{n.attr}"] = None
        elif isinstance(n, ast.Call) and _self_used(n):
            # ``self.add_param_group(...)`` / ``f(self)``: any attribute of ``self`` may change
            for k in list(env):
                if k.startswith("self."):
                    env[k] = None
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            # ``kwargs.pop(...)`` / ``args.append(...)``: a container changed in place
            base = n.func.value
            if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
                if base.value.id == "self":
                    env[f"self.{base.attr}"] = None
            if isinstance(n.func.value, ast.Name) and n.func.attr in (
                "pop", "append", "update", "setdefault", "extend", "insert", "clear", "remove",
            ):  # fmt: skip
                env[n.func.value.id] = None


def _trivial(v: ast.expr) -> bool:
    """A value whose evaluation cannot raise: a literal, a name, ``self.x``, a display of them."""
    if isinstance(v, (ast.Constant, ast.Name)):
        return True
    if isinstance(v, ast.Attribute):
        return isinstance(v.value, ast.Name) and v.value.id == "self"
    if isinstance(v, (ast.Tuple, ast.List, ast.Set)):
        return all(_trivial(x) for x in v.elts)
    if isinstance(v, ast.Dict):
        return all(k is not None and _trivial(k) for k in v.keys) and all(
            _trivial(x) for x in v.values
        )
    return False


def _self_used(call: ast.Call) -> bool:
    """``self.m(...)`` or a call given ``self``: it may set any attribute of ``self``."""
    f = call.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
        return True
    return any(isinstance(a, ast.Name) and a.id == "self" for a in call.args)


def _static_text(msg: ast.expr) -> str:
    if isinstance(msg, ast.Constant):
        return str(msg.value)
    if isinstance(msg, ast.JoinedStr):
        out = []
        for v in msg.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value))
            else:
                out.append("{" + ast.unparse(v.value) + "}")
        return "".join(out)
    return ast.unparse(msg)


def _is_torch_check(call: ast.Call) -> bool:
    f = call.func
    return (
        isinstance(f, ast.Attribute)
        and f.attr == "_check"
        and isinstance(f.value, ast.Name)
        and f.value.id == "torch"
        and bool(call.args)
    )


def _params(fn: ast.FunctionDef) -> list[dict]:
    a = fn.args
    out: list[dict] = []
    posargs = [*a.posonlyargs, *a.args]
    defaults = [None] * (len(posargs) - len(a.defaults)) + list(a.defaults)
    for p, d in zip(posargs, defaults, strict=True):
        row: dict[str, Any] = {"name": p.arg, "kind": "pos"}
        _default(row, d)
        out.append(row)
    if a.vararg:
        out.append({"name": a.vararg.arg, "kind": "varargs"})
    for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True):
        row = {"name": p.arg, "kind": "kwonly"}
        _default(row, d)
        out.append(row)
    if a.kwarg:
        out.append({"name": a.kwarg.arg, "kind": "varkw"})
    return out


def _default(row: dict, d: ast.expr | None) -> None:
    if d is None:
        return
    if _literal(d):
        row["default"] = ast.unparse(d)
    else:
        row["default_unknown"] = True


class Reader:
    """torch's modules read from disk, once each (path -> tree and top-level functions)."""

    def __init__(self, torch_root: Path) -> None:
        self.root = torch_root
        self.trees: dict[str, ast.Module] = {}

    def tree(self, modname: str) -> ast.Module | None:
        if modname in self.trees:
            return self.trees[modname]
        try:
            mod = importlib.import_module(modname)
            path = Path(inspect.getsourcefile(mod) or "")
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except Exception:  # noqa: BLE001
            tree = None
        self.trees[modname] = tree
        return tree

    def rel(self, modname: str) -> str:
        mod = importlib.import_module(modname)
        path = Path(inspect.getsourcefile(mod) or "").resolve()
        return str(path.relative_to(self.root.parent))

    def func(self, modname: str, name: str) -> ast.FunctionDef | None:
        tree = self.tree(modname)
        defs = [
            n
            for n in (tree.body if tree else ())
            if isinstance(n, ast.FunctionDef)
            and n.name == name
            and not any("overload" in ast.unparse(d) for d in n.decorator_list)
        ]
        return defs[-1] if defs else None

    def method(self, cls: type, name: str) -> tuple[ast.FunctionDef, type] | None:
        """The ``def name`` of the first class of ``cls``'s MRO that defines it in Python."""
        for k in cls.__mro__:
            if name not in vars(k):
                continue
            tree = self.tree(k.__module__)
            for n in ast.walk(tree) if tree else ():
                if isinstance(n, ast.ClassDef) and n.name == k.__name__:
                    defs = [
                        m
                        for m in n.body
                        if isinstance(m, ast.FunctionDef)
                        and m.name == name
                        and not any("overload" in ast.unparse(d) for d in m.decorator_list)
                    ]
                    if defs:
                        return defs[-1], k  # the last one: a later ``def`` replaces an earlier
            return None
        return None


def read_callable(rd: Reader, obj: Any) -> dict | None:
    """The entry of one public class / function, None when torch's source has none."""
    if inspect.isclass(obj):
        got = rd.method(obj, "__init__")
        if got is None:
            return None
        fn, owner = got
        bound = True
    elif inspect.isfunction(obj):
        fn = rd.func(obj.__module__, obj.__name__)
        if fn is None:
            return None
        owner = None
        bound = False
    else:
        return None
    params = _params(fn)
    if bound:
        params = params[1:]
    w = Walker(rd.tree, rd.root)

    def ctx_for(mod: str, cls: type | None, owner: type | None = None) -> dict:
        rel = rd.rel(mod)

        def at(st: ast.AST) -> tuple:
            return (rel, st.lineno)

        def resolve(call: ast.Call) -> Any:
            f = call.func
            # super().__init__(...)
            if (
                cls is not None
                and isinstance(f, ast.Attribute)
                and isinstance(f.value, ast.Call)
                and isinstance(f.value.func, ast.Name)
                and f.value.func.id == "super"
                and not f.value.args
            ):
                mro = cls.__mro__
                start = mro.index(owner) + 1 if owner in mro else 1
                for k in mro[start:]:
                    if f.attr in vars(k):
                        got = rd.method(k, f.attr)
                        if got is None or k.__module__.split(".")[0] != "torch":
                            return None
                        m, kk = got
                        if kk.__name__ == "Module" and kk.__module__ == "torch.nn.modules.module":
                            return "noop" if not call.args and not call.keywords else None
                        return m, ctx_for(kk.__module__, cls, kk), True
                return None
            if (
                cls is not None
                and isinstance(f, ast.Attribute)
                and isinstance(f.value, ast.Name)
                and f.value.id == "self"
            ):
                got = rd.method(cls, f.attr)
                if got is None:
                    return None
                m, kk = got
                if any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in m.decorator_list
                ):
                    return None
                if m.decorator_list:
                    return None
                return m, ctx_for(kk.__module__, cls, kk), True
            if isinstance(f, ast.Name):
                m = rd.func(mod, f.id)
                if m is None or m.decorator_list:
                    return None
                return m, ctx_for(mod, None), False
            return None

        return {"at": at, "resolve": resolve}

    ctx = ctx_for((owner or obj).__module__, obj if bound else None, owner)
    env: dict[str, Any] = {p["name"]: ast.Name(id=p["name"], ctx=ast.Load()) for p in params}
    for p in params:
        if p["kind"] in ("varargs", "varkw"):
            env[p["name"]] = None
    if [p["kind"] for p in params] == ["varargs", "varkw"]:
        ctx["varargs_entry"] = (params[0]["name"], params[1]["name"])
        env[params[0]["name"]] = 0  # marker: passable through
    ctx["new_params"] = None
    w.walk(fn.body, [], env, ctx, 0)
    if ctx.get("new_params") is not None:
        params = ctx["new_params"]
    if not w.checks and not w.skipped:
        return None
    return {"params": params, "checks": w.checks, "skipped": w.skipped}


def build() -> dict:
    import torch

    root = Path(inspect.getsourcefile(torch) or "").resolve().parent
    rd = Reader(root)
    entries: dict[str, dict] = {}
    aliases: dict[str, str] = {}
    skipped: dict[str, int] = {}
    for ns in NAMESPACES:
        mod = importlib.import_module(ns)
        for name in sorted(dir(mod)):
            if name.startswith("_"):
                continue
            obj = getattr(mod, name, None)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            home = getattr(obj, "__module__", "") or ""
            if not home.startswith("torch."):
                continue
            key = f"{home}.{obj.__qualname__}"
            if key in EXCLUDE:
                continue
            if key not in entries:
                try:
                    got = read_callable(rd, obj)
                except Exception as ex:  # noqa: BLE001 - a form the reader does not know
                    why = f"reader_{type(ex).__name__}"
                    skipped[why] = skipped.get(why, 0) + 1
                    got = None
                if got is None:
                    continue
                for k, v in got.pop("skipped").items():
                    skipped[k] = skipped.get(k, 0) + v
                while got["checks"] and got["checks"][-1]["cond"] == "__unknown__":
                    got["checks"].pop()
                if not any(c["exc"] for c in got["checks"]):
                    continue
                entries[key] = got
            aliases[f"{ns}.{name}"] = key
            if ns in TOP_LEVEL and getattr(torch, name, None) is obj:
                aliases[f"torch.{name}"] = key
    entries = {k: v for k, v in entries.items() if k in set(aliases.values())}
    return {
        "generated_by": "tools/gen_torch_checks.py",
        "torch": torch.__version__.split("+")[0],
        "n_checks": sum(len(e["checks"]) for e in entries.values()),
        "skipped": dict(sorted(skipped.items())),
        "aliases": dict(sorted(aliases.items())),
        "entries": dict(sorted(entries.items())),
    }


def render() -> str:
    return json.dumps(build(), indent=1, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the table is stale")
    a = ap.parse_args(argv)
    text = render()
    if a.check:
        old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if old != text:
            print(f"{OUT} is stale: run python tools/gen_torch_checks.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    data = json.loads(text)
    print(f"wrote {OUT}: {len(data['entries'])} callables, {data['n_checks']} checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
