"""Disk cache for tables derived from the installed ``transformers`` sources.

Every CLI run that touches a Hugging Face config needs a few tables read out of transformers'
own files: the auto mappings (``models/auto/*.py``, about 500 KB of source parsed with ``ast``)
and, for names the package's star imports hide, an index of every class defined in
``models/*/modeling_*.py``. They are pure functions of those files, and computing them was a
large part of a short command: ``driftcheck compare`` on the README's example parsed 1.1 MB of
transformers source per run, half of it only for these tables (``docs/hf.md`` has the figures).

``derived(kind, files, compute)`` returns ``compute()``'s value, stored on disk under
``$DRIFTCHECK_CACHE_DIR/derived`` (see ``cache.cache_dir``) and keyed, like a ``.pyc``, by the
path, size and mtime of every file the value is derived from, plus driftcheck's own code
fingerprint. A file edited, added or removed (the caller lists the files) is a miss. Values are
plain JSON (str keys; tuples come back as tuples); one that is not is simply not stored.
``DRIFTCHECK_NO_CACHE=1`` turns it off; a damaged or unreadable entry is a miss, never an error.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from driftcheck.parsers.cache import _decode, _encode, cache_dir, enabled, make_key

T = TypeVar("T")

FORMAT = 1
MAX_ENTRIES = 64


def stamp(files: Iterable[Path]) -> list[list[Any]]:
    """``[path, size, mtime_ns]`` of each file (``None`` for one that cannot be read)."""
    out: list[list[Any]] = []
    for p in files:
        try:
            st = os.stat(p)
            out.append([str(p), st.st_size, st.st_mtime_ns])
        except OSError:
            out.append([str(p), None, None])
    return out


def derived(kind: str, files: Iterable[Path], compute: Callable[[], T]) -> T:
    """``compute()``, reused from disk while every one of ``files`` is unchanged."""
    if not enabled():
        return compute()
    key = make_key(f"derived:{kind}", {"files": stamp(files)})
    path = cache_dir() / "derived" / f"{key}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("format") == FORMAT and "value" in data:
            return _decode(data["value"])
    except (OSError, ValueError, TypeError, RecursionError):
        pass
    value = compute()
    try:
        text = json.dumps({"format": FORMAT, "kind": kind, "value": _encode(value)})
    except (TypeError, ValueError, RecursionError):
        return value  # not plain JSON: correct, just not stored
    _store(path, text)
    return value


def _store(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
        entries = sorted(path.parent.glob("*.json"), key=lambda p: p.stat().st_mtime_ns)
        for old in entries[: max(0, len(entries) - MAX_ENTRIES)]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only or full disk only costs the next run its time
