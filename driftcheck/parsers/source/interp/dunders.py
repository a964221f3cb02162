"""Where a special method of an instance of a class read from source comes from.

Python looks a special method up on the type (``type(x).__str__``), through its MRO. Several
protocol models (interp/numproto.py, textproto.py, items.py's ``__iter__`` / ``__next__``,
exprs.py's operators) run such a method only where a class of the analyzed code defines it:
not torch's own classes (their containers' operators and iteration are modelled elsewhere),
not an installed library's. These helpers are the one place that says so.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Func


def torch_class(where: Any) -> bool:
    """A class read from torch's own source (module ``torch`` or ``torch.*``)."""
    name = getattr(getattr(where, "mod", None), "name", None) or ""
    return name == "torch" or name.startswith("torch.")


def outside_torch(where: Any) -> bool:
    """A class read from source that is not one of torch's own."""
    return isinstance(where, Cls) and not torch_class(where)


def source_method(ip: Any, cls: Any, dunder: str) -> Any:
    """The function ``dunder`` the first class of ``cls``'s MRO defining it holds, where that
    class is read from source outside torch; None otherwise (none defines it before a library
    base, it is not a function we read, or it is torch's)."""
    ok, fn, where = ip.classes.mro_attr(cls, dunder)
    if ok and isinstance(fn, Func) and outside_torch(where):
        return fn
    return None


def own_code(cls: Any) -> bool:
    """A class of the analyzed code, not of an installed library (transformers' ModelOutput
    is a dict subclass with a ``__setattr__`` the analyzer models itself)."""
    from driftcheck.parsers.source.loader import installed

    return isinstance(cls, Cls) and not installed(cls.mod.path)
