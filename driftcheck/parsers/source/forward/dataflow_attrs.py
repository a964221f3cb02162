"""Attributes of the code's own modules read in ``forward`` on real sizes (``check
--input-shape``): which ones ``__init__`` never set, and which ones code outside ``__init__``
may write. Both questions are read off the classes' files (moved here from ``dataflow_axes``
and ``dataflow_known`` in session 18's review), and both answer "maybe" whenever a file has a
form the scan cannot see through:

- ``missing_attr``: ``self.name`` of a module that does not have it is torch's AttributeError
  (``nn.Module.__getattr__``), claimed only when the instance was built with every
  condition decided and nothing in the files could set the name some other way;
- ``written_outside_init``: whether a buffer's values as ``__init__`` left them may have
  changed by the time ``forward`` reads them (``dataflow_known.buffer``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp.objmodel import _NN_MODULE, NN_MODULE_MEMBERS
from driftcheck.parsers.source.values.abstract import Cls, Obj

_DYNAMIC = {"setattr", "delattr", "vars", "__dict__", "__setattr__", "__getattr__",
            "__getattribute__", "__setstate__", "add_module", "register_module"}  # fmt: skip


def _self_stores(cls: ast.ClassDef, name: str) -> set[int]:
    """``self.name = ...`` in the methods of a class: that class's instances only."""
    return {
        id(n)
        for n in ast.walk(cls)
        if isinstance(n, ast.Attribute)
        and n.attr == name
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
    }


def _may_set(tree: ast.Module, inits: set[int], name: str, mine: set[int]) -> bool:
    """Whether ``tree`` could set attribute ``name`` other than by a plain ``self.name = ...``
    in one of the ``__init__`` bodies ``inits`` (node ids): a store elsewhere (``forward``
    caching it, a parent patching its child), ``setattr`` / ``__dict__`` / ``add_module``,
    the name as a string (``hasattr(self, "norm")``, ``getattr``). No memo: it runs only
    for an attribute that is missing from a module built with every condition decided."""
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and id(node) in inits:
            allowed.update(_plain_stores(node, name))
        elif isinstance(node, ast.ClassDef) and id(node) not in mine:
            allowed.update(_self_stores(node, name))  # another class's own instances
    found = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if node.attr in _DYNAMIC:
                found = True
            elif node.attr == name and not isinstance(node.ctx, ast.Load):
                found = id(node) not in allowed
        elif isinstance(node, ast.Name) and node.id in _DYNAMIC:
            found = True
        elif isinstance(node, ast.Constant) and node.value == name:
            found = True
        if found:
            break
    return found


_CONTROL = (ast.Return, ast.Try, ast.While, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor)


def _plain_stores(init: ast.FunctionDef, name: str) -> set[int]:
    """The ``self.name = ...`` stores of an ``__init__`` that run exactly when the ``if``
    tests around them hold: none when the ``__init__`` may stop early or skip a block the
    interpreter may not have followed as Python does (a ``return`` under an undecided test,
    a ``try`` body, a loop, a ``with``); then every store counts as a possible setter."""
    if any(isinstance(n, _CONTROL) for n in ast.walk(init)):
        return set()
    out: set[int] = set()

    def visit(stmts: list[ast.stmt]) -> None:
        for st in stmts:
            if isinstance(st, ast.If):
                visit(st.body)
                visit(st.orelse)
            elif isinstance(st, (ast.Assign, ast.AnnAssign)):
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and t.attr == name
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                    ):
                        out.add(id(t))

    visit(init.body)
    return out


def missing_attr(run: Any, m: Any, name: str, loc: Any) -> None:
    """``self.<name>`` of a module of the code's own that does not have it: torch's
    ``nn.Module.__getattr__`` raises AttributeError. Claimed only when the instance was
    built with every condition decided (``Obj.unresolved`` empty), its classes are the
    code's own on ``nn.Module`` alone, no class in them defines the name or overrides
    attribute access, and their files set the name nowhere but in ``__init__`` as
    ``self.name = ...`` (``_may_set``)."""
    f = run.f
    obj = f.resolve(m.obj)
    if f.input_shape is None or f.speculative or not isinstance(obj, Obj):
        return
    if not obj.module or obj.kind or obj.qual or obj.cls is None or obj.unresolved:
        return
    if name.startswith("__") or name in NN_MODULE_MEMBERS:
        return
    if name in obj.attrs or name in obj.children or name in obj.params or name in obj.buffers:
        return
    try:
        mro = obj.cls.mro()
        ok, _, base = f.interp.classes.mro_attr(obj.cls, name)
    except Exception:  # noqa: BLE001 - a class we cannot read: nothing is certain
        return
    if ok or base is not None:
        return
    classes = [c for c in mro if isinstance(c, Cls)]
    if any(not isinstance(c, Cls) and getattr(c, "qual", None) not in _NN_MODULE for c in mro):
        return  # a base we do not see into (a library class): it may set the name
    inits = {
        id(st)
        for c in classes
        for st in c.node.body
        if isinstance(st, ast.FunctionDef) and st.name == "__init__"
    }
    trees = {id(c.mod.tree): c.mod.tree for c in classes}
    mine = {id(c.node) for c in classes}
    if any(_may_set(t, inits, name, mine) for t in trees.values()):
        return
    f.crash(loc, f"AttributeError: '{obj.cls.name}' object has no attribute '{name}'")


def class_trees(obj: Any) -> dict[int, Any] | None:
    """The syntax trees of the files that define ``obj``'s classes (its MRO), keyed by
    ``id``; None when some class is one we cannot read (no MRO, or a base other than
    ``nn.Module``'s own that is no user class): such a class may do anything."""
    cls = getattr(obj, "cls", None)
    try:
        mro = cls.mro() if cls is not None else None
    except Exception:  # noqa: BLE001 - a class we cannot read
        return None
    if not mro:
        return None
    trees = {}
    for c in mro:
        if isinstance(c, Cls):
            trees[id(c.mod.tree)] = c.mod.tree
        elif getattr(c, "qual", None) not in _NN_MODULE:
            return None
    return trees


def written_outside_init(f: Any, obj: Any, name: str) -> bool:
    """Whether the files of ``obj``'s classes may write attribute ``name`` anywhere but in an
    ``__init__`` (which the interpreter ran): a store to ``<x>.name`` or into it
    (``x.name[i] = ...``, ``x.name += ...``, ``x.name.data = ...``), an in-place method on it
    (``x.name.add_(1)``), ``out=x.name``, or the name as a string (``setattr``,
    ``register_buffer``). A class we cannot read (a library base) may write it."""
    trees = class_trees(obj)
    if trees is None:
        return True
    from driftcheck.speed import current

    memo = f.attr_writes if current().attr_scans else {}
    for key, tree in trees.items():
        got = memo.get((key, name))
        if got is None:
            got = memo[(key, name)] = _writes(tree, name)
        if got:
            return True
    return False


def _names_attr(e: Any, name: str) -> bool:
    """Whether the chain of attributes / items ``e`` goes through ``.name``."""
    while isinstance(e, (ast.Attribute, ast.Subscript)):
        if isinstance(e, ast.Attribute) and e.attr == name:
            return True
        e = e.value
    return False


def _writes(tree: ast.AST, name: str) -> bool:
    """``written_outside_init``'s scan of one file: every node except ``__init__`` bodies."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "__init__":
            continue
        store = isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(
            node.ctx, ast.Load
        )
        if store and _names_attr(node, name):
            return True
        if isinstance(node, ast.Call):
            fn = node.func
            inplace = (
                isinstance(fn, ast.Attribute)
                and fn.attr.endswith("_")
                and not fn.attr.endswith("__")
            )
            if inplace and _names_attr(fn.value, name):
                return True
            if any(k.arg == "out" and _names_attr(k.value, name) for k in node.keywords):
                return True
        if isinstance(node, ast.Constant) and node.value == name:
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False
