"""Scratch files in a ``tempfile.TemporaryDirectory`` (session 31, issue #17): a training script
saves its ``params.json`` into a temporary directory and the evaluation code reads it back
(``with TemporaryDirectory() as d: ModelArgs.load(args.save(d))``, ``Path(d) / "params.json"``,
``write_text`` then ``read_text``).

Only a directory made by ``TemporaryDirectory()`` and entered by a ``with`` statement holds
files here: its name is a fresh path (under ``/tmp/driftcheck-scratch-<n>``, never on disk), the
``with`` body runs its statements in order (a module-level ``with`` is one statement), and on
exit the directory and its files are gone, as CPython removes them; a path into it after that
is unknown. ``Path.write_text(text)`` of a path inside a live directory stores ``text`` (the
returned length is ``len(text)``); ``read_text()`` gives the text stored last, ``exists`` /
``is_file`` answer from the stored files. A write under a condition or loop whose outcome is
not known (``uncertain``), or of a text not known, leaves that file unknown; reading a file
never written is unknown (FileNotFoundError in CPython). Nothing touches the disk. Any other
temporary file API is not modelled.

Session 40 (wildfix40b): ``tempfile.mkdtemp()`` (``suffix`` / ``prefix`` only) is a fresh scratch
directory that stays live for the rest of the run (CPython never removes it); ``open(path, "w")``
/ ``open(path, "r")`` under it work as under a live ``TemporaryDirectory``.

Session 32 (reimplfix32): ``tempfile.NamedTemporaryFile("w+")`` (a text mode that reads and
writes) entered by a ``with`` statement is an in-memory text stream (library/configtexts.py
``TextStream``: ``write`` at the position, ``flush``, ``seek``, ``tell``, ``read``; ``json.dump``
into it and ``json.load`` from it, library/pkgdata.py); ``name`` is a fresh scratch path (never
on disk, not openable by name). On exit it is closed: reads after the block are unknown. The
binary default mode (``w+b``), a write-only ``w``, ``dir=`` and any other argument are not
modelled (unknown)."""

from __future__ import annotations

from typing import Any, ClassVar

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown, plain

PREFIX = "/tmp/driftcheck-scratch-"
MARK = "driftcheck-scratch-"
"""In every text made from a scratch name (joined, concatenated, its basename): what CPython
prints there is a random name under the launch's temporary directory, so that text's length,
characters and pieces are not known (``named``)."""


def named(v: Any) -> bool:
    """A text holding a scratch name (``tmp``, ``os.path.join(tmp, "a.json")``, ``f.name``):
    its length and contents are CPython's random name's, unknown (session 34). The name
    itself still works as a path (open, write_text, argparse's ``@file``)."""
    return type(v) is str and MARK in v


TF = Group("tempfile")


class _Gone:
    """A file written under an undecided condition, or with a text not known."""

    def __init__(self, why: str) -> None:
        self.why = why


def _state(interp: Any) -> dict:
    st = interp.__dict__.get("_scratchfs")
    if st is None:
        st = interp.__dict__["_scratchfs"] = {"n": 0, "live": set(), "files": {}}
    return st


def live_dir(interp: Any, path: str) -> str | None:
    """The live scratch directory ``path`` is inside (or is), else None."""
    if not path.startswith(PREFIX):
        return None
    for d in _state(interp)["live"]:
        if path == d or path.startswith(d + "/"):
            return d
    return None


def is_scratch(path: str) -> bool:
    return path.startswith(PREFIX)


def write_text(interp: Any, path: str, text: Any, where: str) -> Any:
    if live_dir(interp, path) is None:
        return Unknown(f"write_text() at {where} outside a live temporary directory")
    files = _state(interp)["files"]
    text = plain(text)
    if interp.uncertain:
        files[path] = _Gone(f"{path} written under an undecided condition at {where}")
        return Unknown(f"write_text() at {where} under an undecided condition")
    if not isinstance(text, str):
        files[path] = _Gone(f"{path} written with a text not known at {where}")
        return Unknown(f"write_text() at {where} of a text not known")
    files[path] = text
    return len(text)


def writers(interp: Any) -> list:
    """The files open for writing now (library/configtexts.py ``ScratchWriter``)."""
    return _state(interp).setdefault("writers", [])


def mark_unknown(interp: Any, path: str, why: str) -> None:
    """The file ``path`` (in a live directory) exists with a text not known: open for
    writing and not yet flushed, or written in a way not followed (library/configtexts.py
    ``ScratchWriter``)."""
    if live_dir(interp, path) is not None:
        _state(interp)["files"][path] = _Gone(why)


def open_scratch(interp: Any, path: str, mode: str, where: str) -> Any:
    """``open(path, mode)`` of a path under a scratch directory: ``"w"`` a writer whose text
    is stored when flushed or closed; ``"r"`` the text stored last (a file never written, or
    a directory gone, is unknown: FileNotFoundError in CPython). Other modes unknown."""
    from driftcheck.parsers.source.library.pkgdata import PackageFile

    if live_dir(interp, path) is None:
        return Unknown(f"open() at {where} of a temporary path whose directory is gone")
    if mode in ("w", "wt", "tw"):
        from driftcheck.parsers.source.library.configtexts import ScratchWriter

        return ScratchWriter(path, interp, where)
    if mode in ("r", "rt", "tr"):
        got = read_text(interp, path, where)
        return PackageFile(got, path) if isinstance(got, str) else got
    return Unknown(f"open() at {where} of a temporary file in mode {mode!r} (not modelled)")


def read_text(interp: Any, path: str, where: str) -> Any:
    if live_dir(interp, path) is None:
        return Unknown(f"read_text() at {where} of a temporary file whose directory is gone")
    got = _state(interp)["files"].get(path)
    if got is None:
        return Unknown(f"read_text() at {where} of {path}, never written (FileNotFoundError)")
    if isinstance(got, _Gone):
        return Unknown(got.why)
    return got


def exists(interp: Any, path: str, kind: str) -> Any:
    d = live_dir(interp, path)
    if d is None:
        return Unknown(f"pathlib.Path.{kind}() of a temporary path whose directory is gone")
    files = _state(interp)["files"]
    if any(isinstance(v, _Gone) for v in files.values()):
        return Unknown(f"pathlib.Path.{kind}() beside a file written under an undecided condition")
    if kind == "is_dir":
        return path == d
    return path in files or (kind == "exists" and path == d)


class TempDir:
    """``tempfile.TemporaryDirectory()``: a scratch directory while a ``with`` holds it."""

    library_type: ClassVar[str] = "tempfile.TemporaryDirectory"

    def __init__(self, interp: Any) -> None:
        self.interp = interp
        self.path: str | None = None

    def library_enter(self) -> Any:
        st = _state(self.interp)
        st["n"] += 1
        self.path = f"{PREFIX}{st['n']}"
        st["live"].add(self.path)
        return self.path

    def library_exit(self) -> None:
        if self.path is None:
            return
        st = _state(self.interp)
        st["live"].discard(self.path)
        for p in [p for p in st["files"] if p.startswith(self.path + "/")]:
            del st["files"][p]

    def attr(self, name: str) -> Any:
        return Unknown(f"tempfile.TemporaryDirectory().{name} (only its with block is modelled)")


@TF.entry(
    "TemporaryDirectory",
    doc="TemporaryDirectory() in a with block: a scratch directory whose files Path.write_text "
    "/ read_text keep in memory until the block ends (never the disk)",
)
def _temporary_directory(c: Call) -> Any:
    if c.args or set(c.kwargs) - {"suffix", "prefix"}:
        return c.unknown("tempfile.TemporaryDirectory() with a directory or arguments")
    return TempDir(c.interp)


@TF.entry(
    "mkdtemp",
    doc="mkdtemp() (suffix / prefix only): a fresh scratch directory that stays for the rest of "
    "the run (CPython never removes it); its files are kept in memory, never the disk",
)
def _mkdtemp(c: Call) -> Any:
    # session 40 (wildfix40b): a script writes its config JSON into ``tempfile.mkdtemp()`` and a
    # library reads it back by path (pytorch-pretrained-bert's ``GPT2Config(path)``); the
    # directory is live from the call on and never removed (CPython leaves it to the caller)
    if c.args or set(c.kwargs) - {"suffix", "prefix"}:
        return c.unknown("tempfile.mkdtemp() with a directory or arguments")
    if any(not isinstance(plain(v), (str, type(None))) for v in c.kwargs.values()):
        return c.unknown("tempfile.mkdtemp() with a suffix / prefix not known")
    st = _state(c.interp)
    st["n"] += 1
    path = f"{PREFIX}{st['n']}"
    st["live"].add(path)
    return path


class NamedTempFile:
    """``tempfile.NamedTemporaryFile("w+")`` before its ``with`` block: entering gives the file,
    an in-memory text stream; leaving closes it."""

    library_type: ClassVar[str] = "tempfile.NamedTemporaryFile"

    def __init__(self, interp: Any) -> None:
        self.interp = interp
        self.file: Any = None

    def library_enter(self) -> Any:
        from driftcheck.parsers.source.library.configtexts import ScratchText

        st = _state(self.interp)
        st["n"] += 1
        self.file = ScratchText(f"{PREFIX}{st['n']}.tmp", self.interp)
        return self.file

    def library_exit(self) -> None:
        if self.file is not None:
            self.file.closed = "after its with block (the temporary file is closed)"

    def attr(self, name: str) -> Any:
        return Unknown(f"tempfile.NamedTemporaryFile().{name} outside its with block")


_NTF_MODES = frozenset(("w+", "w+t", "wt+"))


@TF.entry(
    "NamedTemporaryFile",
    doc='NamedTemporaryFile("w+") in a with block: an in-memory text file (write, seek, read, '
    "json.dump / json.load) closed when the block ends; binary or write-only modes unknown",
)
def _named_temporary_file(c: Call) -> Any:
    mode = c.plain(0, "mode", "w+b")
    extra = set(c.kwargs) - {"mode", "suffix", "prefix", "delete", "encoding"}
    enc = c.plain(99, "encoding", None)
    if mode not in _NTF_MODES or len(c.args) > 1 or extra:
        return c.unknown("tempfile.NamedTemporaryFile() of a mode or arguments not modelled")
    if enc is not None and not (isinstance(enc, str) and enc.lower().replace("-", "") == "utf8"):
        return c.unknown("tempfile.NamedTemporaryFile() with an encoding not modelled")
    return NamedTempFile(c.interp)
