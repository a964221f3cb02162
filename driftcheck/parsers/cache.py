"""Result cache for static analyses, keyed by content (like ruff's cache), in memory and on disk.

Interpreting a model's ``__init__`` and ``forward`` costs tens to hundreds of milliseconds; the
pre-commit hook, the Action and repeated CLI runs ask for the same graph again and again while
neither the config nor any source file changed. A result is stored with:

- its *key*: what the caller says determines it (for the HF route: the config as written, the
  entry class, the transformers version, the config's display path), plus a fingerprint of
  driftcheck's own code and data files, taken when this module is imported (so a new driftcheck,
  or a process whose files were edited under it, never hands an old answer to new code; taken
  again before each store, and a result computed while the files changed is not stored), and
  the answer-changing ``DRIFTCHECK_*`` switches in force (``env_switches``,
  ``driftcheck/switches.py``);
- the *files it read*: every source file the parser parsed during the computation (recorded by
  ``loader.parse_file`` through ``note_read``), every file a table it used was derived from
  (``derived.py``: transformers' auto mappings, the class index) and the files read beside
  the loader (``note_file``), each with a *stamp*: size, mtime, ctime, inode and content hash.

A lookup is a hit only when the key matches and every recorded file still has its content
(``still_same``): the stat fields are a pre-check that can only say "unchanged" when all four
match and the file was not racy when stamped; otherwise the content is hashed (a checkout that
rewrites identical bytes still hits; a changed byte misses, whatever its size and mtime). Hits
return a fresh ``Graph`` decoded from the stored JSON, so a
caller may mutate what it gets, and equal to the computed one: parameters hold tuples
(``kernel_size``, ``shape``) that plain JSON would turn into lists, and a list never equals a
tuple when the matcher compares a cached config side with freshly parsed code, so tuples are
stored tagged and come back as tuples. A graph that will not encode is returned uncached.

The memory layer lives for the process; the disk layer is ``$DRIFTCHECK_CACHE_DIR`` or
``$XDG_CACHE_HOME/driftcheck`` (``~/.cache/driftcheck``; ``<tmp>/driftcheck-<uid>`` without a
home), a private directory (0700, this user's own, else the disk layer is off), one JSON file
per key (0600), written atomically, carrying a digest of its own content: an entry edited or
damaged on disk is a miss and is rewritten. Each layer keeps the latest ``MAX_ENTRIES``.
``DRIFTCHECK_NO_CACHE=1`` turns both off (always recompute). A corrupt or unreadable cache
file is a miss, never an error.

What the cache does NOT do: answer for a different config. A config that differs in any key
is a different key and is interpreted afresh (``benchmarks/bench_hf_corpus.py`` times that
case, with this cache off, as its headline figure).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from driftcheck import safeio, switches
from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck.speed import Speed, _truthy, current, switched_off

FORMAT = 3
"""Bump when what a cache file holds changes shape."""

MAX_ENTRIES = 256
"""Disk entries kept (the oldest written go first): a large model's graph is about 1 MB."""

MAX_ENTRY_BYTES = 256 * 1024 * 1024
"""A cache file larger than this is a miss (read with ``safeio``: bounded, regular files only)."""

MAX_HASHED_BYTES = 256 * 1024 * 1024
"""A dependency larger than this cannot be hashed: it never vouches for a cached result."""

RACY_NS = 2_000_000_000
"""A file changed less than this long before it was stamped is *racy* (git's word): a rewrite
of the same size within the file system's timestamp granularity keeps mtime and ctime, so its
stamp alone cannot vouch for it and its content is hashed at every lookup."""

Stamp = list[Any]
"""``[path, size, mtime_ns, ctime_ns, inode, content digest, stable]``; ``size`` -1: absent."""

# The in-memory layer (key -> (graph JSON, stamps)), the recordings in progress and the sticky
# stamps live in the stores of the ``Speed`` in force (``driftcheck/speed.py``: ``results``,
# ``recorders``, ``sticky``).


# ---------------------------------------------------------------------- file stamps
def file_digest(data: bytes) -> str:
    """The loader's content hash (blake2b-128 of the UTF-8 bytes)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _hash_file(path: str) -> str | None:
    try:
        return file_digest(safeio.read_bytes(path, MAX_HASHED_BYTES))
    except DriftcheckError:
        return None


def stamp(path: str | Path, digest: str | None = None) -> Stamp:
    """The stamp of ``path`` now: its ``stat`` fields and its content digest (``digest`` when
    the caller just hashed the content it read; otherwise the file is read and hashed)."""
    where = str(path)
    try:
        st = os.stat(where)
    except OSError:
        return [where, -1, 0, 0, 0, "", True]
    if digest is None:
        digest = _hash_file(where) or ""
    stable = time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > RACY_NS
    return [where, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, digest, stable]


def still_same(entry: Stamp) -> bool:
    """Whether the file still has the content its stamp recorded.

    ``stat`` is the fast pre-check, and only for a stable stamp whose size, mtime, ctime and
    inode all still match: an edit that restores size and mtime (``touch -r``, ``os.utime``)
    still moves ctime, which no user call can set back. Anything else is settled by hashing
    the content: a rewrite of identical bytes is still a hit, one changed byte a miss."""
    path, size, mtime_ns, ctime_ns, ino, digest, stable = entry
    try:
        st = os.stat(path)
    except OSError:
        return size == -1
    if size == -1 or not digest:
        return False
    if stable and (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino) == (
        size,
        mtime_ns,
        ctime_ns,
        ino,
    ):
        return True
    return _hash_file(path) == digest


def _stamp_ok(f: Any) -> bool:
    return (
        isinstance(f, list)
        and len(f) == 7
        and isinstance(f[0], str)
        and all(isinstance(x, int) and not isinstance(x, bool) for x in f[1:5])
        and isinstance(f[5], str)
        and isinstance(f[6], bool)
    )


# ---------------------------------------------------------------------- recording reads
def note_read(path: Path, digest: str) -> None:
    """Called by the loader for every file it hands out (parsed now or from its own cache)."""
    recorders = current().stores.recorders
    if not recorders:
        return
    try:
        where = str(path.resolve())
    except (OSError, RuntimeError):
        return
    entry = stamp(where, digest)
    for rec in recorders:
        rec[where] = entry


def note_stamps(stamps: Iterable[Stamp], sticky: bool = False) -> None:
    """Record dependencies already stamped (``derived`` tables). ``sticky``: the value is also
    kept in this process (``functools.cache``), so every later result depends on them too --
    a computation that reuses the memoised value never reads the files again."""
    stamps = list(stamps)
    st = current().stores
    if sticky:
        st.sticky.update((f[0], f) for f in stamps)
    for rec in st.recorders:
        rec.update((f[0], f) for f in stamps)


def sticky_paths() -> set[str]:
    """The files of tables memoised in this process (see ``note_stamps``)."""
    return set(current().stores.sticky)


@contextmanager
def recording() -> Iterator[dict[str, Stamp]]:
    """Collect the files read inside the block: ``{path: stamp}`` (sticky ones included)."""
    rec: dict[str, Stamp] = {}
    st = current().stores
    st.recorders.append(rec)
    try:
        yield rec
    finally:
        # by identity: list.remove compares dicts by value, and two nested recorders may
        # hold equal contents
        del st.recorders[next(i for i, r in enumerate(st.recorders) if r is rec)]
        rec.update(st.sticky)


def note_file(path: Path, sticky: bool = False) -> None:
    """Record a file the computation depends on but did not parse through the loader."""
    if current().stores.recorders or sticky:
        try:
            where = str(Path(path).resolve())
        except (OSError, RuntimeError):
            return
        note_stamps([stamp(where)], sticky=sticky)


# ---------------------------------------------------------------------- keys
_ROOT = Path(__file__).resolve().parents[1]  # the driftcheck package folder
_AT_START: dict[str, tuple] = {}
"""Each file ``code_fingerprint`` counted (its path under the package) and its stat fields
then: what ``code_unchanged`` compares the files that ran with (session 38)."""


def _fields(st: os.stat_result) -> tuple:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def fingerprint_now(record: dict[str, tuple] | None = None) -> str:
    """driftcheck's own ``.py`` and data files as they are now: any edit changes it. Each file
    counts by its size, mtime, ctime and inode (an edit moves ctime whatever it does to mtime;
    a reinstall makes new inodes): hashing all of them would cost every run about 10 ms; this
    walk costs about 5-18 ms. ``record``: filled with each file's fields."""
    root = _ROOT
    h = hashlib.blake2b(digest_size=16)
    for p in sorted([*root.rglob("*.py"), *root.glob("data/*.json")]):
        try:
            st = p.stat()
        except OSError:
            continue
        fields = _fields(st)
        rel = str(p.relative_to(root))
        if record is not None:
            record[rel] = fields
        h.update(f"{rel}:{fields}\n".encode())
    return h.hexdigest()


@cache
def code_fingerprint() -> str:
    """The fingerprint of the code this process runs, for the key: taken once, at the start
    of the analysis (see below), never again. Compare-and-store (``code_unchanged``) guards
    the rest of the run (session 36, hygiene36)."""
    _AT_START.clear()
    return fingerprint_now(_AT_START)


def _ran_unchanged() -> bool | None:
    """Whether every file that can have run since ``code_fingerprint`` was taken is as it was
    then: the ``driftcheck`` modules in ``sys.modules`` (a module imported after an edit is
    there by the time of the store) and the package's data files (read lazily; their listing
    too). None where a module's file lies outside the package folder the fingerprint walked
    (the full walk then decides)."""
    prefix = str(_ROOT) + os.sep
    n = len(prefix)
    for name, mod in list(sys.modules.items()):
        if name != "driftcheck" and not name.startswith("driftcheck."):
            continue
        path = getattr(mod, "__file__", None)
        if not path:
            continue  # a namespace package: no file of its own
        if not path.startswith(prefix):
            return None
        rel = path[n:]
        if rel.endswith(".json") or not rel.endswith(".py"):
            return None
        try:
            now = _fields(os.stat(path))
        except OSError:
            return False
        if _AT_START.get(rel) != now:
            return False
    data = _ROOT / "data"
    try:
        names = sorted(x for x in os.listdir(data) if x.endswith(".json"))
    except OSError:
        names = []
    was = sorted(k for k in _AT_START if k.startswith("data" + os.sep) and k.endswith(".json"))
    if [f"data{os.sep}{x}" for x in names] != was:
        return False
    for rel in was:
        try:
            if _fields(os.stat(_ROOT / rel)) != _AT_START[rel]:
                return False
        except OSError:
            return False
    return True


def code_unchanged() -> bool:
    """Whether driftcheck's files are still those ``code_fingerprint`` saw: checked before a
    result is stored. driftcheck imports much of its code lazily (the forward rules at the
    first forward call), so a process whose files are edited while it runs (a merge into the
    tree an editable install points at, a branch switch) may compute with some old and some
    new code; such a result is returned but stored under no key (sessions 35-36, cacherace35,
    hygiene36).

    Session 38 (review36 item 9): only the files that can have run are checked
    (``_ran_unchanged``: 3.3x cheaper than the walk, ``benchmarks/bench_code_check.py``); a
    file no module of this process imported cannot have answered. ``DRIFTCHECK_SPEED_OFF=
    ran_files_check``: the whole package is walked again, as before."""
    start = code_fingerprint()
    if current().ran_files_check:
        got = _ran_unchanged()
        if got is not None:
            return got
    return fingerprint_now() == start


def _cache_on_at_start() -> bool:
    """Whether the environment leaves the result cache or the derived tables on (read
    leniently, as ``speed.switched_off`` reads: a misspelt name is the command's error)."""
    if _truthy(os.environ.get("DRIFTCHECK_NO_CACHE", "")):
        return False
    return not (switched_off("result_cache") and switched_off("derived"))


# Taken when this module is imported (the start of an analysis) where the environment leaves
# the cache on; otherwise at the first key a ``Speed`` of the caller's own asks for. Taken at
# the first lookup instead, a process whose files were edited between its imports and that
# lookup would file its old code's answers under the new code's key (session 35,
# cacherace35); with the cache off, no process pays the walk (session 36, hygiene36).
if _cache_on_at_start():
    code_fingerprint()


@cache
def torch_source() -> str | None:
    """Where torch's source is on this machine (found, never imported), or None: the parser
    reads torch's own classes where it can and the layer catalogue where it cannot, so a
    result computed with torch installed never answers for the same run without it."""
    try:
        spec = importlib.util.find_spec("torch")
    except (ImportError, ValueError):
        return None
    return None if spec is None else str(spec.origin)


def env_switches() -> dict[str, str]:
    """The answer-changing ``DRIFTCHECK_*`` switches in force (``driftcheck/switches.py``
    ``ANSWERS``), for the key: ``DRIFTCHECK_NO_ALIAS_CHECK`` or a forward rule's switch
    changes what the analysis computes, so a result computed under one is never served to a
    run without it (session 35, cacherace35). The neutral ones (where the cache lives, the
    speed layer, the Action's output settings) are left out: a key that carried them would
    only miss (session 36, hygiene36)."""
    return switches.answers_now()


def make_key(kind: str, parts: dict[str, Any]) -> str:
    text = json.dumps(
        {
            "format": FORMAT,
            "kind": kind,
            "code": code_fingerprint(),
            "torch": torch_source(),
            "env": env_switches(),
            "parts": parts,
        },
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
    """Whether the result cache of the ``Speed`` in force is on (``DRIFTCHECK_NO_CACHE=1``
    turns it off, with the derived tables)."""
    return current().result_cache


def cache_dir() -> Path:
    if os.environ.get("DRIFTCHECK_CACHE_DIR"):
        return Path(os.environ["DRIFTCHECK_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):  # no home directory (some CI containers)
            uid = os.getuid() if hasattr(os, "getuid") else "user"
            return Path(tempfile.gettempdir()) / f"driftcheck-{uid}"  # per user, even in /tmp
    return Path(base) / "driftcheck"


def private_dir(sub: str, create: bool) -> Path | None:
    """``cache_dir()/sub``, made (0700) if ``create``, or None when it is not this user's own
    private directory: one another user owns or can write is never read from or written to.
    A directory of ours that others can read is made private."""
    root = cache_dir()
    folder = root / sub
    try:
        if create:
            root.mkdir(mode=0o700, parents=True, exist_ok=True)
            folder.mkdir(mode=0o700, exist_ok=True)
        for d, st in ((root, os.stat(root)), (folder, os.lstat(folder))):
            if not stat.S_ISDIR(st.st_mode):
                return None
            if hasattr(os, "getuid") and st.st_uid != os.getuid():
                return None
            if st.st_mode & 0o077:
                os.chmod(d, 0o700)
    except OSError:
        return None
    return folder


def entry_digest(body: Any) -> str:
    """The digest an entry carries of its own content: a byte changed on disk is a miss."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=32).hexdigest()


def read_entry(sub: str, name: str) -> dict[str, Any] | None:
    """A verified entry of ``sub`` (its digest matches its content), or None: a miss."""
    folder = private_dir(sub, create=False)
    if folder is None:
        return None
    try:
        data = json.loads(safeio.read_bytes(folder / name, MAX_ENTRY_BYTES))
        body, check = data["body"], data["digest"]
    except (DriftcheckError, ValueError, TypeError, KeyError, RecursionError):
        return None
    if not isinstance(body, dict) or check != entry_digest(body):
        return None
    return body


def write_entry(sub: str, name: str, body: dict[str, Any], keep: int) -> None:
    """Store ``body`` with its digest, atomically (0600, in a 0700 directory); keep the
    latest ``keep`` entries of ``sub``."""
    folder = private_dir(sub, create=True)
    if folder is None:
        return
    try:
        text = json.dumps({"digest": entry_digest(body), "body": body})
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")  # mode 0600
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, folder / name)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _prune(folder, keep)
    except (OSError, TypeError, ValueError, RecursionError):
        pass  # a read-only or full disk only costs the next run its time


def _prune(folder: Path, keep: int) -> None:
    entries = list(folder.glob("*.json"))
    if len(entries) <= keep:
        return

    def age(p: Path) -> int:
        try:
            return p.stat().st_mtime_ns
        except OSError:
            return 0

    entries.sort(key=age)
    for old in entries[: len(entries) - keep]:
        old.unlink(missing_ok=True)


def _load_disk(key: str) -> tuple[str, list[Stamp]] | None:
    body = read_entry("graphs", f"{key}.json")
    if body is None or body.get("format") != FORMAT or not isinstance(body.get("graph"), str):
        return None
    files = body.get("files")
    if not isinstance(files, list) or not all(_stamp_ok(f) for f in files):
        return None
    return body["graph"], files


def _store_disk(key: str, graph_json: str, files: list[Stamp]) -> None:
    body = {"format": FORMAT, "files": files, "graph": graph_json}
    write_entry("graphs", f"{key}.json", body, MAX_ENTRIES)


def clear_memory() -> None:
    """Forget the in-process results (the next lookup goes to disk)."""
    current().stores.results.clear()


def cached_graph(
    kind: str,
    parts: dict[str, Any],
    compute: Callable[[], Graph],
    disk: bool = True,
    speed: Speed | None = None,
) -> Graph:
    """``compute()``'s graph, reused while ``parts`` and every file it read are unchanged
    (while the ``result_cache`` of ``speed``, the one in force when None, is on)."""
    sp = speed or current()
    if not sp.result_cache:
        return compute()
    memory = sp.stores.results
    key = make_key(kind, parts)
    hit = memory.get(key)
    if hit is None and disk:
        hit = _load_disk(key)
    if hit is not None and all(still_same(f) for f in hit[1]):
        memory[key] = hit
        note_stamps(hit[1])  # an enclosing cached computation depends on these files too
        try:
            return decode_graph(hit[0])
        except (ValueError, TypeError, RecursionError):
            memory.pop(key, None)  # a damaged entry: compute afresh below
    with recording() as rec:
        graph = compute()
    files = [rec[p] for p in sorted(rec)]
    try:
        text = encode_graph(graph)
    except (TypeError, ValueError):
        return graph  # something only this process can hold: correct, just not cached
    if not code_unchanged():
        return graph  # computed while driftcheck's files changed: which code answered is open
    memory[key] = (text, files)
    while len(memory) > MAX_ENTRIES:
        del memory[next(iter(memory))]
    if disk:
        _store_disk(key, text, files)
    return graph
