"""``ABCMeta.__call__(cls, *args, **kwargs)``: the instance made, as ``type.__call__`` makes it.

A metaclass's own ``__call__`` (torch-blue's ``PostInitCallMeta``: every ``VIModule`` is made
through it, then its ``__post_init__`` runs) makes the instance by calling its base
metaclass's ``__call__``. ``super().__call__(*args, **kwargs)`` was followed
(library/machine.py); the explicit unbound spelling ``ABCMeta.__call__(cls, *args, **kwargs)``
was an unknown call, so every such module was unknown. ``ABCMeta`` does not define
``__call__``: it is ``type.__call__`` (library/python.py's entry), ``cls``'s ``__new__`` and
``__init__`` run on the arguments, which the interpreter does with ``instantiate(meta=False)``
(no second trip through the metaclass hook). A first argument that is not a class read from
source is an honest unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls

MC = Group("abc", title="metaclass __call__")


@MC.entry(
    "ABCMeta.__call__",
    doc="ABCMeta.__call__(cls, *args, **kwargs) in a metaclass's __call__: type.__call__, cls's "
    "instance made as a class call makes it, without the metaclass hook again",
)
def _type_call(c: Call) -> Any:
    cls = c.plain(0)
    if not isinstance(cls, Cls):
        return c.unknown(f"{c.qual}() of a class not read from source")
    return c.interp.calls.instantiate(cls, list(c.args[1:]), dict(c.kwargs), c.loc, meta=False)
