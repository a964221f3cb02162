"""A class statement whose metaclass is read from source: ``__prepare__``, ``__new__`` and
``__init__`` run as ``type.__call__`` runs them when the class is made (issue #16, session 29).

Python makes ``class Arch(metaclass=LayerMeta): ...`` as: ``ns = LayerMeta.__prepare__(name,
bases, **kw)`` (a plain ``dict`` without one), the body's bindings stored into ``ns`` one by
one (``ns[key] = value``: a mapping of the code with its own ``__setitem__`` sees every one,
repeated names included), then ``cls = LayerMeta.__new__(LayerMeta, name, bases, ns, **kw)``
-- whose ``super().__new__`` (``type.__new__``) makes the class from the namespace it is
handed -- and ``LayerMeta.__init__(cls, name, bases, ns, **kw)`` when ``__new__`` returned
an instance of the metaclass. A hook that writes ``cls.widths = ...`` gives the class an
attribute its body never binds; before, the hooks were not run and the attribute was unknown.

The interpreter reads class bodies lazily (``Classes.class_attr``); here every name of the
body is read once, in body order, when the metaclass's hooks need the namespace. Only for a
metaclass read from source that is not an installed library's (those stay as before, as
``__init_subclass__`` of installed code does), with hooks of its own. Where a step cannot be
followed -- a body statement a custom ``__setitem__`` would have to see that is not a plain
binding, a hook that raises, ``__new__`` returning something other than the class, a
namespace handed to ``type.__new__`` that is not known -- the class's attributes are unknown
(``UNNAMED_SETATTR``) or the class itself is: never the body's values as if no hook ran.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.loader import body_index
from driftcheck.parsers.source.values.abstract import (
    UNNAMED_SETATTR,
    Budget,
    Cls,
    Ext,
    Func,
    Obj,
    Unknown,
    UnknownStr,
    plain,
)

_HOOKS = ("__prepare__", "__new__", "__init__")
_COOPERATIVE = ("builtins.type", "abc.ABCMeta")  # metaclass bases whose hooks only make the class
_PENDING = "_dc_metanew_pending"  # on the interpreter: the classes being made, innermost last


def create(classes: Any, c: Cls) -> Any:
    """``c`` as the class statement leaves it after its metaclass's hooks ran (``c`` itself,
    changed by them), or an unknown when the statement's result cannot be known."""
    from driftcheck.parsers.source.loader import installed

    ip = classes.ip
    if not any(k.arg == "metaclass" for k in c.node.keywords) and not any(
        isinstance(b, Cls) for b in c.bases
    ):
        return c  # no metaclass keyword and no base read from source: ``type``
    meta = plain(ip.calls.metaclass_of(c))
    if not isinstance(meta, Cls) or installed(meta.mod.path):
        return c
    own = own_hooks(classes, meta)
    if own is None or not own:
        return c  # a library metaclass base with hooks of its own, or none defined in source
    _earlier_first(classes, c)
    where = f"{Path(str(c.mod.path)).name}:{c.node.lineno}"
    kw = _keywords(ip, c)
    if kw is None:
        return _lost(c, f"class {c.name} at {where}: keywords of its class statement")
    try:
        ns = _namespace(classes, meta, c, own, kw, where)
        if isinstance(ns, str):
            return _lost(c, ns)
        made: Any = c
        if "__new__" in own:
            pending = ip.__dict__.setdefault(_PENDING, [])
            pending.append((c, ns))
            try:
                made = ip.calls.call_func(own["__new__"], [meta, c.name, tuple(c.bases), ns], kw)
            finally:
                pending.pop()
            made = plain(made)
            if made is not c:
                return Unknown(f"class {c.name} at {where}: what its metaclass's __new__ returned")
            if isinstance(c.ns.get(UNNAMED_SETATTR), str):
                return c
        elif not isinstance(ns, dict):
            return _lost(c, f"class {c.name} at {where}: a namespace of __prepare__'s making")
        else:
            _apply(c, ns, where)
        if "__init__" in own:
            bound = Func(
                own["__init__"].node,
                own["__init__"].mod,
                own["__init__"].closure,
                own["__init__"].owner,
                c,
            )
            ip.calls.call_func(bound, [c.name, tuple(c.bases), ns], kw)
    except Budget:
        raise
    except Exception as e:  # noqa: BLE001 - a hook that raises: the class statement fails
        return Unknown(
            f"class {c.name} at {where}: its metaclass's hooks raised ({type(e).__name__})"
        )
    return c


def _earlier_first(classes: Any, c: Cls) -> None:
    """Make the module's top-level classes above ``c`` first, as importing the module does: a
    hook that counts or registers the classes it makes (``mcs.count += 1``) sees them in the
    order Python runs their statements, not in the order the analysis first reads them."""
    mod = c.mod
    if not any(st is c.node for st in mod.tree.body):
        return
    for st in mod.tree.body:
        if st is c.node:
            return
        if isinstance(st, ast.ClassDef) and (st.bases or st.keywords):
            classes.ip.names.global_lookup(mod, st.name)


def own_hooks(classes: Any, meta: Cls) -> dict[str, Func] | None:
    """The hooks the metaclass's source defines (the first definition in its MRO); None
    when a base of another library than ``type`` / ``abc.ABCMeta`` comes first (its own hook
    may do anything: not followed, as before)."""
    out: dict[str, Func] = {}
    for hook in _HOOKS:
        found, fn, where = dunders.source_lookup(classes.ip, meta, hook)
        if fn is not None:
            out[hook] = fn
            continue
        if found:
            return None  # a value that is not a function read from source
        if isinstance(where, Ext) and where.qual not in _COOPERATIVE:
            return None
    return out


def _keywords(ip: Any, c: Cls) -> dict[str, Any] | None:
    """The class statement's keywords other than ``metaclass`` (handed to every hook)."""
    if any(k.arg is None for k in c.node.keywords):
        return None  # ``**spec``: keywords we cannot list
    frame = c.ns["__frame__"]
    return {
        k.arg: ip.exprs.eval(k.value, frame)
        for k in c.node.keywords
        if k.arg is not None and k.arg != "metaclass"
    }


def _namespace(classes: Any, meta: Cls, c: Cls, own: dict[str, Func], kw: dict, where: str) -> Any:
    """The namespace the body fills: a plain dict, or what ``__prepare__`` returned with the
    body's bindings stored into it in order. A string says why it cannot be known."""
    ip = classes.ip
    ns: Any = {}
    if "__prepare__" in own:
        fn = own["__prepare__"]
        # a classmethod is bound to the metaclass; a plain or static function is called as
        # it is (``meta.__prepare__(name, bases)``)
        call = _bound(fn, meta) if fn.is_classmethod else fn
        ns = plain(ip.calls.call_func(call, [c.name, tuple(c.bases)], kw))
    if isinstance(ns, dict):
        # a plain dict holds each name's last binding: the class's own values, read lazily
        for k, v in _heads(c):
            ns[k] = v
        for name in body_index(c.node):
            ok, v = classes.class_attr(c, name)
            if not ok:
                return f"class {c.name} at {where}: {name} of its body"
            ns[name] = v
        if _needs_cell(c):
            ns["__classcell__"] = ClassCell()
        return ns
    if isinstance(ns, Obj) and not ns.module and isinstance(ns.attrs.get("__items__"), dict):
        bindings = _bindings(classes, c)
        if bindings is None:
            return f"class {c.name} at {where}: a body statement its namespace's __setitem__ sees"
        setitem = ip.attrs.getattr(ns, "__setitem__")
        for k, v in bindings:
            ip.calls.call(setitem, [k, v], {}, (str(c.mod.path), c.node.lineno))
        return ns
    return f"class {c.name} at {where}: the namespace its metaclass's __prepare__ returned"


def _bound(fn: Func, owner: Any) -> Func:
    return Func(fn.node, fn.mod, fn.closure, fn.owner, owner, is_classmethod=fn.is_classmethod)


class ClassCell:
    """The ``__classcell__`` CPython stores last in the namespace of a class body whose
    methods use ``super()`` / ``__class__`` (a ``cell``; ``type.__new__`` takes it out)."""

    __slots__ = ()
    library_type = "builtins.cell"


def _bindings(classes: Any, c: Cls) -> list[tuple[str, Any]] | None:
    """``(name, value)`` of each store the class body makes, in order, as CPython 3.11
    compiles it: ``_heads`` (``__module__``, ``__qualname__``, ``__doc__``), then each
    plain binding (an earlier binding of a repeated name evaluated in turn, the last one the
    class's own lazily read value), and ``__classcell__`` last where a method uses
    ``super()`` / ``__class__``. None when a statement is not a plain binding (a loop, a
    condition, an annotation: stores we do not list)."""
    ip = classes.ip
    out = _heads(c)
    last = body_index(c.node)
    frame = c.ns["__frame__"]
    cell = False
    for i, st in enumerate(c.node.body):
        if i == 0 and isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant):
            continue  # the docstring: in ``_heads``
        if isinstance(st, ast.Pass) or (
            isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)
        ):
            continue
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            cell = cell or _uses_class_cell(st)
            name = st.name
        elif (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name)
        ):
            name = st.targets[0].id
        else:
            return None
        if last.get(name) is st:
            ok, v = classes.class_attr(c, name)
            if not ok:
                return None
        elif isinstance(st, ast.Assign):
            from driftcheck.parsers.source.interp.classbody import body_frame

            v = ip.exprs.eval(st.value, body_frame(classes, c, st, frame))
        elif st.decorator_list:
            return None  # an earlier decorated definition (a property's accessor): not listed
        else:
            v = classes.make_func(st, frame, owner=c)
        out.append((name, v))
    if cell:
        out.append(("__classcell__", ClassCell()))
    return out


def _heads(c: Cls) -> list[tuple[str, Any]]:
    """The stores a class body makes before its own statements: ``__module__``,
    ``__qualname__`` (the module's name and the class's dotted path in it), and ``__doc__``
    when the first statement is a string."""
    # ``__module__`` is the importing name (``__main__`` for a script run as a program): not
    # known from the file alone
    mod_name = UnknownStr(f"__module__ of class {c.name}")
    out: list[tuple[str, Any]] = [("__module__", mod_name), ("__qualname__", _qualname(c))]
    body = c.node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        if isinstance(body[0].value.value, str):
            out.append(("__doc__", body[0].value.value))
    return out


def _qualname(c: Cls) -> Any:
    """``__qualname__`` of a top-level class (its name); unknown for a nested one (the
    enclosing function or class path is not kept)."""
    if any(st is c.node for st in c.mod.tree.body):
        return c.name
    return Unknown(f"__qualname__ of class {c.name}")


def _needs_cell(c: Cls) -> bool:
    """A method of the body uses ``super()`` / ``__class__``: CPython stores ``__classcell__``."""
    return any(
        _uses_class_cell(st)
        for st in c.node.body
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))
    )


def _uses_class_cell(fn: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id in ("super", "__class__") for n in ast.walk(fn))


def _apply(c: Cls, ns: dict, where: str) -> None:
    """``type.__new__`` makes the class from ``ns``: a name the body binds that ``ns`` no
    longer holds is gone, a name added or changed in it is the class's."""
    for name in body_index(c.node):
        if name not in ns:
            c.ns[name] = Unknown(f"{c.name}.{name}: removed from the namespace at {where}")
    for k, v in ns.items():
        if isinstance(k, str) and k not in ("__module__", "__qualname__", "__classcell__"):
            c.ns[k] = v


def _lost(c: Cls, why: str) -> Cls:
    c.ns[UNNAMED_SETATTR] = why
    return c


def type_new(ip: Any, args: list[Any]) -> Any:
    """``type.__new__(mcls, name, bases, namespace)`` reached from a metaclass ``__new__`` that
    ``create`` runs: the class being made, its namespace the one handed in (a copy of the
    prepared mapping or the mapping itself); None when no such creation is in progress."""
    pending = ip.__dict__.get(_PENDING) or []
    if not pending:
        return None
    c, prepared = pending[-1]
    if len(args) < 4 or plain(args[1]) != c.name:
        return None
    ns = plain(args[3])
    where = f"{Path(str(c.mod.path)).name}:{c.node.lineno}"
    if ns is prepared and isinstance(ns, Obj):
        ns = ns.attrs.get("__items__")
    if not isinstance(ns, dict) or id(ns) in ip.havoc:
        _lost(c, f"class {c.name} at {where}: the namespace handed to type.__new__")
        return c
    if _needs_cell(c) and not isinstance(plain(ns.get("__classcell__")), ClassCell):
        # the cell dropped or replaced: CPython's RuntimeError (``__class__`` not set)
        _lost(c, f"class {c.name} at {where}: __classcell__ not handed to type.__new__")
        return c
    _apply(c, ns, where)
    return c
