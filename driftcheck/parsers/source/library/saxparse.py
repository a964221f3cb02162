"""``xml.sax`` content handlers fed a known document (issue #17, session 30).

Sizes reach model code through a SAX ``ContentHandler`` subclass that collects a model card's
``<param>`` elements: ``class H(xml.sax.ContentHandler)`` overrides ``startElement`` /
``characters`` / ``endElement``, and ``xml.sax.parseString(CARD, handler)`` calls them on each
piece of the document. ``xml`` is a library the analyzer does not read (its parser is expat, in
C), so every size the handler collected was unknown.

The document is data, not code: ``parseString(text, handler)`` parses the known text with
CPython's own ``xml.sax`` (expat) into a recorder that only notes each handler call and its
arguments, then dispatches every call, in order, through the interpreter to the handler's
overrides read from source (``startElement(name, attrs)`` gets ``attrs`` as CPython's own
``AttributesImpl``: ``attrs["k"]``, ``get``, ``getValue``, ``getNames``, ``items``...; a call
the class does not override is ``ContentHandler``'s own, which does nothing; its
``setDocumentLocator`` stores the locator, held here as unknown). The analyzed file's Python is
never run by CPython, and the text is never read from a file or the network (external entities
are off in CPython's ``xml.sax``; a document with a DTD is refused).

Honest unknowns: a text not known in full (or over ``MAX_TEXT``), more than ``MAX_EVENTS``
handler calls, a document with a DTD, a handler whose class is not read from source, an error
handler, or a document CPython's parser refuses (it raises after the calls before the error):
the call is unknown and every attribute of the handler becomes unknown (its overrides might have
written any of them), never the values the unseen calls would have left.
"""

from __future__ import annotations

import xml.sax
import xml.sax.handler
import xml.sax.xmlreader
from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Obj, Unknown, plain

# the ContentHandler class as code spells it: a subclass of one is dispatched to
BASES = frozenset(("xml.sax.ContentHandler", "xml.sax.handler.ContentHandler"))
MAX_TEXT = 1 << 18  # characters (or bytes) of one document
MAX_EVENTS = 8192  # handler calls one document may make
# the calls CPython's expat reader makes on a content handler
HANDLERS = frozenset(n for n in vars(xml.sax.handler.ContentHandler) if not n.startswith("_"))


class _Recorder(xml.sax.handler.ContentHandler):
    """CPython's SAX reader's content handler, noting each call instead of running one."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[tuple[str, tuple]] = []

    def __getattribute__(self, name: str) -> Any:
        if name in HANDLERS:
            events = object.__getattribute__(self, "events")

            def note(*args: Any) -> None:
                events.append((name, args))

            return note
        return object.__getattribute__(self, name)


def record(text: str | bytes) -> list[tuple[str, tuple]]:
    """The content-handler calls CPython's ``xml.sax.parseString(text, h)`` makes, in order,
    each argument copied (an ``AttributesImpl`` as a new one of the same names and values)."""
    rec = _Recorder()
    xml.sax.parseString(text, rec)
    out = []
    for name, args in rec.events:
        if name == "setDocumentLocator":
            args = (None,)  # the reader's locator: held as unknown (``_dispatch``)
        else:
            args = tuple(_copy(a) for a in args)
        out.append((name, args))
    return out


def _copy(a: Any) -> Any:
    if isinstance(a, xml.sax.xmlreader.AttributesNSImpl):
        raise TypeError("namespace attributes")  # the namespaces feature is off by default
    if isinstance(a, xml.sax.xmlreader.AttributesImpl):
        return SaxAttributes(xml.sax.xmlreader.AttributesImpl(dict(a.items())))
    if a is None or isinstance(a, (str, tuple)):
        return a
    raise TypeError(f"a handler argument of type {type(a).__name__}")


_ATTR_METHODS = frozenset(
    n for n in vars(xml.sax.xmlreader.AttributesImpl) if not n.startswith("_")
)


class SaxAttributes:
    """The ``attrs`` of ``startElement``: CPython's own ``AttributesImpl`` of the element's
    attribute names and values (strings), read-only (it has no writing method)."""

    library_type: ClassVar[str] = "xml.sax.xmlreader.AttributesImpl"

    def __init__(self, impl: xml.sax.xmlreader.AttributesImpl) -> None:
        self.impl = impl

    def attr(self, name: str) -> Any:
        if name in _ATTR_METHODS:
            return BuiltinMethod(lambda a, k: self._call(name, a, k))
        return Unknown(f"xml.sax AttributesImpl attribute {name}")

    def _call(self, name: str, a: list, k: dict) -> Any:
        args = [plain(x) for x in a]
        kw = {n: plain(v) for n, v in k.items()}
        if any(isinstance(x, Unknown) for x in (*args, *kw.values())):
            return Unknown(f"AttributesImpl.{name}() of a value not known statically")
        try:
            got = getattr(self.impl, name)(*args, **kw)
        except (KeyError, TypeError):  # CPython's: a missing name raises
            return Unknown(f"AttributesImpl.{name}() that would raise")
        if isinstance(got, xml.sax.xmlreader.AttributesImpl):
            return SaxAttributes(got)
        return got

    def __getitem__(self, key: Any) -> Any:
        return self.impl[key]  # KeyError as CPython's

    def __contains__(self, key: Any) -> bool:
        return key in self.impl

    def __len__(self) -> int:
        return len(self.impl)

    def library_iter(self) -> list | None:
        return None  # iterating an AttributesImpl raises KeyError (no __iter__, str keys)


def init(obj: Obj) -> None:
    """``ContentHandler.__init__(self)``: ``self._locator = None``, as CPython's."""
    obj.attrs["_locator"] = None


def base_method(name: str) -> BuiltinMethod | None:
    """``super().startElement(name, attrs)`` and the other ContentHandler methods: they do
    nothing (``setDocumentLocator`` is not offered: it stores the locator on ``self``)."""
    if name in HANDLERS and name != "setDocumentLocator":
        return BuiltinMethod(lambda a, k: None)
    return None


def _is_handler(cls: Any) -> bool:
    return isinstance(cls, Cls) and any(getattr(c, "qual", None) in BASES for c in cls.mro())


def _lose(obj: Any, why: str) -> Unknown:
    """The handler unknown from here on: its attributes may be anything its overrides write."""
    if isinstance(obj, Obj):
        for k in list(obj.attrs):
            obj.attrs[k] = Unknown(f"attribute {k} of a SAX handler not followed ({why})")
    return Unknown(f"xml.sax.parseString() not followed ({why})")


SAX = Group("xml.sax")


def _run(c: Call, handler: Any, text: Any, extra: bool) -> Any:
    """The document ``text`` parsed into ``handler``: its calls dispatched, or the handler
    lost (module docstring)."""
    if extra:
        return _lose(handler, "an error handler, not modelled")
    if not isinstance(handler, Obj) or not _is_handler(handler.cls):
        if isinstance(handler, Obj):
            return _lose(handler, "a handler whose class is not a ContentHandler read from source")
        return c.unknown(f"{c.qual}() with a handler not read from source")
    if not isinstance(text, (str, bytes)) or len(text) > MAX_TEXT:
        return _lose(handler, f"a document not known statically at {c.where}")
    probe = text if isinstance(text, str) else text.decode("latin-1")
    if "<!DOCTYPE" in probe or "<!ENTITY" in probe:
        return _lose(handler, f"a document with a DTD at {c.where}")
    try:
        events = record(text)
    except Exception as e:  # noqa: BLE001 - CPython's parser refusing the text (it raises)
        return _lose(handler, f"CPython's xml.sax raises {type(e).__name__} at {c.where}")
    if len(events) > MAX_EVENTS:
        return _lose(handler, f"more than {MAX_EVENTS} handler calls at {c.where}")
    ip = c.interp
    for name, args in events:
        own, _, where = ip.classes.mro_attr(handler.cls, name)
        if not own and getattr(where, "qual", None) not in BASES:
            # a library class before ContentHandler in the MRO may define it
            return _lose(handler, f"{name} of a base not read from source at {c.where}")
        if name == "setDocumentLocator":
            args = (Unknown("the SAX reader's locator (positions not modelled)"),)
            if not own:  # ContentHandler's own: ``self._locator = locator``
                handler.attrs["_locator"] = args[0]
                continue
        if not own:
            continue  # ContentHandler's own method: does nothing
        ip.calls.call(ip.attrs.getattr(handler, name), list(args), {}, c.loc)
    return None


def _stream_text(v: Any) -> Any:
    """The whole text of an ``io.StringIO`` no one has read from yet (the parser reads it to
    its end), else None."""
    from driftcheck.parsers.source.library.configtexts import TextStream

    if isinstance(v, TextStream) and not (v.consumed or v.pos or v.lost):
        v.consumed = True
        return v.text
    return None


@SAX.entry(
    "parseString",
    doc="parseString(text, handler): CPython's xml.sax parses the known text into a recorder; "
    "each content-handler call is dispatched, in order, to the handler's overrides read from "
    "source (attrs as CPython's AttributesImpl); a DTD, an error handler, a parse error or an "
    "unknown text leaves the handler's attributes unknown",
)
def _parse_string(c: Call) -> Any:
    handler = plain(c.arg(1, "handler"))
    extra = len(c.args) + len(c.kwargs) > 2 or bool(set(c.kwargs) - {"string", "handler"})
    return _run(c, handler, c.plain(0, "string"), extra)


@SAX.entry(
    "parse",
    doc="parse(source, handler): as parseString, where the source is an io.StringIO of a known "
    "text not read from yet; any other source (a file, a URL) leaves the handler unknown",
)
def _parse(c: Call) -> Any:
    handler = plain(c.arg(1, "handler"))
    extra = len(c.args) + len(c.kwargs) > 2 or bool(set(c.kwargs) - {"source", "handler"})
    return _run(c, handler, _stream_text(c.plain(0, "source")), extra)
