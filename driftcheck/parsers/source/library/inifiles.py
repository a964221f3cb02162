"""``configparser``: an INI text the analyzed code parses itself (``parser.read_string(INI)``,
then ``parser["model"].getint("hidden_size")``), as older research code ships its settings.

The text is data, not code: it is parsed by CPython's own ``configparser`` (interpolation,
defaults, booleans and all), so a value read is exactly the one the program reads. Only
texts the interpreter knows are parsed; a parser that reads a file (``read``,
``read_file``) or is fed an unknown text reads as unknown from then on, never as the part it
knew. Numbers read keep the option's name (``hidden_size``) as the key they came from.
"""

from __future__ import annotations

import configparser
from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.speed.symbolic import resource
from driftcheck.parsers.source.values.abstract import Unknown, plain

CP = Group("configparser")

_GETTERS = ("get", "getint", "getfloat", "getboolean")
_SAFE_KW = ("allow_no_value", "delimiters", "comment_prefixes", "inline_comment_prefixes")
_SAFE_KW += ("strict", "empty_lines_in_values", "default_section")


class _Method(BuiltinMethod):
    """A method of a parser or section value; gets the call's location (for ``Sourced``)."""

    def __call__(self, args: list, kwargs: dict, loc: tuple) -> Any:
        return self.fn(args, kwargs, loc)


def _plain_all(args: list, kwargs: dict) -> tuple[list, dict] | None:
    a = [plain(x) for x in args]
    k = {n: plain(x) for n, x in kwargs.items()}
    if any(isinstance(x, Unknown) for x in [*a, *k.values()]):
        return None
    return a, k


class IniParser:
    """A ``ConfigParser`` / ``RawConfigParser`` instance; ``known`` while every text it was fed
    is known."""

    library_type: ClassVar[str] = "configparser.ConfigParser"
    library_mutable: ClassVar[bool] = True  # a module global filled by later statements

    def __init__(self, cp: configparser.RawConfigParser) -> None:
        self.cp = cp
        self.known: str | None = None  # why it is unknown, or None

    def _lost(self, why: str) -> None:
        self.known = self.known or why

    def attr(self, name: str) -> Any:
        if name in ("read_string", "read_dict"):
            return _Method(lambda a, k, loc: self._read(name, a, k))
        if name in ("read", "read_file"):
            return _Method(lambda a, k, loc: self._lost(f"configparser.{name}() of a file"))
        if name in ("set", "add_section", "remove_option", "remove_section"):
            return _Method(lambda a, k, loc: self._write(name, a, k))
        if self.known:
            return Unknown(f"configparser value ({self.known})")
        if name in _GETTERS:
            return _Method(lambda a, k, loc: self._get(name, a, k, loc))
        if name in ("sections", "has_section", "has_option", "options", "defaults"):
            return _Method(lambda a, k, loc: self._ask(name, a, k))
        return Unknown(f"configparser attribute {name}")

    def _read(self, how: str, a: list, k: dict) -> None:
        got = _plain_all(a, k)
        if got is None or not got[0]:
            self._lost(f"{how}() of an unknown text")
            return
        text, rest = got[0][0], got[0][1:]
        if how == "read_string" and not isinstance(text, str):
            self._lost("read_string() of an unknown text")
            return
        try:
            getattr(self.cp, how)(text, *rest, **got[1])
        except (configparser.Error, TypeError, ValueError, AttributeError):
            self._lost(f"{how}() that would raise")

    def _write(self, how: str, a: list, k: dict) -> None:
        got = _plain_all(a, k)
        if got is None:
            self._lost(f"{how}() of unknown values")
            return
        try:
            getattr(self.cp, how)(*got[0], **got[1])
        except (configparser.Error, TypeError, ValueError):
            self._lost(f"{how}() that would raise")

    def _ask(self, how: str, a: list, k: dict) -> Any:
        got = _plain_all(a, k)
        if got is None:
            return Unknown(f"configparser.{how}() of unknown arguments")
        try:
            v = getattr(self.cp, how)(*got[0], **got[1])
        except (configparser.Error, TypeError, ValueError):
            return Unknown(f"configparser.{how}() that would raise")
        return dict(v) if how == "defaults" else v

    def _get(self, how: str, a: list, k: dict, loc: tuple) -> Any:
        if self.known:
            return Unknown(f"configparser value ({self.known})")
        got = _plain_all(a, k)
        if got is None:
            return Unknown(f"configparser.{how}() of unknown arguments")
        try:
            v = getattr(self.cp, how)(*got[0], **got[1])
        except (configparser.Error, TypeError, ValueError, KeyError):
            return Unknown(f"configparser.{how}() that would raise")
        option = got[0][1] if len(got[0]) > 1 else got[1].get("option")
        return _sourced(v, option, loc)

    def __getitem__(self, key: Any) -> Any:
        if self.known:
            return Unknown(f"configparser value ({self.known})")
        if not isinstance(key, str) or not (
            self.cp.has_section(key) or key == self.cp.default_section
        ):
            raise KeyError(key)
        return IniSection(self, key)

    def __contains__(self, key: Any) -> bool:
        return key in self.cp


class IniSection:
    """``parser["model"]``: one section, read through its parser (later writes show)."""

    library_type: ClassVar[str] = "configparser.SectionProxy"

    def __init__(self, parser: IniParser, name: str) -> None:
        self.parser, self.name = parser, name

    def attr(self, name: str) -> Any:
        if name in _GETTERS:
            return _Method(lambda a, k, loc: self.parser._get(name, [self.name, *a], k, loc))
        if name == "name":
            return self.name
        if self.parser.known:
            return Unknown(f"configparser value ({self.parser.known})")
        if name in ("keys", "values", "items"):
            sec = self.parser.cp[self.name]
            return _Method(lambda a, k, loc: list(getattr(sec, name)()))
        return Unknown(f"configparser section attribute {name}")

    def __getitem__(self, key: Any) -> Any:
        if self.parser.known:
            return Unknown(f"configparser value ({self.parser.known})")
        return self.parser.cp[self.name][key]  # KeyError: unknown to the caller

    def library_setitem(self, key: Any, value: Any) -> None:
        self.parser._write("set", [self.name, key, value], {})

    def __contains__(self, key: Any) -> bool:
        return key in self.parser.cp[self.name]


def _sourced(v: Any, option: Any, loc: tuple) -> Any:
    if isinstance(v, (int, float)) and isinstance(option, str) and loc:
        return resource(v, option, str(loc[0]), loc[1] if len(loc) > 1 else None)
    return v


class Interpolation:
    """``configparser.ExtendedInterpolation()`` / ``BasicInterpolation()`` /
    ``Interpolation()``: handed to a parser as ``interpolation=``, CPython's own class is
    used (``${section:key}`` references resolved as the program resolves them)."""

    library_type: ClassVar[str] = "configparser.Interpolation"

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def make(self) -> configparser.Interpolation:
        return getattr(configparser, self.kind)()


def _interpolation(kind: str):
    def impl(c: Call) -> Any:
        if c.args or c.kwargs:
            return c.unknown(f"configparser.{kind}() with arguments")
        return Interpolation(kind)

    return impl


for _kind in ("ExtendedInterpolation", "BasicInterpolation", "Interpolation"):
    CP.add(
        _kind,
        _interpolation(_kind),
        f"{_kind}(): CPython's own, for a parser's interpolation= argument",
    )


def _make(raw: bool):
    def impl(c: Call) -> Any:
        if c.args:
            return c.unknown(f"{c.qual}() with positional arguments")
        kw = {k: plain(v) for k, v in c.kwargs.items()}
        if "interpolation" in kw:  # None (no interpolation) or one of configparser's own
            if isinstance(kw["interpolation"], Interpolation):
                kw["interpolation"] = kw["interpolation"].make()
            elif kw["interpolation"] is not None:
                return c.unknown(f"{c.qual}() with an interpolation we do not model")
        safe = (*_SAFE_KW, "interpolation")
        if any(k not in safe for k in kw) or any(isinstance(v, Unknown) for v in kw.values()):
            return c.unknown(f"{c.qual}() with arguments we do not model")
        try:
            cp = (configparser.RawConfigParser if raw else configparser.ConfigParser)(**kw)
        except (TypeError, ValueError):
            return c.unknown(f"{c.qual}() that would raise")
        return IniParser(cp)

    return impl


CP.add(
    "ConfigParser",
    _make(False),
    "ConfigParser(): an INI parser fed known texts (read_string, read_dict); its values as "
    "CPython's configparser reads them (get, getint, getfloat, getboolean, parser[section])",
)
CP.add("RawConfigParser", _make(True), "RawConfigParser(): as ConfigParser, no interpolation")
