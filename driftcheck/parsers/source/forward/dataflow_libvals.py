"""A library value of the ``__init__`` interpreter (a ``configparser`` section, a parsed
settings object) read by ``forward``'s dataflow.

Sizes kept in such a value (``M = cp["model"]`` read as ``M.getint("hidden")``) are known to
``__init__`` through the library's model of the type (``library/inifiles.py``); ``forward``
reads the same global (``M.getfloat("rope_theta")`` in the rotary frequencies), where the value
was unknown, so the RoPE base or window it held was never seen. ``LibVal`` carries the value;
its attributes are the library model's own (``attr``), and a method of it is called only with
constant arguments and only for a plain scalar result (a number, a string, a bool): a read of
a setting. Anything else (a tensor argument, a container result) stays unknown as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_SCALARS = (int, float, str, bool, type(None))
_ARRAYS = frozenset({"numpy", "torch", "pandas"})


def is_library_value(v: Any) -> bool:
    """A value modelled by a library module of the ``__init__`` interpreter (it declares its
    Python type as ``library_type`` and answers ``attr``)."""
    kind = getattr(type(v), "library_type", None)
    if not isinstance(kind, str) or kind.split(".", 1)[0] in _ARRAYS:
        return False  # arrays, devices, distributions: tensors' business, not settings
    return callable(getattr(v, "attr", None))


@dataclass(eq=False)
class LibVal:
    """A library value as ``forward`` sees it."""

    value: Any


@dataclass(eq=False)
class LibMethod:
    """A library value's method, read by ``forward`` (``M.getint``)."""

    method: Any


def attribute(v: LibVal, name: str, convert: Any) -> Any:
    """``v.name``: a method as ``LibMethod``, else the library's value converted (``convert``);
    None where the library does not know it."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    try:
        got = v.value.attr(name)
    except Exception:  # noqa: BLE001 - a library model that does not answer: unknown
        return None
    if isinstance(got, BuiltinMethod):
        return LibMethod(got)
    return convert(got)


def call(m: LibMethod, args: list, kwargs: dict, loc: tuple, convert: Any) -> Any:
    """``v.method(*args)`` with constant arguments, for a plain scalar result; else None."""
    from driftcheck.parsers.source.values.abstract import plain

    if not all(isinstance(a, _SCALARS) for a in [*args, *kwargs.values()]):
        return None
    try:
        got = m.method(list(args), dict(kwargs), loc)
    except Exception:  # noqa: BLE001 - what the library raises is unknown here
        return None
    out = convert(got)
    return out if isinstance(plain(got), _SCALARS) and out is not None else None
