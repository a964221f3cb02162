"""``typing.NamedTuple`` instances' own methods: ``cfg._replace(stages=(1, 2))``,
``cfg._asdict()``, ``cfg._fields`` (issue #16, session 17).

A ``class ResNetConfig(NamedTuple)`` instance is an ``Obj`` holding its fields as attributes
and its items (``tuplesub.ITEMS``). ``base._replace(se=True)`` -- the usual way to derive a
variant -- was an unknown attribute, so every size read from the variant was unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import tuplesub
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Obj, Unknown

NAMES = frozenset(("_replace", "_asdict", "_fields"))


def method(obj: Obj, name: str) -> Any:
    """``obj.<name>`` for one of ``NAMES`` on an instance of a ``NamedTuple`` class."""
    assert obj.cls is not None
    names = tuplesub.fields(obj.cls)
    if any(n not in obj.attrs for n in names):
        return Unknown(f"namedtuple {name} of an instance whose fields are not all known")
    if name == "_fields":
        return tuple(names)
    if name == "_asdict":
        return BuiltinMethod(lambda a, k: {n: obj.attrs[n] for n in names})

    def replace(a: list, k: dict) -> Any:
        if a or "**" in k or any(x not in names for x in k):
            return Unknown("namedtuple _replace with arguments we cannot match")  # Python raises
        new = Obj(cls=obj.cls, attrs=dict(obj.attrs), loc=obj.loc)
        new.attrs.update(k)
        new.attrs[tuplesub.ITEMS] = tuple(new.attrs[n] for n in names)
        return new

    return BuiltinMethod(replace)


def applies(obj: Obj) -> bool:
    """An instance of a class read from source with ``typing.NamedTuple`` as a base."""
    return obj.cls is not None and tuplesub.is_named_tuple(obj.cls)


CLASS_NAMES = frozenset(("_fields", "_make"))


def class_attr(ip: Any, cls: Any, name: str) -> Any:
    """``Cfg._fields`` (the field names, in order) and ``Cfg._make(items)`` (``Cfg(*items)``)
    read on a ``NamedTuple`` class itself (session 30: both were unknown)."""
    names = tuplesub.fields(cls)
    if name == "_fields":
        return tuple(names)

    def make(a: list, k: dict) -> Any:
        items = ip.items.iterate(a[0]) if len(a) == 1 and not k else None
        if items is None:
            return Unknown(f"{cls.name}._make() of a value we cannot enumerate")
        if len(items) != len(names):  # defaults are not taken: CPython's TypeError
            return Unknown(f"{cls.name}._make() of {len(items)} items for {len(names)} fields")
        return ip.calls.call(cls, list(items), {}, (cls.mod.path, cls.node.lineno))

    return BuiltinMethod(make)


def is_class(cls: Any) -> bool:
    """A class read from source with ``typing.NamedTuple`` as a base."""
    return tuplesub.is_named_tuple(cls)
