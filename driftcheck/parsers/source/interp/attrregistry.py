"""A registry held by an object, filled by top-level method calls (issue #16, session 18).

pfhedge's ``BlackScholes(derivative)`` returns the layer class a singleton factory registered
under the derivative's class name: the factory keeps ``self._modules = OrderedDict()`` and each
module of the package ends with ``factory.register_module("EuropeanOption", BSEuropeanOption)``
at its top level. The interpreter never runs module bodies, so the dict read empty and the
lookup failed. ``interp/callregistry.py`` already finds a *module* dict's missing key by
running the top-level call that registers it; this is the same for a dict an object holds.

The dict is wrapped when it is made: a statement ``<obj>.<attr> = {}`` (or ``dict()`` /
``OrderedDict()``, no arguments: a fresh dict no other name holds) in a method of a class of a
package whose methods write ``self.<attr>[...] = ...``. A missing key is then looked for as a
top-level call of one of those methods naming the key as a string constant, in the package's
files; that statement runs in its module, as importing it would, and the dict is read again.
A key no such call names is absent, as Python would find it (a ``KeyError``). The call writes
into whichever object it reaches (a singleton: the same one); a registration into another
object leaves this dict without the key.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp.callregistry import CallRegistry
from driftcheck.parsers.source.values.abstract import Cls, Func

_FRESH = ("dict", "OrderedDict", "collections.OrderedDict")


def _fresh_empty_dict(e: ast.expr) -> bool:
    if isinstance(e, ast.Dict):
        return not e.keys
    return (
        isinstance(e, ast.Call) and not e.args and not e.keywords and ast.unparse(e.func) in _FRESH
    )


def writing_methods(cls: Cls, attr: str) -> tuple[str, ...]:
    """Methods of ``cls``'s own body that store an item of ``self.<attr>``."""
    cache = cls.mod.__dict__.setdefault("_dc_attr_registries", {})
    key = (cls.name, attr)
    if key in cache:
        return cache[key]
    out: list[str] = []
    for st in cls.node.body:
        if not isinstance(st, ast.FunctionDef) or not st.args.args:
            continue
        me = st.args.args[0].arg
        for node in ast.walk(st):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Subscript)
                and isinstance(t.value, ast.Attribute)
                and t.value.attr == attr
                and isinstance(t.value.value, ast.Name)
                and t.value.value.id == me
                for t in node.targets
            ):
                out.append(st.name)
                break
    cache[key] = tuple(out)
    return cache[key]


def wrap(interp: Any, st: ast.Assign, v: Any, func: Func | None) -> Any:
    """``v``, the value of ``st``, as a registry when ``st`` stores a fresh empty dict on an
    attribute that methods of the running method's class fill; else ``v`` unchanged."""
    if (
        type(v) is not dict
        or v
        or len(st.targets) != 1
        or not isinstance(st.targets[0], ast.Attribute)
        or func is None
        or not isinstance(func.owner, Cls)
        or not _fresh_empty_dict(st.value)
    ):
        return v
    cls = func.owner
    if not (cls.mod.is_pkg or "." in cls.mod.name):
        return v  # a package's registry: the analyzed file alone has no other modules
    funcs = writing_methods(cls, st.targets[0].attr)
    return CallRegistry(interp, cls.mod, funcs) if funcs else v
