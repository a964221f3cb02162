"""A property setter on a module (or a plain object): ``model.copy_tied = True`` runs
``@copy_tied.setter`` (issue #16, session 17).

``nn.Module.__setattr__`` registers a ``Parameter`` in ``_parameters``, a module in
``_modules`` and a tensor under a buffer's name in ``_buffers``; any other value goes to
``object.__setattr__``, which calls a data descriptor of the class -- a property's setter.
A setter that ties a head to an embedding (``self.copy_head.weight = self.src_embed.weight``)
changes the count; storing the flag as a plain attribute instead left the untied weight
counted (a confidently wrong total).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Obj, Tensor, is_module, plain


def module_property_set(attrs: Any, obj: Obj, name: Any, v: Any) -> bool:
    """Run the class's property setter for ``obj.name = v`` where torch would (a module whose
    class defines ``@name.setter``, a value ``nn.Module.__setattr__`` does not register);
    True when it ran (the write is done), False to store ``v`` as before."""
    if obj.cls is None or not isinstance(name, str):
        return False  # (a plain object's property setter runs too: ``object.__setattr__``)
    # the class's own setters first: ``plain(v)`` reads the value, which a memo's probe or a
    # template's trace records as a use -- every module write must not do that
    if not any(name in _setters(c) for c in obj.cls.mro() if isinstance(c, Cls)):
        return False  # and not ``property_setter``, which records in ``cls.ns``
    p = plain(v) if obj.module else None
    if is_module(p) or (isinstance(p, Tensor) and (p.param or name in obj.buffers)):
        return False
    setter = attrs.classes.property_setter(obj.cls, name)
    if setter is None:
        return False
    return bool(attrs.classes.call_setter(setter, obj, v))


def _setters(c: Cls) -> frozenset[str]:
    """The property setters a class read from source defines in its own body. Read without
    touching the class's namespace: a write to ``cls.ns`` is a class write, which a
    config-parametric template reads as a change (parsers/template.py: no reuse)."""
    return frozenset(
        st.name
        for st in c.node.body
        if isinstance(st, ast.FunctionDef)
        and any(
            isinstance(d, ast.Attribute)
            and d.attr == "setter"
            and isinstance(d.value, ast.Name)
            and d.value.id == st.name
            for d in st.decorator_list
        )
    )
