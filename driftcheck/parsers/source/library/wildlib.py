"""Constructs of wild model code (lucidrains-style helpers and friends), modelled as Python and
torch would run them: ``inspect.isfunction`` / ``inspect.ismethod`` (the ``default(val, d)``
helper calls ``d()`` only when ``d`` is a function).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Config,
    Ext,
    ExtClass,
    Func,
    NotAClass,
    Obj,
    Tensor,
    Unknown,
    plain,
)

INS = Group("inspect", title="inspect (wild)")

_PLAIN = (int, float, complex, str, bytes, list, tuple, dict, set, frozenset, type(None))


def _kind(c: Call) -> Any:
    """'function', 'method', 'other' or an Unknown for the one argument."""
    if len(c.args) != 1 or c.kwargs:
        return c.unknown()
    v = plain(c.args[0])
    if isinstance(v, Func):
        if v.bound is not None and not v.is_static:
            return "method"
        return "function"
    if isinstance(v, (Cls, ExtClass, Obj, Tensor, Config, range, slice, NotAClass) + _PLAIN):
        return "other"
    if isinstance(v, Ext) and not isinstance(v, Unknown):
        from driftcheck.parsers.source.library import torchlib

        if torchlib.is_nn_class(v.qual) or torchlib.ext_class(v.qual) is not None:
            return "other"  # a torch class (``activation = nn.GELU``)
    return c.unknown()


@INS.entry(
    "isfunction",
    doc="inspect.isfunction(x): True for a function or lambda of analyzed code (not a bound "
    "method), False for classes (torch layers included), instances and plain values; unknown "
    "for a library callable",
)
def _isfunction(c: Call) -> Any:
    k = _kind(c)
    return k if isinstance(k, Unknown) else k == "function"


@INS.entry(
    "ismethod",
    doc="inspect.ismethod(x): True for a bound method of analyzed code, False for functions, "
    "classes, instances and plain values; unknown for a library callable",
)
def _ismethod(c: Call) -> Any:
    k = _kind(c)
    return k if isinstance(k, Unknown) else k == "method"


# ------------------------------------------------------------------ nn.Module hook handles
class HookHandle:
    """What ``module.register_forward_hook(fn)`` (and every ``register_*_hook``) returns: a
    ``torch.utils.hooks.RemovableHandle``, a plain object holding no weights. Kept on a module
    (``self._handle = m.register_backward_hook(hook)``) it is a plain attribute, not a layer."""

    __slots__ = ("module", "hook")
    library_type = "torch.utils.hooks.RemovableHandle"

    def __init__(self, module: Any, hook: Any) -> None:
        self.module, self.hook = module, hook

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name == "remove":
            return BuiltinMethod(lambda a, k: None)
        if name == "id":
            return Unknown("RemovableHandle.id")
        return Unknown(f"RemovableHandle.{name}")


def is_hook_registration(name: str) -> bool:
    """``register_forward_hook``, ``register_full_backward_pre_hook``, ``_register_state_dict_hook``
    ...: the nn.Module methods that register a hook and return its handle."""
    return name.lstrip("_").startswith("register_") and name.endswith("_hook")


def hook_method(module: Any, name: str) -> Any:
    """The bound ``module.register_*_hook``: registering changes no weights; the call returns a
    handle (the hook itself runs only in forward or backward, which this does not model)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    return BuiltinMethod(lambda a, k: HookHandle(module, a[0] if a else k.get("hook")))


# ------------------------------------------------------------------ re.match / search / fullmatch
class MatchValue:
    """A ``re.Match`` of a known pattern on a known string (truthy; ``None`` is no match):
    ``m.group(i)``, ``m.groups()``, ``m.groupdict()``, ``m.start()``, ``m.end()``, ``m.span()``
    and ``m.string`` computed by Python's ``re`` on the same arguments."""

    __slots__ = ("m",)
    library_type = "re.Match"

    def __init__(self, m: Any) -> None:
        self.m = m

    def __bool__(self) -> bool:
        return True

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name in ("string", "pos", "endpos", "lastindex", "lastgroup"):
            return getattr(self.m, name)
        if name in ("group", "groups", "groupdict", "start", "end", "span", "__getitem__"):
            fn = getattr(self.m, name)

            def call(a: list, k: dict) -> Any:
                args = [plain(x) for x in a]
                kw = {key: plain(v) for key, v in k.items()}
                if not all(isinstance(x, (int, str)) for x in [*args, *kw.values()]):
                    return Unknown(f"re.Match.{name}() with unknown arguments")
                try:
                    return fn(*args, **kw)
                except Exception:  # noqa: BLE001 - Python would raise: not decided statically
                    return Unknown(f"re.Match.{name}() that would raise")

            return BuiltinMethod(call)
        return Unknown(f"re.Match.{name}")


RE = Group("re", title="re (match)")


def _re_match(fn: Any) -> Any:
    def impl(c: Call) -> Any:
        from driftcheck.parsers.source.library.stdlib import RE_MAX_TEXT, _safe_pattern

        args = [plain(a) for a in c.args]
        kw = {k: plain(v) for k, v in c.kwargs.items()}
        if len(args) < 2 or not _safe_pattern(args[0]):
            return c.unknown(f"{c.qual}() with a pattern we do not run")
        if not (isinstance(args[1], str) and len(args[1]) <= RE_MAX_TEXT):
            return c.unknown(f"{c.qual}() of an unknown string")
        if not all(isinstance(x, int) for x in [*args[2:], *kw.values()]):
            return c.unknown(f"{c.qual}() with unknown flags")
        try:
            m = fn(*args, **kw)
        except Exception:  # noqa: BLE001 - Python would raise: not decided statically
            return c.unknown(f"{c.qual}() that would raise")
        return None if m is None else MatchValue(m)

    return impl


RE.add(
    "match",
    _re_match(__import__("re").match),
    "match(pattern, s): a Match of a known string, or None",
)
RE.add(
    "search",
    _re_match(__import__("re").search),
    "search(pattern, s): a Match of a known string, or None",
)
RE.add(
    "fullmatch",
    _re_match(__import__("re").fullmatch),
    "fullmatch(pattern, s): a Match of a known string, or None",
)


# ------------------------------------------------------------------ bool()
B = Group("builtins", title="builtins (wild)")


@B.entry(
    "bool",
    doc="bool(x) of a known plain value or one-element tensor; True for a function, a class, "
    "a re.Match and a hook handle (objects without __bool__ / __len__)",
)
def _bool(c: Call) -> Any:
    from driftcheck.parsers.source.library.pybuiltins import py_call

    got = py_call("bool", c.interp, c.args, c.kwargs)
    if not isinstance(got, Unknown) or len(c.args) != 1 or c.kwargs:
        return got
    v = plain(c.args[0])
    if isinstance(v, (Func, Cls, ExtClass, MatchValue, HookHandle)):
        return True
    return got
