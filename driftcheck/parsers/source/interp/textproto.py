"""Python's text protocols on instances of classes read from source (issue #16, sessions 29-30).

``str(x)`` calls ``type(x).__str__``; ``object.__str__`` (what a class without one of its own
inherits, ``tuple`` included) is ``repr(x)``, which calls ``type(x).__repr__``: the class's
own, else ``tuple.__repr__`` of the items for a tuple subclass (``(a, b)``, each item's
``repr``), else ``object.__repr__``, whose text holds the object's address (not known).
``format(x, spec)`` / ``f"{x:spec}"`` call ``type(x).__format__``: the class's own, else
``object.__format__``, which is ``str(x)`` for an empty spec and a TypeError for any other;
``!r`` / ``!s`` convert first. e3nn's MACE builds a layer from ``str(hidden_irreps[0])`` (a
tuple subclass whose ``__repr__`` writes ``8x0e``); a width object formatted ``f"{stage:w}"``.
A method returning a non-string is CPython's TypeError: unknown.

The one model of these protocols (session 30 merged numproto's ``text_obj`` / ``format_obj``
into it). Two kinds of instance:

- closed: every class of the MRO is read from source, ``object``, or ``tuple`` (holding its
  items: interp/tuplesub.py), and it is no module: the text is known in full, through every
  fallback above (an unknown where ``object.__repr__`` would write an address);
- open (a module, a library base): only a method a source class outside torch defines
  (interp/dunders.py) is run; where none does, NotImplemented: the callers' rules as before.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.values.abstract import Cls, Func, Obj, Unknown, plain, unwrap

_OK_BASES = ("builtins.object", "builtins.tuple")
_DEPTH = 20


class _NoText(Exception):
    """A text CPython would give that is not known here."""


def applies(v: Any) -> bool:
    """An instance of a class read from source (not a torch container)."""
    return v.__class__ is Obj and isinstance(v.cls, Cls) and not v.kind


def _closed(v: Obj) -> bool:
    """No module, and an MRO of only source classes, ``object`` and (holding its items)
    ``tuple``: every text of the instance is one this model knows."""
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    if v.module:
        return False
    for c in v.cls.mro():
        if isinstance(c, Cls):
            continue
        q = getattr(c, "qual", "")
        if q not in _OK_BASES or (q == "builtins.tuple" and tuplesub.ITEMS not in v.attrs):
            return False
    return True


def text(ip: Any, v: Any, how: str) -> Any:
    """``str(v)`` (``how`` "str") or ``repr(v)`` ("repr") of an instance ``applies`` takes;
    NotImplemented for any other value and where no rule here applies; unknown where the text
    is not known."""
    v = unwrap(v)
    if not applies(v):
        return NotImplemented
    got = _str_sub(v, "__str__" if how == "str" else "__repr__")
    if got is not NotImplemented:  # a ``str`` subclass's text (interp/strsub.py)
        return got if how == "str" or not isinstance(got, str) else repr(got)
    if not _closed(v):
        return _open_text(ip, v, how)
    try:
        return _text(ip, v, how, 0)
    except _NoText as e:
        return Unknown(f"{how}() of a {v.cls.name} instance: {e}")


def format_value(ip: Any, v: Any, spec: Any) -> Any:
    """``format(v, spec)`` (``f"{v:spec}"``) of an instance ``applies`` takes; NotImplemented
    for any other value (or a spec that is no str) and where no rule here applies."""
    v = unwrap(v)
    if not applies(v) or not isinstance(spec, str):
        return NotImplemented
    # ``str.__format__`` with an empty spec is ``str(x)``: the class's own ``__str__`` too
    got = _str_sub(v, "__format__") if spec else _str_sub(v, "__format__", "__str__")
    if isinstance(got, str):  # ``str.__format__`` of a ``str`` subclass's text (strsub.py)
        try:
            return format(got, spec)
        except ValueError:
            return Unknown(f"format() of a {v.cls.name} instance with spec {spec!r} (ValueError)")
    if got is not NotImplemented:
        return got
    if not _closed(v):
        fn = _bound(ip, v, dunders.source_method(ip, v.cls, "__format__"))
        if fn is not None:
            return _called(ip, fn, [spec], v, "__format__")
        if spec == "" and _inherits_object(ip, v, "__format__"):
            return _open_text(ip, v, "str")  # ``object.__format__(x, "")`` is ``str(x)``
        return NotImplemented
    try:
        fn = _closed_method(ip, v, "__format__")
    except _NoText as e:
        return Unknown(f"format() of a {v.cls.name} instance: {e}")
    if fn is not None:
        return _called(ip, fn, [spec], v, "__format__")
    if spec:
        return Unknown(f"format() of a {v.cls.name} instance with spec {spec!r} (TypeError)")
    return text(ip, v, "str")


def _str_sub(v: Obj, *dunder: str) -> Any:
    """The text of a ``str`` subclass's instance whose classes read from source do not bind
    ``dunder`` (``str``'s own slot then reads the text: interp/strsub.py); NotImplemented
    where one does (its method is run as any class's) or ``v`` is no such instance; an
    unknown where the text is not known."""
    from driftcheck.parsers.source.interp import strsub  # a cycle at import

    if not strsub.is_text_obj(v) or any(dunders.defines(v.cls, d) for d in dunder):
        return NotImplemented
    return strsub.text(v)


def _bound(ip: Any, v: Obj, fn: Any) -> Any:
    return None if fn is None else ip.attrs.bind(fn, v)


def _called(ip: Any, fn: Any, args: list, v: Obj, dunder: str) -> Any:
    """The str the bound method ``fn`` returns; an unknown otherwise (CPython's TypeError,
    or a text not known)."""
    p = plain(ip.calls.call_func(fn, args, {}))
    if isinstance(p, str):
        return p
    if isinstance(p, Unknown):
        return p
    return Unknown(f"{v.cls.name}.{dunder} returned no str (TypeError)")


def _open_text(ip: Any, v: Obj, how: str) -> Any:
    """The text of an open instance: a source class's own ``__str__`` (else, where no class
    read from source defines one, its own ``__repr__``) / ``__repr__``; NotImplemented where
    none applies (``object``'s own text holds an address; a library base's: the callers')."""
    dunder = "__str__" if how == "str" else "__repr__"
    fn = _bound(ip, v, dunders.source_method(ip, v.cls, dunder))
    if fn is None and how == "str":
        if not _inherits_object(ip, v, "__str__"):
            return NotImplemented  # a ``__str__`` not read from source (a library base's)
        dunder = "__repr__"
        fn = _bound(ip, v, dunders.source_method(ip, v.cls, dunder))
    if fn is None:
        return NotImplemented
    return _called(ip, fn, [], v, dunder)


def _inherits_object(ip: Any, v: Obj, dunder: str) -> bool:
    """Whether ``type(v).dunder`` is ``object``'s as far as is known: no class of the MRO
    before ``object`` defines it. A base not read from source may define it (``Exception``
    has its own ``__str__``): False, except torch's module classes, which define neither
    ``__str__`` nor ``__format__`` (tests/test_textproto30.py checks every one)."""
    from driftcheck.parsers.source.interp import tensorsub  # a cycle at import

    for c in v.cls.mro():
        if isinstance(c, Cls):
            if ip.classes.class_attr(c, dunder)[0]:
                return False
            continue
        q = getattr(c, "qual", "")
        if q == "builtins.object":
            return True
        if not (v.module and q.startswith("torch.nn.") and not tensorsub.is_tensor_cls(c)):
            return False
    return True


def _closed_method(ip: Any, v: Obj, dunder: str) -> Any:
    """The closed instance's own method ``dunder`` (bound to ``v``), None when the class
    inherits ``object``'s / ``tuple``'s; ``_NoText`` for a binding that is not a function."""
    ok, fn, where = ip.classes.mro_attr(v.cls, dunder)
    if not ok or not isinstance(where, Cls):
        return None
    if not isinstance(fn, Func):
        raise _NoText(f"its {dunder} is not a function we read")
    return ip.attrs.bind(fn, v)


def _text(ip: Any, v: Any, how: str, depth: int) -> str:
    if depth > _DEPTH:
        raise _NoText("nested too deep")
    v = plain(v)
    if v is None or isinstance(v, (bool, int, float, str)):
        return str(v) if how == "str" else repr(v)
    if type(v) is tuple:
        inner = ", ".join(_text(ip, x, "repr", depth + 1) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    if type(v) is list:
        return "[" + ", ".join(_text(ip, x, "repr", depth + 1) for x in v) + "]"
    if not applies(v) or not _closed(v):
        raise _NoText("an item whose text is not known")
    for dunder in ("__str__", "__repr__") if how == "str" else ("__repr__",):
        fn = _closed_method(ip, v, dunder)
        if fn is not None:
            r = _called(ip, fn, [], v, dunder)
            if isinstance(r, str):
                return r
            raise _NoText(getattr(r, "why", None) or "a text we cannot compute")
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    items = v.attrs.get(tuplesub.ITEMS)
    if isinstance(items, tuple):
        return _text(ip, items, "repr", depth + 1)
    raise _NoText("object.__repr__ holds its address")
