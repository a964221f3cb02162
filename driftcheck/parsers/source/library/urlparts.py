"""``urllib.parse`` of known values (session 36, wildfix36b).

timm-3d's ``create_model`` (as timm's) reads the model name through
``urlsplit(model_name)`` to tell an ``hf-hub:`` name from a plain one. The module's source was
read, and its ``lru_cache``-wrapped splitting was not followed to the end: the name, so the
registry key, was unknown and every ``create_model`` model was unknown. ``urllib.parse`` is now
a name (``stoplist.PURE_STOPS``) and each of its public functions is Python's own, called on
arguments that are plain data all the way down (strings, bytes, numbers, bools, None and
lists / tuples / dicts of them): pure text functions, the same in every run. The split
results (``SplitResult``, ``ParseResult``, ``DefragResult``) are namedtuples whose fields read
as attributes (``parsed.scheme``, ``parsed.path``); their other attributes (``hostname``,
``port``, ``geturl()``) stay unknown. An argument not known in full (a function given as
``quote_via``, a set, a value not known) or a call Python raises on is an honest unknown
naming the call.
"""

from __future__ import annotations

import urllib.parse as up
from typing import Any

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.library.buildcalls import _literal
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.library.stdlib import NamedTupleType, NamedTupleValue
from driftcheck.parsers.source.values.abstract import plain

U = Group("urllib.parse", title="urllib.parse (URL texts)")

_RESULTS: dict[type, NamedTupleType] = {}


def _result_type(t: type) -> NamedTupleType:
    if t not in _RESULTS:
        _RESULTS[t] = NamedTupleType(t.__name__, tuple(t._fields), ())
    return _RESULTS[t]


def _size(v: Any) -> int:
    if isinstance(v, (str, bytes)):
        return len(v)
    if isinstance(v, (list, tuple)):
        return sum(_size(x) for x in v) + len(v)
    if isinstance(v, dict):
        return sum(_size(k) + _size(x) for k, x in v.items()) + len(v)
    return 1


def _known(a: Any) -> tuple[bool, Any]:
    """``_literal``, and a split result given back (``urlunsplit(parts)``) as its tuple."""
    v = plain(a)
    if isinstance(v, NamedTupleValue):
        return _literal(tuple(v.values))
    return _literal(v)


def _pure(name: str) -> Any:
    fn = getattr(up, name)

    def impl(c: Call) -> Any:
        args, kw = [], {}
        for a in c.args:
            ok, v = _known(a)
            if not ok:
                return c.unknown(f"{c.qual}() of a value not known in full")
            args.append(v)
        for k, a in c.kwargs.items():
            ok, v = _known(a)
            if not ok or not isinstance(k, str):
                return c.unknown(f"{c.qual}() of a value not known in full")
            kw[k] = v
        sizes.check_len(sum(_size(v) for v in (*args, *kw.values())), f"str {c.qual}()")
        try:
            got = fn(*args, **kw)
        except Exception:  # noqa: BLE001 - Python raises here: not followed, unknown
            return c.unknown(f"{c.qual}() raises in Python")
        if isinstance(got, tuple) and hasattr(got, "_fields"):
            return NamedTupleValue(tuple(got), _result_type(type(got)))
        return got

    return impl


for _name in (
    "urlparse",
    "urlunparse",
    "urljoin",
    "urldefrag",
    "urlsplit",
    "urlunsplit",
    "urlencode",
    "parse_qs",
    "parse_qsl",
    "quote",
    "quote_plus",
    "quote_from_bytes",
    "unquote",
    "unquote_plus",
    "unquote_to_bytes",
):
    U.add(
        _name,
        _pure(_name),
        f"{_name}(...) of arguments known in full: Python's own"
        + (
            " (a namedtuple: its fields as attributes)"
            if _name in ("urlparse", "urlsplit", "urldefrag")
            else ""
        ),
    )
