"""``super().__getattr__(name)`` in a module class's own ``__getattr__``: torch's lookup.

``nn.Module.__getattr__`` looks ``name`` up in ``_parameters``, ``_buffers`` and ``_modules``
and raises ``AttributeError`` when none holds it. A wrapper that delegates what it lacks to
an inner model (``try: return super().__getattr__(name) except AttributeError: return
getattr(self._modules["inner"], name)``) relies on that raise. Before, the call stood for
``None`` (a method of a torch base we do not model), so ``self.d`` in the wrapper's
``__init__`` read None and every layer sized by it was unknown.

Here the registered value is returned when the module holds it. When it does not, the
``AttributeError`` is raised as the code's own raise (``Raised``) only where the innermost
running ``try`` of the calling function surely catches it on a decided path, and the module
has nothing unresolved (a layer registered under a name we could not compute may be the one
asked for); anywhere else the value is unknown, never a confident raise.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Obj, Unknown, plain


def module_getattr(ip: Any, inst: Obj, args: list[Any]) -> Any:
    """torch's ``Module.__getattr__(inst, name)`` run on an instance we hold."""
    from driftcheck.parsers.source.interp.statements import Raised

    name = plain(args[0]) if args else None
    if not isinstance(name, str):
        return Unknown("nn.Module.__getattr__ of a name we cannot compute")
    for d in (inst.params, inst.buffers, inst.children):
        if name in d:
            return d[name]
    if inst.unresolved or ip.uncertain or not ip.tries:
        return Unknown(f"nn.Module.__getattr__({name!r}): not registered (AttributeError)")
    mark = ip.tries[-1]
    stmts = ip.stmts
    if any(stmts._catches(h, "AttributeError", mark.fr) is True for h in mark.st.handlers):
        path = mark.fr.mod.path if mark.fr.mod is not None else None
        raise Raised("AttributeError", getattr(mark.st, "lineno", None), path)
    return Unknown(f"nn.Module.__getattr__({name!r}): not registered (AttributeError)")
