"""Which modules of the analysed program importing its entry file runs (session 39,
wrongfix39; review38 finding 2).

The registries filled at import time (interp/callregistry.py, attrregistry.py,
decoregistry.py, metaregistry.py, decorated.py) searched every file of the registry's
package for the calls or decorators that fill them. A module nothing imports never runs
them: review38's ``envpkg/extra.py`` holding ``register("never_imported", 99)`` made
``len(registry.specs)`` 3 where torch, importing the package, finds 2 (a confident wrong
count). Here the import closure of the entry file(s) is read statically:

- ``import a.b.c`` imports ``a``, ``a.b`` and ``a.b.c``; ``from a.b import c`` imports ``a``,
  ``a.b`` and ``a.b.c`` where that is a module; relative imports resolve against the importing
  module; a star import of a package imports the submodules its literal ``__all__`` names;
  ``importlib.import_module("literal")`` / ``__import__("literal")`` import that module.
- An import the module runs whenever it is imported (its body, class bodies, a ``try``
  body, a ``with`` block) is sure; one in a function body, under an ``if`` / loop / ``except``
  handler, or the ``__main__`` block's may run or not: that module is *maybe* imported.
- A reached module that imports in a way we cannot follow (``importlib.import_module`` /
  ``__import__`` of a computed name, ``pkgutil.walk_packages`` / ``iter_modules``,
  ``entry_points``, ``exec``, ``runpy``) makes every module not surely imported *maybe*.

``status(interp, dotted)`` is then "yes", "maybe" or "no". The registries skip "no" files
(Python would never run them) and treat a "maybe" file holding a registration as unknown,
naming it. With more than ``MAX_MODULES`` modules reached, every module reads "yes" (the
search as before).
"""

from __future__ import annotations

import ast
from typing import Any

MAX_MODULES = 3000
_MEMO = "_dc_import_reach"
_DYNAMIC_CALLS = {
    "walk_packages",
    "iter_modules",
    "entry_points",
    "run_module",
    "run_path",
    "exec",
    "exec_module",
    "load_module",
    "spec_from_file_location",
}


class Reach:
    def __init__(self) -> None:
        self.sure: set[str] = set()
        self.maybe: dict[str, str] = {}  # dotted -> where the import that may run is
        self.dynamic: str | None = None  # the first import we cannot follow, file:line
        self.whole = False  # too many modules: every module reads "yes"
        self.opaque = False  # a module of an installed library reached and not read
        self.roots: tuple[str, ...] = ()


def _parents(dotted: str) -> list[str]:
    parts = dotted.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def _resolve(mod: Any, node: ast.ImportFrom) -> str | None:
    if not node.level:
        return node.module
    base = mod.name.split(".")
    if not mod.is_pkg:
        base = base[:-1]
    up = node.level - 1
    if up > len(base):
        return None
    base = base[: len(base) - up] if up else base
    if node.module:
        base = [*base, *node.module.split(".")]
    return ".".join(base) or None


def _walk(tree: ast.Module) -> Any:
    """(node, sure): every node of the module with whether it runs whenever the module is
    imported (not in a function, not under a condition, a loop, a handler)."""
    from driftcheck.parsers.source.loader import main_block

    todo: list[tuple[ast.AST, bool]] = [(tree, True)]
    while todo:
        node, sure = todo.pop()
        yield node, sure
        for field, value in ast.iter_fields(node):
            kids = value if isinstance(value, list) else [value]
            for child in kids:
                if not isinstance(child, ast.AST):
                    continue
                s = sure
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    s = False
                elif isinstance(node, (ast.If, ast.IfExp)) and field in ("body", "orelse"):
                    s = False
                elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and field in (
                    "body",
                    "orelse",
                ):
                    s = False
                elif isinstance(node, ast.Try) and field in ("handlers", "orelse"):
                    s = False
                elif isinstance(node, (ast.BoolOp, ast.comprehension, ast.Match)):
                    s = False
                if isinstance(child, ast.If) and main_block(child):
                    s = False
                todo.append((child, s))


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def reach(interp: Any, top: str | None = None) -> Reach:
    """The import closure of the entry file(s), read through the modules of the program's own
    top-level packages, of ``top`` (the package a registry lives in) and in the user's project
    folder; a module of another installed library (numpy, pandas, torch...) is reached but not
    read, so the walk stays within what can hold the registrations asked
    about (pycox's entry files reached 3,213 modules, 1.6 M lines, 40 s, before this bound).
    Where an installed library was reached and not read, ``status`` counts a module of an
    installed package it may import (the search as before the walk)."""
    key = f"{_MEMO}:{top or ''}"
    got = interp.__dict__.get(key)
    if got is not None:
        return got
    r = Reach()
    interp.__dict__[key] = r
    names = interp.names
    todo: list[tuple[str, bool, str]] = []
    tops = {top} if top else set()
    for m in getattr(interp, "program_mods", None) or []:
        tops.add(m.name.split(".")[0])
        for p in _parents(m.name):
            todo.append((p, True, ""))
    roots = r.roots = _roots(interp)
    seen: set[str] = set()
    while todo:
        dotted, sure, where = todo.pop()
        if sure:
            if dotted in r.sure:
                continue
            r.sure.add(dotted)
            r.maybe.pop(dotted, None)
        else:
            if dotted in r.sure or dotted in r.maybe:
                continue
            r.maybe[dotted] = where
        if dotted in seen:
            # read once; its imports now sure where this module is: walked again below
            if not sure:
                continue
        seen.add(dotted)
        if len(seen) > MAX_MODULES:
            r.whole = True
            return r
        if not _readable(interp, dotted, tops, roots):
            r.opaque = r.opaque or dotted.split(".")[0] not in _BASE_LIBS
            continue
        mod = names.module(dotted)
        if mod is None:
            continue
        for node, s in _walk(mod.tree):
            s = s and sure
            at = f"{mod.path.name}:{getattr(node, 'lineno', 0)}"
            targets: list[str] = []
            if isinstance(node, ast.Import):
                for a in node.names:
                    targets.extend(_parents(a.name))
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(mod, node)
                if base is None:
                    continue
                targets.extend(_parents(base))
                for a in node.names:
                    if a.name == "*":
                        subs = _star_subs(names, base)
                        if subs is None and r.dynamic is None:
                            # an ``__all__`` that is no one literal list (``+=``, ``extend``,
                            # a comprehension, starred items): its submodules are not known
                            r.dynamic = f"from {base} import * at {at}"
                        targets.extend(subs or [])
                    elif names.module(f"{base}.{a.name}") is not None:
                        targets.append(f"{base}.{a.name}")
            elif isinstance(node, ast.Call):
                fn = _call_name(node)
                if fn in ("import_module", "__import__"):
                    arg = node.args[0] if node.args else None
                    pkg = next((k for k in node.keywords if k.arg == "package"), None)
                    if (
                        isinstance(arg, ast.Constant)
                        and isinstance(arg.value, str)
                        and not arg.value.startswith(".")
                        and pkg is None
                    ):
                        targets.extend(_parents(arg.value))
                    elif r.dynamic is None:
                        r.dynamic = f"{fn}(...) at {at}"
                elif fn in _DYNAMIC_CALLS and r.dynamic is None:
                    r.dynamic = f"{fn}(...) at {at}"
            for t in targets:
                if t not in r.sure:
                    todo.append((t, s, at))
    return r


# libraries the walk never reads and that import no model library's registry modules
_BASE_LIBS = frozenset(
    {
        "torch", "numpy", "pandas", "scipy", "sklearn", "matplotlib", "typing_extensions",
        "einops", "yaml", "tqdm", "requests", "packaging", "PIL", "sympy", "networkx",
    }
)  # fmt: skip


def _roots(interp: Any) -> tuple[str, ...]:
    """The folders the program's own modules are imported from (the user's project)."""
    out = []
    for m in getattr(interp, "program_mods", None) or []:
        try:
            path = m.path.resolve()
            up = len(m.name.split(".")) - 1 + (path.name == "__init__.py")
            out.append(str(path.parents[up]) + "/")
        except (AttributeError, IndexError, OSError):
            continue
    return tuple(out)


def _readable(interp: Any, dotted: str, tops: set[str], roots: tuple[str, ...]) -> bool:
    """Read a reached module of the program's own packages, of the registry's package, or in
    the user's project folder: a module of an installed library (numpy, pandas, torch...) is
    reached but not read."""
    return dotted.split(".")[0] in tops or _in_project(interp, dotted, roots)


def _star_subs(names: Any, base: str) -> list[str] | None:
    """The submodules ``from base import *`` imports: those a literal ``__all__`` of the
    package names; None where ``__all__`` is written any other way (assigned more than once,
    ``+=``, ``.extend``, an annotated assignment, a comprehension, starred or non-str items:
    review39 H3, a count of 1 where torch finds 2)."""
    mod = names.module(base)
    if mod is None or not mod.is_pkg:
        return []
    out: list[str] = []
    plain = 0
    for node in ast.walk(mod.tree):
        named = False
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            tgts = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(isinstance(t, ast.Name) and t.id == "__all__" for t in tgts)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            named = node.value.id == "__all__"  # ``__all__.extend(...)``, ``.append``
        if not named:
            continue
        if (
            isinstance(node, ast.Assign)
            and node in mod.tree.body
            and isinstance(node.value, (ast.List, ast.Tuple))
            and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.value.elts
            )
        ):
            plain += 1
            for e in node.value.elts:
                if names.module(f"{base}.{e.value}") is not None:
                    out.append(f"{base}.{e.value}")
            continue
        return None
    if plain > 1:
        return None
    if plain == 0:
        # no ``__all__``: ``import *`` takes the package's public names, submodules only where
        # the package itself imported them (followed through its own imports)
        return []
    return out


def status(interp: Any, dotted: str) -> tuple[str, str]:
    """("yes" | "maybe" | "no", why): whether importing the entry file runs module
    ``dotted``."""
    r = reach(interp, dotted.split(".")[0])
    if r.whole or dotted in r.sure:
        return "yes", ""
    if dotted in r.maybe:
        return (
            "maybe",
            f"{dotted} is imported only by a statement that may not run ({r.maybe[dotted]})",
        )
    if r.dynamic is not None:
        return "maybe", f"{dotted} may be imported by {r.dynamic}"
    if r.opaque and not _in_project(interp, dotted, r.roots):
        # an installed library the walk did not read may import it (segmentation_models_pytorch
        # importing timm's registered encoders): counted, as before the walk existed
        return "yes", ""
    return "no", ""


def _in_project(interp: Any, dotted: str, roots: tuple[str, ...]) -> bool:
    """Module ``dotted`` is a file under one of the program's folders (the user's project)."""
    finder = getattr(interp, "finder", None)
    try:
        path = finder.find(dotted) if finder is not None else None
        return path is not None and str(path.resolve()).startswith(roots)
    except Exception:  # noqa: BLE001 - a name the finder cannot place
        return False
