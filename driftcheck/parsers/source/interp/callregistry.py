"""Name registries filled by calls at import time (``register(id="CartPole-v1", ...)`` at the
top level of a package module, ``make("CartPole-v1")`` later), read without importing.

The decorator registries of ``decorated.py`` have a sibling: a module holds an empty dict
(``registry: dict[str, EnvSpec] = {}``) and a function that stores into it
(``registry[spec.id] = spec``); the package calls that function at its top level, once per
entry, so importing it fills the dict. The interpreter never runs module bodies, so the dict
would read empty. Here a lookup of a key the dict does not hold searches the package's source
files for a top-level call of such a function naming the key as a string constant (first
argument, or ``id=`` / ``name=`` / ``key=``), runs that one statement in its module, as the
import would, and reads the dict again. The search is a byte scan (a file that does not
mention the key is not parsed), done once per key; a key no call names is absent, as Python
would find it.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp.decorated import Registry
from driftcheck.parsers.source.loader import ModInfo
from driftcheck.speed import tree_memos

_KEY_KEYWORDS = ("id", "name", "key")


def registering_functions(mod: ModInfo, name: str) -> tuple[str, ...]:
    """Top-level functions of ``mod`` that write an item of the module dict ``name``
    (``name[...] = ...``, the dict not rebound locally)."""
    # the ``tree_memos`` switch: off, a fresh table (scanned again)
    cache = mod.__dict__.setdefault("_dc_call_registries", {}) if tree_memos() else {}
    if name in cache:
        return cache[name]
    out: list[str] = []
    for st in mod.tree.body:
        if not isinstance(st, ast.FunctionDef):
            continue
        local = _bound_names(st)
        if name in local:
            continue
        for node in ast.walk(st):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Subscript)
                and isinstance(t.value, ast.Name)
                and t.value.id == name
                for t in node.targets
            ):
                out.append(st.name)
                break
    cache[name] = tuple(out)
    return cache[name]


def _bound_names(fn: ast.FunctionDef) -> set[str]:
    """Names the function binds itself (parameters, plain assignments): a dict of that name is
    the function's own, not the module's."""
    a = fn.args
    out = {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs]}
    for node in ast.walk(fn):
        if isinstance(node, ast.Global):
            return out - set(node.names)
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            ts = node.targets if isinstance(node, ast.Assign) else [node.target]
            out.update(t.id for t in ts if isinstance(t, ast.Name))
    return out


def _names_key(call: ast.Call, key: str, word: str | None = None) -> bool:
    """``word``: the keyword a forwarding function takes the key by (attrregistry.py)."""

    def is_key(e: ast.expr) -> bool:
        return isinstance(e, ast.Constant) and e.value == key

    if call.args and is_key(call.args[0]):
        return True
    words = (word,) if word is not None else _KEY_KEYWORDS
    return any(k.arg in words and is_key(k.value) for k in call.keywords)


def _callee_name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


class CallRegistry(Registry):
    """A module dict filled by top-level calls: missing keys are found by running the call
    that registers them."""

    def __init__(self, interp: Any, mod: ModInfo, funcs: tuple[str, ...]) -> None:
        super().__init__(interp, mod, {})
        self._funcs = funcs
        # module functions forwarding their arguments to one of ``funcs`` (rlcard's
        # ``register(env_id, entry_point)`` calling ``registry.register(...)``): name -> the
        # parameter the key is passed by (attrregistry.py)
        self._forward: dict[str, str] = {}
        self._forward_nodes: set[int] = set()

    def forwards(self, sub: ModInfo, name: str) -> bool | None:
        """Whether ``name`` in module ``sub`` is one of the forwarding functions: True, False
        (another function of that name: rlcard's models registry has its own ``register``),
        None (not known)."""
        from driftcheck.parsers.source.values.abstract import Func, Unknown, plain

        if name not in self._forward:
            return False
        try:
            v = plain(self._interp.names.global_lookup(sub, name))
        except Exception:  # noqa: BLE001 - a name we cannot read: not known
            return None
        if isinstance(v, Func):
            return id(v.node) in self._forward_nodes
        return None if isinstance(v, Unknown) else False

    def _scan(self, key: str) -> Any:
        from driftcheck.parsers.source.interp.statements import Frame, Raised
        from driftcheck.parsers.source.values.abstract import Budget, Unknown

        kb = key.encode()
        names = [f.encode() + b"(" for f in (*self._funcs, *self._forward)]
        for path, dotted in self._package_files():
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if kb not in data or not any(n in data for n in names):
                continue
            sub = self._interp.names.module(dotted)
            if sub is None:
                continue
            maybe = self._maybe_run(dotted)
            for st in sub.tree.body:
                call = st.value if isinstance(st, ast.Expr) else None
                if not isinstance(call, ast.Call):
                    continue
                callee = _callee_name(call)
                word = None
                if isinstance(call.func, ast.Name) and self.forwards(sub, callee):
                    word = self._forward[callee]
                if callee not in self._funcs and word is None:
                    continue
                if not _names_key(call, key, word):
                    continue
                if maybe is not None:
                    # registered by a module that may be imported or not: unknown, not a
                    # confident entry nor a KeyError
                    return Unknown(
                        f"registry key {key!r} registered at {path.name}:{st.lineno}; {maybe}"
                    )
                fr = Frame(sub)
                fr.locals = self._interp.globals.setdefault(id(sub), {})  # module-level code
                try:
                    self._interp.stmts.exec_stmt(st, fr)
                except Budget:
                    raise
                except (Raised, Exception):  # noqa: BLE001 - the call refuses: not registered
                    continue
                if dict.__contains__(self, key):
                    return dict.__getitem__(self, key)
        return None
