"""``type(C)`` of a class read from source: its metaclass.

rockpool builds its module metaclass as ``class PostInitMetaMixin(type(ModuleBase))`` with
``class ModuleBase(ABC)``, and that metaclass's ``__call__`` makes the instance with
``super().__call__(*args, **kwargs)``, which the interpreter follows when the base is
``type`` or ``abc.ABCMeta`` (library/machine.py). ``type(ModuleBase)`` was unknown, so every
rockpool module was. Python's metaclass of a class is the most derived of its ``metaclass=``
keyword and its bases' metaclasses: here the keyword (on the class or its nearest base that
has one, ``Calls.metaclass_of``) when it names a class read from source; otherwise
``abc.ABCMeta`` when ``abc.ABC`` is a base and ``type`` when every library base is one whose
metaclass is known to be ``type`` (``object``, torch's modules, the builtin types). Any
other library base may bring a metaclass of its own: unknown.
"""

from __future__ import annotations

import abc
import ast
import re
from collections.abc import Iterator
from typing import Any

from driftcheck.parsers.source.interp import dunders, globalsat, metanew
from driftcheck.parsers.source.values.abstract import Cls, Ext, ExtClass, Unknown, plain
from driftcheck.speed import tree_memos

_PLAIN = frozenset(
    (
        "builtins.object",
        "builtins.dict",
        "builtins.list",
        "builtins.tuple",
        "builtins.int",
        "builtins.float",
        "builtins.str",
        "builtins.Exception",
        "torch.nn.Module",
        "torch.nn.modules.module.Module",
        "typing.Generic",
    )
)


def class_type(interp: Any, cls: Cls) -> Any:
    """``type(cls)`` (see the module docstring)."""
    meta = plain(interp.calls.metaclass_of(cls))
    if isinstance(meta, Cls):
        return meta
    abc = False
    for c in cls.mro():
        if isinstance(c, Cls):
            continue
        q = c.qual if isinstance(c, Ext) else None
        if q in ("abc.ABC",):
            abc = True
        elif q in _PLAIN or (isinstance(c, ExtClass) and c.module):
            continue
        else:
            return Unknown(f"type() of class {cls.name} (a base of {q or 'unknown kind'})")
    if meta is not None and not (isinstance(meta, Ext) and meta.qual in ("builtins.type",)):
        if isinstance(meta, Ext) and meta.qual == "abc.ABCMeta":
            return meta
        return Unknown(f"type() of class {cls.name} (metaclass {meta})")
    return Ext("abc.ABCMeta") if abc else Ext("builtins.type")


def virtual_hook(interp: Any, cls: Cls) -> Any:
    """Why ``isinstance(x, cls)`` / ``issubclass(C, cls)`` may not follow ``cls``'s MRO alone.

    Python asks ``type(cls).__instancecheck__`` / ``__subclasscheck__``. ``abc.ABCMeta``'s
    add every class ``cls.register(X)`` named (or one registered on a subclass of ``cls``)
    and whatever a ``__subclasshook__`` answers (which may also deny a real subclass); a
    metaclass read from source may define either check. Returns None when the MRO alone
    decides (metaclass ``type``, a library metaclass the analyzer does not model, or an
    ``abc.ABCMeta`` class no registration or hook reaches); a tuple of the classes registered
    on ``cls`` or a subclass of it (``registrations``: every ``register`` site was followed);
    or a string naming what could not be followed (the caller answers unknown)."""
    meta = class_type(interp, cls)
    at = f"{cls.mod.path}:{cls.node.lineno}"
    if isinstance(meta, Cls):
        name = _meta_check(interp, meta)
        if name is not None:
            return f"metaclass {meta.name} defines {name} (class {cls.name} at {at})"
        if not any(isinstance(c, Ext) and c.qual == "abc.ABCMeta" for c in meta.mro()):
            return None
    elif not (isinstance(meta, Ext) and meta.qual == "abc.ABCMeta"):
        return None  # ``type``, or a library base's own metaclass: the MRO, as before
    if subclasshook(cls):
        return f"class {cls.name} has a __subclasshook__ (at {at})"
    return registrations(interp, cls)


def may_deny(interp: Any, cls: Cls) -> bool:
    """Whether a real subclass of ``cls`` may still be answered False: a ``__subclasshook__``
    read from source in its MRO (under ``abc.ABCMeta``), or a metaclass read from source that
    defines ``__instancecheck__`` / ``__subclasscheck__``."""
    if subclasshook(cls):
        return True
    meta = class_type(interp, cls)
    return isinstance(meta, Cls) and _meta_check(interp, meta) is not None


def _meta_check(interp: Any, meta: Cls) -> str | None:
    """The first of ``__instancecheck__`` / ``__subclasscheck__`` a class read from source in
    the metaclass ``meta``'s MRO binds (to any value: Python calls what is there), or None."""
    for name in ("__instancecheck__", "__subclasscheck__"):
        ok, _, where = interp.classes.mro_attr(meta, name)
        if ok and isinstance(where, Cls):
            return name
    return None


def is_abc(interp: Any, cls: Cls) -> bool:
    """Whether ``type(cls)`` is ``abc.ABCMeta`` or a metaclass read from source deriving
    from it (so ``cls.register`` is ``ABCMeta.register``)."""
    meta = class_type(interp, cls)
    if isinstance(meta, Cls):
        return any(isinstance(c, Ext) and c.qual == "abc.ABCMeta" for c in meta.mro())
    return isinstance(meta, Ext) and meta.qual == "abc.ABCMeta"


def register_call(args: list, kwargs: dict) -> Any:
    """``C.register(X)`` on an ``abc.ABCMeta`` class: CPython returns ``X`` (a class; the
    registry entry is read from the source by ``registrations``). Anything else: unknown."""
    if len(args) == 1 and not kwargs and isinstance(plain(args[0]), (Cls, Ext, ExtClass)):
        return args[0]
    return Unknown("register() of something not known to be a class")


_REGISTER = re.compile(rb"\.register\b|__subclasshook__")
_MAX_FILES = 400
_BUSY = "_dc_abc_busy"


def registrations(interp: Any, cls: Cls) -> Any:
    """The classes registered on ``cls`` or on a subclass of it, read from every ``register``
    site (``C.register(X)``, ``@C.register``) in ``cls``'s package and the files the analysis
    read (a registration elsewhere needs an import of those). A top-level statement
    ``C.register(X)`` / a top-level class decorated ``@C.register`` is what importing the
    module runs: its receiver and argument are evaluated in the module's namespace. Any other
    site (in a function, under an ``if``, a receiver the analyzer cannot evaluate) whose
    receiver is, or may be, ``cls`` or a subclass -- or a ``__subclasshook__`` in such a
    subclass -- cannot be followed: a string saying where. Too many files: a string."""
    state = interp.__dict__
    if state.get(_BUSY):
        return f"registrations of {cls.name} read while reading registrations"
    state[_BUSY] = True
    try:
        return _registrations(interp, cls)
    finally:
        state[_BUSY] = False


def _registrations(interp: Any, cls: Cls) -> Any:
    files = _package_files(cls)
    if files is None:
        return f"class {cls.name}: its package has over {_MAX_FILES} files to read for register()"
    out: list[Any] = []
    for _, site in _sites_run(interp, files):
        got = _follow(interp, site)
        recv = got[0]
        if isinstance(recv, (Ext, ExtClass)):
            continue  # a standard library ABC's registry: never a class read from source
        if isinstance(recv, Cls) and cls not in recv.mro():
            continue  # registered on an unrelated class
        if not isinstance(recv, Cls) and got[2] is None:
            continue  # not a class's register (a singledispatch function, a library's)
        if got[2] is not None:
            return f"{got[2]} ({site[0]}:{site[1].lineno}; isinstance against {cls.name})"
        out.append(got[1])
    return tuple(out)


def _sites_run(interp: Any, files: list[str]) -> Iterator[tuple[str, tuple]]:
    """(path, site) of each ``register`` / ``__subclasshook__`` site in ``files`` (a class's
    package, ``_package_files``) and in the files the analysis read, that importing them has
    run by now (``not_yet_run``)."""
    for path in list(dict.fromkeys([*files, *map(str, list(interp.files))])):
        for site in _sites(interp, path):
            if not not_yet_run(interp, site):
                yield path, site


_STD_ABC_MODULES = ("collections.abc", "numbers", "typing")


def _std_abc(qual: str) -> Any:
    """The standard library ABC ``qual`` names (``collections.abc.Sequence``; a ``typing``
    alias's origin), or None: these modules import nothing heavy, so the class itself is
    asked (its ``__subclasscheck__`` is the truth)."""
    import importlib

    mod, _, name = qual.rpartition(".")
    if mod not in _STD_ABC_MODULES:
        return None
    got = getattr(importlib.import_module(mod), name, None)
    got = getattr(got, "__origin__", got)  # ``typing.Sequence`` -> ``collections.abc.Sequence``
    return got if isinstance(got, type) and isinstance(got, abc.ABCMeta) else None


def _register_site(interp: Any, site: tuple, recv: Any, label: str) -> tuple[Any, Any, str | None]:
    """A ``register`` site on a known ABC ``recv`` (a class read from source, or a standard
    library ABC), named ``label`` in a why: (receiver, registered class, why not)."""
    path, node, kind, mod = site[:4]
    if kind == "other":
        return (recv, None, f"a {label}.register site not run at import")
    what = (
        node.args[0]
        if kind == "top" and len(node.args) == 1 and not node.keywords
        else ast.Name(id=node.name, ctx=ast.Load())
        if kind == "deco"
        else None
    )
    val = plain(_eval(interp, mod, what)) if what is not None else None
    if isinstance(val, (Cls, Ext, ExtClass)):
        return (recv, val, None)
    return (recv, None, f"{label}.register() of a value not known")


def std_registered(interp: Any, cls: Cls, qual: str) -> Any:
    """Whether an instance of ``cls`` (read from source) is an instance of the standard
    library ABC ``qual`` through a ``register`` call on it or on one of its subclasses
    (``collections.abc.MutableSequence.register(C)`` makes ``C`` a ``Sequence``): True, a
    string naming a site that cannot be followed, or None when no registration reaches it
    (the caller's MRO answer stands)."""
    want = _std_abc(qual)
    if want is None:
        return None
    files = _package_files(cls)
    if files is None:
        return f"class {cls.name}: its package has over {_MAX_FILES} files to read for register()"
    state = interp.__dict__
    if state.get(_BUSY):
        return f"registrations on {qual} read while reading registrations"
    state[_BUSY] = True
    try:
        mro = cls.mro()
        for path, site in _sites_run(interp, files):
            if site[2] == "hook":
                continue  # a source class's hook answers for it and its subclasses only
            recv, val, why = _follow(interp, site)
            if isinstance(recv, (Ext, ExtClass)):
                real = _std_abc(recv.qual)
                if real is None or not issubclass(real, want):
                    continue  # registered on an ABC that is no subclass of ``qual``
                if why is not None:
                    return f"{why} ({path}:{site[1].lineno})"
                if val in mro:
                    return True
                if isinstance(val, Cls) and is_abc(interp, val):
                    return f"a class registered on {recv.qual} is an ABC ({path})"
            elif recv is None and why is not None:
                return f"{why} ({path}:{site[1].lineno})"
        return None
    finally:
        state[_BUSY] = False


def not_yet_run(interp: Any, site: tuple) -> bool:
    """Whether a top-level ``register`` site (``C.register(X)``, ``@C.register``) lies below
    the top-level statement of its module that runs now (globalsat.running_line: a script run
    in order up to ``model = M()``, an import-time read): Python has not run it yet, so the
    class is not registered at that point (``model = M()`` then ``Mixer.register(nn.Linear)``:
    ``isinstance(layer, Mixer)`` is False while the model is built)."""
    if site[2] not in ("top", "deco") or site[3] is None:
        return False
    line = globalsat.running_line(interp, site[3])
    return line is not None and site[1].lineno > line


def _package_files(cls: Cls) -> list[str] | None:
    """The files of ``cls``'s package (its own file for a top-level module), whose text holds a
    ``.register`` or ``__subclasshook__``; None when the package is too large to read."""
    mod = cls.mod
    cache = mod.__dict__.setdefault("_dc_abc_files", {})
    if "files" not in cache:
        dots = mod.name.count(".")
        paths = [mod.path]
        if dots or mod.is_pkg:
            pkg_dir = mod.path.parents[dots if mod.is_pkg else dots - 1]
            paths = sorted(pkg_dir.rglob("*.py"))
        if len(paths) > _MAX_FILES:
            cache["files"] = None
        else:
            cache["files"] = [str(p) for p in paths if _has_site_text(p)]
    return cache["files"]


def _has_site_text(path: Any) -> bool:
    try:
        with open(path, "rb") as fh:
            return _REGISTER.search(fh.read()) is not None
    except OSError:
        return True


def _module_of(interp: Any, path: str) -> Any:
    """The ``ModInfo`` of a file: one the analysis read, else the module its path names
    under a package already read (loaded now), else None."""
    for m in list(interp.mods.values()):
        if m is not None and str(m.path) == path:
            return m
    from pathlib import Path

    # the file's real path: a package reached through a symlinked folder (a shared vendor
    # directory) is read under the link's target, which ``relative_to`` must see as well
    p = Path(path).resolve()
    for m in list(interp.mods.values()):
        if m is None or not m.name:
            continue
        dots = m.name.count(".")
        if not (dots or m.is_pkg):
            continue
        # the folder holding the top-level package (``a/b/__init__.py`` of ``a.b``: two up;
        # ``a/b.py``: one up). It was the top package's own folder, so ``pykeen/nn/init.py``
        # was named ``nn.init``: never loaded, and read as a file that cannot be read
        ups = Path(m.path).resolve().parents
        if (dots + 1 if m.is_pkg else dots) >= len(ups):
            continue
        root = ups[dots + 1 if m.is_pkg else dots]
        try:
            rel = p.relative_to(root)
        except ValueError:
            continue
        parts = list(rel.with_suffix("").parts)
        if parts and parts[-1] == "__init__":
            parts.pop()
        if parts and all(x.isidentifier() for x in parts):
            return interp.names.module(".".join(parts))
    return None


def _sites(interp: Any, path: str) -> list[tuple]:
    """(path, node, kind, mod) of each ``register`` site / ``__subclasshook__`` in a file:
    kind "top" (a top-level ``C.register(X)`` statement), "deco" (``@C.register`` on a
    top-level class), "other" (any other ``X.register`` read or call), "hook" (a class body's
    ``def __subclasshook__``). Cached per path on the interpreter (not by id)."""
    cache = interp.__dict__.setdefault("_dc_abc_sites", {})
    if path in cache:
        return cache[path]
    cache[path] = []
    if not _has_site_text(path):
        return cache[path]
    mod = _module_of(interp, path)
    if mod is None:
        # the file as a whole (line 1): notes and memo keys read a site's position
        lost = ast.Module(body=[], type_ignores=[])
        lost.lineno, lost.col_offset = 1, 0
        cache[path] = [(path, lost, "lost", None)]
        return cache[path]
    out: list[tuple] = []
    top: set[int] = set()
    for st in mod.tree.body:
        if (
            isinstance(st, ast.Expr)
            and isinstance(st.value, ast.Call)
            and isinstance(st.value.func, ast.Attribute)
            and st.value.func.attr == "register"
        ):
            out.append((path, st.value, "top", mod))
            top.add(id(st.value.func))
        elif isinstance(st, ast.ClassDef):
            for d in st.decorator_list:
                if isinstance(d, ast.Attribute) and d.attr == "register":
                    out.append((path, st, "deco", mod, d))
                    top.add(id(d))
    _walk(
        mod.tree,
        frozenset(),
        top,
        lambda node, kind, local: out.append((path, node, kind, mod, local)),
    )
    cache[path] = out
    return out


def _bound(scope: ast.AST) -> frozenset[str]:
    """Names a function or class body binds itself (parameters, stores, imports, defs)."""
    names: set[str] = set()
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        a = scope.args
        names.update(x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs])
        names.update(x.arg for x in (a.vararg, a.kwarg) if x is not None)
    for n in ast.walk(scope):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update((x.asname or x.name).split(".")[0] for x in n.names)
        elif (
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not scope
        ):
            names.add(n.name)
    return frozenset(names)


def _walk(node: ast.AST, local: frozenset[str], top: set[int], add: Any) -> None:
    """Every ``X.register`` outside ``top`` ("other", with the names local to its enclosing
    functions and classes) and every ``def __subclasshook__`` ("hook")."""
    for child in ast.iter_child_nodes(node):
        inner = local
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if child.name == "__subclasshook__":
                add(child, "hook", local)
            inner = local | _bound(child)
        elif isinstance(child, (ast.ClassDef, ast.Lambda)):
            inner = local | _bound(child)
        elif isinstance(child, ast.Attribute) and child.attr == "register" and id(child) not in top:
            add(child, "other", local)
        _walk(child, inner, top, add)


def _global_root(e: ast.expr, local: frozenset[str], mod: Any) -> bool:
    """Whether ``e`` is a dotted name whose root is a module global there (bound at the top
    level by a ``def`` / ``class``, an assignment or an import; a ``for`` target or a name
    bound only in a nested block is not read) or a builtin no module global shadows."""
    import builtins

    while isinstance(e, ast.Attribute):
        e = e.value
    if not isinstance(e, ast.Name) or e.id in local:
        return False
    if e.id in mod.defs or e.id in mod.assigns or e.id in mod.imports:
        return True
    return hasattr(builtins, e.id) and e.id not in _top_bound(mod)


def _top_bound(mod: Any) -> frozenset[str]:
    """Every name the module binds anywhere outside its functions and classes."""
    # the ``tree_memos`` switch: off, a fresh table (scanned again)
    cache = mod.__dict__.setdefault("_dc_abc_files", {}) if tree_memos() else {}
    if "bound" not in cache:
        names: set[str] = set()
        stack: list[ast.AST] = list(mod.tree.body)
        while stack:
            n = stack.pop()
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(n.name)
                continue
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                names.add(n.id)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                names.update((x.asname or x.name).split(".")[0] for x in n.names)
            stack.extend(ast.iter_child_nodes(n))
        cache["bound"] = frozenset(names)
    return cache["bound"]


def _own_register(interp: Any, cls: Cls) -> bool:
    """Whether a class read from source in ``cls``'s MRO defines ``register`` (shadowing
    ``ABCMeta.register``)."""
    ok, _, where = interp.classes.mro_attr(cls, "register")
    return bool(ok and isinstance(where, Cls))


def _owner_class(mod: Any, node: ast.AST) -> ast.ClassDef | None:
    """The top-level class whose body holds ``node`` directly."""
    for st in mod.tree.body:
        if isinstance(st, ast.ClassDef) and any(b is node for b in st.body):
            return st
    return None


def _eval(interp: Any, mod: Any, e: ast.expr) -> Any:
    """``e`` evaluated in ``mod``'s namespace, as importing it would; unknown if it raises."""
    from driftcheck.parsers.source.interp.statements import Frame
    from driftcheck.parsers.source.values.abstract import Budget

    fr = Frame(mod)
    fr.locals = interp.globals.setdefault(id(mod), {})  # module-level code
    try:
        return plain(interp.exprs.eval(e, fr))
    except Budget:
        raise
    except Exception:  # noqa: BLE001 - a receiver or argument that raises: not followed
        return Unknown("register() site")


def _follow(interp: Any, site: tuple) -> tuple[Any, Any, str | None]:
    """(receiver, registered class, why not followed or None) of one site. The receiver is
    None where it is not known (then a why is given)."""
    path, node, kind, mod = site[:4]
    memo = interp.__dict__.setdefault("_dc_abc_follow", {})
    key = (path, kind, node.lineno, node.col_offset)
    if key in memo:
        return memo[key]
    memo[key] = (None, None, "a register() site being read")  # re-entry: not followed
    got: tuple[Any, Any, str | None]
    if kind == "lost":
        got = (None, None, "a file with register() / __subclasshook__ the analyzer cannot read")
    elif kind == "hook":
        got = (None, None, "a __subclasshook__ in a class not known")
        owner = _owner_class(mod, node)
        if owner is not None:
            val = _eval(interp, mod, ast.Name(id=owner.name, ctx=ast.Load()))
            if isinstance(val, Cls):
                got = (val, None, f"class {val.name} defines __subclasshook__")
    else:
        recv_node = (
            node.func.value if kind == "top" else site[4].value if kind == "deco" else node.value
        )
        local = site[4] if kind == "other" else frozenset()
        recv = _eval(interp, mod, recv_node) if _global_root(recv_node, local, mod) else None
        if isinstance(recv, Cls) and (not is_abc(interp, recv) or _own_register(interp, recv)):
            got = (None, None, None)  # not ``ABCMeta.register``: no ABC registry changes
        elif isinstance(recv, (Ext, ExtClass)) and _std_abc(recv.qual) is not None:
            # ``collections.abc.Sequence.register(C)``
            got = _register_site(interp, site, recv, recv.qual)
        elif not isinstance(recv, (Cls, Unknown)) and recv is not None:
            got = (None, None, None)  # a function, a library object: no ABC registry
        elif recv is None and kind == "other" and _instance_receiver(interp, mod, node):
            got = (None, None, None)  # ``self.register(x)`` in a method: never ABCMeta's
        elif recv is None or isinstance(recv, Unknown):
            got = (None, None, "a register() call on a receiver not known")
        else:
            got = _register_site(interp, site, recv, recv.name)
    memo[key] = got
    return got


def _instance_receiver(interp: Any, mod: Any, node: ast.AST) -> bool:
    """Whether ``node`` (``X.register``) reads ``register`` on the first parameter of a plain
    method (no decorator) of a top-level class that is no metaclass: that parameter is an
    instance, and an attribute lookup on an instance never reaches ``ABCMeta.register`` (a
    metaclass's method, seen by classes only), so the site registers nothing in an ABC
    (class_resolver's ``self.register(element)`` in ``BaseResolver.__init__``)."""
    recv = getattr(node, "value", None)
    if not isinstance(recv, ast.Name):
        return False
    for st in mod.tree.body:
        if not isinstance(st, ast.ClassDef):
            continue
        for fn in st.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.decorator_list:
                continue
            params = [*fn.args.posonlyargs, *fn.args.args]
            if not params or params[0].arg != recv.id:
                continue
            if not any(n is node for n in ast.walk(fn)):
                continue
            if any(  # the name rebound in the method, or a nested scope's own
                isinstance(n, ast.Name) and n.id == recv.id and not isinstance(n.ctx, ast.Load)
                for n in ast.walk(fn)
            ) or any(
                isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
                and any(m is node for m in ast.walk(n))
                for n in ast.walk(fn)
                if n is not fn
            ):
                return False
            owner = _eval(interp, mod, ast.Name(id=st.name, ctx=ast.Load()))
            return isinstance(owner, Cls) and not any(
                isinstance(c, Ext) and c.qual in ("builtins.type", "abc.ABCMeta")
                for c in owner.mro()
            )
    return False


def subclasshook(cls: Cls) -> bool:
    """Whether a class read from source in ``cls``'s MRO defines ``__subclasshook__`` (it may
    answer False for a real subclass under ``abc.ABCMeta``)."""
    return any(
        isinstance(c, Cls)
        and any(
            isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))
            and st.name == "__subclasshook__"
            for st in c.node.body
        )
        for c in cls.mro()
    )


def assign_class(interp: Any, obj: Any, v: Any) -> bool:
    """``obj.__class__ = Other`` on an instance of a class read from source: CPython keeps the
    instance (its ``__dict__``) and looks its methods and class attributes up on ``Other`` from
    then on (a spec whose ``width()`` answered 8 answers ``Other``'s 96). A plain store into
    the instance's attributes left every later method read on the old class: a confident wrong
    count. Followed where both classes are read from source and are both modules or both
    not (a container kind, a library class, a value not known: the store as before). True
    when done."""
    from driftcheck.parsers.source.values.abstract import Obj

    new = plain(v)
    if not (isinstance(obj, Obj) and isinstance(obj.cls, Cls) and isinstance(new, Cls)):
        return False
    if obj.kind or obj.qual is not None or interp.classes.is_module_cls(new) != obj.module:
        return False
    obj.cls = new
    obj.attrs.pop("__class__", None)
    return True


def qualname(cls: Cls) -> str:
    """``C.__qualname__`` of a class read from source: its place in the module's syntax, as
    CPython composes it (``Outer.Inner``, ``make.<locals>.Spec``); a class made by
    ``type(name, bases, ns)`` (no statement in the module's tree) has its name. A written
    ``__qualname__`` is read before this (the class namespace)."""
    keep = tree_memos()  # the ``tree_memos`` switch
    table = cls.mod.__dict__.get("_dc_qualnames") if keep else None
    if table is None:
        table = {}
        todo: list[tuple[ast.AST, str]] = [(st, "") for st in cls.mod.tree.body]
        while todo:
            node, prefix = todo.pop()
            if isinstance(node, ast.ClassDef):
                q = prefix + node.name
                table[id(node)] = q
                todo.extend((ch, q + ".") for ch in node.body)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                q = prefix + node.name + ".<locals>."
                todo.extend((ch, q) for ch in node.body)
            else:
                todo.extend((ch, prefix) for ch in ast.iter_child_nodes(node))
        if keep:
            cls.mod.__dict__["_dc_qualnames"] = table
    return table.get(id(cls.node), cls.name)


_MUTATORS = frozenset(
    "append extend insert update setdefault pop popitem remove clear add discard "
    "appendleft extendleft sort reverse".split()
)


def _class_writes(mod: Any) -> dict[tuple[str, str], set[str]]:
    """(class name, attribute) -> the top-level functions and classes of ``mod`` whose code
    changes that class attribute: ``C.attr = v`` / ``C.attr += v`` / ``setattr(C, "attr", v)``
    / ``C.attr.append(x)`` / ``C.attr[k] = v``, and in the class's own methods
    ``self.attr.append(x)`` / ``self.attr[k] = v`` / ``cls.attr = v`` / ``type(self).attr = v``
    (``self.attr = v`` makes an instance attribute: not a write of the class). Once per module."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = mod.__dict__.get("_dc_class_writes") if keep else None
    if got is not None:
        return got
    out: dict[tuple[str, str], set[str]] = {}
    classes = {st.name for st in mod.tree.body if isinstance(st, ast.ClassDef)}

    def owner(e: ast.expr, own: str | None) -> str | None:
        if isinstance(e, ast.Name) and e.id in classes:
            return e.id
        if own is not None and isinstance(e, ast.Name) and e.id == "cls":
            return own
        if (
            own is not None
            and isinstance(e, ast.Call)
            and isinstance(e.func, ast.Name)
            and e.func.id == "type"
            and len(e.args) == 1
        ):
            return own  # ``type(self).attr = v``
        if own is not None and isinstance(e, ast.Attribute) and e.attr == "__class__":
            return own  # ``self.__class__.attr = v``
        return None

    def held(e: ast.expr, own: str | None) -> tuple[str, str] | None:
        """``C.attr`` / ``self.attr`` (in ``own``'s methods) whose object is changed."""
        if not isinstance(e, ast.Attribute):
            return None
        c = owner(e.value, own)
        if c is None and own is not None and isinstance(e.value, ast.Name) and e.value.id == "self":
            c = own
        return (c, e.attr) if c is not None else None

    at_statement = _statement_metaclasses(mod)
    for st in mod.tree.body:
        if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        own = st.name if isinstance(st, ast.ClassDef) else None
        for n in _run_later(st, own in at_statement):
            keys: list[tuple[str, str] | None] = []
            if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                tgts = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
                for t in tgts:
                    if isinstance(t, ast.Attribute) and (c := owner(t.value, own)) is not None:
                        keys.append((c, t.attr))
                    elif isinstance(t, ast.Subscript):
                        keys.append(held(t.value, own))
                    elif isinstance(n, ast.AugAssign) and _inplace_class_value(st, t, own):
                        # ``self.seen += [1]`` on the class's list: ``list.__iadd__`` extends
                        # the class's own list in place (then binds it on the instance too)
                        keys.append(held(t, own))
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                if n.func.attr in _MUTATORS:
                    keys.append(held(n.func.value, own))
            if (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Name)
                and n.func.id == "setattr"
                and len(n.args) >= 2
                and isinstance(n.args[1], ast.Constant)
                and isinstance(n.args[1].value, str)
            ):
                c = owner(n.args[0], own)
                if c is not None:
                    keys.append((c, n.args[1].value))
            for k in keys:
                if k is not None:
                    out.setdefault(k, set()).add(st.name)
    if keep:
        mod.__dict__["_dc_class_writes"] = out
    return out


_MUTABLE_NODES = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.Call)


def _inplace_class_value(cls_node: ast.stmt, t: ast.expr, own: str | None) -> bool:
    """``self.attr <op>= v`` in a method of ``own`` where its class body binds ``attr`` to
    a value that may change in place (a list / dict / set display or comprehension, or a
    call's result: ``list.__iadd__`` / ``set.__ior__`` / ``dict.__ior__`` act on the class's
    object). An int, text or tuple there makes an instance attribute only."""
    if own is None or not isinstance(cls_node, ast.ClassDef):
        return False
    if not (
        isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    ):
        return False
    for st in cls_node.body:
        tgts = (
            st.targets
            if isinstance(st, ast.Assign)
            else [st.target]
            if isinstance(st, ast.AnnAssign)
            else []
        )
        if any(isinstance(x, ast.Name) and x.id == t.attr for x in tgts):
            return isinstance(st.value, _MUTABLE_NODES)
    return False


# run when a class statement runs, which the analyzer models when it makes the class
_AT_CLASS_STATEMENT = frozenset(("__init_subclass__", "__set_name__", "__class_getitem__"))


def _run_later(st: ast.stmt, metaclass: bool = False) -> list[ast.AST]:
    """The nodes of a top-level function, or of a class's methods, that run when called (not
    a class body's own statements, nor ``__init_subclass__`` / ``__set_name__``: they run
    with the class statement, which the analyzer makes as Python does; nor, for a metaclass
    only top-level class statements use (``_statement_metaclasses``), its ``__prepare__`` /
    ``__new__`` / ``__init__``: ``made_at_import`` makes those statements in order)."""
    if not isinstance(st, ast.ClassDef):
        return list(ast.walk(st))
    skip = _AT_CLASS_STATEMENT | _META_HOOKS if metaclass else _AT_CLASS_STATEMENT
    out: list[ast.AST] = []
    todo: list[ast.AST] = list(st.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if n.name not in skip:
                out.extend(ast.walk(n))
        elif isinstance(n, ast.ClassDef):
            todo.extend(n.body)
        else:
            todo.extend(ast.iter_child_nodes(n))
    return out


_META_HOOKS = frozenset(("__prepare__", "__new__", "__init__"))
META_MADE = "_dc_meta_made"  # on a Cls: made_at_import ran (or is not needed)


def _metaclass_users(mod: Any, meta: str) -> list[ast.ClassDef]:
    """The top-level class statements of ``mod`` whose metaclass is the top-level class
    ``meta``: its name as their ``metaclass=`` keyword, or a base that is such a class (by
    name, in statement order)."""
    names: set[str] = set()
    out: list[ast.ClassDef] = []
    for st in mod.tree.body:
        if not isinstance(st, ast.ClassDef) or st.name == meta:
            continue
        kw = any(
            k.arg == "metaclass" and isinstance(k.value, ast.Name) and k.value.id == meta
            for k in st.keywords
        )
        if kw or any(isinstance(b, ast.Name) and b.id in names for b in st.bases):
            names.add(st.name)
            out.append(st)
    return out


def _statement_metaclasses(mod: Any) -> frozenset[str]:
    """Top-level classes of ``mod`` used as a metaclass only by top-level class statements
    of the module: its hooks (``__prepare__`` / ``__new__`` / ``__init__``) run once per such
    statement at import and nowhere else -- no class statement nested in a function or a
    method (made again per call), no call of the metaclass or of ``type`` / ``types.new_class``
    (a class made at run time), no ``metaclass=`` naming something else than a plain name.
    Once per module."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = mod.__dict__.get("_dc_statement_metas") if keep else None
    if got is not None:
        return got
    metas = {
        k.value.id
        for st in mod.tree.body
        if isinstance(st, ast.ClassDef)
        for k in st.keywords
        if k.arg == "metaclass" and isinstance(k.value, ast.Name)
    }
    top = {id(st) for st in mod.tree.body}
    for n in ast.walk(mod.tree) if metas else ():
        if isinstance(n, ast.ClassDef) and id(n) not in top and (n.bases or n.keywords):
            metas = set()  # a class statement run later, per call
            break
        if isinstance(n, ast.ClassDef) and any(
            k.arg == "metaclass" and not isinstance(k.value, ast.Name) for k in n.keywords
        ):
            metas = set()
            break
        if isinstance(n, ast.Call):
            f = n.func
            fname = (
                f.id
                if isinstance(f, ast.Name)
                else f.attr
                if isinstance(f, ast.Attribute)
                else None
            )
            if fname in ("type", "new_class") and len(n.args) != 1:
                metas = set()
                break
            if fname in metas:
                metas.discard(fname)
    got = frozenset(metas)
    if keep:
        mod.__dict__["_dc_statement_metas"] = got
    return got


def made_at_import(interp: Any, cls: Cls) -> None:
    """Read lazily, an attribute of a metaclass whose class-statement hooks change its own
    state (``Meta.count += 1`` / ``Meta.seen.append(name)`` in its ``__new__``): the
    module's class statements that use it are made first, in statement order, as importing
    the module made them (one counted three classes; read lazily the count held only the
    classes the analysis had read so far, so session 29 said unknown). Once per class; not
    while one of those statements is being made (its hook reads the state Python has at that
    point: the statements above only) nor in an in-order run (the module body makes them)."""
    if cls.__dict__.get(META_MADE):
        return
    cls.__dict__[META_MADE] = True
    mod = cls.mod
    if getattr(mod, "tree", None) is None or not any(st is cls.node for st in mod.tree.body):
        return
    if cls.name not in _statement_metaclasses(mod):
        return
    if not any(cls.name in ws for (c, _), ws in _class_writes(mod).items() if c == cls.name):
        return  # its hooks change no state of its own: nothing to make
    if globalsat.in_order_end(interp, mod) is not None:
        return
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Budget

    users = _metaclass_users(mod, cls.name)
    pending = getattr(interp.names, "_pending", ())
    if any((id(mod), st.name) in pending for st in users):
        cls.__dict__[META_MADE] = False  # made on a later read, after this statement
        return
    for st in users:
        try:
            interp.names.global_lookup(mod, st.name)
        except Budget:
            raise
        except (Raised, Exception):  # noqa: BLE001 - that class stays unmade
            continue


def state_at_import(interp: Any, cls: Cls, name: str) -> str | None:
    """Read lazily (a root class built after the whole import), a class attribute that code
    of the module changes (``Block.count += 1`` in ``Block.__init__``, ``self.history.append``
    on a class-level list, ``Cfg.width = wide`` in another class) holds what the import left
    where a top-level statement may run that code at import (``model = M()``): not the body's
    value (54 where torch has 126). Why, naming the writer and the statement, or None. The
    in-order run of a script runs those statements itself."""
    from driftcheck.parsers.source.interp import modglobals

    mod = cls.mod
    if getattr(mod, "tree", None) is None or not any(st is cls.node for st in mod.tree.body):
        return None
    if globalsat.in_order_end(interp, mod) is not None:
        return None
    writers = _class_writes(mod).get((cls.name, name))
    if not writers:
        return None
    st = modglobals.runs_at_import(mod, set(writers), cls.node.lineno)
    if st is None:
        return None
    w = sorted(writers)[0]
    return (
        f"{cls.name}.{name}: changed by {w}, which `{ast.unparse(st)[:60]}` at "
        f"{mod.path.name}:{st.lineno} may run at import"
    )


def metaclass_rewrites(interp: Any, cls: Cls) -> str | None:
    """Why the attributes of ``cls`` are not its body's: its metaclass, read from source,
    defines a ``__new__`` that changes the namespace it is handed (``ns["width"] = ...``,
    ``ns.update(...)``, ``del ns[k]``) or the class it makes (``setattr(new_cls, ...)``,
    ``new_cls.x = ...``) before CPython makes the class of it, which is not followed here
    (12 where torch has 24: a confident wrong). None where no such ``__new__`` applies."""
    got = cls.__dict__.get(_META_REWRITES, _UNSET)
    if got is _UNSET:
        got = cls.__dict__[_META_REWRITES] = _metaclass_rewrites(interp, cls)
    return got


_META_REWRITES = "_dc_meta_rewrites"  # on a Cls: metaclass_rewrites' answer, once
_UNSET = object()


def _metaclass_rewrites(interp: Any, cls: Cls) -> str | None:
    from driftcheck.parsers.source.loader import installed

    if getattr(cls.mod, "path", None) is None or installed(cls.mod.path):
        return None  # a library's class: modelled by the analyzer's own rules
    if not any(isinstance(c, Cls) and c.node.keywords for c in cls.mro()):
        return None  # no ``metaclass=`` anywhere in its source MRO
    try:
        meta = plain(interp.calls.metaclass_of(cls))
    except Exception:  # noqa: BLE001 - a metaclass we cannot read: nothing said here
        return None
    if not isinstance(meta, Cls):
        return None
    _, fn, where = dunders.source_lookup(interp, meta, "__new__")
    if fn is None:
        return None
    if not installed(meta.mod.path) and "__new__" in (
        metanew.own_hooks(interp.classes, meta) or {}
    ):
        return None  # interp/metanew.py runs this ``__new__`` as CPython does (or says unknown)
    node = fn.node
    params = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
    ns = params[3] if len(params) > 3 else None
    made: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Assign) and any(
            isinstance(v, ast.Call)
            and isinstance(v.func, ast.Attribute)
            and v.func.attr == "__new__"
            for v in [n.value]
        ):
            made.update(t.id for t in n.targets if isinstance(t, ast.Name))
    for n in ast.walk(node):
        changed = False
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.Delete)):
            tgts = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
            for t in tgts:
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                    changed |= t.value.id == ns
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name):
                    changed |= t.value.id in made
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            v = n.func.value
            changed = isinstance(v, ast.Name) and v.id == ns and n.func.attr in _MUTATORS
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr":
            changed = bool(n.args) and isinstance(n.args[0], ast.Name) and n.args[0].id in made
        if changed:
            return (
                f"class {cls.name}: its metaclass {meta.name}'s __new__ "
                f"({where.mod.path.name}:{node.lineno}) changes the class namespace (not followed)"
            )
    return None
