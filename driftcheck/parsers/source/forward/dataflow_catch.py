"""Session 37 (fixreview37a): which ``with`` statements may swallow an error of their body
(``with_swallows``), and which crash a ``contextlib.suppress(E)`` can catch. Session 38
(house38): the one place that decides it for ``try`` statements too (``try_swallows``), and
runs the body accordingly (``run_guarded``; was written out in ``Runner``).

- ``contextlib.suppress(E1, E2)`` with every argument a builtin exception class (a name, an
  attribute chain, a tuple of such; not a base of AttributeError / NameError, which any
  attribute or name read may raise): a crash in the body is still certain when none of the
  classes catches the exception the crash raises (``may_catch``) and, before it in the
  region, nothing unknown ran (``doubts``), every statement was plain (``plain_stmt``: no
  subscript, no comprehension, no branch; a dict lookup may raise KeyError unseen) and every
  call was one the rules see through (``call_seen``: a torch layer, a ``torch.`` function, a
  tensor method; a function or module of the code's own may raise anything inside). The
  first thing that breaks this makes the rest of the body speculative (``Flow.catching``).
  An argument the pass cannot resolve: the body is speculative, as before (fixreview36a).
- A context manager of the code's own that may swallow: a class whose ``__exit__`` (found
  on its MRO in the code's own classes) may return a truthy value or cannot be read; a
  ``@contextmanager`` / ``@asynccontextmanager`` generator whose ``yield`` sits inside a
  ``try`` or a ``with`` (``except`` / ``finally: return`` / an inner manager may end the
  exception there); an ``ExitStack`` whose name the body uses other than by ``.callback(...)``
  (``enter_context`` / ``push`` may register a swallowing exit; ``callback``'s never
  swallows). Its body is speculative (``Flow.maybe``). Other managers are unchanged (not
  every unknown manager swallows; that would cost recall everywhere).

The exception a crash raises is read from its message: ``"IndexError: ..."`` is an
IndexError; a message naming another ``...Error`` / ``...Exception`` (a library's own class)
may be caught by anything; a message with no class (``"Linear: ..."``: a torch check, a
Python-level unpack) is one of ``_UNPREFIXED`` (torch's C++ checks raise RuntimeError,
ValueError, IndexError, TypeError, NotImplementedError; Python-level ones the others).

- ``try`` (session 38, review37 item 6's older gap): handlers that all name builtin exception
  classes (``except KeyError``, ``except (IndexError, ValueError)``) catch only those, read as
  ``contextlib.suppress`` of them: a crash whose exception none catches is certain, on the same
  terms. A bare ``except``, a class that is not a builtin one for certain (a class of the
  code's own, a name the pass cannot read), a base of AttributeError / NameError
  (``except Exception``), or a ``finally`` that jumps (``return`` / ``break`` / ``continue``
  there swallows any error): the body is speculative, as before. A ``try`` with no handler
  and a plain ``finally`` swallows nothing. Without real sizes (no crash is claimed) every
  ``try`` body stays speculative, as before.

Switches: ``DRIFTCHECK_NO_SUPPRESS_36=1`` (no ``with`` swallows, as before session 36);
``DRIFTCHECK_NO_TRY_CLASSES_38=1`` (every ``try`` body speculative, as before session 38).
"""

from __future__ import annotations

import ast
import builtins
from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import pure_chain

ALL = "all"  # the body may swallow any error: speculative

_UNPREFIXED = (
    RuntimeError,
    NotImplementedError,
    ValueError,
    IndexError,
    TypeError,
    AssertionError,
    AttributeError,
    ZeroDivisionError,
    OverflowError,
    StopIteration,
)
_CM_DECORATORS = frozenset({"contextmanager", "asynccontextmanager"})
_STACKS = frozenset({"contextlib.ExitStack", "contextlib.AsyncExitStack"})


def _builtin_exc(name: str) -> type | None:
    c = getattr(builtins, name, None)
    return c if isinstance(c, type) and issubclass(c, BaseException) else None


def raised_by(message: str) -> tuple | None:
    """The exception classes a crash message may stand for; None: any class."""
    head = message.split(":", 1)[0].strip() if ":" in message else ""
    c = _builtin_exc(head) if head.isidentifier() else None
    if c is not None:
        return (c,)
    if head.endswith(("Error", "Exception")):
        return None
    return _UNPREFIXED


def may_catch(classes: tuple, message: str) -> bool:
    """Whether ``except classes`` may catch the crash ``message`` describes."""
    got = raised_by(message)
    if got is None:
        return True
    return any(issubclass(c, k) for c in got for k in classes)


_UNREAD = object()  # ``_chain_value``: no pure chain, or one the pass cannot read


def _chain_value(run: Any, e: ast.expr, fr: Any) -> Any:
    """The pass's value of ``e`` where it is a name / attribute chain (reading it runs no
    code), else ``_UNREAD``."""
    if not pure_chain(e):
        return _UNREAD
    try:
        return run.eval(e, fr)
    except Exception:  # noqa: BLE001 - a chain the pass cannot read
        return _UNREAD


def _exc_classes(run: Any, e: ast.expr, fr: Any) -> tuple | None:
    """The builtin exception classes ``e`` names (a name / attribute chain, or a tuple of
    such), None when any is not one for certain."""
    if isinstance(e, ast.Tuple):
        return _all_classes(run, e.elts, fr)
    v = _chain_value(run, e, fr)
    q = getattr(v, "qual", None)
    if not isinstance(q, str) or not q.startswith("builtins."):
        return None
    c = _builtin_exc(q[len("builtins.") :])
    return None if c is None else (c,)


def _all_classes(run: Any, exprs: list, fr: Any) -> tuple | None:
    """The builtin exception classes each of ``exprs`` names, together; None when any is not
    one for certain."""
    out: tuple = ()
    for x in exprs:
        got = _exc_classes(run, x, fr)
        if got is None:
            return None
        out += got
    return out


def _returns_truthy(fn: ast.AST) -> bool:
    """``fn``'s own ``return`` statements may give a truthy value."""
    todo = list(getattr(fn, "body", ()))
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(n, ast.Return) and n.value is not None:
            v = n.value
            if not (isinstance(v, ast.Constant) and v.value in (None, False, 0)):
                return True
        todo.extend(ast.iter_child_nodes(n))
    return False


def _class_swallows(run: Any, cls: Any) -> bool:
    """An own class's ``__exit__`` may return a truthy value (or cannot be read)."""
    from driftcheck.parsers.source.interp.dunders import torch_class
    from driftcheck.parsers.source.values.abstract import Cls, Func

    try:
        ok, fn, where = run.f.interp.classes.mro_attr(cls, "__exit__")
    except Exception:  # noqa: BLE001 - a class the lookup cannot read
        return True
    if not ok or where is None:
        return False  # no ``__exit__`` on the code's classes: not a manager of its own
    if not isinstance(where, Cls) or torch_class(where):
        return False
    if not isinstance(fn, Func) or not isinstance(fn.node, ast.FunctionDef):
        return True  # ``__exit__ = ...``: not read
    return _returns_truthy(fn.node)


def _generator_swallows(node: Any) -> bool:
    """A ``@contextmanager`` generator whose ``yield`` sits in a ``try`` or a ``with``."""

    todo: list[tuple[ast.AST, bool]] = [(st, False) for st in node.body]
    while todo:
        n, guarded = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(n, (ast.Yield, ast.YieldFrom)) and guarded:
            return True
        inner = (
            guarded
            or isinstance(n, (ast.Try, ast.With, ast.AsyncWith))
            or (n.__class__.__name__ == "TryStar")
        )
        todo.extend((c, inner) for c in ast.iter_child_nodes(n))
    return False


def _decorated_cm(node: Any) -> bool:
    for d in getattr(node, "decorator_list", ()):
        while isinstance(d, ast.Call):
            d = d.func
        name = d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", None)
        if name in _CM_DECORATORS:
            return True
    return False


def _stack_used(body: list, name: str) -> bool:
    """The body uses the ``ExitStack`` bound to ``name`` other than by ``name.callback``."""
    callbacks: set[int] = set()
    for n in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            f = n.func
            if f.attr == "callback" and isinstance(f.value, ast.Name) and f.value.id == name:
                callbacks.add(id(f.value))
    for n in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(n, ast.Name) and n.id == name and id(n) not in callbacks:
            return True
    return False


def item_swallows(run: Any, item: ast.withitem, st: Any, fr: Any) -> Any:
    """What ``item`` of the ``with`` ``st`` may swallow: None (nothing), ``ALL``, or a tuple
    of builtin exception classes (``contextlib.suppress``)."""
    from driftcheck.parsers.source.values.abstract import Cls, Func

    c = item.context_expr
    target = c.func if isinstance(c, ast.Call) else c
    fv = _chain_value(run, target, fr)
    if fv is _UNREAD:
        return None
    q = getattr(fv, "qual", None)
    if isinstance(c, ast.Call):
        # (``import contextlib`` inside forward reads ``builtins.contextlib.suppress``)
        if isinstance(q, str) and q.split(".")[-2:] == ["contextlib", "suppress"]:
            if c.keywords or any(isinstance(a, ast.Starred) for a in c.args):
                return ALL
            out = _all_classes(run, c.args, fr)
            if out is None:
                return ALL
            return _classes_swallowed(out)  # ``suppress(Exception)``: ALL
        if isinstance(q, str) and (q in _STACKS or q.replace("builtins.", "") in _STACKS):
            v = item.optional_vars
            if v is None:
                return None
            if not isinstance(v, ast.Name) or _stack_used(st.body, v.id):
                return ALL
            return None
        if isinstance(fv, Cls):
            from driftcheck.parsers.source.interp.dunders import own_code

            return ALL if own_code(fv) and _class_swallows(run, fv) else None
        fn = getattr(fv, "func", fv)
        if isinstance(fn, Func) and _decorated_cm(fn.node):
            return ALL if _generator_swallows(fn.node) else None
        return None
    cls = getattr(fv, "cls", None)  # ``with self.quiet:`` an instance of an own class
    if isinstance(cls, Cls):
        from driftcheck.parsers.source.interp.dunders import own_code

        return ALL if own_code(cls) and _class_swallows(run, cls) else None
    return None


_PLAIN = (
    ast.Name,
    ast.Constant,
    ast.Attribute,
    ast.Call,
    ast.BinOp,
    ast.UnaryOp,
    ast.Tuple,
    ast.List,
    ast.keyword,
    ast.expr_context,
    ast.operator,
    ast.unaryop,
)


def plain_stmt(st: ast.stmt) -> bool:
    """``st`` is ``name = <expr>``, ``<expr>`` or ``return <expr>`` where the expression holds
    only names, constants, attribute chains, calls, arithmetic and tuples / lists: nothing
    that may raise a Python error the rules do not model (a subscript's KeyError, an unpack's
    ValueError, a comprehension, a branch)."""
    if isinstance(st, ast.Assign):
        if len(st.targets) != 1 or not isinstance(st.targets[0], ast.Name):
            return False
        value: Any = st.value
    elif isinstance(st, (ast.Expr, ast.Return)):
        value = st.value
    else:
        return False
    if value is None:
        return True
    return all(isinstance(n, _PLAIN) for n in ast.walk(value))


def call_seen(f: Any, fv: Any) -> None:
    """A call in a ``catching`` region: a torch layer (``Leaf``), a ``torch.`` function or a
    tensor method keeps the region certain; anything else (a module or function of the
    code's own, a Python builtin, a dict's ``pop``) may raise what is caught: the rest of the
    region is speculative."""
    from driftcheck.parsers.source.values.abstract import Leaf
    from driftcheck.parsers.source.values.dataflow_values import Bound, Mod, Tens

    if isinstance(fv, Mod):
        from driftcheck.parsers.source.interp.fwdhooks import hooks_of

        obj = f.resolve(fv.obj)
        if isinstance(obj, Leaf) and not hooks_of(obj) and not f.run_state.get("fix35c_hooks"):
            return  # (no hook of the code's own runs around it)
    q = getattr(fv, "qual", None)
    if fv.__class__.__name__ == "Ext" and isinstance(q, str) and q.startswith("torch."):
        return
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        return
    f.trip_catching()


def _classes_swallowed(classes: tuple) -> Any:
    """``ALL`` where one of ``classes`` may catch what any attribute or name read raises
    (``Exception``), else ``classes`` (None for none)."""
    if any(issubclass(AttributeError, k) or issubclass(NameError, k) for k in classes):
        return ALL
    return classes or None


def with_swallows(run: Any, st: ast.With | ast.AsyncWith, fr: Any) -> Any:
    """Session 36 (fixreview36a) / 37 (fixreview37a): what one of ``st``'s items may swallow:
    None (nothing), ``ALL`` (any error: what the body finds proves nothing, as in a ``try``
    body), or the builtin exception classes of ``contextlib.suppress(E, ...)``
    (``Flow.catching``). None without real sizes. Off with ``DRIFTCHECK_NO_SUPPRESS_36=1``
    (was ``Runner._suppresses``)."""
    if run.f.input_shape is None or run.f.switches.get("DRIFTCHECK_NO_SUPPRESS_36") == "1":
        return None
    out: tuple = ()
    for item in st.items:
        got = item_swallows(run, item, st, fr)
        if got == ALL:
            return ALL
        if got:
            out += got
    return out or None


def _jumps(body: list) -> bool:
    """``body`` (a ``finally``) holds a ``return``, ``break`` or ``continue`` of its own: it
    ends whatever exception is passing through."""
    todo = list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(n, (ast.Return, ast.Break, ast.Continue)):
            return True
        todo.extend(ast.iter_child_nodes(n))
    return False


def try_swallows(run: Any, st: ast.Try, fr: Any) -> Any:
    """Session 38: what the ``try`` statement ``st`` may swallow of its body's errors: None
    (nothing: no handler, a ``finally`` that does not jump), ``ALL`` (as before session 38:
    the body is speculative), or the builtin exception classes its handlers name."""
    if run.f.input_shape is None or run.f.switches.get("DRIFTCHECK_NO_TRY_CLASSES_38") == "1":
        return ALL
    if _jumps(st.finalbody):
        return ALL
    out: tuple = ()
    for h in st.handlers:
        if h.type is None:
            return ALL
        got = _exc_classes(run, h.type, fr)
        if got is None:
            return ALL
        out += got
    return _classes_swallowed(out)


def run_guarded(run: Any, swallows: Any, body: list, fr: Any) -> None:
    """Run ``body`` where ``swallows`` (``with_swallows`` / ``try_swallows``) may be caught:
    as it is (None), as a ``catching`` region (builtin classes: a statement that may raise
    what is caught unseen makes the rest speculative), or speculatively (``ALL``)."""
    if not swallows:
        run.body(body, fr)
    elif isinstance(swallows, tuple):  # ``contextlib.suppress(KeyError)``, ``except KeyError``
        with run.f.catching(swallows):
            for s in body:
                if not plain_stmt(s):  # it may raise what is caught, unseen
                    run.f.trip_catching()
                run.stmt(s, fr)
    else:
        with run.f.maybe():  # as ``try/except: pass``
            run.body(body, fr)
