"""Result cache for static analyses, keyed by content (like ruff's cache), in memory and on disk.

Interpreting a model's ``__init__`` and ``forward`` costs tens to hundreds of milliseconds; the
pre-commit hook, the Action and repeated CLI runs ask for the same graph again and again while
neither the config nor any source file changed. A result is stored with:

- its *key*: what the caller says determines it (for the HF route: the config as written, the
  entry class, the transformers version, the config's display path), plus a fingerprint of
  driftcheck's own code and data files, so a new driftcheck never reuses an old answer;
- the *files it read*: every source file the parser parsed during the computation (recorded by
  ``loader.parse_file`` through ``note_read``), each with its size, mtime and content hash.

A lookup is a hit only when the key matches and every recorded file still has its content: a
file whose size or mtime moved is hashed again (a checkout that rewrites identical bytes still
hits; a changed byte misses). Hits return a fresh ``Graph`` decoded from the stored JSON, so a
caller may mutate what it gets, and equal to the computed one: parameters hold tuples
(``kernel_size``, ``shape``) that plain JSON would turn into lists, and a list never equals a
tuple when the matcher compares a cached config side with freshly parsed code, so tuples are
stored tagged and come back as tuples. A graph that will not encode is returned uncached.

The memory layer lives for the process; the disk layer is ``$DRIFTCHECK_CACHE_DIR`` or
``$XDG_CACHE_HOME/driftcheck`` (``~/.cache/driftcheck``), one JSON file per key, written
atomically. Each keeps the latest ``MAX_ENTRIES``. ``DRIFTCHECK_NO_CACHE=1`` turns both off
(always recompute). A corrupt or unreadable cache file is a miss, never an error.

What the cache does NOT do: answer for a different config. A config that differs in any key
is a different key and is interpreted afresh (``benchmarks/bench_hf_corpus.py`` times that
case, with this cache off, as its headline figure).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from driftcheck.graph.model import Graph

FORMAT = 2
"""Bump when what a cache file holds changes shape."""

MAX_ENTRIES = 256
"""Disk entries kept (the oldest written go first): a large model's graph is about 1 MB."""

_MEMORY: dict[str, tuple[str, list[list[Any]]]] = {}
_RECORDERS: list[dict[str, tuple[int, int, str]]] = []


# ---------------------------------------------------------------------- recording reads
def note_read(path: Path, digest: str) -> None:
    """Called by the loader for every file it hands out (parsed now or from its own cache)."""
    if not _RECORDERS:
        return
    try:
        st = path.stat()
    except OSError:
        return
    entry = (st.st_mtime_ns, st.st_size, digest)
    for rec in _RECORDERS:
        rec[str(path.resolve())] = entry


@contextmanager
def recording() -> Iterator[dict[str, tuple[int, int, str]]]:
    """Collect the files read inside the block: ``{path: (mtime_ns, size, digest)}``."""
    rec: dict[str, tuple[int, int, str]] = {}
    _RECORDERS.append(rec)
    try:
        yield rec
    finally:
        _RECORDERS.remove(rec)


def note_file(path: Path) -> None:
    """Record a file the computation depends on but did not parse through the loader."""
    if _RECORDERS:
        try:
            note_read(path, file_digest(path.read_bytes()))
        except OSError:
            pass


def file_digest(data: bytes) -> str:
    """The loader's content hash (blake2b-128 of the UTF-8 bytes)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _still_same(path: str, mtime_ns: int, size: int, digest: str) -> bool:
    try:
        st = os.stat(path)
        if st.st_mtime_ns == mtime_ns and st.st_size == size:
            return True
        return file_digest(Path(path).read_bytes()) == digest
    except OSError:
        return False


# ---------------------------------------------------------------------- keys
@cache
def code_fingerprint() -> str:
    """Sizes and mtimes of driftcheck's own ``.py`` and data files: any edit changes it."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.blake2b(digest_size=16)
    for p in sorted([*root.rglob("*.py"), *root.glob("data/*.json")]):
        try:
            st = p.stat()
        except OSError:
            continue
        h.update(f"{p.relative_to(root)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def make_key(kind: str, parts: dict[str, Any]) -> str:
    text = json.dumps(
        {"format": FORMAT, "kind": kind, "code": code_fingerprint(), "parts": parts},
        sort_keys=True,
        default=repr,
    )
    return hashlib.sha256(text.encode()).hexdigest()


# ---------------------------------------------------------------------- encoding
_TUPLE = "__driftcheck_tuple__"


def _encode(v: Any) -> Any:
    if isinstance(v, tuple):
        return {_TUPLE: [_encode(x) for x in v]}
    if isinstance(v, list):
        return [_encode(x) for x in v]
    if isinstance(v, dict):
        if not all(isinstance(k, str) for k in v) or _TUPLE in v:
            raise TypeError("dict the cache cannot store exactly")
        return {k: _encode(x) for k, x in v.items()}
    if v is None or isinstance(v, (str, int, float, bool)):
        return v
    raise TypeError(f"{type(v).__name__} in a graph")


def _decode(v: Any) -> Any:
    if isinstance(v, list):
        return [_decode(x) for x in v]
    if isinstance(v, dict):
        if len(v) == 1 and _TUPLE in v:
            return tuple(_decode(x) for x in v[_TUPLE])
        return {k: _decode(x) for k, x in v.items()}
    return v


def encode_graph(graph: Graph) -> str:
    """JSON text that ``decode_graph`` turns back into an equal graph (TypeError otherwise)."""
    return json.dumps(_encode(graph.model_dump()))


def decode_graph(text: str) -> Graph:
    return Graph.model_validate(_decode(json.loads(text)))


# ---------------------------------------------------------------------- the two layers
def enabled() -> bool:
    return os.environ.get("DRIFTCHECK_NO_CACHE", "").lower() not in ("1", "true", "yes", "on")


def cache_dir() -> Path:
    if os.environ.get("DRIFTCHECK_CACHE_DIR"):
        return Path(os.environ["DRIFTCHECK_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):  # no home directory (some CI containers)
            base = tempfile.gettempdir()
    return Path(base) / "driftcheck"


def _disk_path(key: str) -> Path:
    return cache_dir() / "graphs" / f"{key}.json"


def _load_disk(key: str) -> tuple[str, list[list[Any]]] | None:
    try:
        data = json.loads(_disk_path(key).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or not isinstance(data.get("graph"), str):
            return None
        files = list(data["files"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    if not all(_file_entry(f) for f in files):
        return None
    return data["graph"], files


def _file_entry(f: Any) -> bool:
    return (
        isinstance(f, list)
        and len(f) == 4
        and isinstance(f[0], str)
        and all(isinstance(x, int) and not isinstance(x, bool) for x in f[1:3])
        and isinstance(f[3], str)
    )


def _store_disk(key: str, graph_json: str, files: list[list[Any]]) -> None:
    path = _disk_path(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"format": FORMAT, "files": files, "graph": graph_json}, f)
        os.replace(tmp, path)
        _prune(path.parent)
    except OSError:
        pass  # a read-only or full disk only costs the next run its time


def _prune(folder: Path) -> None:
    entries = list(folder.glob("*.json"))
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda p: p.stat().st_mtime_ns)
    for old in entries[: len(entries) - MAX_ENTRIES]:
        old.unlink(missing_ok=True)


def clear_memory() -> None:
    """Forget the in-process results (the next lookup goes to disk)."""
    _MEMORY.clear()


def cached_graph(
    kind: str, parts: dict[str, Any], compute: Callable[[], Graph], disk: bool = True
) -> Graph:
    """``compute()``'s graph, reused while ``parts`` and every file it read are unchanged."""
    if not enabled():
        return compute()
    key = make_key(kind, parts)
    hit = _MEMORY.get(key)
    if hit is None and disk:
        hit = _load_disk(key)
    if hit is not None and all(_still_same(*f) for f in hit[1]):
        _MEMORY[key] = hit
        for rec in _RECORDERS:  # an enclosing cached computation depends on these files too
            rec.update((f[0], (f[1], f[2], f[3])) for f in hit[1])
        try:
            return decode_graph(hit[0])
        except (ValueError, TypeError, RecursionError):
            _MEMORY.pop(key, None)  # a damaged entry: compute afresh below
    with recording() as rec:
        graph = compute()
    files = [[p, *v] for p, v in sorted(rec.items())]
    try:
        text = encode_graph(graph)
    except (TypeError, ValueError):
        return graph  # something only this process can hold: correct, just not cached
    _MEMORY[key] = (text, files)
    while len(_MEMORY) > MAX_ENTRIES:
        del _MEMORY[next(iter(_MEMORY))]
    if disk:
        _store_disk(key, text, files)
    return graph
