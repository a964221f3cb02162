"""What Python would raise importing or constructing the analyzed code, found statically.

The analyzer looks names up lazily (a class body is read when something needs it), so code
Python cannot even import still "works" here: a base class used before its ``class``
statement, two classes inheriting from each other, ``nn.Linaer``. Python runs a module top
to bottom; this module replays that order over the syntax tree, executing nothing:

- ``import_failures(mod, finder)``: every name the module's top level evaluates (class bases
  and keywords, decorators, default values, annotations unless ``from __future__ import
  annotations``, class bodies, module-level expressions) that is not bound yet at that point
  is a ``NameError``; an attribute of an imported module that the module does not define
  (``nn.Linaer``) is an ``AttributeError``. Conservative: loads inside ``if`` / ``try`` /
  loops / ``with`` bodies are not judged (they may not run), names any branch binds count as
  bound, and a module that binds names dynamically (a star import, ``globals()``, ``exec``)
  is not judged at all.
- ``module_lacks(finder, dotted, attr)``: True only when a module read from its source
  provably has no attribute ``attr`` (no module ``__getattr__``, every star import resolved).

Each failure becomes a graph node of type ``Unknown`` noted ``raises <Exception>: <message>``
(``analyze.py``), which the verifier's ``IMP`` checks report as blockers.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source.loader import Finder, ModInfo, parse_file
from driftcheck.speed import current

_MODULE_DUNDERS = frozenset(
    (
        "__name__",
        "__file__",
        "__doc__",
        "__spec__",
        "__loader__",
        "__package__",
        "__builtins__",
        "__cached__",
        "__path__",
        "__annotations__",
        "__dict__",
        "__debug__",
    )
)
_BUILTINS = frozenset(dir(builtins)) | _MODULE_DUNDERS
_DYNAMIC = frozenset(("globals", "exec", "eval", "vars", "locals", "__import__", "setattr"))
_SCOPES = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


@dataclass(frozen=True)
class Failure:
    """One exception the code would raise: its type, Python's message, where, and when."""

    exc: str
    message: str
    path: str
    line: int
    when: str  # "import" or "construction"

    def note(self) -> str:
        return f"raises {self.exc}: {self.message} (on {self.when})"


@dataclass(frozen=True)
class ConstructionRaise(Failure):
    """A ``raise`` (or a failed ``assert``) of the user's own code that constructing the model
    reaches on a path decided statically (analyze.own_raise): reported by IMP004, apart from
    the import-order failures (IMP001-003 match their exception types)."""

    def note(self) -> str:
        return f"{CONSTRUCTION_HEAD}{self.exc}: {self.message}"


CONSTRUCTION_HEAD = "construction raises "


@dataclass(frozen=True)
class MayRaise(Failure):
    """A ``raise`` reached in a library's code on the way to the model: Python may well raise
    there, but our reading of that code may be what is wrong, so it is no finding: only the
    count is unknown (the ``Unknown`` node it becomes)."""

    def note(self) -> str:
        return f"may raise {self.exc}: {self.message} (a library's code, as read here)"


# ---------------------------------------------------------------------------- import order
def import_failures(mod: ModInfo, finder: Finder) -> list[Failure]:
    tree = mod.tree
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and n.id in _DYNAMIC:
            return []
        if isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names):
            return []
    lazy = any(
        isinstance(st, ast.ImportFrom)
        and st.module == "__future__"
        and any(a.name == "annotations" for a in st.names)
        for st in tree.body
    )
    return _Order(mod, finder, lazy).run()


class _Order:
    def __init__(self, mod: ModInfo, finder: Finder, lazy_annotations: bool) -> None:
        self.mod = mod
        self.finder = finder
        self.lazy = lazy_annotations
        # a name a function declares ``global`` may be bound by a call made at import time
        self.bound: set[str] = {
            x for n in ast.walk(mod.tree) if isinstance(n, ast.Global) for x in n.names
        }
        self.modules: dict[str, str] = {}  # alias -> dotted module name (``nn`` -> torch.nn)
        self.out: list[Failure] = []

    def run(self) -> list[Failure]:
        self.body(self.mod.tree.body, None)
        return self.out

    # statements -----------------------------------------------------------------
    def body(self, stmts: list[ast.stmt], cls: set[str] | None) -> None:
        for st in stmts:
            if self.out:
                return  # Python stops at the first exception
            self.stmt(st, cls)

    def stmt(self, st: ast.stmt, cls: set[str] | None) -> None:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = st.args
            self.loads([*st.decorator_list, *a.defaults, *(d for d in a.kw_defaults if d)], cls)
            if not self.lazy:
                anns = [x.annotation for x in (*a.posonlyargs, *a.args, *a.kwonlyargs) if x]
                anns += [x.annotation for x in (a.vararg, a.kwarg) if x is not None]
                self.loads([x for x in (*anns, st.returns) if x is not None], cls)
            self.bind(st.name, cls)
        elif isinstance(st, ast.ClassDef):
            self.loads([*st.decorator_list, *st.bases, *(k.value for k in st.keywords)], cls)
            inner = {"__module__", "__qualname__"}
            self.body(st.body, inner)
            self.bind(st.name, cls)
        elif isinstance(st, ast.Assign):
            self.loads([st.value], cls)
            for t in st.targets:
                self.targets(t, cls)
        elif isinstance(st, ast.AnnAssign):
            self.loads([x for x in (st.value,) if x is not None], cls)
            if not self.lazy:
                self.loads([st.annotation], cls)
            if st.value is not None:
                self.targets(st.target, cls)
        elif isinstance(st, ast.AugAssign):
            self.loads([st.target, st.value], cls)
        elif isinstance(st, ast.Expr):
            self.loads([st.value], cls)
        elif isinstance(st, ast.Import):
            for a in st.names:
                name = a.asname or a.name.split(".")[0]
                self.modules[name] = a.name if a.asname else name
                self.bind(name, cls)
        elif isinstance(st, ast.ImportFrom):
            base = st.module or ""
            for a in st.names:
                name = a.asname or a.name
                if st.level == 0 and base:
                    self.modules[name] = f"{base}.{a.name}"  # a submodule, or not a module
                self.bind(name, cls)
        else:
            # if / for / while / try / with / match: what they bind may be bound afterwards;
            # what they evaluate may not run, so it is not judged
            for n in ast.walk(st):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    self.bind(n.id, cls)
                elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    self.bind(n.name, cls)
                elif isinstance(n, (ast.Import, ast.ImportFrom)):
                    for a in n.names:
                        self.bind(a.asname or a.name.split(".")[0], cls)
                elif isinstance(n, ast.ExceptHandler) and n.name:
                    self.bind(n.name, cls)
                elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
                    self.bind(n.name, cls)  # a ``match`` pattern's capture
                elif isinstance(n, ast.MatchMapping) and n.rest:
                    self.bind(n.rest, cls)

    def bind(self, name: str, cls: set[str] | None) -> None:
        (self.bound if cls is None else cls).add(name)

    def targets(self, t: ast.expr, cls: set[str] | None) -> None:
        for n in ast.walk(t):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                self.bind(n.id, cls)
                if cls is None:
                    self.modules.pop(n.id, None)
            elif isinstance(n, (ast.Attribute, ast.Subscript)):
                self.loads([n.value], cls)

    # expressions ----------------------------------------------------------------
    def loads(self, exprs: list[ast.expr], cls: set[str] | None) -> None:
        for e in exprs:
            if self.out:
                return
            self.expr(e, cls)

    def expr(self, e: ast.AST, cls: set[str] | None) -> None:
        todo: list[ast.AST] = [e]
        while todo and not self.out:
            n = todo.pop()
            if isinstance(n, _SCOPES):
                continue  # its own scope: names bound inside it, run later or not at all
            if isinstance(n, ast.NamedExpr):
                todo.append(n.value)
                self.bind(n.target.id, cls)
                continue
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                if not self.is_bound(n.id, cls):
                    self.fail("NameError", f"name '{n.id}' is not defined", n)
                continue
            if (
                isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and self.is_bound(n.value.id, cls)
                and n.value.id in self.modules
                and not (cls is not None and n.value.id in cls)
            ):
                dotted = self.modules[n.value.id]
                if module_lacks(self.finder, dotted, n.attr):
                    msg = f"module '{dotted}' has no attribute '{n.attr}'"
                    self.fail("AttributeError", msg, n)
                    continue
            todo.extend(reversed(list(ast.iter_child_nodes(n))))

    def is_bound(self, name: str, cls: set[str] | None) -> bool:
        return name in self.bound or name in _BUILTINS or (cls is not None and name in cls)

    def fail(self, exc: str, message: str, at: ast.AST) -> None:
        line = getattr(at, "lineno", 0)
        self.out.append(Failure(exc, message, str(self.mod.path), line, "import"))


# ---------------------------------------------------------------------------- attributes
def module_lacks(finder: Finder, dotted: str, attr: str) -> bool:
    """True only when module ``dotted``, read from its source, has no attribute ``attr``.
    The names are kept in the process's stores while the ``Speed`` in force has its
    ``ast_cache`` on (``(module, its file) -> names``), else read for this question only."""
    sp = current()
    store = sp.stores.module_names if sp.ast_cache else {}
    names = module_names(finder, dotted, 0, store)
    return names is not None and attr not in names and not attr.startswith("__")


def modinfo_lacks(finder: Finder, mod: ModInfo, attr: str) -> bool:
    """``module_lacks`` for a module already read (``sys.modules[__name__]``, whose dotted
    name the finder may not resolve): True only when nothing in its source can bind ``attr``."""
    if attr.startswith("__"):
        return False
    sp = current()
    store = sp.stores.module_names if sp.ast_cache else {}
    key = (mod.name, str(mod.path))  # ``module_names``' own key: the same names
    if key not in store:
        store[key] = None  # an import cycle ends here, unknown
        store[key] = _read_names(finder, mod.name, mod.path, 0, store)
    names = store[key]
    return names is not None and attr not in names


def module_names(
    finder: Finder, dotted: str, depth: int = 0, store: dict | None = None
) -> frozenset[str] | None:
    """Every name module ``dotted`` can hold, from its source; None when that cannot be known
    (no source, a module ``__getattr__``, names set dynamically, a star import not read)."""
    path = finder.find(dotted)
    if path is None or path.suffix != ".py" or depth > 8:
        return None
    store = {} if store is None else store
    key = (dotted, str(path))
    if key in store:
        return store[key]
    store[key] = None  # an import cycle ends here, unknown
    out = _read_names(finder, dotted, path, depth, store)
    store[key] = out
    return out


def _read_names(
    finder: Finder, dotted: str, path: Any, depth: int, store: dict
) -> frozenset[str] | None:
    try:
        mod = parse_file(path, dotted)
    except Exception:  # noqa: BLE001 - a module we cannot read proves nothing
        return None
    if "__getattr__" in mod.defs:
        return None
    names: set[str] = set(mod.defs) | set(mod.assigns) | set(mod.imports) | _MODULE_DUNDERS
    sys_ok = sys_reads_only(mod.tree)
    for n in ast.walk(mod.tree):
        if isinstance(n, ast.Name):
            if n.id in _DYNAMIC or (n.id == "sys" and not sys_ok):
                return None  # ``globals()[k] = ...``, ``sys.modules[__name__].x = v``
            if isinstance(n.ctx, ast.Store):
                names.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for a in n.names:
                names.add(a.asname or a.name.split(".")[0])
    for star in mod.stars:
        sub = _star_names(finder, star, depth, store)
        if sub is None:
            return None
        names |= sub
    if mod.is_pkg:  # submodules: an attribute once imported anywhere, so counted as present
        for child in path.parent.iterdir():
            if child.suffix == ".py" or (child / "__init__.py").is_file():
                names.add(child.stem if child.suffix == ".py" else child.name)
    return frozenset(names)


def _star_names(finder: Finder, dotted: str, depth: int, store: dict) -> frozenset[str] | None:
    sub = module_names(finder, dotted, depth + 1, store)
    if sub is None:
        return None
    path = finder.find(dotted)
    mod = parse_file(path, dotted) if path is not None else None
    exported = _literal_all(mod) if mod is not None else None
    if exported is not None:
        return frozenset(exported)
    return frozenset(n for n in sub if not n.startswith("_"))


def _literal_all(mod: ModInfo) -> list[str] | None:
    node = mod.assigns.get("__all__")
    if node is None:
        return None
    try:
        v: Any = ast.literal_eval(node)
    except (ValueError, SyntaxError):
        return None
    return [x for x in v if isinstance(x, str)] if isinstance(v, (list, tuple)) else None


# calls that only read the module object handed to them as their first argument
_READ_CALLS = frozenset(("getattr", "hasattr"))


def sys_reads_only(tree: ast.AST) -> bool:
    """Whether every use of ``sys`` in a module only reads (so it binds no global at run time):
    ``here = sys.modules[__name__]`` then ``getattr(here, name, None)`` looks a class up by
    name; ``sys.path.insert(...)`` / ``sys.argv`` read. Anything else -- ``sys`` imported
    under another name, a write through it (``sys.modules[__name__].x = v``, ``del``), its
    ``__dict__``, the module or an alias of it handed to another call or returned -- may bind
    a name we do not see, so the module's names are not known (False)."""
    parents: dict[int, ast.AST] = {}
    for p in ast.walk(tree):
        for c in ast.iter_child_nodes(p):
            parents[id(c)] = p
        if isinstance(p, ast.Import) and any(a.name == "sys" and a.asname for a in p.names):
            return False
        if isinstance(p, ast.ImportFrom) and p.module == "sys":
            return False
    watched, aliases = {"sys"}, set()
    for _ in range(4):  # aliases of aliases, bounded
        for n in ast.walk(tree):
            if isinstance(n, ast.Name) and n.id in watched and isinstance(n.ctx, ast.Load):
                got = _use(n, parents)
                if got is False:
                    return False
                if isinstance(got, str) and got != "sys":
                    aliases.add(got)
        if aliases <= watched:
            return True
        watched |= aliases
    return False


def _use(n: ast.Name, parents: dict[int, ast.AST]) -> bool | str:
    """True for a read-only use of ``n``; the alias's name for ``alias = <n...>``; else False."""
    top: ast.AST = n
    chain_mod = False
    while True:
        up = parents.get(id(top))
        if isinstance(up, ast.Attribute) and up.value is top:
            if up.attr == "__dict__":
                return False
            chain_mod = chain_mod or up.attr == "modules"
            top = up
        elif isinstance(up, ast.Subscript) and up.value is top:
            top = up
        else:
            break
    if isinstance(getattr(top, "ctx", None), (ast.Store, ast.Del)):
        return False
    up = parents.get(id(top))
    if isinstance(up, ast.Assign) and up.value is top:
        if len(up.targets) == 1 and isinstance(up.targets[0], ast.Name):
            return up.targets[0].id
        return False
    if isinstance(up, ast.Call):
        if up.func is top:  # ``sys.path.insert(0, d)``; never a method of ``sys.modules``
            return not chain_mod and top is not n
        f = up.func
        return bool(
            isinstance(f, ast.Name) and f.id in _READ_CALLS and up.args and up.args[0] is top
        )
    if isinstance(up, (ast.Compare, ast.If, ast.IfExp, ast.BoolOp, ast.Expr)):
        return True
    return False
