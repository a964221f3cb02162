"""Disk cache for tables derived from the installed ``transformers`` sources.

Every CLI run that touches a Hugging Face config needs a few tables read out of transformers'
own files: the auto mappings (``models/auto/*.py``, about 500 KB of source parsed with ``ast``)
and, for names the package's star imports hide, an index of every class defined in
``models/*/modeling_*.py``. They are pure functions of those files, and computing them was a
large part of a short command: ``driftcheck compare`` on the README's example parsed 1.1 MB of
transformers source per run, half of it only for these tables (``docs/hf.md`` has the figures).

``derived(kind, files, compute)`` returns ``compute()``'s value, stored on disk under
``$DRIFTCHECK_CACHE_DIR/derived`` (see ``cache.cache_dir``: private, entries that verify their
own digest), keyed by the list of files the value is derived from plus driftcheck's own code
fingerprint, and valid while every one of those files still has the content it had
(``cache.still_same``: stat pre-check, content hash whenever the stat cannot vouch). A file
edited, added or removed (the caller lists the files) is a miss. The files' stamps are also
recorded as dependencies of any cached graph computed in this process (``cache.note_stamps``,
sticky: callers memoise the tables with ``functools.cache``), so editing ``modeling_auto.py``
invalidates the graphs it chose classes for. Values are plain JSON (str keys; tuples come back
as tuples); one that is not is simply not stored. The ``derived`` switch of the ``Speed`` in force turns it off (``DRIFTCHECK_NO_CACHE=1``); a
damaged or unreadable entry is a miss, never an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from driftcheck.parsers.cache import (
    Stamp,
    _decode,
    _encode,
    _stamp_ok,
    code_unchanged,
    make_key,
    note_stamps,
    read_entry,
    stamp,
    still_same,
    write_entry,
)
from driftcheck.speed import current

T = TypeVar("T")

FORMAT = 2
MAX_ENTRIES = 64


def stamps(files: Iterable[Path]) -> list[Stamp]:
    """The stamp (``cache.stamp``: stat fields and content hash) of each file."""
    return [stamp(p) for p in files]


def derived(kind: str, files: Iterable[Path], compute: Callable[[], T]) -> T:
    """``compute()``, reused from disk while every one of ``files`` is unchanged."""
    files = list(files)
    if not current().derived:
        return compute()
    key = make_key(f"derived:{kind}", {"files": [str(p) for p in files]})
    body = read_entry("derived", f"{key}.json")
    if (
        body is not None
        and body.get("format") == FORMAT
        and "value" in body
        and isinstance(body.get("files"), list)
        and len(body["files"]) == len(files)
        and all(_stamp_ok(f) and still_same(f) for f in body["files"])
    ):
        try:
            value = _decode(body["value"])
        except (ValueError, TypeError, RecursionError):
            value = None
        else:
            note_stamps(body["files"], sticky=True)
            return value
    before = stamps(files)  # stamped before reading: an edit during compute() is a miss later
    value = compute()
    note_stamps(before, sticky=True)
    try:
        body = {"format": FORMAT, "kind": kind, "files": before, "value": _encode(value)}
    except (TypeError, ValueError, RecursionError):
        return value  # not plain JSON: correct, just not stored
    if not code_unchanged():
        return value  # computed while driftcheck's files changed (cache.code_unchanged)
    write_entry("derived", f"{key}.json", body, MAX_ENTRIES)
    return value
