"""``self.input_transform`` on an object that does not have it, inside a ``try`` catching
``AttributeError``: the handler runs, as in Python.

botorch's ``Model.transform_inputs`` reads ``try: return self.input_transform(X) except
AttributeError: return X``. A model built without an input transform never registers one,
so torch's ``Module.__getattr__`` raises and the inputs come back as they were. Before, the
read was an unknown value, the call's result unknown, and every size taken from the
transformed inputs (a kernel's ``ard_num_dims``) unknown with it.

The raise is modelled only where it is sure: the object holds no such attribute, registered
or plain; every class of its MRO is read from source, or is ``nn.Module`` (when the name is
not one of its members, interp/objmodel.py ``NN_MODULE_MEMBERS``) or a base known to add no
public names (``object``, ``abc.ABC``, ``typing.Generic``); the object has nothing
unresolved (a name we could not compute may be this one); no undecided condition is open;
and the innermost running ``try`` surely catches ``AttributeError`` (interp/modgetattr.py,
the same rule for ``super().__getattr__``). Anywhere else the value stays unknown, never a
confident raise.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj, Unknown

# bases that define no public (not ``_``-prefixed) attribute
_EMPTY_BASES = frozenset(("builtins.object", "object", "abc.ABC", "typing.Generic"))


def surely_absent(ip: Any, obj: Obj, name: str) -> bool:
    """Whether ``obj.name`` surely raises ``AttributeError``."""
    from driftcheck.parsers.source.interp.objmodel import _NN_MODULE, NN_MODULE_MEMBERS

    if name.startswith("_") or obj.kind or obj.unresolved or not isinstance(obj.cls, Cls):
        return False
    if any(name in d for d in (obj.children, obj.params, obj.buffers, obj.attrs)):
        return False
    for c in obj.cls.mro():
        if isinstance(c, Cls):
            ok, _ = ip.classes.class_attr(c, name)
            if ok:
                return False
        elif isinstance(c, Ext) and c.qual in _NN_MODULE:
            if name in NN_MODULE_MEMBERS:
                return False
        elif not (isinstance(c, Ext) and c.qual in _EMPTY_BASES):
            return False
    return True


def read_missing(ip: Any, obj: Obj, name: str, missing: Unknown) -> Unknown:
    """``missing`` (the unknown read), after raising ``AttributeError`` where the innermost
    running ``try`` surely catches it and the attribute is surely absent."""
    from driftcheck.parsers.source.interp.statements import Raised

    if ip.uncertain or not ip.tries or not surely_absent(ip, obj, name):
        return missing
    mark = ip.tries[-1]
    if any(ip.stmts._catches(h, "AttributeError", mark.fr) is True for h in mark.st.handlers):
        path = mark.fr.mod.path if mark.fr.mod is not None else None
        raise Raised("AttributeError", getattr(mark.st, "lineno", None), path)
    return missing
