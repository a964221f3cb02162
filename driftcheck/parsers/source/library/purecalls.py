"""Pure standard-library functions of constant data, evaluated by CPython itself.

Sizes reach model code through stdlib decoders of data the file itself holds: a base64 blob
decoded and parsed as JSON, an Apple property list, an HTML-escaped text, a hex-encoded header. These modules are names to the interpreter (``stoplist.EXT_TOPS``; ``html``
itself; ``html.parser`` is modelled by library/htmlparse.py: ``stoplist.PURE_STOPS``), never read from source. Each function listed here is pure (no file, network, clock, environment or
randomness; the same arguments give the same result in every process), deterministic and
linear in its input. When every argument is a known constant of a plain type (str, bytes, int,
float, bool, None, and lists, tuples and dicts of them) of no more than ``TEXT_MAX`` characters
or items in all, the call is made in CPython and its result, when
it is plain data again (those types, lists, tuples and dicts of them, no more than ``OUT_MAX``
characters or bytes in all), is the value; anything else (an unknown argument, a keyword not
listed, a result holding a datetime or a named tuple) is an honest unknown naming the call, and
a call CPython refuses (bad padding, malformed XML) is unknown too, never a guess. One table
(``PURE``), one mechanism: adding a function is one row, proven against CPython in
tests/test_library.py.
"""

from __future__ import annotations

import importlib
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import plain

TEXT_MAX = 1 << 16  # characters / bytes of one argument evaluated statically
OUT_MAX = 1 << 18  # characters / bytes of a result kept (a longer one is unknown)
_SCALARS = (str, bytes, int, float, bool, type(None))

# module -> (function names, keywords each may take (all plain constants))
PURE: dict[str, dict[str, tuple[str, ...]]] = {
    "base64": {
        "b64encode": ("altchars",),
        "b64decode": ("altchars", "validate"),
        "standard_b64encode": (),
        "standard_b64decode": (),
        "urlsafe_b64encode": (),
        "urlsafe_b64decode": (),
        "b32encode": (),
        "b32decode": ("casefold", "map01"),
        "b32hexencode": (),
        "b32hexdecode": ("casefold",),
        "b16encode": (),
        "b16decode": ("casefold",),
        "a85encode": ("foldspaces", "wrapcol", "pad", "adobe"),
        "a85decode": ("foldspaces", "adobe", "ignorechars"),
        "b85encode": ("pad",),
        "b85decode": (),
        "encodebytes": (),
        "decodebytes": (),
    },
    "binascii": {
        "hexlify": ("sep", "bytes_per_sep"),
        "unhexlify": (),
        "b2a_hex": ("sep", "bytes_per_sep"),
        "a2b_hex": (),
        "b2a_base64": ("newline",),
        "a2b_base64": ("strict_mode",),
        "crc32": (),
    },
    "plistlib": {"loads": (), "dumps": ("sort_keys", "skipkeys")},
    "html": {"escape": ("quote",), "unescape": ()},
    "unicodedata": {"normalize": ()},
}


class _NotConstant(Exception):
    pass


def _constant(v: Any, budget: list[int], depth: int = 0) -> Any:
    """A fresh CPython copy of a known argument: scalars of the plain types, and lists, tuples
    and dicts of them (``plistlib.dumps``' dict), within ``TEXT_MAX`` characters or items in
    all; anything else (an unknown, an object) raises ``_NotConstant``."""
    v = plain(v)
    t = type(v)
    if depth > 32:
        raise _NotConstant
    if t in (str, bytes):
        budget[0] -= len(v)
    elif t in (list, tuple, dict):
        budget[0] -= len(v)
    elif t not in _SCALARS:
        raise _NotConstant
    if budget[0] < 0:
        raise _NotConstant
    if t in (list, tuple):
        return t(_constant(x, budget, depth + 1) for x in v)
    if t is dict:
        out = {}
        for k, x in v.items():
            k = plain(k)
            if type(k) not in _SCALARS:
                raise _NotConstant
            out[k] = _constant(x, budget, depth + 1)
        return out
    return v


def _plain_out(v: Any, budget: list[int], depth: int = 0) -> bool:
    """Whether ``v`` is plain data of the exact builtin types, within the size budget."""
    if depth > 64:
        return False
    t = type(v)
    if t in (str, bytes):
        budget[0] -= len(v)
        return budget[0] >= 0
    if t in _SCALARS:
        return True
    if t in (list, tuple):
        budget[0] -= len(v)
        return budget[0] >= 0 and all(_plain_out(x, budget, depth + 1) for x in v)
    if t is dict:
        budget[0] -= len(v)
        return budget[0] >= 0 and all(
            type(k) in _SCALARS
            and _plain_out(k, budget, depth + 1)
            and _plain_out(x, budget, depth + 1)
            for k, x in v.items()
        )
    return False


def evaluate(c: Call, module: str, name: str) -> Any:
    """``module.name(*args, **kwargs)`` made in CPython when every argument is a plain constant
    (an honest unknown otherwise)."""
    allowed = PURE[module][name]
    what = f"{module}.{name}()"
    if set(c.kwargs) - set(allowed):
        return c.unknown(f"{what} with keywords {sorted(set(c.kwargs) - set(allowed))}")
    try:
        budget = [TEXT_MAX]
        args = [_constant(a, budget) for a in c.args]
        kwargs = {k: _constant(v, budget) for k, v in c.kwargs.items()}
    except _NotConstant:
        return c.unknown(f"{what} of arguments not known statically (or over {TEXT_MAX})")
    fn = getattr(importlib.import_module(module), name)
    try:
        out = fn(*args, **kwargs)
    except Exception:  # noqa: BLE001 - CPython refuses these arguments: not decided statically
        return c.unknown(f"{what} that CPython refuses")
    if not _plain_out(out, [OUT_MAX]):
        return c.unknown(f"{what} of a result that is not plain data (or over {OUT_MAX})")
    return out


def _entry(module: str, name: str) -> Any:
    def impl(c: Call) -> Any:
        return evaluate(c, module, name)

    impl.__name__ = f"_{module.replace('.', '_')}_{name}"
    return impl


for _module, _names in PURE.items():
    _group = Group(_module, title=f"{_module} (pure, evaluated by CPython)")
    for _name, _kws in _names.items():
        _group.add(
            _name,
            _entry(_module, _name),
            f"{_name}() of known constants: made in CPython (pure, bounded: arguments <= 64 KiB, "
            "a plain-data result); an unknown argument, another keyword or a refused call is "
            "unknown" + (f"; keywords {', '.join(_kws)}" if _kws else ""),
        )
