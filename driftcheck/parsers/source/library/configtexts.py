"""Settings that the analyzed code keeps as text (or builds at run time) and decodes with the
standard library: a launcher command line split with ``shlex``, an XML document read with
``xml.etree.ElementTree``, a CSV table read with ``csv`` (over ``io.StringIO``), a JSON
document filled in by ``string.Template``, size ratios as ``fractions.Fraction``, and a config
class made by ``dataclasses.make_dataclass`` from a list of (name, type, default) rows.

The texts are data, not code: each is decoded by CPython's own module (``shlex.split``,
``ElementTree.fromstring``, ``csv.reader``, ``Template.substitute``), so a value read is the
one the program reads. Only texts the interpreter knows in full are decoded; anything else
(a file read, an unknown text, an argument we cannot follow) is an honest unknown naming the
call, never a part of the text taken as the whole. Texts are bounded (``MAX_TEXT``).
"""

from __future__ import annotations

import ast
import csv
import re
import shlex
import string
import struct
import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any, ClassVar

from driftcheck.parsers.source.interp import globalsat
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Unknown, UnknownPlain, plain

MAX_TEXT = 200_000  # characters: a longer text is not decoded statically (unknown)


def _text(c: Call, i: int, name: str | None = None) -> str | None:
    t = c.plain(i, name)
    if isinstance(t, TextStream):  # read from where the stream is: only from its start
        t = None if t.consumed or t.pos or t.lost else t.text
    return t if isinstance(t, str) and len(t) <= MAX_TEXT else None


def _known(*vals: Any) -> bool:
    return not any(isinstance(v, Unknown) for v in vals)


# ---------------------------------------------------------------------------------- shlex
SH = Group("shlex")


@SH.entry("split", doc="split(s): CPython's shlex.split of a known command line")
def _sh_split(c: Call) -> Any:
    s = _text(c, 0, "s")
    kw = {k: plain(v) for k, v in c.kwargs.items() if k != "s"}
    if s is None or not _known(*kw.values()) or set(kw) - {"comments", "posix"}:
        return c.unknown("shlex.split() of a text we cannot read")
    try:
        return shlex.split(s, **kw)
    except ValueError:  # an unclosed quote: CPython raises
        return c.unknown("shlex.split() that would raise")


@SH.entry("quote", doc="quote(s): CPython's shlex.quote of a known string")
def _sh_quote(c: Call) -> Any:
    s = c.plain(0, "s")
    return shlex.quote(s) if isinstance(s, str) else c.unknown()


@SH.entry("join", doc="join(words): CPython's shlex.join of known strings")
def _sh_join(c: Call) -> Any:
    words = c.interp.items.iterate(c.arg(0, "split_command"))
    words = [plain(w) for w in words] if words is not None else None
    if words is None or not all(isinstance(w, str) for w in words):
        return c.unknown("shlex.join() of words we cannot read")
    return shlex.join(words)


# ---------------------------------------------------------------------------------- io
IO = Group("io")


class _Method(BuiltinMethod):
    pass


class TextStream:
    """``io.StringIO(text)`` of a known text: read whole (``read``, ``getvalue``,
    ``readlines``), line by line (``readline``: CPython's ``StringIO.readline`` from the
    position the earlier ``readline`` calls left, ``''`` at the end) or handed to ``csv``.
    A whole read after a read, or any read after one made under an undecided condition (the
    position then depends on the way the program took), is unknown."""

    library_type: ClassVar[str] = "io.StringIO"
    # ``text.seek(0)`` / ``text.write(s)`` at module level are replayed on the global (were
    # skipped: the stream kept its first binding's position and text; session 33)
    library_mutable: ClassVar[bool] = True

    def __init__(self, text: str, interp: Any = None) -> None:
        self.text = text
        self.consumed = False
        self.pos = 0  # what ``readline`` has read so far
        self.lost = ""  # why the position is not known (a read under an undecided condition)
        self.interp = interp
        self.born = self._import_lines()  # the top-level statements running when it was made

    written = False  # a write was made (session 32): reads then start where the stream is
    closed = ""  # why the stream is closed (a NamedTemporaryFile after its with block)

    def attr(self, name: str) -> Any:
        if name == "getvalue":
            return _Method(lambda a, k: self._getvalue_text(a, k))
        if name in ("read", "readlines"):
            return _Method(lambda a, k: self._read(name, a, k))
        if name == "readline":
            return _Method(lambda a, k: self._readline(a, k))
        if name in ("write", "writelines"):
            return _Method(lambda a, k: self.write_text(name, a, k))
        if name in ("seek", "tell", "flush"):
            return _Method(lambda a, k: self._move(name, a, k))
        return Unknown(f"io.StringIO attribute {name}")

    # -- writes (session 32): CPython's StringIO writes at the position, over what is there
    def position(self) -> int:
        return len(self.text) if self.consumed else self.pos

    def _lose(self, why: str) -> Unknown:
        if not self.lost:
            self.lost = why
        return Unknown(f"io.StringIO: {self.lost}")

    def _getvalue_text(self, a: list, k: dict) -> Any:
        if a or k or self.lost or self.closed:
            return Unknown(f"io.StringIO.getvalue() {self.lost or self.closed or 'of arguments'}")
        return self.text

    def write_text(self, name: str, a: list, k: dict) -> Any:
        """``write(s)`` / ``writelines(lines)`` of known strings at the position (over the
        text there, as CPython's StringIO does); anything else, or a write under an undecided
        condition, loses the content (unknown from then on)."""
        where = self._undecided()
        if where:
            return self._lose(f"a write under {where}")
        if self.closed or self.lost or len(a) != 1 or k:
            return self._lose(self.closed or "a write not modelled")
        if name == "writelines":
            items = self.interp.items.iterate(a[0]) if hasattr(self.interp, "items") else None
            parts = [plain(x) for x in items] if items is not None else None
            if parts is None or not all(isinstance(x, str) for x in parts):
                return self._lose("writelines() of lines not known")
            got: Any = "".join(parts)
        else:
            got = plain(a[0])
        if not isinstance(got, str) or len(self.text) + len(got) > MAX_TEXT:
            return self._lose(f"a {name}() of a text not known")
        p = self.position()
        self.text = self.text[:p] + got + self.text[p + len(got) :]
        self.pos, self.consumed, self.written = p + len(got), False, True
        return len(got) if name == "write" else None

    def _move(self, name: str, a: list, k: dict) -> Any:
        """``seek(offset, whence=0)`` (to a known character index from the start, or 0 from
        the position / end), ``tell()``, ``flush()`` (nothing to do in memory)."""
        if self.closed:
            return Unknown(f"io.StringIO.{name}() {self.closed}")
        if name == "flush":
            return None if not (a or k) else Unknown("io.StringIO.flush() of arguments")
        if self.lost or k:
            return Unknown(f"io.StringIO.{name}() {self.lost or 'of keywords'}")
        if name == "tell":
            return self.position() if not a else Unknown("io.StringIO.tell() of arguments")
        where = self._undecided()
        if where:
            return self._lose(f"a seek under {where}")
        vals = [plain(x) for x in a]
        off, whence = (vals[0] if vals else None), (vals[1] if len(vals) > 1 else 0)
        if type(off) is not int or type(whence) is not int or len(a) > 2:
            return self._lose("a seek not modelled")
        if whence == 0 and off >= 0:
            at = off
        elif whence in (1, 2) and off == 0:
            at = self.position() if whence == 1 else len(self.text)
        else:  # CPython raises (a nonzero cur-relative seek, a negative position)
            return self._lose("a seek CPython refuses")
        if at > len(self.text):  # a later write would pad with NULs: not modelled
            return self._lose("a seek past the end")
        self.pos, self.consumed, self.written = at, False, True
        return at

    def _undecided(self) -> str:
        ip = getattr(self.interp, "ip", self.interp)
        lines = getattr(ip, "uncertain", None)
        if lines:
            return f"the undecided condition at line {lines[-1]}"
        if self._import_lines() != self.born and not globalsat.settled(ip, self):
            # made by one top-level statement of a module read lazily (interp/globalsat.py)
            # and read by another: only the statements that build a global run there, so
            # the reads between them may not all have run (unless every use of it is
            # replayed in order: interp/modglobals.py ``_written_through``, session 33)
            return "a module global's lazy reading (earlier reads may not have run)"
        return ""

    def _import_lines(self) -> dict:
        ip = getattr(self.interp, "ip", self.interp)
        return dict(getattr(ip, "__dict__", {}).get("_dc_import_line") or {})

    def _read(self, name: str, a: list, k: dict) -> Any:
        if self.written and not (self.lost or self.closed or a or k or self._undecided()):
            rest, self.consumed = self.text[self.position() :], True
            return rest if name == "read" else rest.splitlines(keepends=True)
        if self.consumed or self.pos or self.lost or self.closed or a or k:
            return Unknown(f"io.StringIO.{name}() after a read, or of a size")
        self.consumed = True
        return self.text if name == "read" else self.text.splitlines(keepends=True)

    def _readline(self, a: list, k: dict) -> Any:
        where = self._undecided()
        if where and not self.lost:
            self.lost = f"a read under {where}"
        if self.consumed or self.lost or a or k:
            why = self.lost or "after a whole read, or of a size"
            return Unknown(f"io.StringIO.readline() {why}")
        end = self.text.find("\n", self.pos)
        end = len(self.text) if end < 0 else end + 1
        line, self.pos = self.text[self.pos : end], end
        return line


@IO.entry("StringIO", doc="StringIO(text): a known text, read whole or handed to csv")
def _stringio(c: Call) -> Any:
    t = c.plain(0, "initial_value", "")
    if not isinstance(t, str) or len(t) > MAX_TEXT or len(c.args) > 1:
        return c.unknown("io.StringIO() of a text we cannot read")
    if set(c.kwargs) - {"initial_value"}:  # ``newline=`` translates line ends: not modelled
        return c.unknown("io.StringIO() with a newline argument")
    return TextStream(t, c.interp)


class ScratchText(TextStream):
    """A ``NamedTemporaryFile("w+")``'s text: a ``TextStream`` with a ``name``."""

    library_type: ClassVar[str] = "io.StringIO"

    def __init__(self, name: str, interp: Any) -> None:
        super().__init__("", interp)
        self.name = name

    def attr(self, name: str) -> Any:
        if name == "name":
            return self.name
        if name == "getvalue":  # a file has no getvalue
            return Unknown("NamedTemporaryFile has no getvalue (AttributeError)")
        return super().attr(name)


class TorchSaved(UnknownPlain):
    """The bytes ``torch.save(obj, stream)`` wrote: not known statically (torch's zip format
    holds versions and record names), but ``torch.load`` of them gives back a fresh copy of
    ``obj`` (kept as a CPython constant: plain data only, library/torchfns.py)."""

    __slots__ = ("data",)

    def __init__(self, data: Any, why: str) -> None:
        super().__init__(why)
        self.data = data


class ByteStream(TextStream):
    """``io.BytesIO(initial)`` of known bytes (or of the bytes ``torch.save`` wrote): the whole
    content and the position. ``getvalue()`` is the content; ``seek(0)`` / ``tell()`` move and
    read the position; ``read()`` from the start of known bytes is the bytes; ``write`` of known
    bytes at the end adds them; ``torch.save`` into an empty stream and ``torch.load`` from its
    start are in library/torchfns.py. Anything else (a seek elsewhere, a write into saved bytes,
    a change under an undecided condition) loses the content: unknown from then on."""

    library_type: ClassVar[str] = "io.BytesIO"

    def __init__(self, content: Any, interp: Any = None) -> None:
        super().__init__("", interp)
        self.content = content  # bytes, a TorchSaved, or None once lost
        self.at_end = False  # the position is after the content (else at its start)

    def changed(self) -> bool:
        """Record a change; False (and the content lost) where it happens under an undecided
        condition (the content then depends on the way the program took)."""
        where = self._undecided()
        if where:
            self.lost = f"a change under {where}"
            self.content = None
        return self.content is not None

    def attr(self, name: str) -> Any:
        if name == "getvalue":
            return _Method(lambda a, k: self._getvalue(a, k))
        if name == "seek":
            return _Method(lambda a, k: self._seek(a, k))
        if name == "tell":
            return _Method(lambda a, k: self._tell(a, k))
        if name == "read":
            return _Method(lambda a, k: self._read_bytes(a, k))
        if name == "write":
            return _Method(lambda a, k: self._write(a, k))
        return Unknown(f"io.BytesIO attribute {name}")

    def _why(self) -> str:
        return self.lost or "after a change not modelled"

    def _getvalue(self, a: list, k: dict) -> Any:
        if a or k or self.content is None:
            return Unknown(f"io.BytesIO.getvalue() {self._why()}")
        return self.content

    def _size(self) -> int | None:
        return len(self.content) if isinstance(self.content, bytes) else None

    def _tell(self, a: list, k: dict) -> Any:
        if a or k or self.content is None:
            return Unknown(f"io.BytesIO.tell() {self._why()}")
        if not self.at_end:
            return 0
        n = self._size()
        return n if n is not None else Unknown("io.BytesIO.tell() after torch.save")

    def _seek(self, a: list, k: dict) -> Any:
        pos, whence = (plain(x) for x in (a + [0, 0])[:2]) if not k else (None, None)
        if not self.changed():
            return Unknown(f"io.BytesIO.seek() {self._why()}")
        if pos != 0 or whence not in (0, 2) or len(a) > 2:
            self.lost, self.content = "a seek inside the content", None
            return Unknown("io.BytesIO.seek() inside the content")
        self.at_end = whence == 2
        n = self._size()
        return 0 if whence == 0 else (n if n is not None else Unknown("io.BytesIO.seek() end"))

    def _read_bytes(self, a: list, k: dict) -> Any:
        if a or k or self.content is None or not self.changed():
            return Unknown(f"io.BytesIO.read() {self._why()}")
        if self.at_end:
            return b""
        self.at_end = True
        return self.content

    def _write(self, a: list, k: dict) -> Any:
        b = plain(a[0]) if len(a) == 1 and not k else None
        if not self.changed():
            return Unknown(f"io.BytesIO.write() {self._why()}")
        ok = type(b) is bytes and isinstance(self.content, bytes)
        if not ok or not (self.at_end or not self.content) or len(self.content) + len(b) > MAX_TEXT:
            self.lost, self.content = "a write not modelled", None
            return Unknown("io.BytesIO.write() not modelled")
        self.content += b
        self.at_end = True
        return len(b)


@IO.entry(
    "BytesIO",
    doc="BytesIO(initial): known bytes (or bytes torch.save wrote) read back whole; getvalue, "
    "seek(0), tell, read, write at the end; torch.save / torch.load round trips",
)
def _bytesio(c: Call) -> Any:
    b = c.plain(0, "initial_bytes", b"")
    if len(c.args) > 1 or set(c.kwargs) - {"initial_bytes"}:
        return c.unknown("io.BytesIO() with arguments not modelled")
    if isinstance(b, TorchSaved) or (type(b) is bytes and len(b) <= MAX_TEXT):
        return ByteStream(b, c.interp)
    return c.unknown("io.BytesIO() of bytes we cannot read")


# ---------------------------------------------------------------------------------- csv
CSV = Group("csv")
_CSV_FORMAT = frozenset(
    (
        "delimiter",
        "quotechar",
        "escapechar",
        "doublequote",
        "skipinitialspace",
        "lineterminator",
        "quoting",
        "strict",
    )
)


def _csv_lines(c: Call) -> list[str] | None:
    """The lines a csv reader is given: a known ``io.StringIO``, a known string (CPython
    iterates its characters, as csv does), or a known list of strings (``text.splitlines()``)."""
    src = c.plain(0, "f")
    if isinstance(src, TextStream) and src.written:
        if src.lost or src.closed or src._undecided():
            return None
        rest, src.consumed = src.text[src.position() :], True
        return rest.splitlines(keepends=True)
    if isinstance(src, TextStream):
        if src.consumed or src.pos or src.lost:
            return None
        src.consumed = True
        return src.text.splitlines(keepends=True)
    if isinstance(src, str):
        return list(src) if len(src) <= MAX_TEXT else None
    items = c.interp.items.iterate(c.arg(0, "f"))
    if items is None:
        return None
    lines = [plain(x) for x in items]
    if not all(isinstance(x, str) for x in lines) or sum(map(len, lines)) > MAX_TEXT:
        return None
    return lines


class CsvDialect:
    """The dialect ``csv.Sniffer().sniff(sample, delimiters)`` returns for a known sample:
    CPython's own sniffed ``csv.Dialect`` subclass, handed on to ``csv.reader`` /
    ``csv.DictReader`` as their ``dialect`` (session 34); its format attributes read as
    CPython's. ``type()`` of it is ``type`` (the sniffer returns a class)."""

    __slots__ = ("d",)
    library_type: ClassVar[str] = "builtins.type"

    def __init__(self, d: Any) -> None:
        self.d = d

    def attr(self, name: str) -> Any:
        if name in _CSV_FORMAT:
            return getattr(self.d, name)
        return Unknown(f"csv dialect attribute {name}")


class CsvSniffer:
    """``csv.Sniffer()``: ``sniff(sample, delimiters=None)`` and ``has_header(sample)`` of a
    known sample are CPython's own (``sniff`` gives a ``CsvDialect``); a sample or delimiter
    set not known, or a sample CPython cannot sniff (it raises ``csv.Error``), is unknown."""

    __slots__ = ()
    library_type: ClassVar[str] = "csv.Sniffer"

    def attr(self, name: str) -> Any:
        if name in ("sniff", "has_header"):
            return _Method(lambda a, k: self._call(name, a, k))
        return Unknown(f"csv.Sniffer attribute {name}")

    def _call(self, name: str, a: list, k: dict) -> Any:
        args, kw = [plain(x) for x in a], {n: plain(v) for n, v in k.items()}
        allowed = ("sample", "delimiters") if name == "sniff" else ("sample",)
        names = [*allowed[: len(args)], *kw]
        ok = len(args) <= len(allowed) and len(set(names)) == len(names) <= len(allowed)
        ok = ok and set(kw) <= set(allowed)
        sample = dict(zip(names, [*args, *kw.values()]))
        if not ok or not isinstance(sample.get("sample"), str) or len(sample["sample"]) > MAX_TEXT:
            return Unknown(f"csv.Sniffer.{name}() of a sample we cannot read")
        if not isinstance(sample.get("delimiters"), (str, type(None))):
            return Unknown(f"csv.Sniffer.{name}() of delimiters we cannot read")
        try:
            got = getattr(csv.Sniffer(), name)(*args, **kw)
        except (csv.Error, TypeError, ValueError):
            return Unknown(f"csv.Sniffer.{name}() that would raise")
        return CsvDialect(got) if name == "sniff" else got


def _csv_kwargs(c: Call, extra: frozenset[str] = frozenset()) -> dict | None:
    kw = {k: plain(v) for k, v in c.kwargs.items() if k != "f"}
    if set(kw) - _CSV_FORMAT - extra or not _known(*kw.values()):
        return None
    if "dialect" in kw:  # a sniffed dialect only (a name may be one csv.register_dialect made)
        if not isinstance(kw["dialect"], CsvDialect):
            return None
        kw["dialect"] = kw["dialect"].d
    if "fieldnames" in kw:
        names = c.interp.items.iterate(c.kwargs["fieldnames"])
        if names is None:
            return None
        kw["fieldnames"] = [plain(n) for n in names]
    return kw


@CSV.entry("reader", doc="reader(lines): the rows (lists of strings) of a known CSV text")
def _csv_reader(c: Call) -> Any:
    lines, kw = _csv_lines(c), _csv_kwargs(c, frozenset(("dialect",)))
    if kw is not None and len(c.args) == 2:  # reader(f, dialect)
        d = c.arg(1) if "dialect" not in kw else None  # by name and position: TypeError
        d = plain(d)
        kw = dict(kw, dialect=d.d) if isinstance(d, CsvDialect) else None
    if lines is None or kw is None or len(c.args) > 2:
        return c.unknown("csv.reader() of a text or format we cannot read")
    try:
        return list(csv.reader(lines, **kw))
    except (csv.Error, TypeError, ValueError):
        return c.unknown("csv.reader() that would raise")


@CSV.entry("DictReader", doc="DictReader(lines): the rows (dicts by header) of a known CSV text")
def _csv_dictreader(c: Call) -> Any:
    extra = frozenset(("fieldnames", "restkey", "restval", "dialect"))
    lines, kw = _csv_lines(c), _csv_kwargs(c, extra)
    if lines is None or kw is None or len(c.args) > 1:
        return c.unknown("csv.DictReader() of a text or format we cannot read")
    try:
        return [dict(row) for row in csv.DictReader(lines, **kw)]
    except (csv.Error, TypeError, ValueError):
        return c.unknown("csv.DictReader() that would raise")


class CsvWriter:
    """``csv.writer(f, **fmt)`` / ``csv.DictWriter(f, fieldnames, restval, extrasaction,
    **fmt)`` over a known ``io.StringIO`` (or a text file modelled as one): ``writerow`` /
    ``writerows`` / ``writeheader`` of known plain values are formatted by CPython's own csv
    writer and written into the stream at its position; a row holding anything else loses the
    stream's content (unknown)."""

    library_type: ClassVar[str] = "csv.writer"

    def __init__(self, stream: TextStream, kw: dict, fields: list | None) -> None:
        self.stream, self.kw, self.fields = stream, kw, fields

    def attr(self, name: str) -> Any:
        ok = ("writerow", "writerows") + (("writeheader",) if self.fields is not None else ())
        if name in ok:
            return _Method(lambda a, k: self._write(name, a, k))
        return Unknown(f"csv writer attribute {name}")

    def _write(self, name: str, a: list, k: dict) -> Any:
        import io

        from driftcheck.parsers.source.library.purecalls import _constant, _NotConstant

        try:
            rows = [_constant(x, [MAX_TEXT]) for x in a]
        except _NotConstant:
            return self.stream._lose(f"csv {name}() of values not known")
        if k or len(rows) != (0 if name == "writeheader" else 1):
            return self.stream._lose(f"csv {name}() of arguments not modelled")
        out = io.StringIO(newline="")
        try:
            if self.fields is None:
                w: Any = csv.writer(out, **self.kw)
            else:
                w = csv.DictWriter(out, self.fields, **self.kw)
            got = getattr(w, name)(*rows)
        except (csv.Error, TypeError, ValueError, AttributeError):
            return self.stream._lose(f"csv {name}() that would raise")
        wrote = self.stream.write_text("write", [out.getvalue()], {})
        if isinstance(wrote, Unknown):
            return wrote
        return got


def _csv_writer_of(c: Call, fields: list | None, extra: frozenset[str]) -> Any:
    f = c.plain(0, "f")
    kw = _csv_kwargs(c, extra)
    if not isinstance(f, TextStream) or isinstance(f, ByteStream) or kw is None:
        return c.unknown(f"{c.qual}() of a stream or format not modelled")
    if "dialect" in kw or len(c.args) > (2 if fields is not None else 1):
        return c.unknown(f"{c.qual}() with a dialect or arguments not modelled")
    kw.pop("fieldnames", None)
    return CsvWriter(f, kw, fields)


@CSV.entry("writer", doc="writer(f): rows written by CPython's csv into a known io.StringIO")
def _csv_writer(c: Call) -> Any:
    return _csv_writer_of(c, None, frozenset())


@CSV.entry(
    "DictWriter",
    doc="DictWriter(f, fieldnames): header and rows written by CPython's csv into a known "
    "io.StringIO",
)
def _csv_dictwriter(c: Call) -> Any:
    names = c.arg(1, "fieldnames")
    items = c.interp.items.iterate(names) if names is not None else None
    fields = [plain(x) for x in items] if items is not None else None
    if fields is None or not all(isinstance(x, str) for x in fields):
        return c.unknown("csv.DictWriter() of field names not known")
    return _csv_writer_of(c, fields, frozenset(("fieldnames", "restval", "extrasaction")))


@CSV.entry("Sniffer", doc="Sniffer(): sniff / has_header of a known sample, by CPython's csv")
def _csv_sniffer(c: Call) -> Any:
    if c.args or c.kwargs:
        return c.unknown("csv.Sniffer() with arguments")
    return CsvSniffer()


# ---------------------------------------------------------------------------------- xml
XML = Group("xml.etree.ElementTree", "xml.etree.cElementTree")


class XmlElement(list):
    """An element of a known XML document (CPython's ``ElementTree`` parsed it): its children
    are its items (``for child in el``, ``el[0]``, ``len(el)``, as an ``Element`` is a
    sequence); ``tag``, ``text``, ``tail``, ``attrib``, ``get``, ``find``, ``findall``,
    ``findtext``, ``iter``, ``keys``, ``items``, ``iterfind`` as ElementTree answers them."""

    library_type: ClassVar[str] = "xml.etree.ElementTree.Element"

    def __init__(self, el: ET.Element) -> None:
        super().__init__(XmlElement(ch) for ch in el)
        self.el = el

    def __eq__(self, other: object) -> bool:
        return isinstance(other, XmlElement) and other.el is self.el

    def __hash__(self) -> int:
        return id(self.el)

    def _wrap(self, el: ET.Element | None) -> Any:
        if el is None:
            return None
        for ch in self._all():
            if ch.el is el:
                return ch
        return XmlElement(el)

    def _all(self) -> list[XmlElement]:
        out, todo = [], [self]
        while todo:
            e = todo.pop()
            out.append(e)
            todo.extend(e)
        return out

    def attr(self, name: str) -> Any:
        el = self.el
        if name in ("tag", "text", "tail"):
            return getattr(el, name)
        if name == "attrib":
            return dict(el.attrib)  # a copy: a write to it is not a write to the document
        if name in ("get", "keys", "items"):
            return _Method(lambda a, k: self._call(name, a, k))
        if name in ("find", "findall", "findtext", "iter", "iterfind"):
            return _Method(lambda a, k: self._call(name, a, k))
        return Unknown(f"xml Element attribute {name}")

    def _call(self, name: str, a: list, k: dict) -> Any:
        args = [plain(x) for x in a]
        kw = {n: plain(x) for n, x in k.items()}
        if not _known(*args, *kw.values()) or not all(
            x is None or isinstance(x, (str, int, float)) for x in [*args, *kw.values()]
        ):
            return Unknown(f"Element.{name}() of unknown arguments")
        try:
            got = getattr(self.el, name)(*args, **kw)
        except (TypeError, ValueError, SyntaxError, KeyError):
            return Unknown(f"Element.{name}() that would raise")
        if name in ("keys", "items"):
            return list(got)
        if isinstance(got, ET.Element):
            return self._wrap(got)
        if name in ("findall", "iter", "iterfind"):
            return [self._wrap(e) for e in got]
        return got


def _fromstring(c: Call) -> Any:
    t = c.plain(0, "text")
    if isinstance(t, bytes):
        t = t.decode("utf-8", "replace")
    if not isinstance(t, str) or len(t) > MAX_TEXT or len(c.args) > 1 or c.kwargs:
        return c.unknown(f"{c.qual}() of a text we cannot read")
    if "<!DOCTYPE" in t or "<!ENTITY" in t:
        return c.unknown(f"{c.qual}() of a document with a DTD (entities are not expanded)")
    try:
        return XmlElement(ET.fromstring(t))
    except ET.ParseError:
        return c.unknown(f"{c.qual}() of a text that does not parse (CPython raises)")


XML.add("fromstring", _fromstring, "fromstring(text): the root element of a known XML text")
XML.add("XML", _fromstring, "XML(text): the root element of a known XML text")


# ---------------------------------------------------------------------------------- string
ST = Group("string")


class TemplateValue:
    """``string.Template(text)`` of a known text: ``substitute`` / ``safe_substitute`` with
    known values, as CPython fills it (``$name`` / ``${name}``; ``str()`` of each value)."""

    library_type: ClassVar[str] = "string.Template"

    def __init__(self, text: str) -> None:
        self.t = string.Template(text)

    def attr(self, name: str) -> Any:
        if name == "template":
            return self.t.template
        if name in ("substitute", "safe_substitute"):
            return _Method(lambda a, k: self._fill(name, a, k))
        if name == "get_identifiers":
            return _Method(lambda a, k: self.t.get_identifiers())
        return Unknown(f"string.Template attribute {name}")

    def _fill(self, name: str, a: list, k: dict) -> Any:
        if len(a) > 1:
            return Unknown(f"Template.{name}() with positional arguments")
        mapping: dict = {}
        if a:
            m = plain(a[0])
            if not isinstance(m, dict):
                return Unknown(f"Template.{name}() of a mapping we cannot read")
            mapping.update(m)
        mapping.update(k)
        mapping = {n: plain(v) for n, v in mapping.items()}
        used = set(self.t.get_identifiers())
        if any(isinstance(v, Unknown) for n, v in mapping.items() if n in used):
            return Unknown(f"Template.{name}() of unknown values")
        if any(
            not isinstance(v, (str, int, float, bool)) and v is not None
            for n, v in mapping.items()
            if n in used
        ):
            return Unknown(f"Template.{name}() of values we do not print")
        try:
            return getattr(self.t, name)(mapping)
        except (KeyError, ValueError):
            return Unknown(f"Template.{name}() that would raise")


@ST.entry("Template", doc="Template(text): substitute / safe_substitute of known values")
def _template(c: Call) -> Any:
    t = c.plain(0, "template")
    if not isinstance(t, str) or len(t) > MAX_TEXT or len(c.args) != 1:
        return c.unknown("string.Template() of a text we cannot read")
    return TemplateValue(t)


class FormatterValue:
    """``string.Formatter()``: ``parse(text)`` of a known text is CPython's own split of the
    format string into ``(literal_text, field_name, format_spec, conversion)`` tuples, a
    single-pass iterator as CPython's (an unmatched brace, which CPython refuses, is unknown).
    Its other methods are unknown. A subclass (which may override ``parse``) is never this
    value."""

    library_type: ClassVar[str] = "string.Formatter"

    def attr(self, name: str) -> Any:
        if name == "parse":
            return _Method(lambda a, k: self._parse(a, k))
        return Unknown(f"string.Formatter attribute {name}")

    def _parse(self, a: list, k: dict) -> Any:
        from driftcheck.parsers.source.interp.tuplesub import Generator

        text = plain(a[0]) if len(a) == 1 and not k else plain(k.get("format_string"))
        if len(a) + len(k) != 1 or not isinstance(text, str) or len(text) > MAX_TEXT:
            return Unknown("string.Formatter().parse() of a text we cannot read")
        try:
            return Generator(list(string.Formatter().parse(text)))
        except ValueError:  # an unmatched brace: CPython raises
            return Unknown("string.Formatter().parse() that would raise")


@ST.entry("Formatter", doc="Formatter(): parse(text) of a known format string, CPython's fields")
def _formatter(c: Call) -> Any:
    if c.args or c.kwargs:
        return c.unknown("string.Formatter() with arguments")
    return FormatterValue()


# ---------------------------------------------------------------------------------- minidom
# Sizes kept as an XML description read with ``xml.dom.minidom.parseString``: the document is
# parsed by CPython's own minidom and read through a read-only view (attributes, children,
# ``getAttribute``, ``getElementsByTagName``...). A DOM is mutable, and a write through any
# alias (a node list item, a child) would change what a later read sees, so a document is made
# only when neither the calling file nor a module of the analyzed code it imports names a DOM
# mutator (``setAttribute``, ``appendChild``, ``removeChild``..., or an assignment to
# ``nodeValue`` / ``data`` / ``value``); otherwise the call is unknown, never a stale read.
DOM = Group("xml.dom.minidom")
_DOM_WRITES = re.compile(
    r"\b(setAttribute\w*|removeAttribute\w*|appendChild|removeChild|insertBefore|replaceChild"
    r"|unlink|setIdAttribute\w*|appendData|insertData|deleteData|replaceData|replaceWholeText"
    r"|splitText|renameNode|adoptNode)\b|\.normalize\(\s*\)"
    r"|\.(nodeValue|data|value|prefix)\s*[-+*/%&|^@]?=(?!=)"
)
# read-only attributes: scalars as CPython has them; nodes and node lists wrapped
_DOM_SCALARS = frozenset(
    ("tagName", "nodeName", "nodeValue", "nodeType", "localName", "data", "name", "value")
)
_DOM_NODES = frozenset(
    ("documentElement", "firstChild", "lastChild", "parentNode", "nextSibling", "previousSibling")
)
_DOM_METHODS = frozenset(
    ("getAttribute", "hasAttribute", "getElementsByTagName", "hasChildNodes", "hasAttributes")
)


class DomNode:
    """A node of a known XML document that CPython's ``xml.dom.minidom`` parsed (read-only)."""

    library_type: ClassVar[str] = "xml.dom.minidom.Node"

    def __init__(self, node: Any, seen: dict) -> None:
        self.node, self.seen = node, seen  # ``seen``: node -> its view (one per document)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DomNode) and other.node is self.node

    def __hash__(self) -> int:
        return hash(self.node)

    def _wrap(self, v: Any) -> Any:
        if v is None or isinstance(v, (str, int, float)):
            return v
        if isinstance(v, (list, tuple)):  # a NodeList: a list of nodes
            return [self._wrap(x) for x in v]
        view = self.seen.get(v)
        if view is None:
            view = self.seen[v] = DomNode(v, self.seen)
        return view

    def attr(self, name: str) -> Any:
        n = self.node
        if name in _DOM_SCALARS or name in _DOM_NODES:
            try:
                return self._wrap(getattr(n, name))
            except AttributeError:
                return Unknown(f"minidom node attribute {name} (CPython raises)")
        if name == "childNodes":
            return self._wrap(list(n.childNodes))
        if name in _DOM_METHODS:
            return _Method(lambda a, k: self._call(name, a, k))
        return Unknown(f"minidom node attribute {name}")

    def _call(self, name: str, a: list, k: dict) -> Any:
        args = [plain(x) for x in a]
        if k or not all(isinstance(x, str) for x in args):
            return Unknown(f"minidom {name}() of arguments we cannot read")
        fn = getattr(self.node, name, None)
        if fn is None:
            return Unknown(f"minidom {name}() of a node without it (CPython raises)")
        try:
            return self._wrap(fn(*args))
        except (TypeError, AttributeError):
            return Unknown(f"minidom {name}() that would raise")


@DOM.entry(
    "parseString",
    doc="parseString(text): a read-only view of the known XML text CPython's minidom parsed "
    "(unknown where the file names a DOM mutator, or the text has a DTD)",
)
def _dom_parse_string(c: Call) -> Any:
    from xml.dom import minidom
    from xml.parsers.expat import ExpatError

    t = c.plain(0, "string")
    if isinstance(t, bytes):
        t = t.decode("utf-8", "replace")
    if not isinstance(t, str) or len(t) > MAX_TEXT or len(c.args) != 1 or c.kwargs:
        return c.unknown("xml.dom.minidom.parseString() of a text we cannot read")
    if "<!DOCTYPE" in t or "<!ENTITY" in t:
        return c.unknown("xml.dom.minidom.parseString() of a document with a DTD")
    if _file_mentions(c.interp, c.loc[0], _DOM_WRITES, _DOM_WRITES):
        return c.unknown("xml.dom.minidom.parseString() in a file that may change the document")
    try:
        doc = minidom.parseString(t)
    except ExpatError:
        return c.unknown("xml.dom.minidom.parseString() of a text that does not parse")
    return DomNode(doc, {})


# ---------------------------------------------------------------------------------- fractions
FR = Group("fractions")


@FR.entry("Fraction", doc="Fraction(a[, b]): CPython's exact fraction of known numbers / text")
def _fraction(c: Call) -> Any:
    args = [plain(x) for x in c.args]
    if c.kwargs or not 1 <= len(args) <= 2:
        return c.unknown("fractions.Fraction() with these arguments")
    ok = (int, float, str, Fraction)
    if any(not isinstance(x, ok) or isinstance(x, bool) for x in args):
        return c.unknown("fractions.Fraction() of values we cannot read")
    if isinstance(args[0], str) and len(args[0]) > 100:
        return c.unknown("fractions.Fraction() of a long text")
    try:
        return Fraction(*args)
    except (ValueError, TypeError, ZeroDivisionError):
        return c.unknown("fractions.Fraction() that would raise")


# ---------------------------------------------------------------------------------- decimal
# Widths from ``decimal.Decimal`` ratios: CPython's own Decimal values, their arithmetic and
# methods run by CPython under the default context (precision 28, ROUND_HALF_EVEN), which is the
# program's context only while the program never changes it. So a Decimal is made only when
# the calling file never names a context (``getcontext``, ``localcontext``, ``setcontext``, the
# ``*Context`` objects) and no context call ran before; a context call after Decimals were made
# stops the analysis (honest unknown): their later arithmetic would be read under the wrong one.
DEC = Group("decimal")
_CONTEXT_NAMES = re.compile(r"\b(getcontext|setcontext|localcontext|\w*Context)\b")
_CTX_FLAG = "_dc_decimal_context"  # on the interpreter: why the program's context is unknown
_MADE_FLAG = "_dc_decimal_made"  # on the interpreter: a Decimal was made in this analysis


_IMPORTS = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", re.M)


def _text_of(path: Any) -> str | None:
    try:
        with open(str(path), encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None


_CONTEXT_CALLS = re.compile(r"\b(getcontext|setcontext|localcontext)\b")


def _names_context(ip: Any, path: Any) -> bool:
    """Whether the calling file names a decimal context, or a module of the analyzed code it
    imports (one level, not an installed library: a helper that sets the precision, which a
    module global read lazily may never run) calls one."""
    return _file_mentions(ip, path, _CONTEXT_NAMES, _CONTEXT_CALLS)


def _file_mentions(ip: Any, path: Any, here: re.Pattern, imported: re.Pattern) -> bool:
    """Whether the calling file's text matches ``here``, or a module of the analyzed code it
    imports (one level, not an installed library) matches ``imported``; an unreadable file
    counts as a match (not decided)."""
    from driftcheck.parsers.source.loader import installed

    text = _text_of(path)
    if text is None or here.search(text) is not None:
        return True
    finder = getattr(ip, "finder", None)
    for a, b in _IMPORTS.findall(text):
        found = finder.find(a or b) if finder is not None else None
        if found is None or installed(found):
            continue
        t = _text_of(found)
        if t is None or imported.search(t) is not None:
            return True
    return False


def _default_context() -> bool:
    """The analyzer's own thread context is CPython's default (what a Decimal computes in)."""
    import decimal

    ctx, d = decimal.getcontext(), decimal.Context()
    return (ctx.prec, ctx.rounding, ctx.Emin, ctx.Emax, ctx.capitals, ctx.clamp) == (
        d.prec,
        d.rounding,
        d.Emin,
        d.Emax,
        d.capitals,
        d.clamp,
    ) and all(ctx.traps[t] == d.traps[t] for t in d.traps)


@DEC.entry(
    "Decimal", doc="Decimal(value): CPython's Decimal of a known int / str / float / Decimal"
)
def _decimal(c: Call) -> Any:
    import decimal

    ip = getattr(c.interp, "ip", c.interp)
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("decimal.Decimal() with these arguments")
    v = c.plain(0, "value")
    if getattr(ip, _CTX_FLAG, None) or _names_context(ip, c.loc[0]) or not _default_context():
        return c.unknown("decimal.Decimal() in a program that changes the decimal context")
    if not isinstance(v, (int, str, float, decimal.Decimal)) or isinstance(v, bool):
        return c.unknown("decimal.Decimal() of a value we cannot read")
    if isinstance(v, str) and len(v) > 100:
        return c.unknown("decimal.Decimal() of a long text")
    try:
        got = decimal.Decimal(v)
    except (decimal.InvalidOperation, ValueError, TypeError):
        return c.unknown("decimal.Decimal() that would raise")
    setattr(ip, _MADE_FLAG, True)
    return got


def _context_call(c: Call) -> Any:
    ip = getattr(c.interp, "ip", c.interp)
    setattr(ip, _CTX_FLAG, c.where)
    if getattr(ip, _MADE_FLAG, False):
        from driftcheck.parsers.source.values.abstract import Budget

        raise Budget(
            f"{c.qual}() at {c.where} after Decimal values were made (context not modelled)"
        )
    return c.unknown(f"{c.qual}() (the decimal context is not modelled)")


for _n in ("getcontext", "setcontext", "localcontext", "Context"):
    DEC.add(_n, _context_call, f"{_n}(): the decimal context is not modelled (unknown)")


# ---------------------------------------------------------------------------------- tokenize
# A config language parsed with Python's own tokenizer (gin's ``config_parser`` calls
# ``tokenize.generate_tokens(readline)``): the lines are read by calling ``readline`` (the
# interpreter runs it) up to the ``''`` that ends the input, and tokenized by CPython's
# ``tokenize``. Every line must be a known string; a tokenizer error is unknown.
TOK = Group("tokenize")
MAX_LINES = 5_000
_TOKEN_FIELDS = ("type", "string", "start", "end", "line")


@TOK.entry(
    "generate_tokens",
    doc="generate_tokens(readline): CPython's tokens of the known lines readline returns",
)
def _generate_tokens(c: Call) -> Any:
    import tokenize

    from driftcheck.parsers.source.interp.tuplesub import Generator
    from driftcheck.parsers.source.library.stdlib import NamedTupleType, NamedTupleValue

    if len(c.args) + len(c.kwargs) != 1 or set(c.kwargs) - {"readline"}:
        return c.unknown("tokenize.generate_tokens() with these arguments")
    readline, lines, size = c.arg(0, "readline"), [], 0
    while True:
        line = plain(c.interp.calls.call(readline, [], {}, c.loc))
        if not isinstance(line, str):
            return c.unknown("tokenize.generate_tokens() of a readline giving a value not known")
        if not line:
            break
        lines.append(line)
        size += len(line)
        if size > MAX_TEXT or len(lines) > MAX_LINES:
            return c.unknown("tokenize.generate_tokens() of a long text")
    feed = iter(lines)
    try:
        toks = list(tokenize.generate_tokens(lambda: next(feed, "")))
    except (tokenize.TokenError, SyntaxError) as e:
        return c.unknown(f"tokenize.generate_tokens() that would raise {type(e).__name__}")
    nt = NamedTupleType("TokenInfo", _TOKEN_FIELDS, ())
    return Generator([NamedTupleValue(tuple(t), nt) for t in toks])


# ---------------------------------------------------------------------------------- struct
# Sizes packed into a binary header (a checkpoint exporter's ``struct.pack("<6I", ...)``, read
# back with ``struct.unpack``): the bytes are data, decoded by CPython's own ``struct`` from a
# known format and known values / bytes, so the numbers read are the ones the program reads.
STRUCT = Group("struct")
MAX_STRUCT = 1 << 16  # bytes: a longer record is not packed / unpacked statically (unknown)


def _struct_format(c: Call) -> Any:
    fmt = c.plain(0, "format")
    if isinstance(fmt, bytes):
        fmt = fmt.decode("ascii", "replace")
    if not isinstance(fmt, str) or len(fmt) > 256:
        return None
    try:
        return fmt if struct.calcsize(fmt) <= MAX_STRUCT else None
    except struct.error:  # CPython raises: not decided statically
        return None


def _buffer(v: Any) -> bytes | None:
    v = plain(v)
    return bytes(v) if isinstance(v, (bytes, bytearray)) and len(v) <= MAX_STRUCT else None


@STRUCT.entry("pack", doc="pack(fmt, *values): CPython's struct.pack of a known format and values")
def _struct_pack(c: Call) -> Any:
    fmt, vals = _struct_format(c), [plain(a) for a in c.args[1:]]
    if fmt is None or c.kwargs or not all(isinstance(v, (int, float, bytes, bool)) for v in vals):
        return c.unknown("struct.pack() of a format or values we cannot read")
    try:
        return struct.pack(fmt, *vals)
    except struct.error:
        return c.unknown("struct.pack() that would raise")


@STRUCT.entry("unpack", doc="unpack(fmt, buffer): CPython's struct.unpack of known bytes")
def _struct_unpack(c: Call) -> Any:
    fmt, buf = _struct_format(c), _buffer(c.arg(1, "buffer"))
    if fmt is None or buf is None:
        return c.unknown("struct.unpack() of a format or bytes we cannot read")
    try:
        return struct.unpack(fmt, buf)
    except struct.error:
        return c.unknown("struct.unpack() that would raise")


@STRUCT.entry("unpack_from", doc="unpack_from(fmt, buffer, offset=0): of known bytes")
def _struct_unpack_from(c: Call) -> Any:
    fmt, buf, off = _struct_format(c), _buffer(c.arg(1, "buffer")), c.plain(2, "offset", 0)
    if fmt is None or buf is None or not isinstance(off, int) or isinstance(off, bool):
        return c.unknown("struct.unpack_from() of a format or bytes we cannot read")
    try:
        return struct.unpack_from(fmt, buf, off)
    except struct.error:
        return c.unknown("struct.unpack_from() that would raise")


@STRUCT.entry("calcsize", doc="calcsize(fmt): the size of a known format")
def _struct_calcsize(c: Call) -> Any:
    fmt = _struct_format(c)
    return (
        c.unknown("struct.calcsize() of a format we cannot read")
        if fmt is None
        else (struct.calcsize(fmt))
    )


# ---------------------------------------------------------------------------------- make_dataclass
def _module_at(c: Call) -> Any:
    """The module of the analyzed code holding the call (its class is defined there)."""
    where = str(c.loc[0]) if c.loc else None
    for m in list(c.interp.mods.values()):
        if m is not None and str(m.path) == where:
            return m
    return c.interp.at_mod


DCM = Group("dataclasses", title="dataclasses (made)")


@DCM.entry(
    "make_dataclass",
    doc="make_dataclass(name, fields, ...): a dataclass of those (name[, type[, default]]) rows",
)
def _make_dataclass(c: Call) -> Any:
    """The class is the one ``@dataclass class Name: field: type = default`` would make: a
    class statement is synthesised at the call (its fields' defaults the values given), so
    an instance is built, read and ``replace``-d as any dataclass of the analyzed code is."""
    mod = _module_at(c)
    name = c.plain(0, "cls_name")
    rows = c.interp.items.iterate(c.arg(1, "fields"))
    if mod is None or not isinstance(name, str) or not name.isidentifier() or rows is None:
        return c.unknown("dataclasses.make_dataclass() of fields we cannot read")
    if set(c.kwargs) - {"cls_name", "fields", "bases", "namespace", "frozen", "eq", "order"}:
        return c.unknown("dataclasses.make_dataclass() with options we do not model")
    from driftcheck.parsers.source.interp.exprs import Frame

    line = c.loc[1] if len(c.loc) > 1 and isinstance(c.loc[1], int) else 1
    fr = Frame(mod)
    body: list[ast.stmt] = []
    for i, row in enumerate(rows):
        row = plain(row)
        fname = row if isinstance(row, str) else row[0] if isinstance(row, (tuple, list)) else None
        if not isinstance(fname, str) or not fname.isidentifier():
            return c.unknown("dataclasses.make_dataclass() of a field we cannot read")
        value = None
        if isinstance(row, (tuple, list)) and len(row) > 2:
            fr.locals[f"__dc_default_{i}"] = row[2]
            value = ast.Name(f"__dc_default_{i}", ast.Load())
        st = ast.AnnAssign(ast.Name(fname, ast.Store()), ast.Constant("field"), value, 1)
        body.append(st)
    bases = c.interp.items.iterate(c.kwargs["bases"]) if "bases" in c.kwargs else []
    if bases is None or not all(isinstance(plain(b), Cls) for b in bases):
        return c.unknown("dataclasses.make_dataclass() with bases we cannot read")
    ns = plain(c.kwargs.get("namespace")) or {}
    if not isinstance(ns, dict):
        return c.unknown("dataclasses.make_dataclass() with a namespace we cannot read")
    node = ast.ClassDef(
        name=name,
        bases=[],
        keywords=[],
        body=body or [ast.Pass()],
        decorator_list=[ast.Name("dataclass", ast.Load())],
    )
    for n in ast.walk(node):
        n.lineno, n.col_offset = line, 0  # type: ignore[attr-defined]
        n.end_lineno, n.end_col_offset = line, 0  # type: ignore[attr-defined]
    cls = c.interp.classes.make_class(node, mod, fr)
    cls.bases = [plain(b) for b in bases]
    cls.ns.update(ns)
    return cls


# ---------------------------------------------------------------------------------- http.cookies
# A ``Cookie:`` header parsed by ``http.cookies.SimpleCookie`` (a demo server's session
# carrying the run's sizes): the header is parsed by CPython's own class, so each morsel's
# value is the string the program reads. A jar fed an unknown text (or a value we cannot
# read) is unknown from then on, never the part it knew.
CK = Group("http.cookies")


class CookieJar:
    """A ``SimpleCookie`` / ``BaseCookie``; ``lost`` says why it is unknown (None: known)."""

    library_type: ClassVar[str] = "http.cookies.SimpleCookie"
    library_mutable: ClassVar[bool] = True  # a module global filled by ``jar.load(...)``

    def __init__(self, jar: Any) -> None:
        self.jar = jar
        self.lost: str | None = None

    def _lose(self, why: str) -> None:
        self.lost = self.lost or why

    def load(self, data: Any) -> None:
        data = plain(data)
        if isinstance(data, dict):
            data = {plain(k): plain(v) for k, v in data.items()}
            ok = all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())
        else:
            ok = isinstance(data, str) and len(data) <= MAX_TEXT
        if not ok:
            self._lose("SimpleCookie.load() of a text not known statically")
            return
        try:
            self.jar.load(data)
        except Exception:  # noqa: BLE001 - http.cookies.CookieError and friends: not decided
            self._lose("SimpleCookie.load() that would raise")

    def attr(self, name: str) -> Any:
        if name == "load":
            return _Method(lambda a, k: self.load(a[0] if a else k.get("rawdata")))
        if self.lost:
            return Unknown(f"cookie value ({self.lost})")
        if name == "keys":
            return _Method(lambda a, k: list(self.jar.keys()))
        if name == "values":
            return _Method(lambda a, k: [Morsel(m) for m in self.jar.values()])
        if name == "items":
            return _Method(lambda a, k: [(key, Morsel(m)) for key, m in self.jar.items()])
        if name == "get":
            return _Method(lambda a, k: self._get(a))
        return Unknown(f"http.cookies attribute {name}")

    def _get(self, a: list) -> Any:
        key = plain(a[0]) if a else None
        if not isinstance(key, str):
            return Unknown("SimpleCookie.get() of an unknown key")
        m = self.jar.get(key)
        return Morsel(m) if m is not None else (a[1] if len(a) > 1 else None)

    def __getitem__(self, key: Any) -> Any:
        if self.lost:
            return Unknown(f"cookie value ({self.lost})")
        return Morsel(self.jar[key])  # KeyError: as CPython

    def __contains__(self, key: Any) -> bool:
        return key in self.jar

    def library_iter(self) -> list | None:
        return None if self.lost else list(self.jar)

    def library_setitem(self, key: Any, value: Any) -> None:
        key, value = plain(key), plain(value)
        if not isinstance(key, str) or not isinstance(value, str):
            self._lose("a cookie set to a value not known statically")
            return
        try:
            self.jar[key] = value
        except Exception:  # noqa: BLE001 - an illegal key: CPython raises
            self._lose("a cookie set that would raise")


class Morsel:
    """One cookie of a jar: ``value`` / ``coded_value`` / ``key`` and its attributes."""

    library_type: ClassVar[str] = "http.cookies.Morsel"

    def __init__(self, m: Any) -> None:
        self.m = m

    def attr(self, name: str) -> Any:
        if name in ("value", "coded_value", "key"):
            return getattr(self.m, name)
        return Unknown(f"http.cookies.Morsel attribute {name}")

    def __getitem__(self, key: Any) -> Any:
        return self.m[key]  # a cookie attribute (``path``, ``max-age``); KeyError as CPython

    def __contains__(self, key: Any) -> bool:
        return key in self.m


def _cookie_jar(kind: str) -> Any:
    def impl(c: Call) -> Any:
        import http.cookies

        if set(c.kwargs) - {"input"} or len(c.args) > 1:
            return c.unknown(f"http.cookies.{kind}() with arguments we do not model")
        jar = CookieJar(getattr(http.cookies, kind)())
        data = c.arg(0, "input")
        if data is not None:
            jar.load(data)
        return jar

    return impl


for _kind in ("SimpleCookie", "BaseCookie"):
    CK.add(
        _kind,
        _cookie_jar(_kind),
        f"{_kind}([input]): a cookie header parsed by CPython's own http.cookies (load of a "
        "known text or dict; keys, values, items, get, jar[key]: morsels' value / coded_value "
        "/ key); a jar fed an unknown text is unknown from then on",
    )


# ---------------------------------------------------------------------------------- datetime
# Dates written as ISO text or as numbers (a dated changelog of sizes: the newest entry not
# later than the checkpoint's date wins): ``date.fromisoformat`` / ``date(y, m, d)`` (and
# ``datetime``'s) made by CPython, compared by CPython's own operators (a date against a
# datetime, or an aware against a naive one, raises there: unknown here). The clock
# (``today``, ``now``) is never read: unknown.
DT = Group("datetime")


class _KnownValue:
    """A Python value made by CPython from known values, compared by CPython's own operators
    against another of the same kind (``NotImplemented`` otherwise, as CPython answers)."""

    __slots__ = ("d",)

    def __init__(self, d: Any) -> None:
        self.d = d

    def _other(self, other: Any) -> Any:
        return other.d if type(other) is type(self) else NotImplemented

    def __eq__(self, other: Any) -> Any:
        o = self._other(other)
        return o if o is NotImplemented else self.d == o

    def __ne__(self, other: Any) -> Any:
        o = self._other(other)
        return o if o is NotImplemented else self.d != o

    def __lt__(self, other: Any) -> Any:
        o = self._other(other)
        return o if o is NotImplemented else self.d < o

    def __le__(self, other: Any) -> Any:
        o = self._other(other)
        return o if o is NotImplemented else self.d <= o

    def __gt__(self, other: Any) -> Any:
        o = self._other(other)
        return o if o is NotImplemented else self.d > o

    def __ge__(self, other: Any) -> Any:
        o = self._other(other)
        return o if o is NotImplemented else self.d >= o

    def __hash__(self) -> int:
        return hash(self.d)

    def __repr__(self) -> str:
        return repr(self.d)


class KnownDate(_KnownValue):
    """A ``datetime.date`` / ``datetime.datetime`` made from known values."""

    __slots__ = ()
    library_type: ClassVar[str] = "datetime.date"
    py_compare: ClassVar[bool] = True  # compared by Python's operators (interp/exprs.py)

    # arithmetic as CPython's: ``date - date`` is a timedelta, ``date +/- timedelta`` a date;
    # anything else (a date plus a number, a date minus a datetime) raises TypeError there,
    # which the evaluator reads as unknown
    def __sub__(self, other: Any) -> Any:
        o = other.d if isinstance(other, (KnownDate, KnownDelta)) else None
        if o is None:
            return NotImplemented
        return _dated(self.d - o)

    def __add__(self, other: Any) -> Any:
        if not isinstance(other, KnownDelta):
            return NotImplemented
        return _dated(self.d + other.d)

    __radd__ = __add__

    def attr(self, name: str) -> Any:
        if name in ("year", "month", "day", "hour", "minute", "second", "microsecond"):
            got = getattr(self.d, name, None)
            return got if isinstance(got, int) else Unknown(f"date attribute {name}")
        if name in ("isoformat", "weekday", "isoweekday", "toordinal"):
            fn = getattr(self.d, name)
            return _Method(lambda a, k: _date_call(fn, a, k))
        if name == "date" and hasattr(self.d, "date"):
            return _Method(
                lambda a, k: (
                    KnownDate(self.d.date())
                    if not a and not k
                    else Unknown("datetime.date() with arguments")
                )
            )
        return Unknown(f"datetime attribute {name}")


class KnownDelta(_KnownValue):
    """A ``datetime.timedelta`` made from known values (a difference of known dates,
    ``timedelta(days=...)``): CPython's own arithmetic and comparisons."""

    __slots__ = ()
    library_type: ClassVar[str] = "datetime.timedelta"
    py_compare: ClassVar[bool] = True  # compared by Python's operators (interp/exprs.py)
    py_truth: ClassVar[bool] = True  # its own ``__bool__`` (a zero duration is falsy)

    def _arith(self, other: Any, fn: Any) -> Any:
        o = other.d if isinstance(other, KnownDelta) else other
        if not (isinstance(other, KnownDelta) or type(other) in (int, float)):
            return NotImplemented
        return _dated(fn(self.d, o))

    def __add__(self, other: Any) -> Any:
        return (
            self._arith(other, lambda a, b: a + b)
            if isinstance(other, KnownDelta)
            else (NotImplemented)
        )

    def __sub__(self, other: Any) -> Any:
        return (
            self._arith(other, lambda a, b: a - b)
            if isinstance(other, KnownDelta)
            else (NotImplemented)
        )

    def __mul__(self, other: Any) -> Any:
        return (
            self._arith(other, lambda a, b: a * b)
            if not isinstance(other, KnownDelta)
            else (NotImplemented)
        )

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: a / b)

    def __floordiv__(self, other: Any) -> Any:
        return self._arith(other, lambda a, b: a // b)

    def __mod__(self, other: Any) -> Any:
        return (
            self._arith(other, lambda a, b: a % b)
            if isinstance(other, KnownDelta)
            else (NotImplemented)
        )

    def __neg__(self) -> Any:
        return KnownDelta(-self.d)

    def __abs__(self) -> Any:
        return KnownDelta(abs(self.d))

    def __bool__(self) -> bool:
        return bool(self.d)

    def attr(self, name: str) -> Any:
        if name in ("days", "seconds", "microseconds"):
            return getattr(self.d, name)
        if name == "total_seconds":
            return _Method(
                lambda a, k: (
                    self.d.total_seconds()
                    if not a and not k
                    else Unknown("timedelta.total_seconds() with arguments")
                )
            )
        return Unknown(f"timedelta attribute {name}")


def _dated(v: Any) -> Any:
    """A ``datetime`` result wrapped as the interpreter's value (numbers stay plain)."""
    import datetime

    if isinstance(v, datetime.timedelta):
        return KnownDelta(v)
    if isinstance(v, datetime.date):
        return KnownDate(v)
    return v


def _make_delta(c: Call) -> Any:
    import datetime

    pa = [plain(x) for x in c.args]
    kw = {n: plain(v) for n, v in c.kwargs.items()}
    names = ("days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks")
    ok = set(kw) <= set(names) and len(pa) <= len(names)
    if not ok or not all(type(x) in (int, float) for x in [*pa, *kw.values()]):
        return c.unknown("datetime.timedelta() of values not known statically")
    try:
        return KnownDelta(datetime.timedelta(*pa, **kw))
    except (TypeError, ValueError, OverflowError):
        return c.unknown("datetime.timedelta() that CPython refuses")


def _date_call(fn: Any, a: list, k: dict) -> Any:
    pa = [plain(x) for x in a]
    kw = {n: plain(v) for n, v in k.items()}
    if not all(type(x) in (int, str) for x in [*pa, *kw.values()]):
        return Unknown("a date method of values not known statically")
    try:
        return fn(*pa, **kw)
    except (TypeError, ValueError):
        return Unknown("a date method CPython refuses")


def _make_date(kind: str, how: str) -> Any:
    def impl(c: Call) -> Any:
        import datetime

        pa = [plain(x) for x in c.args]
        kw = {n: plain(v) for n, v in c.kwargs.items()}
        if how == "fromisoformat":
            ok = len(pa) == 1 and not kw and isinstance(pa[0], str) and len(pa[0]) <= 64
        else:  # the constructor: integers only (``tzinfo`` objects are not modelled)
            names = ("year", "month", "day", "hour", "minute", "second", "microsecond", "fold")
            ok = set(kw) <= set(names) and all(type(x) is int for x in [*pa, *kw.values()])
        if not ok:
            return c.unknown(f"datetime.{kind}.{how}() of values not known statically")
        cls = getattr(datetime, kind)
        try:
            return KnownDate(cls.fromisoformat(*pa) if how == "fromisoformat" else cls(*pa, **kw))
        except (TypeError, ValueError, OverflowError):
            return c.unknown(f"datetime.{kind}.{how}() that CPython refuses")

    return impl


DT.add(
    "timedelta",
    _make_delta,
    "timedelta(days, seconds, ...) of known numbers, and the difference of two known dates: "
    "CPython's own (.days, .seconds, .total_seconds(), arithmetic, comparisons)",
)
for _kind in ("date", "datetime"):
    DT.add(
        _kind,
        _make_date(_kind, "new"),
        f"{_kind}(year, month, day, ...) of known integers: CPython's own, compared by its "
        "operators (a mixed or aware/naive comparison is unknown)",
    )
    DT.add(
        f"{_kind}.fromisoformat",
        _make_date(_kind, "fromisoformat"),
        f"{_kind}.fromisoformat(text) of a known ISO text: CPython's own; refused text is unknown",
    )


class ScratchWriter(TextStream):
    """``open(path, "w")`` of a file in a live temporary directory (session 33, reimplfix33b):
    the text written through ``write`` / ``writelines`` (and ``json.dump``), stored as the
    file's text (library/scratchfs.py) when it is flushed or closed (``close()``, the end of
    its ``with`` block), as CPython's buffered file reaches the disk then. Until then the file
    reads as unknown. A write not modelled, a write under an undecided condition, or the file
    handed to any other library call (``print(..., file=f)``, ``yaml.dump(d, f)``: text we do
    not follow) leaves the file unknown, never the text seen so far. Reads from it (a
    write-only file) are unknown."""

    library_type: ClassVar[str] = "io.StringIO"  # json.dump writes through ``write_text``
    _WRITE_ONLY = frozenset(("write", "writelines", "flush", "close", "name", "closed"))

    def __init__(self, path: str, interp: Any, where: str) -> None:
        from driftcheck.parsers.source.library import scratchfs

        super().__init__("", interp)
        self.path, self.where = path, where
        self.written = True  # writes go at the position (``TextStream.write_text``)
        scratchfs.mark_unknown(interp, path, f"{path} open for writing at {where}")
        # the writers open now: a library call handed one loses its text (``escaped``,
        # library/machine.py ``call_ext``)
        scratchfs.writers(interp).append(self)

    def attr(self, name: str) -> Any:
        if name not in self._WRITE_ONLY:
            return Unknown(f"{name} of a file open for writing (not modelled)")
        if name == "name":
            return self.path
        if name == "closed":
            return bool(self.closed)
        if name in ("flush", "close"):
            return _Method(lambda a, k: self._store(name) if not (a or k) else None)
        return super().attr(name)

    def escaped(self, qual: str) -> None:
        """Handed to the library call ``qual``, whose writes into it we do not follow."""
        self._lose(f"the file handed to {qual}() at {self.where}")

    def _store(self, how: str) -> None:
        from driftcheck.parsers.source.library import scratchfs

        if self.closed:
            return None
        if self.lost:
            scratchfs.mark_unknown(self.interp, self.path, f"{self.path}: {self.lost}")
        else:
            scratchfs.write_text(self.interp, self.path, self.text, self.where)
        if how == "close":
            self.closed = "after close() (ValueError: I/O operation on closed file)"
            held = scratchfs.writers(self.interp)
            if self in held:
                held.remove(self)
        return None

    def library_enter(self) -> Any:
        return self

    def library_exit(self) -> None:
        self._store("close")
