"""Data files that ship inside an installed package, read when its module is imported: torchani's
``with open(_resources_dir() / "atomic_constants.json") as f: json.load(f)``, open_clip's model
registry filled from ``Path(__file__).parent / "model_configs"`` by ``glob("*.json")``.

Reading such a file is reading data, not running code: its bytes are on disk next to the module
the analyzer already reads, and the program reads the same bytes. So a path built from a
module's ``__file__`` (``pathlib.Path`` / ``importlib.resources.files``) is followed, and
``open`` / ``read_text`` / ``glob`` are answered from disk -- but only read-only, only for a
file under the top package directory of the module that makes the call (the topmost directory
above it that holds an ``__init__.py``), only up to ``MAX_FILE`` bytes a file and ``MAX_FILES``
files an analysis. Anything else (a user path, the home directory, a write, an environment
variable's directory, a file too big) is an honest unknown naming the call; every file read
leaves a note naming it, so a count that rests on package data says which.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import PurePosixPath
from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod, scratch_pieces
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.library.scratchfs import exists as scratch_exists
from driftcheck.parsers.source.library.scratchfs import is_scratch
from driftcheck.parsers.source.library.scratchfs import named as scratch_named
from driftcheck.parsers.source.library.scratchfs import read_text as scratch_read
from driftcheck.parsers.source.library.scratchfs import write_text as scratch_write
from driftcheck.parsers.source.values.abstract import Unknown, plain
from driftcheck.speed import tree_memos

MAX_FILE = 4 << 20  # bytes: a bigger package file is not read (unknown)
MAX_FILES = 256  # files read (or listed by glob) in one analysis; more are unknown


def package_root(module_path: str) -> str | None:
    """The topmost directory above ``module_path`` that is a package (holds ``__init__.py``),
    resolved; None for a module outside any package (a user's script: its neighbours are not
    the package's data)."""
    d = os.path.dirname(os.path.realpath(module_path))
    root = None
    while os.path.isfile(os.path.join(d, "__init__.py")):
        root = d
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    return root


def data_root(module_path: str, script_dir: bool = True) -> str | None:
    """Where the module's own data files may be read from: its top package directory
    (``package_root``), or for a script outside any package its own directory (reimplfix36:
    ``Sizes(**json.load(open(Path(__file__).parent / "sizes.json")))``, a run's sizes in a
    JSON next to the training script; the program reads the same bytes, and nothing above
    the script's directory is read). ``script_dir`` False (DRIFTCHECK_NO_SCRIPT_DIR_DATA=1):
    a script's neighbours are not read."""
    root = package_root(module_path)
    if root is not None or not script_dir:
        return root
    return os.path.dirname(os.path.realpath(module_path))


def _script_dir(c: Call) -> bool:
    """The DRIFTCHECK_NO_SCRIPT_DIR_DATA switch, read once per analysis (kept on the interp)."""
    on = getattr(c.interp, "_pkgdata_script_dir", None)
    if on is None:
        on = os.environ.get("DRIFTCHECK_NO_SCRIPT_DIR_DATA") != "1"
        try:
            c.interp._pkgdata_script_dir = on
        except AttributeError:
            pass
    return on


def _inside(path: str, root: str) -> bool:
    """Whether ``path`` names a file under ``root``. Only an absolute path (one built from
    ``__file__`` or ``importlib.resources``) counts: a relative one is read by the program from
    its working directory at run time, which the analyzer's own working directory says nothing
    about (review37 item 4)."""
    if not os.path.isabs(path):
        return False
    real = os.path.realpath(path)
    return real == root or real.startswith(root + os.sep)


def _depend(path: str, listing: list[str] | None = None) -> None:
    """The file (or, for ``glob``, the folder and its listing) the answer now rests on, as a
    dependency of any cached result (review37 item 5); free when nothing records."""
    from driftcheck.parsers import cache

    if listing is None:
        cache.note_file(path)
        return
    if cache.current().stores.recorders:
        import hashlib

        digest = "listing:" + hashlib.sha256("\0".join(listing).encode()).hexdigest()
        cache.note_stamps([cache.stamp(os.path.realpath(path), digest=digest)])


def _budget(c: Call) -> bool:
    """One more file read in this analysis, if the bound allows."""
    n = getattr(c.interp, "_pkgdata_files", 0)
    if n >= MAX_FILES:
        return False
    c.interp._pkgdata_files = n + 1
    return True


# a module that may write files: ``open(.., "w"/"a"/"x"/"+")``, ``write_text``, ``json.dump``,
# shutil / os file moves. A package file it reads could hold what it wrote first (the import
# order is not ours to replay), so its reads stay unknown. ``Path.replace(target)`` takes one
# argument; ``str.replace(old, new[, count])`` at least two, so a ``.replace(`` call with a
# top-level comma is a string's (open_clip's ``identifier.replace('/', '-')``), never a move
_WRITES = re.compile(
    r"""open\([^)]*['"][rbt]*[wax+]|\.write_(text|bytes)\(|\b(json|yaml|pickle|toml)\.dump\("""
    r"""|\bshutil\.|\bos\.(replace|rename|remove|unlink)\b|\.(unlink|rename|touch)\("""
    r"""|\.replace\((?![^()]*(?:\([^()]*\)[^()]*)*,)"""
)


def _module_writes(module_path: str) -> bool:
    """Whether the module's text may write files (``_WRITES``); kept for the process by path
    while the ``tree_memos`` switch is on (off: the file is read at every ask)."""
    if tree_memos():
        return _module_writes_kept(module_path)
    return _scan_writes(module_path)


def _scan_writes(module_path: str) -> bool:
    try:
        with open(module_path, encoding="utf-8", errors="replace") as f:
            return _WRITES.search(f.read()) is not None
    except OSError:
        return True


_module_writes_kept = functools.lru_cache(maxsize=256)(_scan_writes)


def _note(c: Call, path: str) -> None:
    stmts = getattr(c.interp, "stmts", None)
    if stmts is not None:
        kind = "package" if package_root(str(c.loc[0])) is not None else "script folder"
        stmts.note(f"data file read ({kind}): {path} (at {c.where})")


class PathValue:
    """A ``pathlib.Path`` as pure path arithmetic (``/``, ``parent``, ``name``, ``stem``,
    ``suffix``, ``resolve``, ``joinpath``); what asks the disk (``glob``, ``exists``,
    ``read_text``, ``open``) is answered only under the calling module's package."""

    library_type: ClassVar[str] = "pathlib.Path"
    __slots__ = ("path", "c")

    def __init__(self, path: str, c: Call) -> None:
        self.path, self.c = path, c

    def __str__(self) -> str:
        return self.path

    def __fspath__(self) -> str:
        return self.path

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PathValue) and other.path == self.path

    def __hash__(self) -> int:
        return hash(self.path)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, PathValue):
            return NotImplemented
        return PurePosixPath(self.path) < PurePosixPath(other.path)

    def __truediv__(self, other: Any) -> Any:
        other = plain(other)
        if isinstance(other, PathValue):
            other = other.path
        if not isinstance(other, str):
            return Unknown("a path joined with a value not known statically")
        return PathValue(os.path.join(self.path, other), self.c)

    def _pure(self) -> PurePosixPath:
        return PurePosixPath(self.path)

    def attr(self, name: str) -> Any:
        p = self._pure()
        if name in ("name", "stem", "suffix"):
            return scratch_pieces([self.path], getattr(p, name), f"Path.{name}")
        if name == "parent":
            up = scratch_pieces([self.path], str(p.parent), "Path.parent")
            return up if isinstance(up, Unknown) else PathValue(up, self.c)
        if name == "parts":
            if scratch_named(self.path):  # its depth is TMPDIR's
                return Unknown("Path.parts of a temporary file's name")
            return tuple(p.parts)
        if name in ("resolve", "absolute"):
            return BuiltinMethod(lambda a, k: PathValue(os.path.abspath(self.path), self.c))
        if name == "joinpath":
            return BuiltinMethod(self._joinpath)
        if name == "with_suffix":
            return BuiltinMethod(self._with_suffix)
        if is_scratch(self.path):  # a file of a TemporaryDirectory (library/scratchfs.py)
            return self._scratch(name)
        if name in ("exists", "is_file", "is_dir"):
            return BuiltinMethod(lambda a, k: self._test(name))
        if name == "glob":
            return BuiltinMethod(self._glob)
        if name == "read_text":
            return BuiltinMethod(lambda a, k: self._read(a, k))
        if name == "open":
            return BuiltinMethod(lambda a, k: open_file(self.c, self.path, a[0] if a else "r"))
        return Unknown(f"pathlib.Path.{name}")

    def _scratch(self, name: str) -> Any:
        ip, where = self.c.interp, self.c.where
        if name == "write_text":

            def write(a: list, k: dict) -> Any:
                if len(a) != 1 or set(k) - {"encoding"}:
                    return Unknown("pathlib.Path.write_text() with arguments we do not model")
                return scratch_write(ip, self.path, a[0], where)

            return BuiltinMethod(write)
        if name == "read_text":

            def read(a: list, k: dict) -> Any:
                if a or set(k) - {"encoding"}:
                    return Unknown("pathlib.Path.read_text() with arguments we do not model")
                return scratch_read(ip, self.path, where)

            return BuiltinMethod(read)
        if name in ("exists", "is_file", "is_dir"):
            return BuiltinMethod(lambda a, k: scratch_exists(ip, self.path, name))
        if name == "open":  # ``(Path(d) / "run.args").open("w")`` (session 33)
            return BuiltinMethod(
                lambda a, k: open_file(self.c, self.path, a[0] if a else k.get("mode", "r"))
            )
        return Unknown(f"pathlib.Path.{name} of a temporary file")

    def _joinpath(self, a: list, k: dict) -> Any:
        out: Any = self
        for x in a:
            out = out / x if isinstance(out, PathValue) else out
        return out

    def _with_suffix(self, a: list, k: dict) -> Any:
        s = plain(a[0]) if len(a) == 1 and not k else None
        if not isinstance(s, str):
            return Unknown("pathlib.Path.with_suffix() of an unknown suffix")
        try:
            return PathValue(str(self._pure().with_suffix(s)), self.c)
        except ValueError:
            return Unknown("pathlib.Path.with_suffix() that would raise")

    def _root(self) -> str | None:
        root = data_root(self.c.loc[0], _script_dir(self.c))
        return root if root is not None and _inside(self.path, root) else None

    def _test(self, name: str) -> Any:
        if self._root() is None:
            return Unknown(f"pathlib.Path.{name}() of a path outside the calling package")
        _depend(self.path)
        return getattr(os.path, {"exists": "exists", "is_file": "isfile", "is_dir": "isdir"}[name])(
            self.path
        )

    def _glob(self, a: list, k: dict) -> Any:
        pattern = plain(a[0]) if len(a) == 1 and not k else None
        if not isinstance(pattern, str) or "**" in pattern or os.sep in pattern:
            return Unknown("pathlib.Path.glob() of a pattern we do not list")
        if self._root() is None or not os.path.isdir(self.path):
            return Unknown("pathlib.Path.glob() outside the calling package")
        from pathlib import Path

        found = sorted(str(p) for p in Path(self.path).glob(pattern))
        if len(found) > MAX_FILES or not all(_inside(p, self._root() or "") for p in found):
            return Unknown("pathlib.Path.glob() listing too many files or leaving the package")
        _depend(self.path, found)
        # a generator in CPython, in file-system order: sorted here, so a consumer that depends
        # on the order sees one order (open_clip sorts the registry by name afterwards)
        return [PathValue(p, self.c) for p in found]

    def _read(self, a: list, k: dict) -> Any:
        if a or set(k) - {"encoding"}:
            return Unknown("pathlib.Path.read_text() with arguments we do not model")
        f = open_file(self.c, self.path, "r")
        return f.text if isinstance(f, PackageFile) else f


class PackageFile:
    """A text file of the package, read whole: ``read`` / ``readlines`` once (its position is
    not modelled: a second read is unknown), handed to ``json.load``, usable in ``with``.
    (Not configtexts' ``io.StringIO``: a lookup under ``builtins`` must not load that group.)"""

    library_type: ClassVar[str] = "io.TextIOWrapper"

    def __init__(self, text: str, path: str) -> None:
        self.text, self.path, self.consumed = text, path, False

    def attr(self, name: str) -> Any:
        if name == "name":
            return self.path
        if name == "close":
            return BuiltinMethod(lambda a, k: None)
        if name in ("read", "readlines"):
            return BuiltinMethod(lambda a, k: self._read(name, a, k))
        return Unknown(f"a package file's attribute {name}")

    def _read(self, name: str, a: list, k: dict) -> Any:
        if self.consumed or a or k:
            return Unknown(f"{name}() of a package file after a read, or of a size")
        self.consumed = True
        return self.text if name == "read" else self.text.splitlines(keepends=True)


def open_file(c: Call, path: Any, mode: Any) -> Any:
    """``open(path, mode)`` for reading a package file (see the module docstring)."""
    path, mode = plain(path), plain(mode)
    if isinstance(path, PathValue):
        path = path.path
    if isinstance(path, str) and is_scratch(path) and isinstance(mode, str):
        # a file of a live TemporaryDirectory (session 33): written or read in memory
        from driftcheck.parsers.source.library.scratchfs import open_scratch

        return open_scratch(c.interp, path, mode, c.where)
    if not isinstance(path, str) or mode not in ("r", "rt", "rb", "tr", "br"):
        return c.unknown("open() of a path not known statically, or not for reading")
    root = data_root(c.loc[0], _script_dir(c))
    if root is None or not _inside(path, root):
        return c.unknown("open() of a file outside the calling module's package or directory")
    if _module_writes(str(c.loc[0])):
        return c.unknown(f"open() of {path} by a module that also writes files")
    if not os.path.isfile(path) or os.path.getsize(path) > MAX_FILE or not _budget(c):
        return c.unknown(
            f"open() of {path}: missing, over {MAX_FILE} bytes, or over the file bound"
        )
    with open(path, "rb") as f:  # the analyzer reads the package's bytes; never writes
        data = f.read(MAX_FILE + 1)
    _note(c, path)
    _depend(path)
    if "b" in mode:
        return Unknown(f"binary package file {path} (bytes streams are not modelled)")
    try:
        return PackageFile(data.decode("utf-8"), path)
    except UnicodeDecodeError:
        return c.unknown(f"open() of {path}: not UTF-8 text")


# ---------------------------------------------------------------------------------- entries
B = Group("builtins", title="builtins (package data files)")


@B.entry(
    "open",
    doc="open(path[, mode]) for reading a file under the calling module's own package "
    "(<= 4 MiB, <= 256 files an analysis, a note names it); any other file is unknown",
    also=("io.open",),  # ``from io import open``: the same function (``io.open is open``)
)
def _open(c: Call) -> Any:
    if set(c.kwargs) - {"file", "mode", "encoding"}:
        return c.unknown("open() with arguments we do not model")
    return open_file(c, c.arg(0, "file"), c.arg(1, "mode", "r"))


PL = Group("pathlib", title="pathlib (package data files)")


@PL.entry(
    "Path",
    "PurePath",
    "PosixPath",
    "PurePosixPath",
    doc="Path(text, ...) of known strings: path arithmetic; the disk is asked only under the "
    "calling module's package",
)
def _path(c: Call) -> Any:
    parts = [plain(a) for a in c.args]
    parts = [p.path if isinstance(p, PathValue) else p for p in parts]
    if c.kwargs or not parts or not all(isinstance(p, str) for p in parts):
        return c.unknown("pathlib.Path() of a value not known statically")
    return PathValue(os.path.join(*parts), c)


RES = Group("importlib.resources", title="importlib.resources (package data files)")


@RES.entry("files", doc="files(package) of an importable package name: its directory as a path")
def _files(c: Call) -> Any:
    name = c.plain(0, "anchor")
    if not isinstance(name, str):
        return c.unknown("importlib.resources.files() of a package not named statically")
    mod = c.interp.names.module(name) if hasattr(c.interp, "names") else None
    path = getattr(mod, "path", None)
    if path is None or os.path.basename(str(path)) != "__init__.py":
        return c.unknown(f"importlib.resources.files({name!r}): not a package we read")
    return PathValue(os.path.dirname(str(path)), c)


JS = Group("json", title="json (package data files)")


def _stream_text(c: Call) -> str | None:
    f = c.plain(0, "fp")
    if getattr(f, "written", False) and getattr(f, "library_type", None) == "io.StringIO":
        # written by the code (session 32): read from where the stream is
        got = f._read("read", [], {})
        return got if isinstance(got, str) else None
    stream = getattr(f, "library_type", None) in ("io.TextIOWrapper", "io.StringIO")
    fresh = not (f.consumed or getattr(f, "pos", 0) or getattr(f, "lost", "")) if stream else False
    if stream and isinstance(getattr(f, "text", None), str) and fresh:
        f.consumed = True
        return f.text
    return None


@JS.entry(
    "dump",
    doc="dump(obj, fp, indent=, sort_keys=, separators=, ensure_ascii=, allow_nan=) of known "
    "plain data into an in-memory text stream (io.StringIO, a NamedTemporaryFile): "
    "json.dumps's text written at the stream's position",
)
def _json_dump(c: Call) -> Any:
    from driftcheck.parsers.source.library import purecalls
    from driftcheck.parsers.source.library.configtexts import TextStream

    fp = c.plain(1, "fp")
    if not isinstance(fp, TextStream) or getattr(fp, "library_type", "") != "io.StringIO":
        return c.unknown("json.dump() into a file not modelled")
    kw = {k: v for k, v in c.kwargs.items() if k not in ("obj", "fp")}
    text = purecalls.evaluate(
        Call(c.interp, "json.dumps", [c.arg(0, "obj")], kw, c.loc), "json", "dumps"
    )
    if not isinstance(plain(text), str):
        return fp._lose(f"json.dump() at {c.where} of data not known")
    got = fp.write_text("write", [plain(text)], {})
    return None if not isinstance(got, Unknown) else got


@JS.entry("load", doc="load(fp) of a package file opened read-only: parsed by Python's json")
def _json_load(c: Call) -> Any:
    import json

    from driftcheck.parsers.source.library.wildlib import _plain_data

    text = _stream_text(c)
    if text is None or set(c.kwargs) - {"fp"}:
        return c.unknown("json.load() of a stream we cannot read, or with hooks")
    try:
        out = json.loads(text)
    except ValueError:
        return c.unknown("json.load() of a text the parser refuses")
    return out if _plain_data(out) else c.unknown("json.load() of non-JSON values")
