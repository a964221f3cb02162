"""The ``warnings`` module's filters, as CPython applies them: ``warnings.warn`` under a filter
whose action is ``"error"`` raises the warning (a ``try`` around it takes its handler).

CPython keeps one list of filters (``warnings.filters``), searched first to last for the first
entry whose category the warning's is a subclass of (and whose message / module pattern and
line match); its action decides: ``"error"`` raises the warning as an exception, the others
show it (or not) and go on. ``simplefilter`` / ``filterwarnings`` put an entry at the front (at
the end with ``append=True``), ``resetwarnings`` empties the list, ``catch_warnings`` saves the
list on entry (``action=`` runs ``simplefilter`` then) and restores it on exit.

The analysis keeps that list per run (``Interp.warn_filters``), starting from CPython's default
list (no ``-W`` option, no ``PYTHONWARNINGS``). What it cannot follow -- a module pattern, a
line number, a message pattern against a text not known, a category that is no builtin warning
class -- makes the entry unsure: a warning it may catch with ``"error"`` gives a statement not
a ``try`` around it may take either way (the handler run as the other way, what the ways bind
differently unknown), never one way taken. Before, ``warn`` and the filters were
calls not followed: a ``simplefilter("error")`` fallback width was dropped (480 where torch
has 511).
"""

from __future__ import annotations

import builtins
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Ext, Unknown, UnknownPlain, plain

W = Group("warnings", title="warnings")

_ACTIONS = frozenset(("error", "ignore", "always", "all", "default", "module", "once"))


class _Unsure:
    """A filter entry's part we cannot match statically (a module pattern, a line)."""

    def __init__(self, why: str) -> None:
        self.why = why


def _defaults() -> list[tuple]:
    # CPython's default filters without -W / PYTHONWARNINGS / -X dev (warnings.filters)
    return [
        ("default", None, DeprecationWarning, _Unsure("module pattern __main__"), 0),
        ("ignore", None, DeprecationWarning, None, 0),
        ("ignore", None, PendingDeprecationWarning, None, 0),
        ("ignore", None, ImportWarning, None, 0),
        ("ignore", None, ResourceWarning, None, 0),
    ]


def _ip(c: Call) -> Any:
    return getattr(c.interp, "ip", c.interp)


def filters(ip: Any) -> list[tuple]:
    got = getattr(ip, "warn_filters", None)
    if got is None:
        got = ip.warn_filters = _defaults()
    return got


def _category(v: Any) -> Any:
    """A warning category as Python's class (a builtin ``Warning`` subclass), or an
    ``_Unsure`` for a class of the analyzed code or a value not known."""
    v = plain(v)
    if isinstance(v, Ext) and v.qual.startswith("builtins."):
        c = getattr(builtins, v.qual[len("builtins.") :], None)
        if isinstance(c, type) and issubclass(c, Warning):
            return c
    if isinstance(v, Cls):
        return _Unsure(f"the warning class {v.name} of the analyzed code")
    return _Unsure("a warning category not known")


def _add(ip: Any, action: Any, message: Any, category: Any, module: Any, lineno: Any, append: Any):
    fs = filters(ip)
    if not isinstance(action, str) or action not in _ACTIONS:
        fs.insert(0, (_Unsure("a filter action not known"), None, Warning, None, 0))
        return
    msg: Any = None
    if message not in ("", None):
        msg = re.compile(message, re.I) if isinstance(message, str) else _Unsure("message")
    cat = _category(category) if category is not None else Warning
    mod: Any = None
    if module not in ("", None):
        mod = _Unsure(f"module pattern {module!r}" if isinstance(module, str) else "module")
    line = lineno if type(lineno) is int else _Unsure("a line not known")
    if line and not isinstance(line, _Unsure):
        line = _Unsure(f"line {line}")
    entry = (action, msg, cat, mod, line)
    if entry in fs:
        fs.remove(entry)
    if append is True:
        fs.append(entry)
    elif append in (False, 0):
        fs.insert(0, entry)
    else:
        fs.insert(0, (_Unsure("append= not known"), msg, cat, mod, line))


def _kw(c: Call, names: tuple[str, ...], defaults: tuple) -> dict | None:
    if len(c.args) > len(names) or set(c.kwargs) - set(names):
        return None
    got = dict(zip(names, defaults))
    got.update({n: plain(a) for n, a in zip(names, c.args)})
    got.update({k: plain(v) for k, v in c.kwargs.items()})
    if any(isinstance(v, Unknown) for v in got.values()):
        return None
    return got


@W.entry(
    "simplefilter",
    doc="simplefilter(action, category=Warning, lineno=0, append=False): a filter entry as "
    "CPython's (warnings.warn under 'error' raises)",
)
def _simplefilter(c: Call) -> Any:
    a = _kw(c, ("action", "category", "lineno", "append"), (None, Warning, 0, False))
    if a is None:
        filters(_ip(c)).insert(0, (_Unsure(f"simplefilter at {c.where}"), None, Warning, None, 0))
        return None
    cat = c.arg(1, "category", None)
    _add(_ip(c), a["action"], None, cat, None, a["lineno"], a["append"])
    return None


@W.entry(
    "filterwarnings",
    doc="filterwarnings(action, message='', category=Warning, module='', lineno=0, "
    "append=False): a filter entry as CPython's; a module pattern or line is not matched",
)
def _filterwarnings(c: Call) -> Any:
    names = ("action", "message", "category", "module", "lineno", "append")
    a = _kw(c, names, (None, "", Warning, "", 0, False))
    if a is None:
        where = f"filterwarnings at {c.where}"
        filters(_ip(c)).insert(0, (_Unsure(where), None, Warning, None, 0))
        return None
    cat = c.arg(2, "category", None)
    _add(_ip(c), a["action"], a["message"], cat, a["module"], a["lineno"], a["append"])
    return None


@W.entry("resetwarnings", doc="resetwarnings(): no filter left (every warning shown)")
def _resetwarnings(c: Call) -> Any:
    filters(_ip(c)).clear()
    return None


class CatchWarnings:
    """``warnings.catch_warnings(...)``: the filters saved on entry, restored on exit;
    ``record=True`` gives the list of warnings shown, known only where each is surely shown
    (``"always"``) or surely not (``"ignore"``, ``"error"``)."""

    library_type: ClassVar[str] = "warnings.catch_warnings"

    def __init__(self, ip: Any, args: dict, cat: Any) -> None:
        self.ip, self.args, self.cat = ip, args, cat
        self.saved: list[tuple] | None = None
        self.records: list | None = None

    def library_with(self) -> tuple[Any, Any]:
        fs = filters(self.ip)
        self.saved = list(fs)
        a = self.args
        if a["action"] is not None:
            _add(self.ip, a["action"], None, self.cat, None, a["lineno"], a["append"])
        value = None
        if a["record"] is True:
            self.records = []
            value = self.records
            self.ip.warn_records = [*getattr(self.ip, "warn_records", []), self.records]
        elif a["record"] is not False:
            value = UnknownPlain("catch_warnings(record=...) of a value not known")

        def leave(raised: Any = None) -> bool | None:
            self.ip.warn_filters = list(self.saved or [])
            if self.records is not None:
                self.ip.warn_records = [r for r in self.ip.warn_records if r is not self.records]
            return False if raised is not None else None

        leave.takes_raised = True  # type: ignore[attr-defined]
        return value, leave


@W.entry(
    "catch_warnings",
    doc="catch_warnings(*, record=False, action=None, ...): the filters saved on entry and "
    "restored on exit",
)
def _catch_warnings(c: Call) -> Any:
    if c.args:
        return c.unknown("catch_warnings() with positional arguments")
    names = ("record", "module", "action", "category", "lineno", "append")
    a = _kw(c, names, (False, None, None, Warning, 0, False))
    if a is None or a["module"] is not None:
        return c.unknown("catch_warnings() with arguments not modelled")
    return CatchWarnings(_ip(c), a, c.kwargs.get("category"))


def _action_for(fs: list[tuple], text: Any, cat: Any) -> set:
    """The actions the filters may give a warning of class ``cat`` with message ``text``: one
    when the first entry that may match surely matches; more when unsure entries come first."""
    found: set = set()
    for action, msg, fcat, mod, line in fs:
        unsure = isinstance(mod, _Unsure) or isinstance(line, _Unsure)
        if isinstance(msg, _Unsure) or (msg is not None and not isinstance(text, str)):
            unsure = True
        elif msg is not None and not msg.match(text):
            continue
        if isinstance(cat, _Unsure) or isinstance(fcat, _Unsure):
            unsure = True
        elif not issubclass(cat, fcat):
            continue
        found.add(action if not isinstance(action, _Unsure) else "unknown")
        if not unsure:
            return found
    found.add("default")
    return found


@W.entry(
    "warn",
    doc="warn(message, category=UserWarning, ...): raises the warning where the first "
    "matching filter's action is 'error' (CPython's warnings filters); else nothing",
)
def _warn(c: Call) -> Any:
    from driftcheck.parsers.source.interp.statements import Raised

    ip = _ip(c)
    msg = c.plain(0, "message")
    if isinstance(msg, Unknown) or msg is None:
        text, cat = None, _Unsure("a message not known")
    elif isinstance(msg, str):
        cv = c.arg(1, "category", None)
        text, cat = msg, (_category(cv) if cv is not None else UserWarning)
    else:
        text, cat = None, _Unsure("a message that is a warning instance")
    actions = _action_for(filters(ip), text, cat)
    records = getattr(ip, "warn_records", [])
    if "error" not in actions and "unknown" not in actions:
        if records:
            rec = records[-1]
            if actions <= {"always", "all"}:
                rec.append(UnknownPlain(f"a warnings.WarningMessage of {c.where}"))
            elif not actions <= {"ignore"}:
                from driftcheck.parsers.source.values.abstract import UnknownRun

                rec.append(UnknownRun(f"a warning at {c.where} shown once or not"))
        return None
    if actions == {"error"} and isinstance(cat, type) and not ip.uncertain:
        raise Raised(cat.__name__, c.loc[1], c.loc[0])
    # a filter may make it an exception, or not: each ``try`` around it whose handler may
    # catch it runs that handler as the other way (statements._may_be_caught), as for a
    # ``raise`` under an undecided condition
    what = cat.__name__ if isinstance(cat, type) else "Warning"
    if isinstance(cat, _Unsure) and isinstance(plain(c.arg(1, "category")), Cls):
        what = plain(c.arg(1, "category")).name
    at = SimpleNamespace(mod=SimpleNamespace(path=Path(str(c.loc[0]))))
    ip.stmts._may_be_caught(what, at, c.loc[1])
    return None
