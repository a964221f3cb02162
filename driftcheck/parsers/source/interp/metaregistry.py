"""Name registries a metaclass fills when each class statement runs (``class Meta(type)`` whose
``__new__`` or ``__init__`` stores the new class in a module dict under the names the class
body lists; ``make_model("resnet34")`` later looks the name up).

A third sibling of the decorator registries (``decorated.py``) and of the call registries
(``callregistry.py``): importing the package runs every class statement, so by the time the
user looks a name up the dict is full; the interpreter never runs module bodies, so it would
read empty and the lookup would raise where Python does not. Here a key the dict does not
hold is searched in the package's source: a top-level class whose body holds the key as a
string constant and whose metaclass (its own ``metaclass=`` or a base's) derives from the
registering one is read, and the metaclass's ``__new__`` and ``__init__`` run on it as
``type.__call__`` would: ``(mcls, name, bases, namespace)`` with the class body's names in
``namespace``; ``super().__new__(mcls, ...)`` (``type.__new__``) gives that class back. A
metaclass base of a library other than ``type`` / ``abc.ABCMeta`` is not followed (its own
``__new__`` may do anything): the key stays absent and the lookup unknown at the caller.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp.decorated import Registry
from driftcheck.parsers.source.loader import ModInfo, body_index
from driftcheck.speed import tree_memos

_HOOKS = ("__new__", "__init__")
_COOPERATIVE = ("builtins.type", "abc.ABCMeta")  # metaclass bases whose hooks only make the class


def registering_metaclasses(mod: ModInfo, name: str) -> tuple[str, ...]:
    """Top-level classes of ``mod`` whose ``__new__`` / ``__init__`` writes an item of the
    module dict ``name`` (``name[key] = cls``, the dict not bound in the method)."""
    # the ``tree_memos`` switch: off, a fresh table (scanned again)
    cache = mod.__dict__.setdefault("_dc_meta_registries", {}) if tree_memos() else {}
    if name in cache:
        return cache[name]
    out: list[str] = []
    for st in mod.tree.body:
        if not isinstance(st, ast.ClassDef):
            continue
        for fn in st.body:
            if not (isinstance(fn, ast.FunctionDef) and fn.name in _HOOKS):
                continue
            if _writes_item(fn, name):
                out.append(st.name)
                break
    cache[name] = tuple(out)
    return cache[name]


def _writes_item(fn: ast.FunctionDef, name: str) -> bool:
    from driftcheck.parsers.source.interp.callregistry import _bound_names

    if name in _bound_names(fn):
        return False
    return any(
        isinstance(node, ast.Assign)
        and any(
            isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == name
            for t in node.targets
        )
        for node in ast.walk(fn)
    )


class MetaRegistry(Registry):
    """A module dict filled by a metaclass: missing keys are found by creating the class
    statement that names them, through the metaclass's hooks."""

    def __init__(self, interp: Any, mod: ModInfo, metas: tuple[str, ...]) -> None:
        super().__init__(interp, mod, {})
        self._metas = metas

    def _scan(self, key: str) -> Any:
        from driftcheck.parsers.source.values.abstract import Cls

        names = self._interp.names
        metas = [names.global_lookup(self._mod, m) for m in self._metas]
        metas = [m for m in metas if isinstance(m, Cls)]
        if not metas:
            return None
        kb = key.encode()
        for path, dotted in self._package_files():
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if kb not in data or b"class " not in data:
                continue
            sub = names.module(dotted)
            if sub is None:
                continue
            maybe = self._maybe_run(dotted)
            for st in sub.tree.body:
                if not (isinstance(st, ast.ClassDef) and _names_key(st, key)):
                    continue
                if maybe is not None:
                    from driftcheck.parsers.source.values.abstract import Unknown

                    return Unknown(f"registry key {key!r} made at {path.name}:{st.lineno}; {maybe}")
                cls = names.global_lookup(sub, st.name)
                if not isinstance(cls, Cls):
                    continue
                meta = self._metaclass(cls)
                if not isinstance(meta, Cls) or not any(m in meta.mro() for m in metas):
                    continue
                self._create(meta, cls, sub)
                if dict.__contains__(self, key):
                    return dict.__getitem__(self, key)
        return None

    def _metaclass(self, cls: Any) -> Any:
        """The class's metaclass: its own ``metaclass=`` keyword, else the nearest base's."""
        from driftcheck.parsers.source.values.abstract import Cls

        for c in cls.mro():
            if not isinstance(c, Cls):
                continue
            for k in c.node.keywords:
                if k.arg == "metaclass":
                    return self._interp.exprs.eval(k.value, c.ns["__frame__"])
        return None

    def _create(self, meta: Any, cls: Any, sub: ModInfo) -> None:
        """Run the metaclass's hooks on ``cls`` as the class statement would; what they raise
        leaves the key absent (the lookup then fails as in a broken import)."""
        from driftcheck.parsers.source.interp.statements import Raised
        from driftcheck.parsers.source.values.abstract import Budget, Cls, Ext, Func

        ns: dict[str, Any] = {"__module__": sub.name, "__qualname__": cls.name}
        for n in body_index(cls.node):
            ok, v = self._interp.classes.class_attr(cls, n)
            if ok:
                ns[n] = v
        args = [cls.name, tuple(cls.bases), ns]
        pending = self._interp.__dict__.setdefault("_dc_meta_pending", [])
        pending.append(cls)
        try:
            for hook in _HOOKS:
                fn = None
                for c in meta.mro():
                    if isinstance(c, Cls):
                        ok, v = self._interp.classes.class_attr(c, hook)
                        if ok:
                            fn = v
                            break
                    elif isinstance(c, Ext) and c.qual not in _COOPERATIVE:
                        return  # a library metaclass's own hook: not followed
                if not isinstance(fn, Func):
                    continue
                first = meta if hook == "__new__" else cls
                try:
                    self._interp.calls.call_func(fn, [first, *args], {})
                except Budget:
                    raise
                except (Raised, Exception):  # noqa: BLE001 - the class statement would fail
                    return
        finally:
            pending.pop()


def _names_key(node: ast.ClassDef, key: str) -> bool:
    """The class body (not its methods) holds ``key`` as a string constant."""
    for st in node.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for n in ast.walk(st):
            if isinstance(n, ast.Constant) and n.value == key:
                return True
    return False


def type_new(interp: Any, args: list[Any]) -> Any:
    """``type.__new__(mcls, name, bases, namespace)`` reached through ``super().__new__`` in a
    metaclass hook run by ``MetaRegistry``: the class being created; else unknown."""
    from driftcheck.parsers.source.interp import metanew
    from driftcheck.parsers.source.values.abstract import Unknown, plain

    made = metanew.type_new(interp, args)  # a class statement's metaclass hooks (metanew.py)
    if made is not None:
        return made
    pending = interp.__dict__.get("_dc_meta_pending") or []
    if pending and len(args) >= 2 and plain(args[1]) == pending[-1].name:
        return pending[-1]
    return Unknown("type.__new__")
