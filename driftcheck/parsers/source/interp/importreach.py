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


def _walk(tree: ast.Module, fails: Any = None) -> Any:
    """(node, sure): every node of the module with whether it runs whenever the module is
    imported (not in a function, not under a condition, a loop, a handler). ``fails(stmt,
    caught)``: whether a statement of a ``try`` body / ``with contextlib.suppress(...)`` block
    may raise what the handler catches; the statements after it in that body may not run
    (review39 M1: ``try: import apex; from . import a`` where apex is not installed)."""
    from driftcheck.parsers.source.loader import main_block

    todo: list[tuple[ast.AST, bool]] = [(tree, True)]
    while todo:
        node, sure = todo.pop()
        yield node, sure
        caught = _guarded(node) if fails is not None else None
        for field, value in ast.iter_fields(node):
            kids = value if isinstance(value, list) else [value]
            cut = False  # an earlier statement of this guarded body may raise
            for child in kids:
                if not isinstance(child, ast.AST):
                    continue
                s = sure and not cut
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
                if caught is not None and field == "body" and not cut:
                    cut = fails(child, caught)


def _guarded(node: ast.AST) -> tuple[str, ...] | None:
    """The exception names a ``try`` body's handlers / a ``with suppress(...)`` catch ("*": any
    exception; a handler we cannot read counts as any), or None where the node guards nothing."""
    if isinstance(node, ast.Try) and node.handlers:
        out: list[str] = []
        for h in node.handlers:
            types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
            for t in types:
                name = (
                    t.id
                    if isinstance(t, ast.Name)
                    else t.attr
                    if isinstance(t, ast.Attribute)
                    else None
                )
                out.append("*" if t is None or name is None or name not in _IMPORT_ERRORS else name)
        return tuple(out)
    if isinstance(node, (ast.With, ast.AsyncWith)):
        out = []
        for item in node.items:
            call = item.context_expr
            if isinstance(call, ast.Call) and _call_name(call) == "suppress":
                for t in call.args:
                    name = (
                        t.id
                        if isinstance(t, ast.Name)
                        else t.attr
                        if isinstance(t, ast.Attribute)
                        else None
                    )
                    out.append(name if name in _IMPORT_ERRORS else "*")
                if any(isinstance(a, ast.Starred) for a in call.args):
                    out.append("*")
        return tuple(out) or None
    return None


# the exceptions a missing module raises; a handler naming another one catches some other error
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})
# statements that raise nothing when run (an import of a module that is there aside)
_QUIET = (ast.Pass, ast.FunctionDef, ast.AsyncFunctionDef, ast.Global, ast.Nonlocal)


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
        fails = None if _off() else (lambda st, caught, _m=mod: _may_fail(interp, _m, st, caught))
        for node, s in _walk(mod.tree, fails):
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


def _off() -> bool:
    """``DRIFTCHECK_NO_TRY_IMPORTS_40=1``: every import of a ``try`` body / ``suppress`` block is
    sure (the walk before session 40)."""
    import os

    return os.environ.get("DRIFTCHECK_NO_TRY_IMPORTS_40", "") not in ("", "0")


def _may_fail(interp: Any, mod: Any, st: ast.AST, caught: tuple[str, ...]) -> bool:
    """Whether statement ``st`` of a guarded body may raise what the guard catches: an import
    of a module that is not there (not installed, no such file in the project), or, where the
    guard catches any exception, a statement that calls, subscripts or reads attributes."""
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        if isinstance(st, ast.Import):
            wanted = [a.name for a in st.names]
        else:
            base = _resolve(mod, st)
            if base is None:
                return True
            wanted = [base]
        return any(_absent(interp, w) for w in wanted)
    if isinstance(st, _QUIET) or (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)):
        return False
    if "*" not in caught:
        # only an import error is caught: a call of ``import_module`` / ``__import__`` (or one
        # we cannot see into) may raise it; plain assignments of constants and names do not
        return any(isinstance(n, ast.Call) for n in ast.walk(st)) or isinstance(
            st, (ast.If, ast.Try, ast.With, ast.For, ast.While, ast.ClassDef)
        )
    return True


def _absent(interp: Any, dotted: str) -> bool:
    """Module ``dotted`` cannot be imported here: its top-level name is no installed package,
    built-in or project module, or it is a submodule of a package read from source that has no
    such file (a compiled extension ``name.*.so`` counts as there)."""
    import sys

    from driftcheck.parsers.source.loader import _top_spec

    parts = dotted.split(".")
    top = parts[0]
    if top in sys.builtin_module_names or top in getattr(sys, "stdlib_module_names", ()):
        return False
    if top in _RUNTIME:
        return False  # there when the program runs, though the hook's install may lack it
    finder = getattr(interp, "finder", None)
    if finder is None:
        return False
    try:
        dirs = finder._top_dirs(top)
        if not dirs and _top_spec(top) is None:
            return True
    except Exception:  # noqa: BLE001 - a name the import system cannot place: not known
        return False
    if len(parts) == 1 or not dirs:
        return False
    try:
        if finder.find(dotted) is not None:
            return False
        parent = finder.find(".".join(parts[:-1]))
        if parent is None or parent.name != "__init__.py":
            return False  # the parent is a compiled module or unknown: not known
        return (
            not any(parent.parent.glob(parts[-1] + ".*"))
            and not (parent.parent / parts[-1]).is_dir()
        )
    except Exception:  # noqa: BLE001
        return False


# the program under analysis runs with these: their absence here (the pre-commit hook's core
# install has no torch) says nothing about the program's own imports
_RUNTIME = frozenset({"torch", "transformers", "torchvision", "torchaudio", "numpy"})


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
