"""``urllib.parse`` of known strings (session 36, wildfix36b).

timm-3d's ``create_model`` (as timm's) reads the model name through
``urlsplit(model_name)`` to tell an ``hf-hub:`` name from a plain one; with the call unknown
the name, so the registry key, was unknown and every ``create_model`` model was unknown. Pure
text functions of known strings, computed by Python's own ``urllib.parse``; the split results
are namedtuples whose fields read as attributes (``parsed.scheme``, ``parsed.path``), their other
attributes (``hostname``, ``port``, ``geturl()``) stay unknown. Any argument not a known string
(bytes, a keyword the model does not take) is an honest unknown naming the call.
"""

from __future__ import annotations

import urllib.parse as up
from typing import Any

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.library.stdlib import NamedTupleType, NamedTupleValue
from driftcheck.parsers.source.values.abstract import plain

U = Group("urllib.parse", title="urllib.parse (URL texts)")

_SPLIT = NamedTupleType("SplitResult", ("scheme", "netloc", "path", "query", "fragment"), ())
_PARSE = NamedTupleType(
    "ParseResult", ("scheme", "netloc", "path", "params", "query", "fragment"), ()
)
_DEFRAG = NamedTupleType("DefragResult", ("url", "fragment"), ())


def _call(c: Call, fn: Any, names: tuple[str, ...]) -> Any:
    """Python's ``fn`` on the plain arguments, or None where one is not a known string or
    bool, a keyword is not one of ``names``, or Python raises (a bad IPv6 netloc)."""
    if any(k not in names for k in c.kwargs) or len(c.args) > len(names) or not c.args:
        return None
    args = [plain(a) for a in c.args]
    kw = {k: plain(v) for k, v in c.kwargs.items()}
    if not all(type(v) in (str, bool) for v in (*args, *kw.values())):
        return None
    if type(args[0]) is not str:
        return None
    sizes.check_len(sum(len(v) for v in (*args, *kw.values()) if type(v) is str), c.qual)
    try:
        return fn(*args, **kw)
    except (TypeError, ValueError):
        return None


def _split_like(fn: Any, nt: NamedTupleType, names: tuple[str, ...]) -> Any:
    def impl(c: Call) -> Any:
        got = _call(c, fn, names)
        if got is None:
            return c.unknown(f"{c.qual}() of a value not known to be a string")
        return NamedTupleValue(tuple(got), nt)

    return impl


U.add(
    "urlsplit",
    _split_like(up.urlsplit, _SPLIT, ("url", "scheme", "allow_fragments")),
    "urlsplit(url, scheme='', allow_fragments=True) of a known string: Python's SplitResult",
)
U.add(
    "urlparse",
    _split_like(up.urlparse, _PARSE, ("url", "scheme", "allow_fragments")),
    "urlparse(url, scheme='', allow_fragments=True) of a known string: Python's ParseResult",
)
U.add(
    "urldefrag",
    _split_like(up.urldefrag, _DEFRAG, ("url",)),
    "urldefrag(url) of a known string: Python's DefragResult (url, fragment)",
)


def _text_fn(fn: Any, names: tuple[str, ...]) -> Any:
    def impl(c: Call) -> Any:
        got = _call(c, fn, names)
        return got if got is not None else c.unknown(f"{c.qual}() of a value not known")

    return impl


U.add(
    "urljoin",
    _text_fn(up.urljoin, ("base", "url", "allow_fragments")),
    "urljoin(base, url) of known strings",
)
U.add("unquote", _text_fn(up.unquote, ("string",)), "unquote(s) of a known string")
U.add("quote", _text_fn(up.quote, ("string", "safe")), "quote(s, safe='/') of known strings")
