"""Modules that fill their own namespace while they are imported (issue #16, session 18).

deepxde picks its backend at import: ``deepxde/backend/__init__.py`` ends with
``load_backend(get_preferred_backend())``, whose body does
``setattr(sys.modules[__name__], "backend_name", mod_name)`` and copies every name of the
chosen backend module onto itself; ``deepxde/nn/__init__.py`` then runs
``_load_backend(backend_name...)``: ``for api, obj in mod.__dict__.items(): setattr(thismod,
api, obj)``. So ``dde.nn.DeepONet`` is bound by no statement of ``deepxde.nn``: the
interpreter found no binding and read it as a library name (an unknown model).

Python's semantics, modelled here:

- ``setattr(module, name, v)`` on a module read from source (``sys.modules[__name__]``,
  ``importlib.import_module(...)``, ``import m``) binds the module's global ``name`` (what
  ``global_lookup`` and attribute reads see); under an undecided condition the global is
  unknown. Was silently ignored.
- ``module.__dict__.items()`` / ``keys()`` / ``values()`` / iteration: the names the module's
  own statements bind (definitions, assignments, imports, the submodules its
  ``from .x import`` statements load), each looked up as its global; unknown when it has
  a star import, a ``global`` statement, or names bound at run time (``globals()[k] = v``).
- A name a module does not bind, looked up on a module whose source writes through
  ``sys.modules[__name__]``: its top-level call statements (``load_backend(...)``) and the
  top-level loops / ``if`` / ``with`` / ``try`` statements that call ``setattr(sys.modules[
  __name__], ...)`` (``for name, v in SIZES: setattr(sys.modules[__name__], name, v)``,
  session 25; a block that only replaces the module, a lazy package ``__init__``, is not) run once,
  in order, as the import runs them; the name is then looked up again among what they bound.
  A call that does not run through leaves the name unknown, as before.

The environment those import-time calls read is library/environ.py's.
"""

from __future__ import annotations

import ast
import builtins
from typing import Any

from driftcheck.parsers.source.loader import last_bindings
from driftcheck.parsers.source.values.abstract import Unknown
from driftcheck.speed import current


def _self_ref(n: ast.AST) -> bool:
    return (
        isinstance(n, ast.Subscript)
        and isinstance(n.value, ast.Attribute)
        and n.value.attr == "modules"
        and isinstance(n.value.value, ast.Name)
        and n.value.value.id == "sys"
        and isinstance(n.slice, ast.Name)
        and n.slice.id == "__name__"
    )


def _writes_itself(mod: Any) -> bool:
    """``sys.modules[__name__]`` somewhere in the module (an AST walk, cached on the tree)."""
    tree = mod.tree
    keep = current().attr_scans  # the switch of the scans kept per file
    got = getattr(tree, "_dc_writes_itself", None) if keep else None
    if got is None:
        got = any(_self_ref(n) for n in ast.walk(tree))
        if keep:
            tree._dc_writes_itself = got
    return got


_COMPOUND = (ast.For, ast.If, ast.While, ast.With, ast.Try)


def _import_time(st: ast.stmt) -> bool:
    """A top-level statement the import-time run executes: a call statement
    (``load_backend(...)``), or a loop / ``if`` / ``with`` / ``try`` statement that calls
    ``setattr(sys.modules[__name__], ...)`` (``for name, v in SIZES: setattr(sys.modules[
    __name__], name, v)``): the names it binds are bound by no assignment. A compound
    statement that only replaces the module (``else: sys.modules[__name__] = _LazyModule(...)``,
    diffusers' and transformers' package ``__init__``) is not run here: the lazy-module
    reading handles that, and running the whole ``if TYPE_CHECKING`` block cost a package
    ``__init__`` seconds per lookup."""
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call):
        return True
    return isinstance(st, _COMPOUND) and any(_self_setattr(n) for n in ast.walk(st))


def _self_setattr(n: ast.AST) -> bool:
    """``setattr(sys.modules[__name__], ...)``."""
    return (
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "setattr"
        and bool(n.args)
        and _self_ref(n.args[0])
    )


def _ran(ip: Any) -> set[int]:
    ran = getattr(ip, "selfmodule_ran", None)
    if ran is None:
        ran = ip.selfmodule_ran = set()
    return ran


def lookup(ip: Any, mod: Any, attr: str) -> Any:
    """``attr`` of ``mod`` that no statement binds: bound by its import-time calls (see the
    module docstring), or None (not found: the caller's old reading)."""
    if attr.startswith("__") or not _writes_itself(mod):
        return None
    run_once(ip, mod)
    return ip.globals.setdefault(id(mod), {}).get(attr)


def run_once(ip: Any, mod: Any) -> bool:
    """Run a self-writing module's import-time calls (once per run) before any of its globals
    is read: objmodel's ``global_lookup`` asks on each name it has not read yet, as the import
    has run every top-level statement before another module reads one. Run only when a name
    was missing, a call's ``setattr`` landed over a statement-bound global already read
    (``load_backend(); backend_name = "x"`` read ``"x"`` or the call's value by which name
    was read first: a wrong count either way). True when the calls ran now."""
    if id(mod) in _ran(ip) or not _writes_itself(mod):
        return False
    _ran(ip).add(id(mod))
    run_import_calls(ip, mod)
    return True


def mark_run(ip: Any, mod: Any) -> None:
    """A module whose top-level statements the caller runs itself, in order (a script's
    ``model = ...``: analyze.module_root): its calls are not run ahead of their place."""
    _ran(ip).add(id(mod))


def run_import_calls(ip: Any, mod: Any) -> None:
    """The module's top-level call statements, in order, in its own namespace. A global a call
    binds that a later top-level statement binds again is dropped again: the statement's
    binding is the one the imported module keeps (read lazily, as any global)."""
    from driftcheck.parsers.source.interp.statements import Frame, Raised
    from driftcheck.parsers.source.values.abstract import Budget

    ns = ip.globals.setdefault(id(mod), {})
    last = last_bindings(mod.tree.body)
    for i, st in enumerate(mod.tree.body):
        if not _import_time(st):
            continue
        fr = Frame(mod)
        fr.locals = ns  # module-level code
        before = dict(ns)
        try:
            ip.stmts.exec_stmt(st, fr)
        except Budget:
            raise
        except (Raised, Exception) as e:  # noqa: BLE001 - the import would raise: stop here
            ip.stmts.note(f"{mod.path.name}:{st.lineno}: import-time call not run through ({e})")
            return
        finally:
            for k in [k for k, v in ns.items() if last.get(k, -1) > i and before.get(k) is not v]:
                if k in before:
                    ns[k] = before[k]
                else:
                    del ns[k]


def set_global(ip: Any, mod: Any, name: str, v: Any, line: int | None) -> None:
    """``setattr(module, name, v)`` / ``module.name = v``: the module's global ``name``."""
    ns = ip.globals.setdefault(id(mod), {})
    if ip.uncertain:
        v = Unknown(f"{mod.name}.{name} set under an undecided condition at line {line}")
    ns[name] = v
    # a global that code read before may now read otherwise: memo.py's reuse keys count it
    ip.class_writes = ip.class_writes + 1


def namespace_names(ip: Any, mod: Any) -> list[str] | None:
    """The names ``mod.__dict__`` holds, in binding order as far as the statements say;
    None where they are not all known (see the module docstring)."""
    if mod.stars:
        return None
    names: dict[str, None] = dict.fromkeys(
        ("__name__", "__doc__", "__package__", "__loader__", "__spec__", "__file__")
    )
    for st in ast.walk(mod.tree):
        if isinstance(st, ast.Global):
            return None
        if isinstance(st, ast.Call) and isinstance(st.func, ast.Name) and st.func.id == "globals":
            return None
    for st in mod.tree.body:
        if isinstance(st, ast.ImportFrom) and st.level and mod.path.name == "__init__.py":
            # ``from .deeponet import X`` loads the submodule: an attribute of the package
            if st.module:
                names[st.module.split(".")[0]] = None
    for k in (*mod.defs, *mod.assigns, *mod.imports):
        names[k] = None
    bound = (*mod.defs, *mod.assigns, *mod.imports)
    for k in ip.globals.get(id(mod), {}):
        # the namespace also caches builtins the module's code looked up (``setattr``)
        if k in bound or not hasattr(builtins, k):
            names[k] = None
    return list(names)


def namespace_items(ip: Any, mod: Any) -> list[tuple[str, Any]] | None:
    """``mod.__dict__.items()``: each name with its global's value; None when the names are
    not all known."""
    names = namespace_names(ip, mod)
    if names is None:
        return None
    out: list[tuple[str, Any]] = []
    for k in names:
        if k == "__name__":
            v: Any = mod.name
        elif k.startswith("__") and k not in mod.assigns and k not in mod.defs:
            v = Unknown(f"{mod.name}.{k}")
        elif k in mod.defs or k in mod.assigns or k in mod.imports:
            v = ip.names.global_lookup(mod, k)
        elif k in ip.globals.get(id(mod), {}):
            v = ip.globals[id(mod)][k]
        else:
            v = ip.names.import_value(mod.name, k)  # a submodule the package loaded
        out.append((k, v))
    return out


def dict_method(ip: Any, g: Any, name: str) -> Any:
    """``module.__dict__.items`` / ``keys`` / ``values`` (library/wildlib.py ``ModGlobals``)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    def run(a: list, k: dict) -> Any:
        if a or k:
            return Unknown(f"__dict__.{name} with arguments")
        items = namespace_items(ip, g.mod)
        if items is None:
            return Unknown(f"__dict__.{name}() of {g.mod.path.name}: its names are not all known")
        if name == "items":
            return items
        return [kv[0] for kv in items] if name == "keys" else [kv[1] for kv in items]

    return BuiltinMethod(run)
