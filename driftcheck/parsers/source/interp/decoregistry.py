"""An object's registry filled by a decorator method at import time (detectron2 / fvcore style).

``MODEL_REGISTRY = Registry("MODEL")`` holds ``self._obj_map = {}``; ``Registry.register()``
returns a decorator whose inner function calls ``self._do_register(name, obj)``, which stores
``self._obj_map[name] = obj``; each model module of the package carries
``@MODEL_REGISTRY.register()`` over its class, and a user later calls
``MODEL_REGISTRY.get("CCT")``. Importing the package runs every decorated definition, so the dict
is full by then; the interpreter never runs module bodies, so it read empty and the lookup
reached ``raise KeyError``. ``interp/attrregistry.py`` finds a key registered by a top-level
*call* of a writing method; this finds one registered by a *decorator*: a method of the same
class whose body (its nested functions included) calls a writing method on its first argument
(``register`` above), used as ``@<expr>.register(...)`` or ``@<expr>.register`` over an
import-time class or function statement of the package.

A lookup of a missing key runs the decorated statements that name it: a string constant in the
decorator call (``@REG.register("cct")`` / ``name="cct"``) or, with none, the definition's own
name (what ``func_or_class.__name__`` gives). Running one is what importing its module does: the
decorators are evaluated in the module and applied, innermost first, to the class or function
the module defines. What they store is then read from the dict, under whatever key the
decorator code itself computed; a key no statement stores stays absent, as in Python. A read of
the whole dict (``len``, iteration, ``items()``) first runs every such statement. The scan is a
byte search of the package's files (a file without ``.<method>`` after an ``@`` is not
parsed), done once per registry.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls

MAX_SITES = 2000  # decorated statements run for one registry (a bound on a whole-dict read)


def decorating_methods(cls: Cls, writers: tuple[str, ...]) -> tuple[str, ...]:
    """Methods of ``cls``'s own body (dunders aside) that call a writing method on their
    first argument, in their body or a function nested in it (``deco`` in ``register``)."""
    out: list[str] = []
    for st in cls.node.body:
        if not isinstance(st, ast.FunctionDef) or not st.args.args:
            continue
        if st.name in writers or (st.name.startswith("__") and st.name.endswith("__")):
            continue
        me = st.args.args[0].arg
        for node in ast.walk(st):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in writers
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == me
            ):
                out.append(st.name)
                break
    return tuple(out)


def _pattern(methods: tuple[str, ...]) -> re.Pattern[bytes]:
    alts = b"|".join(re.escape(m.encode()) for m in methods)
    return re.compile(rb"^[ \t]*@[\w.]+\.(?:" + alts + rb")\b", re.M)


def mentioned(reg: Any, methods: tuple[str, ...]) -> bool:
    """Whether any file of the registry's package carries ``@<expr>.<method>``: cheap (bytes
    only), so a registry with no decorator use stays what it was."""
    if not methods:
        return False
    rx = _pattern(methods)
    for path, _dotted in reg._package_files():
        try:
            if rx.search(path.read_bytes()):
                return True
        except OSError:
            continue
    return False


def _uses(d: ast.expr, methods: tuple[str, ...]) -> bool:
    f = d.func if isinstance(d, ast.Call) else d
    return isinstance(f, ast.Attribute) and f.attr in methods


def _key(st: ast.stmt, d: ast.expr) -> str:
    """The key a decorated statement names: a string constant of the decorator call (first
    argument or ``name=``), else the definition's name."""
    if isinstance(d, ast.Call):
        for e in [*d.args[:1], *(k.value for k in d.keywords if k.arg == "name")]:
            if isinstance(e, ast.Constant) and isinstance(e.value, str):
                return e.value
    return st.name  # type: ignore[attr-defined]


def sites(interp: Any, reg: Any, methods: tuple[str, ...]) -> list[tuple[str, Any, ast.stmt]]:
    """Every import-time class or function statement of the package decorated by one of
    ``methods``: (the key it names, its module, the statement). A module that cannot be read
    gives a site with no module (``runnable`` is then False)."""
    from driftcheck.parsers.source.interp.attrregistry import _import_time_nodes

    rx = _pattern(methods)
    out: list[tuple[str, Any, ast.stmt]] = []
    for path, dotted in reg._package_files():
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if not rx.search(data):
            continue
        sub = interp.names.module(dotted)
        maybe = reg._maybe_run(dotted)
        if sub is None or maybe is not None:
            # not read, or a module that may be imported or not: its sites are not runnable
            out.append(
                (path.name if maybe is None else f"{path.name} ({maybe})", None, ast.Pass(lineno=0))
            )
            continue
        # a ``def`` runs at import though its body does not: the walk skips function nodes
        defs = (
            c
            for n in _import_time_nodes(sub.tree)
            for c in ast.iter_child_nodes(n)
            if isinstance(c, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        )
        for node in defs:
            for d in node.decorator_list:
                if _uses(d, methods):
                    out.append((_key(node, d), sub, node))
                    break
            if len(out) >= MAX_SITES:
                return out
    return out


def runnable(mod: Any, st: ast.stmt) -> bool:
    """Whether the site is a definition its module binds by name (one in a class body, a
    loop or a function's scope is not run here)."""
    return mod is not None and mod.defs.get(getattr(st, "name", None)) is st


def unrunnable(found: list[tuple[str, Any, ast.stmt]]) -> list[str]:
    """Where the sites that ``run`` cannot run are (file:line)."""
    return [
        f"{mod.path.name if mod is not None else key}:{st.lineno}"
        for key, mod, st in found
        if not runnable(mod, st)
    ]


def run(interp: Any, mod: Any, st: ast.stmt) -> None:
    """The decorated statement ``st`` as importing ``mod`` runs it: its decorators applied,
    innermost first, to the definition the module binds (interp/modglobals.py does the same
    for a module global's registrations). A decorator that refuses leaves the entry absent."""
    from driftcheck.parsers.source.interp.statements import Frame, Raised
    from driftcheck.parsers.source.values.abstract import Budget

    fr = Frame(mod)
    fr.locals = interp.globals.setdefault(id(mod), {})  # module-level code
    if not runnable(mod, st):
        return  # the registry was made unknown for it (attrregistry.wrap)
    try:
        v = interp.names.global_lookup(mod, st.name)  # type: ignore[attr-defined]
        for d in reversed(st.decorator_list):  # type: ignore[attr-defined]
            deco = interp.exprs.eval(d, fr)
            v = interp.calls.call(deco, [v], {}, (mod.path, d.lineno))
    except Budget:
        raise
    except (Raised, Exception):  # noqa: BLE001 - the decorator refuses: not registered
        return
