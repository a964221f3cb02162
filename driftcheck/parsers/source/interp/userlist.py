"""``collections.UserList`` as CPython's ``collections`` writes it: the items live in the
instance's plain attribute ``self.data`` (a list), and each of UserList's own methods works on
that list (session 32, fresh29's ``userlist_append_twice``: a subclass whose ``append`` calls
``super().append`` twice).

- ``UserList(initlist=None)``: ``data`` is a new list of the iterable's items (another
  UserList's ``data`` copied); ``super().__init__(...)`` the same.
- ``append`` / ``extend`` / ``insert`` / ``pop`` / ``remove`` / ``clear`` / ``reverse`` /
  ``sort`` / ``count`` / ``index`` on ``data`` (``extend`` of another UserList reads its
  ``data``), whether reached through ``super()`` or because the subclass leaves them.
- ``len(u)`` / ``u[i]`` / ``bool(u)`` / ``x in u`` / ``for x in u``: UserList defines
  ``__len__``, ``__getitem__`` and ``__contains__`` on ``data``; iteration is
  ``Sequence.__iter__`` (``self[0]``, ``self[1]``, ... until IndexError), so a subclass's own
  ``__getitem__`` makes a loop unknown here, as does any reading dunder it overrides; a slice
  is ``self.__class__(...)`` (unknown). Anything else of UserList's: unknown.

A ``data`` that is no plain list we can read (rebound to something unknown, or changed under
an undecided condition) makes every answer unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod, value_method
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Obj,
    Unknown,
    has_run,
    plain,
)

BASE = "collections.UserList"
# UserList's methods that act on ``self.data`` as the list's own method of that name
_ON_DATA = frozenset(
    ("append", "insert", "pop", "remove", "clear", "reverse", "sort", "count", "index", "extend")
)
# dunders whose override by a subclass changes what iteration, ``len``, ``in`` or truth read
_READS = ("__getitem__", "__iter__", "__len__", "__contains__", "__bool__")


def is_userlist(obj: Any) -> bool:
    """A ``UserList(...)`` or an instance (not a module) of a class read from source deriving
    from UserList."""
    if obj.__class__ is not Obj or obj.module:
        return False
    if obj.cls is None:
        return obj.qual == BASE
    if not isinstance(obj.cls, Cls):
        return False
    return any(getattr(c, "qual", None) == BASE for c in obj.cls.mro())


def data(ip: Any, obj: Obj) -> list | None:
    """``obj.data`` where it is a plain list of items we can count; None otherwise."""
    d = obj.attrs.get("data")
    if d.__class__ is not list or has_run(d) or ip is not None and id(d) in ip.havoc:
        return None
    return d


def overrides(obj: Obj, names: tuple[str, ...]) -> bool:
    """Whether a class read from source before UserList in the MRO binds one of ``names``
    (then UserList's own is not what Python runs)."""
    if obj.cls is None:  # ``UserList(...)`` itself
        return False
    for c in obj.cls.mro():
        if getattr(c, "qual", None) == BASE:
            return False
        if isinstance(c, Cls) and any(dunders.body_binds(c, n) for n in names):
            return True
    return True


def init(ip: Any, obj: Obj, args: list, kwargs: dict) -> None:
    """``UserList.__init__(self, initlist=None)``."""
    if len(args) > 1 or set(kwargs) - {"initlist"} or args and kwargs:
        obj.attrs["data"] = Unknown("UserList() with arguments not modelled")
        return
    src = args[0] if args else kwargs.get("initlist")
    if src is None or plain(src) is None:
        obj.attrs["data"] = []
        return
    raw = plain(src)
    if is_userlist(raw):
        its = data(ip, raw)
    else:
        its = ip.items.iterate(src)
    obj.attrs["data"] = list(its) if its is not None else Unknown("UserList of unknown items")


def method(ip: Any, obj: Obj, name: str) -> Any:
    """UserList's own method ``name`` bound to ``obj`` (``super().append`` in a subclass, or
    a method the subclass leaves); None when not modelled here."""
    if name == "__init__":
        return BuiltinMethod(lambda a, k: init(ip, obj, a, k))
    if name not in _ON_DATA and name not in ("__len__", "__getitem__", "__contains__"):
        return None

    def call(a: list, k: dict) -> Any:
        d = data(ip, obj)
        if d is None:
            return Unknown(f"UserList.{name}() of data we cannot read")
        if name == "extend" and len(a) == 1 and not k and is_userlist(plain(a[0])):
            other = data(ip, plain(a[0]))
            if other is None:
                return Unknown("UserList.extend() of a UserList whose data we cannot read")
            a = [list(other)]
        if name == "__getitem__":
            return getitem(ip, obj, a[0]) if len(a) == 1 and not k else Unknown(name)
        if name == "__len__":
            return len(d)
        if name == "__contains__":
            return ip.exprs.contains(d, a[0]) if len(a) == 1 and not k else Unknown(name)
        return _list_method(ip, d, name, a, k)

    return BuiltinMethod(call)


def _list_method(ip: Any, d: list, name: str, a: list, k: dict) -> Any:
    m = value_method(d, name, ip)
    return m.fn(a, k) if isinstance(m, BuiltinMethod) else Unknown(f"list.{name}")


def getitem(ip: Any, obj: Obj, key: Any) -> Any:
    """``obj[key]`` by UserList's ``__getitem__``: ``data[i]``; a slice builds
    ``self.__class__(...)`` (unknown here)."""
    d = data(ip, obj)
    k = plain(key)
    if d is None or isinstance(k, slice):
        return Unknown("UserList item")
    return ip.items.getitem(d, key)


def items(ip: Any, obj: Obj) -> list | None:
    """What ``for x in obj`` gives (``Sequence.__iter__`` over UserList's ``__getitem__``):
    the data's items, or None where a subclass overrides a reading dunder."""
    if overrides(obj, _READS):
        return None
    d = data(ip, obj)
    return list(d) if d is not None else None


def length(ip: Any, obj: Obj) -> Any:
    """``len(obj)``: ``len(self.data)``, or unknown."""
    if overrides(obj, ("__len__",)):
        return None
    d = data(ip, obj)
    return len(d) if d is not None else Unknown("len() of a UserList whose data we cannot read")
