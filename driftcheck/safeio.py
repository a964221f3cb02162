"""Opening input files safely: the one way driftcheck reads a file it was handed.

Every file an analysis reads -- a config, a manifest, a checkpoint header, a shard an index
names, a ``pyproject.toml`` found upward from the working directory -- may come from a hostile
pull request. A path is therefore:

- resolved (symlinks followed) before anything is decided about it, so a containment check
  (``inside``) looks at where the bytes really are, not at how the path is spelled;
- refused unless it is a *regular file*: a named pipe would block the read forever, a symlink
  to ``/dev/zero`` or ``/dev/urandom`` would be read until memory runs out, a socket or a device
  has no size to check. The check is made with ``stat`` before opening (opening some devices
  has effects) and again with ``fstat`` on the opened descriptor (the path may have been
  swapped in between); the open itself never blocks (``O_NONBLOCK``);
- read with a byte cap: at most ``limit + 1`` bytes are ever read, whatever ``st_size`` said,
  and a file that yields more bytes than its size (``/proc/self/environ``, ``/sys`` files: they
  pass for regular files of size 0) is refused.

Errors are ``DriftcheckError`` lines that name the file and say what is wrong with it; they
never quote its bytes (a file reached through a symlink may be somebody's ``/etc/passwd``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from driftcheck.errors import DriftcheckError

MAX_TEXT_BYTES = 64 * 1024 * 1024
"""The default cap on one text input (a config, a graph JSON): real ones are under 1 MB."""

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def _refuse(mode: int, where: str) -> DriftcheckError:
    return DriftcheckError(f"is {_kind(mode)}, not a regular file", where)


def _cannot(e: OSError, where: str) -> DriftcheckError:
    return DriftcheckError(f"cannot read: {e.strerror or type(e).__name__}", where)


def check_regular(path: str | os.PathLike[str]) -> os.stat_result:
    """``stat`` of ``path`` (symlinks followed); DriftcheckError unless it is a regular file."""
    where = os.fspath(path)
    try:
        st = os.stat(path)
    except OSError as e:
        raise _cannot(e, where) from None
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(st.st_mode, where)
    return st


def is_regular(path: str | os.PathLike[str]) -> bool:
    """True for a regular file (symlinks followed); never raises."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def open_input(path: str | os.PathLike[str]) -> BinaryIO:
    """A binary file object for a regular file; never blocks, never opens a device."""
    where = os.fspath(path)
    check_regular(path)
    try:
        fd = os.open(path, _FLAGS)
    except OSError as e:
        raise _cannot(e, where) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # swapped for something else since the stat
            raise _refuse(st.st_mode, where)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_TEXT_BYTES) -> bytes:
    """The whole file, at most ``limit`` bytes (more is a DriftcheckError, never a long read)."""
    where = os.fspath(path)
    try:
        with open_input(path) as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > limit:
                raise DriftcheckError(f"file is {size} bytes, over the {limit}-byte limit", where)
            data = fh.read(limit + 1)
    except OSError as e:
        raise _cannot(e, where) from None
    if len(data) > limit:  # it grew while we read it
        raise DriftcheckError(f"file is over the {limit}-byte limit", where)
    if len(data) > size:  # /proc/self/environ and its kind: "regular", size 0, full of secrets
        raise DriftcheckError(
            "holds more than its size says (a /proc or /sys file?), not a plain file", where
        )
    return data


def read_text(path: str | os.PathLike[str], limit: int = MAX_TEXT_BYTES) -> str:
    """The file as UTF-8 text (``read_bytes`` rules); bad UTF-8 is one line naming the byte."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DriftcheckError(f"not UTF-8 text (byte {e.start})", os.fspath(path)) from None


def read_text_lenient(path: str | os.PathLike[str], limit: int = MAX_TEXT_BYTES) -> str | None:
    """For best-effort scans (discovery, hints): the text with bad bytes replaced, or None for a
    file that is missing, not regular, or over ``limit``. Never raises."""
    try:
        return read_bytes(path, limit).decode("utf-8", errors="replace")
    except DriftcheckError:
        return None


def inside(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> bool:
    """Whether ``path`` really lies under ``root`` once both are resolved (symlinks followed):
    a symlinked directory that points elsewhere is outside, however the path is spelled."""
    try:
        real = Path(path).resolve()
        base = Path(root).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    return real == base or base in real.parents
