"""A property read off its class: ``type(self).prop.fset(self, w)`` (issue #16, session 18).

``Klass.prop`` is the ``property`` object; its ``fget`` / ``fset`` / ``fdel`` are the plain
functions the ``@property`` / ``@prop.setter`` / ``@prop.deleter`` definitions made. Code
calls them directly to run a setter without ``nn.Module.__setattr__`` (a weight tie:
``type(self).output_embedding.fset(self, self.embed.weight)``). The class body's last
binding of the name (what the interpreter holds for ``Klass.prop``) is one of those
definitions; reading ``.fset`` off it was unknown and the call did nothing, so the tie was
missed and the shared weight counted twice (a confidently wrong total).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Func, Unknown

PARTS = ("fget", "fset", "fdel")
_DECO = {"fget": "getter", "fset": "setter", "fdel": "deleter"}


def is_property_def(node: Any) -> bool:
    """A ``def`` decorated ``@property`` or ``@<name>.setter/getter/deleter``."""
    if not isinstance(node, ast.FunctionDef):
        return False
    for d in node.decorator_list:
        if isinstance(d, ast.Name) and d.id == "property":
            return True
        if (
            isinstance(d, ast.Attribute)
            and d.attr in ("setter", "getter", "deleter")
            and isinstance(d.value, ast.Name)
            and d.value.id == node.name
        ):
            return True
    return False


def part(classes: Any, f: Func, name: str) -> Any:
    """``prop.fget`` / ``fset`` / ``fdel`` of the property whose definition ``f`` is (an
    unbound function, as Python gives); None where the property has no such part."""
    owner = f.owner
    if not isinstance(owner, Cls) or f.bound is not None:
        return Unknown(f"{f.name}.{name}")
    found: Func | None = None
    for st in owner.node.body:  # the property's definitions in order: the last one wins
        if not isinstance(st, ast.FunctionDef) or st.name != f.name:
            continue
        decos = st.decorator_list
        getter = any(isinstance(d, ast.Name) and d.id == "property" for d in decos)
        mine = any(
            isinstance(d, ast.Attribute) and d.attr == _DECO[name] and _named(d.value, st.name)
            for d in decos
        )
        if mine or (name == "fget" and getter):
            found = classes.make_func(st, owner.ns["__frame__"], owner=owner)
    return found


def _named(v: ast.expr, name: str) -> bool:
    return isinstance(v, ast.Name) and v.id == name
