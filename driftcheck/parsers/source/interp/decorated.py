"""Name registries filled by decorators at import time (``@register_model`` /
``create_model("name")``), read without importing the package.

A library module holds an empty dict (``_model_entrypoints = {}``) and a decorator that stores
the function it decorates into it (``_model_entrypoints[fn.__name__] = fn``). Importing the
package runs every decorated definition, so by the time a user calls ``create_model("resnet18")``
the dict is full. The interpreter never runs module bodies, so the dict would read empty. Here
such a dict becomes a ``Registry``: a lookup of a key it does not hold searches the source files
of the dict's top-level package for a definition carrying the decorator under that name
(``@register_model`` over ``def resnet18(...)``, or ``@register("resnet18")`` over any
definition), and reads that definition. The search is a byte scan (a file that does not
mention the key is not parsed), done once per key.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from driftcheck.parsers.source.loader import ModInfo
from driftcheck.speed import tree_memos

STAMPED = "_driftcheck_stamped"  # objmodel.STAMPED (imported there from here would cycle)
_RUNNING = "running"  # Registry._whole while its definitions run

MAX_SCAN_FILES = 2000

_EMPTY_CALLS = {"dict", "defaultdict", "OrderedDict", "collections.defaultdict"}


def _is_empty_dict(e: ast.expr) -> bool:
    if isinstance(e, ast.Dict):
        return not e.keys
    if isinstance(e, ast.Call) and not e.keywords:
        name = ast.unparse(e.func)
        return name in _EMPTY_CALLS or name.endswith((".defaultdict", ".OrderedDict"))
    return False


def registering_decorators(mod: ModInfo, name: str) -> dict[str, str]:
    """Top-level functions of ``mod`` that store their (or their inner function's) argument in
    the module dict ``name``: decorator name -> how the key is made, ``"name"`` (the decorated
    definition's ``__name__``) or ``"arg"`` (an argument of the decorator call)."""
    # the ``tree_memos`` switch: off, a fresh table (scanned again)
    cache = mod.__dict__.setdefault("_dc_registries", {}) if tree_memos() else {}
    if name in cache:
        return cache[name]
    out: dict[str, str] = {}
    for st in mod.tree.body:
        if not isinstance(st, ast.FunctionDef):
            continue
        outer = {a.arg for a in [*st.args.posonlyargs, *st.args.args, *st.args.kwonlyargs]}
        for node in ast.walk(st):
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
                continue
            t = node.targets[0]
            if not (isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)):
                continue
            if t.value.id != name or not isinstance(node.value, ast.Name):
                continue
            key = ast.unparse(t.slice)
            inner_args = _params_in(st)
            if node.value.id not in inner_args:
                continue
            if "__name__" in key or _assigned_from_name(st, key):
                out[st.name] = "name"
            elif isinstance(t.slice, ast.Name) and t.slice.id in outer:
                out[st.name] = "arg" if t.slice.id != node.value.id else "name"
            else:
                out[st.name] = "name"
    cache[name] = out
    return out


def _params_in(fn: ast.FunctionDef) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            a = node.args
            out.update(x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs])
    return out


def _assigned_from_name(fn: ast.FunctionDef, key: str) -> bool:
    """``model_name = fn.__name__`` earlier in the function, the key being ``model_name``."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == key for t in node.targets
        ):
            if "__name__" in ast.unparse(node.value):
                return True
    return False


class Registry(dict):
    """A decorator-filled module dict: missing keys are found by scanning the package."""

    def __init__(self, interp: Any, mod: ModInfo, decorators: dict[str, str]) -> None:
        super().__init__()
        self._interp = interp
        self._mod = mod
        self._decorators = decorators
        self._misses: set[Any] = set()
        self._whole: Any = None  # what ``whole`` found: True (every entry made) or an Unknown

    def whole(self) -> Any:
        """The registry as the whole import leaves it, for a read of every entry (iteration,
        ``len``, ``keys()`` / ``items()``): entries are otherwise made only when their key is
        looked up, so iterating gave only those looked up so far (an empty dict: a confident
        wrong count of a ``ModuleDict`` built over it). Where the decorated definitions are all
        in the registry's own module (a single file, not a package whose other modules may or
        may not be imported), every one is run again in file order, as the import runs them
        (the dict's order is theirs); otherwise, or where one cannot be followed, an Unknown.
        The in-order run of a script (which runs each decorated statement itself, in order) is
        read as it stands."""
        from driftcheck.parsers.source.interp import globalsat

        if type(self) is not Registry:
            return self  # a registry filled another way (callregistry, metaregistry): its own
        if self._whole is True or self._whole is _RUNNING:
            return self  # whole, or being made whole (a decorator reads it: as it stands)
        if globalsat.in_order_line(self._interp, self._mod) is not None:
            return self
        if self._whole is None:
            self._whole = _RUNNING
            self._whole = self._run_all()
        return self if self._whole is True else self._whole

    def _single_file(self) -> bool:
        return not (self._mod.name.count(".") or self._mod.is_pkg)

    def _run_all(self) -> Any:
        from driftcheck.parsers.source.interp.exprs import Frame
        from driftcheck.parsers.source.interp.statements import Raised
        from driftcheck.parsers.source.values.abstract import Budget, Cls, Func, Unknown

        mod = self._mod
        if not self._single_file():
            return Unknown(
                f"registry filled by decorators in {mod.name}'s package: which of its modules "
                "are imported is not known"
            )
        fr = Frame(mod)
        before = dict(self)
        dict.clear(self)
        try:
            for st in mod.tree.body:
                if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue
                mine = [d for d in st.decorator_list if _deco_name(d) in self._decorators]
                if not mine:
                    continue
                where = f"{mod.path.name}:{st.lineno}"
                if mod.defs.get(st.name) is not st:
                    return Unknown(f"registry entry of {st.name} at {where} not followed")
                v = self._interp.names.global_lookup(mod, st.name)
                # a class's lookup ran its innermost stamping / class-returning decorators
                # (objmodel ``Names._stamped``): the rest run here, innermost first
                ran = self._interp.__dict__.get(STAMPED, {}).get(id(st), 0)
                for d in list(reversed(st.decorator_list))[ran:]:
                    if isinstance(v, Cls) and _keeps_class(self._interp, d, fr):
                        continue  # ``@dataclass`` under ``@register``: the class, as modelled
                    deco = self._interp.exprs.eval(d, fr)
                    if not isinstance(deco, Func):
                        return Unknown(f"registry entry of {st.name} at {where} not followed")
                    v = self._interp.calls.call(deco, [v], {}, (mod.path, d.lineno))
        except Budget:
            raise
        except (Raised, Exception) as e:  # noqa: BLE001 - a registration not followed
            return Unknown(f"registry of {mod.name}: a registration not followed ({e})")
        for k, v in before.items():  # stored by a lookup's own decorator run, before this
            self.setdefault(k, v)
        return True

    def _find(self, key: Any) -> bool:
        if self._whole is True or self._whole is _RUNNING:
            # every definition was run (a key not there is Python's KeyError), or they are
            # being run (a decorator's ``if key in REGISTRY``: not stored yet)
            return False
        if self._whole is None and type(self) is Registry and self._single_file():
            from driftcheck.parsers.source.interp import globalsat

            if globalsat.in_order_line(self._interp, self._mod) is None and self.whole() is self:
                # the definitions of a single file all run, in order: the key is there or
                # not (a key made from the name, ``cls.__name__.lower()``, found too)
                return dict.__contains__(self, key)
        if not isinstance(key, str) or not key or any(c in key for c in "'\"\n\\"):
            return False
        if key in self._misses:
            return False
        self._misses.add(key)  # while the decorator runs, the key is not there yet
        try:
            v = self._scan(key)
        finally:
            self._misses.discard(key)
        if v is None:
            self._misses.add(key)
            return False
        dict.__setitem__(self, key, v)
        return True

    def _package_files(self) -> list[tuple[Path, str]]:
        """The package's files that importing the entry file may run (interp/importreach.py:
        a module nothing imports never registers anything), as (path, dotted name)."""
        from driftcheck.parsers.source.interp import importreach

        return [
            (f, d)
            for f, d in self._all_package_files()
            if importreach.status(self._interp, d)[0] != "no"
        ] + self._outside_files()

    def _outside_files(self) -> list[tuple[Path, str]]:
        """The modules of the user's project outside the registry's package that importing
        the entry file may run (review39 M2: a top-level ``plugins.py`` calling ``register``
        counted nothing); off: ``DRIFTCHECK_NO_OUTSIDE_REGS_40``."""
        import os

        from driftcheck.parsers.source.interp import importreach

        if os.environ.get("DRIFTCHECK_NO_OUTSIDE_REGS_40", "") not in ("", "0"):
            return []
        pkg = self._mod.name.split(".")[0]
        key = f"_dc_outside_regs:{pkg}"
        got = self._interp.__dict__.get(key)
        if got is not None:
            return got
        out: list[tuple[Path, str]] = []
        self._interp.__dict__[key] = out
        r = importreach.reach(self._interp, pkg)
        if r.whole:
            return out
        names = self._interp.names
        for d in sorted({*r.sure, *r.maybe}):
            if d.split(".")[0] == pkg or not importreach._in_project(self._interp, d, r.roots):
                continue
            mod = names.module(d)
            if mod is None or importreach.status(self._interp, d)[0] == "no":
                continue
            out.append((mod.path, d))
            if len(out) >= MAX_SCAN_FILES:
                break
        return out

    def _maybe_run(self, dotted: str) -> str | None:
        """Why module ``dotted`` may or may not be imported; None where it surely is."""
        from driftcheck.parsers.source.interp import importreach

        got, why = importreach.status(self._interp, dotted)
        return why if got == "maybe" else None

    def _all_package_files(self) -> list[tuple[Path, str]]:
        keep = tree_memos()  # the ``tree_memos`` switch
        files = self._mod.__dict__.get("_dc_pkgfiles") if keep else None
        if files is not None:
            return files
        dots = self._mod.name.count(".")
        files = []
        if dots or self._mod.is_pkg:
            pkg_dir = self._mod.path.parents[dots if self._mod.is_pkg else dots - 1]
            root = pkg_dir.parent
            for f in sorted(pkg_dir.rglob("*.py")):
                rel = f.relative_to(root).with_suffix("").parts
                if any(not p.isidentifier() for p in rel):
                    continue
                files.append((f, ".".join(rel[:-1] if rel[-1] == "__init__" else rel)))
                if len(files) >= MAX_SCAN_FILES:
                    break
        else:
            files = [(self._mod.path, self._mod.name)]
        if keep:
            self._mod._dc_pkgfiles = files  # type: ignore[attr-defined]
        return files

    def _scan(self, key: str) -> Any:
        kb = key.encode()
        for deco, kind in self._decorators.items():
            if kind == "name":
                rx = re.compile(
                    rb"^[ \t]*@(?:[\w.]+\.)?" + re.escape(deco.encode()) + rb"\b[^\n]*\n"
                    rb"(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+"
                    + re.escape(kb)
                    + rb"\b",
                    re.M,
                )
            else:
                rx = re.compile(
                    rb"^[ \t]*@(?:[\w.]+\.)?"
                    + re.escape(deco.encode())
                    + rb"\(\s*(?:\w+\s*=\s*)?[\"']"
                    + re.escape(kb)
                    + rb"[\"'][^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+(\w+)",
                    re.M,
                )
            for path, dotted in self._package_files():
                try:
                    data = path.read_bytes()
                except OSError:
                    continue
                if kb not in data or deco.encode() not in data:
                    continue
                m = rx.search(data)
                if m is None:
                    continue
                defname = key if kind == "name" else m.group(1).decode()
                sub = self._interp.names.module(dotted)
                if sub is None or defname not in sub.defs:
                    continue
                maybe = self._maybe_run(dotted)
                if maybe is not None:
                    from driftcheck.parsers.source.values.abstract import Unknown

                    return Unknown(f"registry key {key!r} made in {path.name}; {maybe}")
                fn = self._interp.names.global_lookup(sub, defname)
                return self._register(deco, kind, fn, key)
        return None

    def _register(self, deco: str, kind: str, fn: Any, key: str) -> Any:
        """Run a bare decorator on the definition found, as importing its module would (it
        may fill other tables too: timm's pretrained configs); what it stored under ``key``
        is the value, else the definition itself."""
        from driftcheck.parsers.source.interp.statements import Raised
        from driftcheck.parsers.source.values.abstract import Budget, Func

        d = self._interp.names.global_lookup(self._mod, deco)
        if kind == "name" and isinstance(d, Func):
            try:
                self._interp.calls.call(d, [fn], {}, (self._mod.path, d.node.lineno))
            except Budget:
                raise
            except (Raised, Exception):  # noqa: BLE001 - the side tables stay empty; the entry stands
                pass
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        return fn

    def __missing__(self, key: Any) -> Any:
        if self._find(key):
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or self._find(key)

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default


# library class decorators that hand back the class they are given, whose effect the
# interpreter models on the class itself (``objmodel.is_dataclass`` reads the decorator list)
_CLASS_KEEPING = frozenset(
    {"dataclasses.dataclass", "functools.total_ordering", "typing.final"}
    | {f"{m}.{n}" for m in ("attrs", "attr") for n in ("define", "frozen", "mutable", "s")}
)


def _keeps_class(interp: Any, d: ast.expr, fr: Any) -> bool:
    """``d`` (``@dataclass`` / ``@dataclass(frozen=True)`` / ``@attrs.define``) is a library
    decorator that returns the class it decorates (its fields read by the class's model)."""
    from driftcheck.parsers.source.values.abstract import plain

    fn = d.func if isinstance(d, ast.Call) else d
    if not isinstance(fn, (ast.Name, ast.Attribute)):
        return False
    try:
        q = getattr(plain(interp.exprs.eval(fn, fr)), "qual", None)
    except Exception:  # noqa: BLE001 - a decorator we cannot read is not one of these
        return False
    return q in _CLASS_KEEPING


def _deco_name(d: ast.expr) -> str | None:
    """The function a decorator names (``@register`` / ``@register("x")`` / ``@m.register``)."""
    f = d.func if isinstance(d, ast.Call) else d
    if isinstance(f, ast.Attribute):
        return f.attr
    return f.id if isinstance(f, ast.Name) else None


def whole(v: Any) -> Any:
    """``v`` itself, or for a decorator-filled registry the registry as the whole import
    leaves it (``Registry.whole``: an Unknown where that is not known)."""
    return v.whole() if isinstance(v, Registry) else v


def registry_for(interp: Any, mod: ModInfo, name: str, value: Any) -> Any:
    """``value`` (a module global just evaluated) as a ``Registry`` when it is an empty dict
    that a decorator of its module fills; else ``value`` unchanged."""
    if not isinstance(value, dict) or value or isinstance(value, Registry):
        return value
    expr = mod.assigns.get(name)
    if expr is None or not _is_empty_dict(expr):
        return value
    decos = registering_decorators(mod, name)
    if not decos:
        from driftcheck.parsers.source.interp.callregistry import (
            CallRegistry,
            registering_functions,
        )

        funcs = registering_functions(mod, name)  # filled by top-level calls instead
        if funcs:
            return CallRegistry(interp, mod, funcs)
        from driftcheck.parsers.source.interp.metaregistry import (
            MetaRegistry,
            registering_metaclasses,
        )

        metas = registering_metaclasses(mod, name)  # or by a metaclass (interp/metaregistry.py)
        return MetaRegistry(interp, mod, metas) if metas else value
    return Registry(interp, mod, decos)
