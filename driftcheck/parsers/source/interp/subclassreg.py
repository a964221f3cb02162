"""A class registry filled by ``__init_subclass__`` at import (issue #16).

``class FactorizedTensor(nn.Module): _factorizations = dict(); def __init_subclass__(cls,
name, **kw): cls._factorizations[name.lower()] = cls`` and, in a sibling module the package
``__init__`` imports, ``class CPTensor(FactorizedTensor, name="CP")`` (tltorch; every plugin
registry keyed by a class keyword does the same). Python runs each subclass's class statement
at import, so by the time user code calls ``FactorizedTensor.new(shape, factorization="cp")``
the table holds every subclass. The analyzer makes a class when a name first reaches it, so
the table read before any subclass was named was empty: the lookup raised (``raise
ValueError`` reached) and the model was unknown.

Here, the first time an attribute of a class whose body defines ``__init_subclass__`` is read
(``ensure``), the class statements Python would have run at import are made, in file order:
those at the top level of the class's own module and of the modules its parent packages'
``__init__`` import that import it, whose bases name the class or a subclass found so far.
Making a class runs its ``__init_subclass__`` (interp/objmodel.py ``init_subclass``). A class
statement that cannot be followed leaves its entry absent (a lookup of it stays unknown).
"""

from __future__ import annotations

import ast
from typing import Any

DONE = "_driftcheck_subclasses_made"  # on a ``Cls``: its import-time subclasses were made
_MAX_MODULES = 64  # sibling modules looked at per registry class (bounded work)


def _base_names(node: ast.ClassDef) -> set[str]:
    """The last name of each base expression (``core.FactorizedTensor`` -> FactorizedTensor)."""
    out: set[str] = set()
    for b in node.bases:
        while isinstance(b, ast.Subscript):
            b = b.value
        if isinstance(b, ast.Name):
            out.add(b.id)
        elif isinstance(b, ast.Attribute):
            out.add(b.attr)
    return out


def _importers(ip: Any, mod: Any) -> list[Any]:
    """The modules Python imported alongside ``mod``: those its parent packages' ``__init__``
    import (or star-import) that import from ``mod`` themselves."""
    from driftcheck.parsers.source.loader import resolve_relative

    parts = mod.name.split(".")
    names: list[str] = []
    for i in range(len(parts) - 1, 0, -1):
        pkg = ip.names.module(".".join(parts[:i]))
        if pkg is None:
            continue
        for m, attr in pkg.imports.values():
            names.append(m)
            if attr is not None:
                names.append(f"{m}.{attr}")  # ``from . import cp``: a submodule
        names.extend(pkg.stars)
    out: list[Any] = []
    seen: set[str] = {mod.name}
    for n in names:
        if n in seen or not n.startswith(parts[0]) or len(out) >= _MAX_MODULES:
            continue
        seen.add(n)
        other = ip.names.module(n)
        if other is None:
            continue
        imported = {m for m, _ in other.imports.values()} | set(other.stars)
        for st in other.tree.body:
            if isinstance(st, ast.ImportFrom) and st.level:
                imported.add(resolve_relative(other, st.module, st.level))
        if mod.name in imported:
            out.append(other)
    return out


def ensure(ip: Any, cls: Any) -> None:
    """Make the subclasses of ``cls`` defined at import (see the module docstring), once."""
    if getattr(cls, DONE, False):
        return
    setattr(cls, DONE, True)
    if not any(
        isinstance(st, ast.FunctionDef) and st.name == "__init_subclass__" for st in cls.node.body
    ):
        return
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Budget

    names = {cls.name}
    pending = getattr(ip.names, "_pending", ())
    for mod in [cls.mod, *_importers(ip, cls.mod)]:
        for st in mod.tree.body:
            if not isinstance(st, ast.ClassDef) or st is cls.node:
                continue
            if (id(mod), st.name) in pending:
                # read while this class statement is being made (its ``__init_subclass__``
                # reads the table): Python has run only the statements above it, so the
                # subclasses below are not made yet. Made on a later read (the flag is
                # cleared): making them here put them first (the table's order
                # B, C, A where Python has A, B, C: a confident wrong count)
                setattr(cls, DONE, False)
                return
            if not (_base_names(st) & names):
                continue
            names.add(st.name)
            try:
                ip.names.global_lookup(mod, st.name)  # makes it: ``__init_subclass__`` runs
            except Budget:
                raise
            except (Raised, Exception):  # noqa: BLE001 - that entry stays absent
                continue


def failed(ip: Any, mod: Any, st: ast.ClassDef, e: Any) -> None:
    """Record ``class st(...)`` raising at import (its base's ``__init_subclass__`` rejects
    it: objmodel ``init_subclass``): importing the module fails in Python, so no registry
    lookup may take a default for the missing entry (a count where Python stops). The blocker
    IMP004 in a file the analysis was given, else an unknown (a library's code as read here:
    our reading may be wrong)."""
    from driftcheck.parsers.source.importcheck import ConstructionRaise, MayRaise
    from driftcheck.parsers.source.loader import installed

    msg = f"class {st.name}(...) raises in its base's __init_subclass__ (at {e.path}:{e.line})"
    own = not installed(mod.path) and any(
        m.path.resolve() == mod.path.resolve() for m in getattr(ip, "program_mods", None) or []
    )
    kind = ConstructionRaise if own else MayRaise
    ip.failures.append(kind(e.what, msg, str(mod.path), st.lineno, "import"))


def _writes_global(fn: ast.FunctionDef, name: str) -> bool:
    """Whether a function body stores into the module global ``name``
    (``name[k] = cls``, ``name.append(cls)`` / ``update`` / ``setdefault`` / ``add``)."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and any(
            isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == name
            for t in n.targets
        ):
            return True
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == name
            and n.func.attr in ("append", "update", "setdefault", "add", "insert", "extend")
        ):
            return True
    return False


def global_registry(ip: Any, mod: Any, name: str, v: Any) -> Any:
    """A module global dict / list that a class's ``__init_subclass__`` of the same module
    fills (``REG[cls.__name__] = cls``), read from another module (session 39, wrongfix39):
    the subclasses Python made at import are made first (``ensure``), so the table is not
    read empty (a confident 0 where torch had the registered blocks). A subclass statement in
    another module the import closure may reach (interp/importreach.py) that ``ensure`` does
    not make leaves the table unknown, never read without it."""
    from driftcheck.parsers.source.interp import importreach
    from driftcheck.parsers.source.values.abstract import Cls, Unknown

    if type(v) not in (dict, list):
        return v
    holders = [
        st
        for st in mod.tree.body
        if isinstance(st, ast.ClassDef)
        and any(
            isinstance(f, ast.FunctionDef)
            and f.name == "__init_subclass__"
            and _writes_global(f, name)
            for f in st.body
        )
    ]
    if not holders:
        return v
    if any(m is mod or m.path == mod.path for m in getattr(ip, "program_mods", None) or []):
        return v  # the analysed file: its statements run in order (analyze.module_root)
    covered = {mod.name}
    names: set[str] = set()
    for st in holders:
        cls = ip.names.global_lookup(mod, st.name)
        if not isinstance(cls, Cls):
            return Unknown(
                f"{name}: filled by {st.name}.__init_subclass__ at {mod.path.name}:{st.lineno}"
            )
        ensure(ip, cls)
        names.add(st.name)
        covered.update(m.name for m in _importers(ip, mod))
    for dotted in covered:
        m = ip.names.module(dotted)
        for st in m.tree.body if m is not None else ():
            if isinstance(st, ast.ClassDef) and _base_names(st) & names:
                names.add(st.name)
    r = importreach.reach(ip, (getattr(mod, "name", "") or "").split(".")[0] or None)
    others = [d for d in [*r.sure, *r.maybe] if d not in covered]
    for dotted in others[:_MAX_MODULES]:
        m = ip.names.module(dotted)
        for st in m.tree.body if m is not None else ():
            if isinstance(st, ast.ClassDef) and _base_names(st) & names:
                return Unknown(
                    f"{name}: filled by __init_subclass__; class {st.name} at "
                    f"{m.path.name}:{st.lineno} may register into it"
                )
    return v
