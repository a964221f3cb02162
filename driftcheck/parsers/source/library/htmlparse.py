"""``html.parser.HTMLParser`` subclasses fed known text (issue #17, session 26).

Sizes reach model code through a small ``HTMLParser`` subclass that collects the cells of a
model card's table: ``class Cells(HTMLParser)`` overrides ``handle_starttag`` /
``handle_data`` / ``handle_endtag``, and ``Cells().feed(CARD)`` runs them on each piece of
markup. ``html.parser`` read from source stops at its tokeniser's regular expressions (the
``re`` model refuses them) and every size read from the table was unknown.

Here ``html.parser.HTMLParser`` is a library class (``stoplist.PURE_STOPS``). The markup is
data, not code: ``feed(text)`` / ``close()`` on an instance of an analyzed subclass tokenise
the known text with CPython's own ``HTMLParser`` (a recorder that only notes each handler call
and its arguments; every text fed so far is replayed on a fresh recorder, so buffering across
feeds is CPython's), and each event not dispatched yet is dispatched through the interpreter to
the instance's handler as CPython dispatches it (``self.handle_starttag(tag, attrs)``, the
base's ``handle_startendtag`` calling ``self.handle_starttag`` then ``self.handle_endtag``, the
other base handlers doing nothing). The analyzed file's Python is never run by CPython.

Honest unknowns: a text not known (or over ``MAX_TEXT``), more than ``MAX_EVENTS`` events, a
class that overrides a part of the tokeniser (anything ``HTMLParser`` defines other than its
handlers, ``__init__``, ``feed`` and ``close``: ``CDATA_CONTENT_ELEMENTS``, ``parse_starttag``,
``reset``...), or a handler that changes the tokeniser's state (writes ``self.rawdata`` /
``self.convert_charrefs`` / ``self.cdata_elem``..., calls ``set_cdata_mode``, ``feed``,
``reset``, or ``setattr``): the call is unknown and every attribute of the instance becomes
unknown (the handlers might have written any of them), never the values the unseen events would
have left. ``__init__`` keywords other than ``convert_charrefs`` (a known bool) are refused too.
"""

from __future__ import annotations

import ast
import html.parser
from typing import Any, ClassVar

from driftcheck.parsers.source.library.purecalls import _constant, _NotConstant
from driftcheck.parsers.source.values.abstract import Cls, Obj, Unknown, plain

BASE = "html.parser.HTMLParser"
KEY = "__htmlparser__"  # the instance's fed texts (``HtmlFeed``), in ``obj.attrs``
MAX_TEXT = 1 << 16  # characters of all texts fed to one instance
MAX_EVENTS = 4096  # handler calls one instance may make
# the handlers CPython's tokeniser calls (``HTMLParser``'s own do nothing, except
# ``handle_startendtag``, which calls ``handle_starttag`` then ``handle_endtag``)
HANDLERS = frozenset(
    (
        "handle_starttag",
        "handle_endtag",
        "handle_startendtag",
        "handle_data",
        "handle_comment",
        "handle_decl",
        "handle_pi",
        "handle_charref",
        "handle_entityref",
        "unknown_decl",
    )
)
# what the tokeniser's state is made of: the instance attributes ``reset`` writes, and every
# other name the class defines (its parsing methods, ``CDATA_CONTENT_ELEMENTS``)
_STATE = frozenset(vars(html.parser.HTMLParser(convert_charrefs=True)))
_CLASS_NAMES = frozenset(
    n for n in dir(html.parser.HTMLParser) if not n.startswith("__") and n not in HANDLERS
)
# overriding these leaves the tokeniser as it is (an override calls ``super().feed(...)``)
_SAFE_OVERRIDES = frozenset(("feed", "close"))
# names a handler must not touch while CPython's tokeniser is between two of its events
_HANDLER_TOUCHES = (_STATE | _CLASS_NAMES) - {"get_starttag_text", "getpos"}


class _Recorder(html.parser.HTMLParser):
    """CPython's tokeniser, noting each handler call instead of running one."""

    def __init__(self, convert_charrefs: bool) -> None:
        self.events: list[tuple[str, tuple]] = []
        super().__init__(convert_charrefs=convert_charrefs)

    def _note(name: str):  # noqa: N805 - builds the recording methods below
        def note(self: _Recorder, *args: Any) -> None:
            self.events.append((name, args))

        return note

    handle_starttag = _note("handle_starttag")
    handle_endtag = _note("handle_endtag")
    handle_startendtag = _note("handle_startendtag")
    handle_data = _note("handle_data")
    handle_comment = _note("handle_comment")
    handle_decl = _note("handle_decl")
    handle_pi = _note("handle_pi")
    handle_charref = _note("handle_charref")
    handle_entityref = _note("handle_entityref")
    unknown_decl = _note("unknown_decl")
    del _note


def tokenise(texts: list[str], closed: bool, convert_charrefs: bool) -> list[tuple[str, tuple]]:
    """The handler calls CPython's ``HTMLParser`` makes on ``feed(t)`` for each text, then
    ``close()`` when ``closed``."""
    rec = _Recorder(convert_charrefs)
    for t in texts:
        rec.feed(t)
    if closed:
        rec.close()
    return rec.events


class HtmlFeed:
    """What an instance was fed: the texts, whether it was closed, how many events were
    dispatched, the ``convert_charrefs`` it was made with; ``lost`` says why it is unknown."""

    library_type: ClassVar[str] = "html.parser state"

    def __init__(self, convert_charrefs: bool) -> None:
        self.convert_charrefs = convert_charrefs
        self.texts: list[str] = []
        self.closed = False
        self.done = 0
        self.lost: str | None = None


def init(obj: Obj, args: list, kwargs: dict) -> None:
    """``HTMLParser.__init__(self, *, convert_charrefs=True)`` on ``obj``."""
    conv = plain(kwargs.get("convert_charrefs", True))
    st = HtmlFeed(conv if isinstance(conv, bool) else True)
    if args or set(kwargs) - {"convert_charrefs"} or not isinstance(conv, bool):
        st.lost = "HTMLParser() with arguments not modelled"
    obj.attrs[KEY] = st


def _class_why(cls: Any) -> str | None:
    """Why the tokeniser of ``cls``'s instances is not CPython's plain one (None: it is)."""
    if not isinstance(cls, Cls):
        return "an HTMLParser subclass not read from source"
    for c in cls.mro():
        if not isinstance(c, Cls):
            continue
        for st in c.node.body:
            names: list[str] = []
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [st.name]
            elif isinstance(st, ast.Assign):
                names = [t.id for t in st.targets if isinstance(t, ast.Name)]
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                names = [st.target.id]
            for n in names:
                if n in _CLASS_NAMES - _SAFE_OVERRIDES:
                    return f"{c.name}.{n} overrides HTMLParser's tokeniser (line {st.lineno})"
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name in HANDLERS:
                for node in ast.walk(st):
                    if isinstance(node, ast.Attribute) and node.attr in _HANDLER_TOUCHES:
                        return (
                            f"{c.name}.{st.name} touches the tokeniser's {node.attr} "
                            f"(line {node.lineno})"
                        )
                    if (
                        isinstance(node, ast.Call)
                        and isinstance(node.func, ast.Name)
                        and node.func.id in ("setattr", "vars", "exec", "eval")
                    ):
                        return f"{c.name}.{st.name} calls {node.func.id} (line {node.lineno})"
    return None


def _lose(obj: Obj, st: HtmlFeed, why: str) -> Unknown:
    """The instance unknown from here on: its attributes may be anything its handlers write."""
    st.lost = st.lost or why
    for k in list(obj.attrs):
        if k != KEY:
            obj.attrs[k] = Unknown(f"attribute {k} of an HTMLParser fed text not followed ({why})")
    return Unknown(f"HTMLParser.feed/close not followed ({why})")


def method(ip: Any, obj: Obj, name: str) -> Any:
    """The bound ``HTMLParser`` method ``name`` of ``obj`` (an instance of a subclass), or None
    when it is not modelled here (the caller's unknown)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    st = obj.attrs.get(KEY)
    if not isinstance(st, HtmlFeed):
        return None
    if name in HANDLERS:  # the base's own handler
        if name != "handle_startendtag":
            return BuiltinMethod(lambda a, k: None)

        def startend(a: list, k: dict) -> Any:  # CPython: starttag, then endtag
            loc = obj.loc or ("", 0)
            ip.calls.call(ip.attrs.getattr(obj, "handle_starttag"), list(a), dict(k), loc)
            ip.calls.call(ip.attrs.getattr(obj, "handle_endtag"), list(a[:1]), {}, loc)
            return None

        return BuiltinMethod(startend)
    if name in ("feed", "close"):
        return BuiltinMethod(lambda a, k: _run(ip, obj, st, name, a, k))
    return None


def _run(ip: Any, obj: Obj, st: HtmlFeed, how: str, a: list, k: dict) -> Any:
    if st.lost:
        return _lose(obj, st, st.lost)
    if st.closed and how == "feed":
        # CPython keeps parsing after close(); not modelled
        return _lose(obj, st, "feed() after close()")
    why = _class_why(obj.cls)
    if why is not None:
        return _lose(obj, st, why)
    if how == "feed":
        if k or len(a) != 1:
            return _lose(obj, st, "feed() with arguments not modelled")
        try:
            text = _constant(a[0], [MAX_TEXT - sum(map(len, st.texts))])
        except _NotConstant:
            return _lose(obj, st, "feed() of a text not known statically")
        if not isinstance(text, str):
            return _lose(obj, st, "feed() of a value that is not a str")
        st.texts.append(text)
    else:
        if a or k:
            return _lose(obj, st, "close() with arguments")
        st.closed = True
    try:
        events = tokenise(st.texts, st.closed, st.convert_charrefs)
    except Exception as e:  # noqa: BLE001 - CPython's tokeniser refusing the text
        return _lose(obj, st, f"CPython's HTMLParser raises {type(e).__name__}")
    if len(events) > MAX_EVENTS:
        return _lose(obj, st, f"more than {MAX_EVENTS} handler calls")
    new, st.done = events[st.done :], len(events)
    loc = obj.loc or ("", 0)
    for name, args in new:
        f = ip.attrs.getattr(obj, name)
        ip.calls.call(f, [_plain_arg(x) for x in args], {}, loc)
    return None


def _plain_arg(x: Any) -> Any:
    """A handler's argument as the interpreter holds it: ``attrs`` is a list of (name, value)
    tuples, as CPython passes it; strings as they are."""
    if isinstance(x, list):
        return [tuple(p) for p in x]
    return x
