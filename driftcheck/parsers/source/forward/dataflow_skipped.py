"""Modules a branch of forward() *could* call, when the path followed skips that branch.

The forward interpreter decides ``if pixel_values is not None:`` from the arguments it was given
(optional inputs stay at their defaults) and runs one branch. A module called only in the other
branch is not dead code: a multimodal model's vision tower runs whenever an image is passed.
"Never called in forward" (the unused-layer warning, SML002) must hold for every path, so each
branch the interpreter skips is read here, statically: every ``self.<child>...`` attribute
chain in it names a module that may be used, and ``self.<method>(...)`` calls are followed into
the method's body (a few levels deep: ``self.get_image_features(pixel_values)`` reaches
``self.vision_tower``). Nothing is evaluated, and nothing changes the graph's edges.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Func, Leaf, Obj

MAX_DEPTH = 3
CONTAINERS = ("ModuleList", "Sequential", "ModuleDict")


def note_skipped(run: Any, nodes: list[ast.AST], fr: Any) -> None:
    """Record in ``run.f.maybe_used`` every module a skipped branch of ``fr`` references."""
    if fr.self_mod is None or not nodes:
        return
    key = (id(nodes[0]), id(fr.self_mod.obj))  # a loop skips the same branch again and again
    if key in run.f.scanned:
        return
    run.f.scanned.add(key)
    _scan(run, nodes, fr.self_mod.obj, 0, set())


def _chain(e: ast.Attribute) -> list[str] | None:
    """``self.a.b`` -> ``["a", "b"]``; None when the chain does not start at ``self``."""
    names: list[str] = []
    cur: ast.expr = e
    while isinstance(cur, ast.Attribute):
        names.append(cur.attr)
        cur = cur.value
    if isinstance(cur, ast.Name) and cur.id == "self":
        return names[::-1]
    return None


def _scan(run: Any, nodes: list[ast.AST], obj: Any, depth: int, seen: set) -> None:
    flow = run.f
    for tree in nodes:
        for n in ast.walk(tree):
            if not isinstance(n, ast.Attribute):
                continue
            chain = _chain(n)
            if chain is None:
                continue
            target = flow.resolve(obj)
            for part in chain:
                if not isinstance(target, Obj):
                    break
                child = target.children.get(part)
                if child is not None:
                    target = flow.resolve(child)
                    flow.maybe_used.add(id(target))
                    continue
                if depth < MAX_DEPTH and target.cls is not None:
                    _method(run, target, part, depth, seen)
                break


def _method(run: Any, owner: Obj, name: str, depth: int, seen: set) -> None:
    """Follow ``self.<name>(...)`` into the method's body, with ``self`` the owner."""
    try:
        ok, fn, _ = run.f.interp.classes.mro_attr(owner.cls, name)
    except Exception:  # noqa: BLE001 - an attribute we cannot look up references nothing
        return
    if not ok or not isinstance(fn, Func):
        return
    key = (id(fn.node), id(owner))
    if key in seen:
        return
    seen.add(key)
    _scan(run, list(getattr(fn.node, "body", [])), owner, depth + 1, seen)


class UnusedMixin:
    """The "unused in forward" verdict of ``Flow`` (whose pass state it reads)."""

    ran: dict[int, Any]
    tainted: set[int]
    called: set[str]
    weights_read: set[str]
    maybe_used: set[int]
    index: dict[str, Any]
    b: Any

    def mark_unused(self) -> int:
        """Note leaves never reached under modules whose forward was followed without unknowns,
        that no branch the path skipped references (``dataflow_skipped``) and whose weights are
        not tied to a called layer's (T5's ``shared`` embedding is never called: the encoder's
        ``embed_tokens``, which holds the same weight, is)."""
        noted = 0
        tied_used = self._tied_to_called()
        for key, obj in self.ran.items():
            if key in self.tainted:
                continue
            for leaf in self._child_leaves(obj):
                nid = self.nid(leaf)
                if nid is None or nid in self.called or nid in self.weights_read:
                    continue  # called, or its weights used (``F.conv1d(x, self.conv.weight)``)
                if id(leaf) in self.maybe_used or nid in tied_used:
                    continue
                node = self.node(nid)
                if node is not None and "unused in forward" not in node.notes:
                    node.notes.append("unused in forward")
                    noted += 1
        return noted

    def _tied_to_called(self) -> set[str]:
        """Node ids sharing a weight with a node that is called, or maybe called (under a
        module a skipped branch references: udop's ``patch_embed`` shares its weights with
        the encoder's patch embedding, which runs when an image is given)."""
        roots = tuple(
            nid + "/" for nid, o in self.b.objs.items() if id(self.resolve(o)) in self.maybe_used
        )

        def used(nid: str) -> bool:
            return nid in self.called or (bool(roots) and (nid + "/").startswith(roots))

        out: set[str] = set()
        for n in list(self.index.values()):
            for ref in n.tied.values():
                owner = ref.split(".", 1)[0]
                if used(n.id):
                    out.add(owner)
                elif used(owner):
                    out.add(n.id)
        return out

    def _child_leaves(self, obj: Obj) -> list[Any]:
        """Leaves under ``obj`` reachable without passing through a module that was called."""
        out: list[Any] = []
        todo = list(obj.children.values())
        while todo:
            c = self.resolve(todo.pop())
            if id(c) in self.maybe_used:
                continue  # a skipped branch may call it: nothing under it is surely unused
            if isinstance(c, Leaf):
                out.append(c)
            elif isinstance(c, Obj):
                nid = self.nid(c)
                if c.kind in CONTAINERS:
                    if nid in self.called:  # a called Sequential: its items were chained
                        continue
                    todo.extend(c.children.values())
                elif nid is not None and nid not in self.called:
                    todo.extend(c.children.values())
        return out
