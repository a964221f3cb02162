"""Standard-library values that hold sizes the way plain containers do: ``array.array`` and
``typing.Literal`` read back with ``typing.get_args``.

- ``array.array(typecode, items)``: a typed array of numbers, as Python stores them: a list
  of the items (indexing, unpacking, ``len`` and iteration are a list's). The typecode is
  checked as CPython does (an item outside the type's range is an OverflowError, a float in
  an integer array a TypeError): unknown here, never the unconverted number.
- ``typing.Literal[a, b]`` (``items.getitem`` of the ``Literal`` name) is a hint holding its
  arguments; ``typing.get_args`` gives them back as Python does (a ``Literal``'s arguments,
  an ``Annotated`` hint's origin then metadata), ``typing.get_origin`` its origin.
"""

from __future__ import annotations

import array as _array
from dataclasses import dataclass
from typing import Any, ClassVar

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.library.stdlib import AnnotatedHint
from driftcheck.parsers.source.values.abstract import Cls, Unknown, plain

AR = Group("array")


@AR.entry("array", doc="array(typecode, items): the items as a list, each checked by the type")
def _array_call(c: Call) -> Any:
    code = c.plain(0, "typecode")
    if not isinstance(code, str) or code not in _array.typecodes:
        return c.unknown("array() with an unknown typecode")
    if len(c.args) < 2 and "initializer" not in c.kwargs:
        return []
    items = c.interp.items.iterate(c.arg(1, "initializer"))
    if items is None:
        return c.unknown("array() of items not known here")
    sizes.check_len(len(items), "array()")
    vals = [plain(x) for x in items]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        return c.unknown("array() of items that are not known numbers")
    try:  # CPython's own conversion: a range or type error is the code's error, unknown here
        return list(_array.array(code, vals))
    except (OverflowError, TypeError, ValueError):
        return c.unknown(f"array({code!r}, ...) of items the type does not hold")


LITERAL = ("typing.Literal", "typing_extensions.Literal")


@dataclass(eq=False)
class LiteralHint:
    """``typing.Literal[*args]``: sizes written as a type's arguments (``Width = Literal[64]``),
    read back with ``get_args``."""

    args: tuple
    library_type: ClassVar[str] = "typing.Literal"

    def attr(self, name: str) -> Any:
        if name == "__args__":
            return self.args
        return Unknown(f"Literal attribute {name}")


def literal(key: Any) -> Any:
    """``Literal[key]``: one argument, or a tuple of them (a nested ``Literal`` flattened, as
    ``typing`` does)."""
    items = plain(key)
    out: list = []
    for x in items if isinstance(items, tuple) else (key,):
        inner = plain(x)
        out.extend(inner.args if isinstance(inner, LiteralHint) else (x,))
    return LiteralHint(tuple(out))


class GenericAliasValue:
    """A subscripted generic class as a class statement's base (``Block[nn.GELU]``,
    ``Generic[A]``), kept in ``__orig_bases__`` (library/classvars.py): ``typing.get_args``
    gives its arguments, ``get_origin`` / ``__origin__`` the class subscripted."""

    library_type: ClassVar[str] = "typing._GenericAlias"

    def __init__(self, origin: Any, args: tuple) -> None:
        self.origin, self.args = origin, args

    def attr(self, name: str) -> Any:
        if name == "__args__":
            return self.args
        if name == "__origin__":
            return self.origin
        return Unknown(f"generic alias attribute {name}")


_PLAIN_CLASSES = frozenset(f"builtins.{n}" for n in ("int", "float", "str", "bool", "bytes"))
TY = Group("typing", "typing_extensions", title="typing (hint arguments)")


@TY.entry(
    "get_args", doc="get_args(hint): a Literal's arguments, an Annotated's origin and metadata"
)
def _get_args(c: Call) -> Any:
    h = c.plain(0, "tp")
    if isinstance(h, LiteralHint):
        return h.args
    if isinstance(h, AnnotatedHint):
        return (h.origin, *h.metadata)
    if isinstance(h, GenericAliasValue):
        return h.args
    if isinstance(h, Cls):
        return ()  # a class of the analyzed code is no generic alias: no arguments
    if isinstance(h, (int, str, type(None))) or getattr(h, "qual", None) in _PLAIN_CLASSES:
        return ()  # a plain value or a builtin class is no generic hint: no arguments
    return c.unknown("get_args() of a hint not modelled here")


@TY.entry("get_origin", doc="get_origin(hint): Literal / Annotated for those hints")
def _get_origin(c: Call) -> Any:
    from driftcheck.parsers.source.values.abstract import Ext

    h = c.plain(0, "tp")
    if isinstance(h, LiteralHint):
        return Ext("typing.Literal")
    if isinstance(h, AnnotatedHint):
        return Ext("typing.Annotated")
    if isinstance(h, GenericAliasValue):
        return h.origin
    if isinstance(h, Cls):
        return None  # a class of the analyzed code is no generic alias
    return c.unknown("get_origin() of a hint not modelled here")


def func_defaults(interp: Any, f: Any, name: str) -> Any:
    """``f.__defaults__`` (a tuple, None when there are none) and ``f.__kwdefaults__`` (a
    dict of the keyword-only parameters' defaults, None when there are none) of a function
    of the analyzed code: its default expressions evaluated in its defining scope (as
    ``inspect.getfullargspec`` is, library/stdlib.py)."""
    from driftcheck.parsers.source.interp import deftime
    from driftcheck.parsers.source.interp.exprs import Frame

    a = f.node.args
    frame = Frame(f.mod, None, f.closure)
    written = deftime.of(interp, f)
    if name == "__defaults__":
        if written.pos is not None:  # ``f.__defaults__ = (8,)`` ran before
            return written.pos or None
        return tuple(deftime.once(interp, f, d, frame) for d in a.defaults) or None
    if written.kw is not None:
        return written.kw or None
    kw = {
        p.arg: deftime.once(interp, f, d, frame) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d
    }
    return kw or None
