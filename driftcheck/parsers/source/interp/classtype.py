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

import ast
import re
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, ExtClass, Unknown, plain

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


def virtual_hook(interp: Any, cls: Cls) -> str | None:
    """Why ``isinstance(x, cls)`` / ``issubclass(C, cls)`` may not follow ``cls``'s MRO alone,
    or None when it does (plain ``type``). Python asks ``type(cls).__instancecheck__`` /
    ``__subclasscheck__``: ``abc.ABCMeta``'s add every class ``cls.register(...)`` named (or
    registered on a subclass) and whatever ``__subclasshook__`` answers, which may also deny a
    real subclass; a metaclass read from source may define either check. The caller keeps an
    answer only where no such hook can change it."""
    meta = class_type(interp, cls)
    at = f"{cls.mod.path}:{cls.node.lineno}"
    if isinstance(meta, Cls):
        for name in ("__instancecheck__", "__subclasscheck__"):
            ok, _, where = interp.classes.mro_attr(meta, name)
            if ok and isinstance(where, Cls):
                return f"metaclass {meta.name} defines {name} (class {cls.name} at {at})"
        if not any(isinstance(c, Ext) and c.qual == "abc.ABCMeta" for c in meta.mro()):
            return None
    elif isinstance(meta, Unknown):
        return f"metaclass of class {cls.name} not known (at {at})"
    elif not (isinstance(meta, Ext) and meta.qual == "abc.ABCMeta"):
        return None
    if not subclasshook(cls) and not _register_text(interp, cls):
        return None  # no ``.register(`` call in its package or the code read: the MRO decides
    return f"class {cls.name} is an abc.ABCMeta class: register() / __subclasshook__ (at {at})"


_REGISTER = re.compile(rb"\.register\s*\(")
_MAX_FILES = 400


def _register_text(interp: Any, cls: Cls) -> bool:
    """Whether a ``.register(`` call (``C.register(X)``, ``@C.register``, or any other: read
    broadly) is written in a file of ``cls``'s package or in any module the analysis read; a
    registration elsewhere would need an import of those files. Too many files to read: True."""
    mod = cls.mod
    cache = mod.__dict__.setdefault("_dc_abc_register", {})
    if "pkg" not in cache:
        dots = mod.name.count(".")
        files = [mod.path]
        if dots or mod.is_pkg:
            pkg_dir = mod.path.parents[dots if mod.is_pkg else dots - 1]
            files = sorted(pkg_dir.rglob("*.py"))
        found = len(files) > _MAX_FILES
        for f in files[:_MAX_FILES]:
            if found:
                break
            try:
                found = _REGISTER.search(f.read_bytes()) is not None
            except OSError:
                found = True
        cache["pkg"] = found
    if cache["pkg"]:
        return True
    seen = interp.__dict__.setdefault("_dc_register_files", {})
    for path in list(interp.files):
        if path not in seen:
            try:
                with open(path, "rb") as fh:
                    seen[path] = _REGISTER.search(fh.read()) is not None
            except OSError:
                seen[path] = True
        if seen[path]:
            return True
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
