"""``json.loads(text, object_hook=...)`` and the other decoder hooks, called as json calls them.

A config read from a JSON text is common in research scripts; ``object_hook=lambda d:
SimpleNamespace(**d)`` turns every JSON object into an attribute bag (``cfg.encoder.dim``).
Python's json parses the known text here (nothing of the analyzed code runs), with markers in
place of objects and numbers; then the markers are replaced in document order, innermost object
first, calling the analyzed code's hooks through the interpreter, exactly as the decoder does:

- an object: its values are decoded first; then ``object_pairs_hook(pairs)`` (a list of
  ``(key, value)`` tuples, duplicate keys kept) if given, else ``dict(pairs)`` (the last
  duplicate wins) handed to ``object_hook`` if given;
- a number: ``parse_int(text)`` / ``parse_float(text)`` / ``parse_constant("NaN")`` if given,
  else Python's ``int`` / ``float``.

The number of hook calls is bounded (``MAX_HOOK_CALLS``): past it the result is unknown.
"""

from __future__ import annotations

import json
from typing import Any

from driftcheck.parsers.source.library.registry import Call

MAX_HOOK_CALLS = 4096  # a bigger document is not decoded statically (unknown)


class _Obj(list):
    """A JSON object's ``(key, value)`` pairs as the parser handed them."""


class _Num:
    """A JSON number or constant, as its text, with the hook that decodes it."""

    __slots__ = ("kind", "text")

    def __init__(self, text: str, kind: str) -> None:
        self.text, self.kind = text, kind


class _TooMany(Exception):
    pass


_DEFAULTS = {"parse_int": int, "parse_float": float, "parse_constant": float}


def loads_with_hooks(c: Call, hooks: dict[str, Any], text_max: int) -> Any:
    """``json.loads(s, **hooks)`` of a known text: parsed, then decoded through ``hooks`` (the
    analyzed code's callables, called by ``c.interp``)."""
    text = c.plain(0, "s")
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace") if len(text) <= text_max else None
    if not isinstance(text, str):
        return c.unknown("json.loads() of a text not known statically")
    if len(text) > text_max:
        return c.unknown(f"json.loads() of a text over {text_max} characters")
    try:
        raw = json.loads(
            text,
            object_pairs_hook=_Obj,
            parse_int=lambda s: _Num(s, "parse_int"),
            parse_float=lambda s: _Num(s, "parse_float"),
            parse_constant=lambda s: _Num(s, "parse_constant"),
        )
    except Exception:  # noqa: BLE001 - json would raise: not decided statically
        return c.unknown("json.loads() of a text the parser refuses")
    calls = [0]

    def call(name: str, arg: Any) -> Any:
        calls[0] += 1
        if calls[0] > MAX_HOOK_CALLS:
            raise _TooMany
        return c.interp.calls.call(hooks[name], [arg], {}, c.loc)

    def decode(v: Any, depth: int = 0) -> Any:
        if depth > 64:
            raise _TooMany
        if isinstance(v, _Obj):
            pairs = [(k, decode(x, depth + 1)) for k, x in v]
            if "object_pairs_hook" in hooks:
                return call("object_pairs_hook", pairs)
            d = dict(pairs)
            return call("object_hook", d) if "object_hook" in hooks else d
        if isinstance(v, list):
            return [decode(x, depth + 1) for x in v]
        if isinstance(v, _Num):
            if v.kind in hooks:
                return call(v.kind, v.text)
            return _DEFAULTS[v.kind](v.text)
        return v  # a string, True, False or None

    try:
        return decode(raw)
    except _TooMany:
        return c.unknown(f"json.loads() calling its hooks over {MAX_HOOK_CALLS} times")
