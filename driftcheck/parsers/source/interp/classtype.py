"""``type(C)`` of a class read from source: its metaclass.

rockpool builds its module metaclass as ``class PostInitMetaMixin(type(ModuleBase))`` with
``class ModuleBase(ABC)``, and that metaclass's ``__call__`` makes the instance with
``super().__call__(*args, **kwargs)``, which the interpreter follows when the base is
``type`` or ``abc.ABCMeta`` (library/machine.py). ``type(ModuleBase)`` was unknown, so every
rockpool module was. Python's metaclass of a class is the most derived of its ``metaclass=``
keyword and its bases' metaclasses: here the keyword (on the class or its nearest base that
has one, ``Calls.metaclass_of``) when it names a class read from source; otherwise
``abc.ABCMeta`` when ``abc.ABC`` is a base and ``type`` when every library base is one whose
metaclass is known to be ``type`` (``object``, torch's modules, the builtin types). Any
other library base may bring a metaclass of its own: unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, ExtClass, Unknown, plain

_PLAIN = frozenset(
    (
        "builtins.object",
        "builtins.dict",
        "builtins.list",
        "builtins.tuple",
        "builtins.int",
        "builtins.float",
        "builtins.str",
        "builtins.Exception",
        "torch.nn.Module",
        "torch.nn.modules.module.Module",
        "typing.Generic",
    )
)


def class_type(interp: Any, cls: Cls) -> Any:
    """``type(cls)`` (see the module docstring)."""
    meta = plain(interp.calls.metaclass_of(cls))
    if isinstance(meta, Cls):
        return meta
    abc = False
    for c in cls.mro():
        if isinstance(c, Cls):
            continue
        q = c.qual if isinstance(c, Ext) else None
        if q in ("abc.ABC",):
            abc = True
        elif q in _PLAIN or (isinstance(c, ExtClass) and c.module):
            continue
        else:
            return Unknown(f"type() of class {cls.name} (a base of {q or 'unknown kind'})")
    if meta is not None and not (isinstance(meta, Ext) and meta.qual in ("builtins.type",)):
        if isinstance(meta, Ext) and meta.qual == "abc.ABCMeta":
            return meta
        return Unknown(f"type() of class {cls.name} (metaclass {meta})")
    return Ext("abc.ABCMeta") if abc else Ext("builtins.type")
