"""``dir(SomeClass)`` for a class read from source (session 33).

Config classes list their own settings by ``dir``: ``{k: getattr(cls, k) for k in dir(cls) if
not k.startswith("_") and not callable(getattr(cls, k))}``, where a subclass overrides only
what it names and inherits the rest. CPython's ``type.__dir__`` is the sorted union of the
``__dict__`` keys of every class in the MRO; for ``object`` and the entries CPython adds to a
class's namespace itself (``__dict__``, ``__weakref__``, ``__module__``...) the names are
taken from a plain class built by the running CPython, so they are this Python's own. Each
class's own names are ``vars(cls)`` (library/classvars.py): a body binding names under a
statement, a name written on the class later, a metaclass (its ``__dir__`` may differ), a
decorator (``@dataclass`` adds names), a ``__slots__`` class (no ``__dict__`` / ``__weakref__``) or a base not read from source other
than ``object`` make the answer unknown, never a guessed list.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, Unknown

# ``dir()`` of a class with an empty body: object's names plus those every class gets
_PLAIN = frozenset(dir(type("Plain", (), {})))


class _Annotated:
    x: int = 1


# the names an annotated class body adds (``__annotations__`` on this CPython), as compiled here
_ANNOTATED = frozenset(dir(_Annotated)) - _PLAIN - {"x"}


def class_dir(c: Any, cls: Cls) -> Any:
    """The sorted names ``dir(cls)`` lists, or an unknown naming why not."""
    from driftcheck.parsers.source.library.classvars import class_vars

    names = set(_PLAIN)
    for k in cls.mro():
        if isinstance(k, Ext) and k.qual == "builtins.object":
            continue
        if not isinstance(k, Cls):
            return c.unknown(f"dir({cls.name}) (a base not read from source)")
        if k.node.keywords or getattr(k.node, "type_params", None):
            return c.unknown(f"dir({cls.name}) (a metaclass, class keywords or type parameters)")
        if k.node.decorator_list:  # a decorator may add names (``@dataclass``) or swap the class
            return c.unknown(f"dir({cls.name}) (a decorated class)")
        own = class_vars(c, k)
        if isinstance(own, Unknown) or not isinstance(own, dict):
            return own if isinstance(own, Unknown) else c.unknown(f"dir({cls.name})")
        if "__slots__" in own:
            return c.unknown(f"dir({cls.name}) (a class with __slots__)")
        names.update(own)
        if any(isinstance(st, ast.AnnAssign) for st in k.node.body):
            names.update(_ANNOTATED)
    if not all(isinstance(n, str) for n in names):
        return c.unknown(f"dir({cls.name}) (a name that is not a string)")
    return sorted(names)
