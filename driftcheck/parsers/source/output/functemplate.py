"""A module that runs a template module with its own weights: ``torch.func.functional_call``.

The JAX style in torch: the layers are a *template* (often built on the meta device) that the
module keeps outside its submodules (``self.__dict__["template"] = m``: torch's ``__setattr__``
is bypassed, so the template's own parameters are not the module's), and the weights are the
module's own flat parameters (one ``nn.ParameterDict``); ``forward`` runs
``torch.func.functional_call(self.template, weights, args)``: the template's ``forward`` with
each of its parameters replaced by the module's tensor of the same name.

torch's parameter count is the flat parameters' (the template's are not the module's); the
layers that run are the template's. So where the module's forward calls ``functional_call``
(``torch.func`` or the older ``torch.nn.utils.stateless``) on ``self.<name>``, ``self.<name>``
is a module that is not a submodule, and the module's own parameters have exactly the shapes
of the template's (the same multiset of known shapes: one flat tensor per template parameter),
the template is adopted as the module's layer tree in place of the flat parameters: the count
is unchanged (the same shapes) and the graph holds the layers that run. Anything else (a shape
not known, a parameter with no twin, a template that is a submodule already) leaves the module
as it is.
"""

from __future__ import annotations

import ast
from collections import Counter
from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Obj, Tensor, WeightRef, plain

CALLEES = frozenset(("torch.func.functional_call", "torch.nn.utils.stateless.functional_call"))


def _qual(e: ast.expr, imports: dict) -> str | None:
    """The dotted name an attribute chain spells, its first name resolved through the file's
    imports (``torch.func.functional_call``, ``func.functional_call``, ``functional_call``)."""
    parts: list[str] = []
    while isinstance(e, ast.Attribute):
        parts.append(e.attr)
        e = e.value
    if not isinstance(e, ast.Name) or e.id not in imports:
        return None
    mod, attr = imports[e.id]
    base = f"{mod}.{attr}" if attr else mod
    return ".".join([base, *reversed(parts)])


def _templates(fn: Any) -> list[str]:
    """The ``self.<name>`` attributes ``forward`` hands to ``functional_call`` as the module."""
    node, mod = getattr(fn, "node", None), getattr(fn, "mod", None)
    if not isinstance(node, ast.FunctionDef) or mod is None or not node.args.args:
        return []
    me = node.args.args[0].arg
    out = []
    for n in ast.walk(node):
        if not (isinstance(n, ast.Call) and n.args and _qual(n.func, mod.imports) in CALLEES):
            continue
        a = n.args[0]
        if isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) and a.value.id == me:
            out.append(a.attr)
    return out


def _shapes(m: Any, attrs: Any) -> Counter | None:
    """The multiset of the parameter shapes torch gives ``m`` (None where one is not known)."""
    from driftcheck.parsers.source.interp import modtree
    from driftcheck.parsers.source.library import wildlib

    got = modtree._named_params(m, attrs)
    if got is None:
        return None
    out: Counter = Counter()
    for _name, p in got:
        shape = wildlib.weight_shape(attrs, p) if isinstance(p, WeightRef) else None
        if shape is None and isinstance(p, Tensor):
            shape = p.shape
        if not isinstance(shape, tuple) or not all(type(plain(d)) is int for d in shape):
            return None
        out[tuple(plain(d) for d in shape)] += 1
    return out


def adopt_templates(root: Any, interp: Any) -> None:
    """Adopt each ``functional_call`` template as its module's layers (module docstring)."""
    if not isinstance(root, Obj):
        return
    from driftcheck.parsers.source.output.builder import _walk

    by_cls: dict[int, list[str]] = {}  # this call only: each class's forward read once
    for _path, m in list(_walk(root, "")):
        if not isinstance(m, Obj) or not m.module or m.cls is None:
            continue
        names = by_cls.get(id(m.cls))
        if names is None:
            ok, fn, _owner = interp.classes.mro_attr(m.cls, "forward")
            names = by_cls[id(m.cls)] = _templates(fn) if ok else []
        if len(set(names)) != 1:
            continue
        name = names[0]
        t = m.attrs.get(name)
        if (
            not isinstance(t, (Obj, Leaf))
            or name in m.children
            or any(c is t for c in m.children.values())
        ):
            continue
        if isinstance(t, Obj) and not t.module:
            continue
        mine, theirs = _shapes(m, interp.attrs), _shapes(t, interp.attrs)
        if not mine or mine != theirs:
            continue
        where = f"{m.loc[0]}:{m.loc[1]}" if m.loc else m.cls.name
        m.notes.append(
            f"functional_call(self.{name}, ...) in forward ({where}): the template's layers run "
            f"with this module's {sum(mine.values())} parameters of the same shapes; the graph "
            "holds the template's layers in their place"
        )
        # the children holding parameters (all mirrored: the multisets are equal) give way to
        # the template; parameter-free children (a dropout ``forward`` also calls) stay
        kept = {k: c for k, c in m.children.items() if _shapes(c, interp.attrs) == Counter()}
        m.children = {**kept, name: t}
        m.params = {}
