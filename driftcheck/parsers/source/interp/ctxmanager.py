"""``with`` statements: the context manager's enter code runs before the body, its exit code
after it, as Python runs them.

The interpreter ran a ``with`` body alone and evaluated ``self._ctx("module")`` as an
ordinary call. For a ``@contextlib.contextmanager`` generator that call ran the generator's
whole body eagerly (``generators`` in interp/tuplesub.py): the code after the ``yield`` (a
``finally: self.init_context_ = None``) ran *before* the ``with`` body, which then saw the
state the manager restores, not the one it sets up -- skorch's ``_current_init_context``
made ``initialize()`` raise, and a user's ``if self.ctx == "module"`` inside the body took
the other branch: a confident wrong count.

Modelled here, generally:

- a call of a function decorated ``@contextmanager`` (``contextlib.contextmanager``) whose
  one ``yield`` sits at the top of its body, or at the top of a ``try`` there: the code up to
  the ``yield`` runs on entry (its value is what ``as`` binds), the code after it (the rest of
  the ``try`` body, its ``else`` and ``finally``, then the rest of the function) on exit, in
  the same frame;
- an object of a class read from source that defines ``__enter__`` / ``__exit__``: they are
  called around the body (``__exit__(None, None, None)``), ``as`` binds ``__enter__``'s value.

Any other manager (``torch.no_grad()``, a library's we do not read, a generator of another
shape) keeps the old reading: the body runs, ``as`` binds an unknown. The exit code runs when
the body ends normally and when it leaves by ``return`` / ``break`` / ``continue`` / a
``raise`` of the analyzed code (Python runs it then too); never after an internal budget stop.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from driftcheck.parsers.source.interp import tuplesub
from driftcheck.parsers.source.values.abstract import Cls, Func, Obj, Return, plain
from driftcheck.speed import tree_memos

_PURE_FUNC = (ast.Name, ast.Attribute)  # ``f(...)`` / ``self.f(...)``: looked up twice safely


def _is_contextmanager(node: ast.AST) -> bool:
    decos = getattr(node, "decorator_list", ())
    for d in decos:
        target = d.func if isinstance(d, ast.Call) else d
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name == "contextmanager":
            return True
    return False


def _yield_of(st: ast.stmt) -> ast.Yield | None:
    """The ``yield`` a statement is (``yield v`` / ``x = yield v``), else None."""
    v = st.value if isinstance(st, (ast.Expr, ast.Assign)) else None
    return v if isinstance(v, ast.Yield) else None


def _split(node: ast.FunctionDef) -> tuple[list, ast.stmt, list] | None:
    """(enter statements, the yield statement, exit statements) of a generator whose one
    ``yield`` is a statement at the top of its body or of a top-level ``try``'s body."""
    keep = tree_memos()  # the ``tree_memos`` switch
    cached = node.__dict__.get("_dc_ctxsplit", 0) if keep else 0
    if cached != 0:
        return cached
    got = None
    n_yields = sum(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(node))
    if n_yields == 1:
        body = node.body
        for i, st in enumerate(body):
            if _yield_of(st) is not None:
                got = (body[:i], st, body[i + 1 :])
                break
            if isinstance(st, ast.Try):
                for j, inner in enumerate(st.body):
                    if _yield_of(inner) is not None:
                        rest = [*st.body[j + 1 :], *st.orelse, *st.finalbody, *body[i + 1 :]]
                        got = ([*body[:i], *st.body[:j]], inner, rest)
                        break
                if got is not None:
                    break
    if keep:
        node.__dict__["_dc_ctxsplit"] = got
    return got


def enter(stmts: Any, e: ast.expr, fr: Any) -> tuple[Any, Callable[[], None]] | None:
    """Enter the manager ``e`` evaluates to: (the value ``as`` binds, the exit to run after
    the body), or None when the manager is not one modelled here (nothing was evaluated)."""
    ip = stmts.ip
    if isinstance(e, ast.Call) and isinstance(e.func, _PURE_FUNC):
        got = _enter_generator(ip, e, fr)
        if got is not None:
            return got
    return None


def _enter_generator(ip: Any, e: ast.Call, fr: Any) -> tuple[Any, Callable[[], None]] | None:
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return None
    f = plain(ip.exprs.eval(e.func, fr))
    if not isinstance(f, Func) or isinstance(f.node, ast.Lambda):
        return None
    if not _is_contextmanager(f.node) or not tuplesub.is_generator(f.node):
        return None
    split = _split(f.node)
    if split is None:
        return None
    pre, yst, post = split
    args = [ip.exprs.eval(a, fr) for a in e.args]
    kwargs = {k.arg: ip.exprs.eval(k.value, fr) for k in e.keywords}
    from driftcheck.parsers.source.interp.exprs import Frame

    gfr = Frame(f.mod, f, f.closure)
    if f.bound is not None:
        args = [f.bound, *args]
    ip.calls.bind_args(f, args, kwargs, gfr)
    ip.depth += 1
    try:
        ip.stmts.run_body(pre, gfr)
        y = _yield_of(yst)
        value = None if y is None or y.value is None else ip.exprs.eval(y.value, gfr)
    finally:
        ip.depth -= 1

    def leave() -> None:
        if isinstance(yst, ast.Assign):  # ``x = yield v``: nothing is sent in on a normal exit
            for t in yst.targets:
                ip.stmts.assign(t, None, gfr)
        ip.depth += 1
        try:
            ip.stmts.run_body(post, gfr)
        except Return:
            pass  # a ``return`` after the ``yield`` ends the generator: nothing more
        finally:
            ip.depth -= 1

    return value, leave


def enter_object(ip: Any, v: Any) -> tuple[Any, Callable[[], None]] | None:
    """``with obj as x`` for an object of a class read from source defining ``__enter__`` and
    ``__exit__``: (``__enter__()``'s value, a call of ``__exit__(None, None, None)``)."""
    o = plain(v)
    if getattr(o, "library_type", None) == "contextlib.ExitStack":  # library/stdlib.py
        return o.enter(), o.close
    if getattr(o, "library_type", None) == "warnings.catch_warnings":  # library/warnfilters
        return o.library_with()
    if not isinstance(o, Obj) or not isinstance(o.cls, Cls):
        return None
    ok_e, fe, where_e = ip.classes.mro_attr(o.cls, "__enter__")
    ok_x, fx, where_x = ip.classes.mro_attr(o.cls, "__exit__")
    if not (ok_e and ok_x and isinstance(fe, Func) and isinstance(fx, Func)):
        return None
    if not isinstance(where_e, Cls) or not isinstance(where_x, Cls):
        return None
    value = ip.calls.call_func(ip.attrs.bind(fe, o), [], {})

    def leave(raised: Any = None) -> bool | None:
        """``__exit__(None, None, None)``; with ``raised`` (the body raised it) the call
        CPython makes then, its type, value and traceback unknown to the analysis: True when
        it surely swallows the exception (returns a true value we know), False when it surely
        lets it through, None when its answer is not known."""
        if raised is None:
            ip.calls.call_func(ip.attrs.bind(fx, o), [None, None, None], {})
            return None
        from driftcheck.parsers.source.values.abstract import UnknownPlain

        why = f"the exception ({raised.what}) handed to {o.cls.name}.__exit__"
        exc = [UnknownPlain(why), UnknownPlain(why), UnknownPlain(why)]
        got = plain(ip.calls.call_func(ip.attrs.bind(fx, o), exc, {}))
        if got is None or isinstance(got, (bool, int, str)):
            return bool(got)
        return None

    leave.takes_raised = True  # type: ignore[attr-defined]
    return value, leave
