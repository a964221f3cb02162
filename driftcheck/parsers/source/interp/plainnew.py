"""A plain class's own ``__new__`` (issue #16, session 18).

pfhedge's ``BlackScholes(derivative)`` is a module whose ``__new__`` asks a singleton factory
(``BlackScholesModuleFactory``: a plain class whose ``__new__`` keeps ``cls._instance``) for
the layer class registered under the derivative's class name. The interpreter ran a module
class's ``__new__`` but left any plain class's unknown, so the factory -- and every layer it
made -- was unknown.

Python's rule is run here as for modules: ``C(*args)`` calls ``C.__new__(C, *args)``; when that
returns an instance of ``C`` (or a subclass), ``__init__`` runs on it, else the value is what
``C(...)`` gives. ``super().__new__(cls)`` past classes read from source is ``object.__new__``:
a fresh, empty instance of ``cls``; given more arguments (which ``object.__new__`` rejects
unless ``__init__`` is overridden) it stays unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Cls, Func, Obj, Unknown, plain


def object_new(classes: Any) -> BuiltinMethod:
    """``super().__new__(cls)`` in a plain class whose bases are all read from source."""

    def new(a: list, k: dict) -> Any:
        c = plain(a[0]) if a else None
        if len(a) != 1 or k or not isinstance(c, Cls) or classes.is_module_cls(c):
            return Unknown("object.__new__ with arguments, or of a class not read from source")
        return Obj(cls=c, module=False)

    return BuiltinMethod(new)


def construct(calls: Any, cls: Cls, new: Func, args: list, kwargs: dict, loc: tuple) -> Any:
    """``cls(*args, **kwargs)`` for a plain class defining ``__new__``: its result, and
    ``__init__`` run on it when it is an instance of ``cls``."""
    made, got = calls.run_new(cls, new, args, kwargs)
    if got is None:
        return made
    if got.loc is None:
        got.loc = (str(loc[0]), loc[1])
    init, _where = calls.find_init(got.cls)
    if isinstance(init, Func):
        calls.call_func(Func(init.node, init.mod, init.closure, init.owner, got), args, kwargs)
    return got
