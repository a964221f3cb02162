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

from driftcheck.parsers.source.values import Func, Obj

MAX_DEPTH = 3


def note_skipped(run: Any, nodes: list[ast.AST], fr: Any) -> None:
    """Record in ``run.f.maybe_used`` every module a skipped branch of ``fr`` references."""
    if fr.self_mod is None or not nodes:
        return
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
        ok, fn, _ = run.f.interp.mro_attr(owner.cls, name)
    except Exception:  # noqa: BLE001 - an attribute we cannot look up references nothing
        return
    if not ok or not isinstance(fn, Func):
        return
    key = (id(fn.node), id(owner))
    if key in seen:
        return
    seen.add(key)
    _scan(run, list(getattr(fn.node, "body", [])), owner, depth + 1, seen)
