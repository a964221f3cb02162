"""``sqlite3`` over an in-memory database the analyzed code fills itself (issue #17, session 25):
``db = sqlite3.connect(":memory:")``, ``db.execute("CREATE TABLE ...")``, ``db.executemany(
"INSERT ...", ROWS)``, then ``HP = dict(db.execute("SELECT key, value ...").fetchall())``.

The database is data, not code the interpreter follows: a connection is the log of the
statements run on it (texts and known parameters), and a cursor's rows are read by replaying
that log, in order, on a fresh in-memory database of CPython's own ``sqlite3``, so the rows
read are the ones the program reads. Only ``":memory:"`` connections are modelled (a file
database holds rows we cannot see); the replay is sandboxed and bounded: an authorizer refuses
``ATTACH`` / ``DETACH`` / ``PRAGMA`` and every SQL function outside a list of deterministic ones
(no ``random()``, no clock), texts naming ``VACUUM`` or ``CURRENT_TIME...`` are not run, and a
progress handler stops a statement past ``MAX_STEPS`` virtual-machine steps. A statement with
an unknown text or parameter, a refused or failing statement, or a method not modelled makes
the connection unknown from then on (its rows unknown, never the rows it knew).
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections.abc import Callable
from typing import Any, ClassVar

from driftcheck.parsers.source.interp.tuplesub import SinglePass
from driftcheck.parsers.source.library.purecalls import _constant, _NotConstant, _plain_out
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown

SQ = Group("sqlite3")

MAX_LOG = 1000  # statements a connection may hold before it reads as unknown
MAX_DATA = 1 << 16  # characters / items of all texts and parameters of a connection
MAX_STEPS = 100_000  # virtual-machine steps of one replay (progress handler)
TOTAL_STEPS = 4 * MAX_STEPS  # steps of every replay of one analysis (a fetch replays the log)
MAX_ROWS_OUT = 1 << 18  # characters / items of the rows a fetch returns
MAX_VALUE = 1 << 14  # characters / bytes of one SQL value (SQLITE_LIMIT_LENGTH)
MAX_LIKE_PATTERN = 1000  # characters of a LIKE pattern (SQLITE_LIMIT_LIKE_PATTERN_LENGTH)
MAX_HEAP = 1 << 26  # bytes SQLite may hold beyond its start during one replay (64 MiB)
MAX_WORK = 1 << 24  # characters searched or written by instr/replace/like/trim/printf, all replays
_EVERY = 100  # virtual-machine steps between two checks of the bounds
# SQLite's string searches whose time is text x pattern, in one step: charged (_charged)
_SEARCHES = (("instr", 2), ("replace", 3), ("like", 2), ("like", 3), ("trim", 2), ("ltrim", 2), ("rtrim", 2))  # fmt: skip
_NUMBER = re.compile(rb"\s*[-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?")
# SQL functions that give the same result for the same arguments (no random(), no clock)
_DETERMINISTIC = frozenset(
    (
        "abs", "avg", "char", "coalesce", "count", "format", "group_concat", "hex", "ifnull",
        "iif", "instr", "length", "like", "lower", "ltrim", "max", "min", "nullif", "printf",
        "quote", "replace", "round", "rtrim", "substr", "substring", "sum", "total", "trim",
        "typeof", "unicode", "upper", "json", "json_extract", "json_array", "json_object",
        "json_array_length", "json_type", "json_valid", "json_each", "json_tree",
    )
)  # fmt: skip
_REFUSED_TEXT = re.compile(r"\b(vacuum|current_time|current_date|current_timestamp)\b", re.I)


def _authorize(action: int, arg1: Any, arg2: Any, _db: Any, _trigger: Any) -> int:
    if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH, sqlite3.SQLITE_PRAGMA):
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and str(arg2).lower() not in _DETERMINISTIC:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


@functools.cache
def _heap_meter() -> Callable[[], int] | None:
    """SQLite's own count of the bytes it holds (``sqlite3_memory_used``), from the library
    CPython's ``_sqlite3`` is linked with; None where it cannot be found or does not count
    (the replay then does not run: its memory could not be bounded)."""
    import _sqlite3
    import ctypes
    import ctypes.util

    for name in (_sqlite3.__file__, ctypes.util.find_library("sqlite3")):
        try:
            fn = ctypes.CDLL(name).sqlite3_memory_used
        except (OSError, AttributeError, TypeError):
            continue
        fn.restype, fn.argtypes = ctypes.c_int64, []
        probe = sqlite3.connect(":memory:")
        try:
            before = fn()
            probe.execute("CREATE TABLE t (x)")
            probe.execute("INSERT INTO t VALUES (?)", ("x" * 50_000,))
            counts = fn() > before
        finally:
            probe.close()
        if counts:
            return fn
    return None


def _search_cost(v: Any) -> int:
    return len(v) if isinstance(v, (str, bytes)) else 0 if v is None else len(str(v))


def _magnitude(v: Any) -> float:
    """The largest number SQLite may read from ``v`` as a printf width or precision (a text's
    leading number, as its integer conversion reads it), 0 for none."""
    if isinstance(v, (int, float)):
        return abs(v)
    if isinstance(v, (str, bytes)):
        m = _NUMBER.match(v.encode() if isinstance(v, str) else v)
        try:
            return abs(float(m.group())) if m else 0
        except ValueError:
            return 0
    return 0


def _charged(name: str, helper: sqlite3.Connection, work: list[int]) -> Callable[..., Any]:
    """SQLite's own ``name`` (run on ``helper``, with the same limits), after charging what it
    may cost to ``work``: one call is one virtual-machine step however long it runs --
    ``instr`` / ``replace`` / ``like`` / ``trim`` compare text x pattern characters,
    ``printf('%.*c', n, c)`` writes ``n`` characters one by one even past the length limit.
    A printf result SQLite drops (NULL: over ``MAX_VALUE``) raises (the program, with
    SQLite's default limits, gets the text)."""

    def fn(*args: Any) -> Any:
        if name in ("printf", "format"):
            if not args:
                return None
            fmt = args[0]
            widths = [_magnitude(x) for x in args[1:]]
            widths += [float(d) for d in re.findall(r"[0-9]+", fmt if isinstance(fmt, str) else "")]
            if max(widths, default=0) > MAX_VALUE:
                raise OverflowError(f"sqlite3 {name}() of a width over {MAX_VALUE}")
            cost = _search_cost(fmt) + sum(min(w, MAX_VALUE) for w in widths)
        else:
            text, pattern = (args[1], args[0]) if name == "like" else (args[0], args[1])
            cost = (_search_cost(text) + 1) * (_search_cost(pattern) + 1)
        work[0] -= int(cost)
        if work[0] < 0:
            raise OverflowError(f"sqlite3 {name}() over {MAX_WORK} characters of work")
        marks = ", ".join("?" * len(args))
        out = helper.execute(f"SELECT {name}({marks})", args).fetchone()[0]
        if out is None and name in ("printf", "format") and args[0] is not None:
            raise OverflowError(f"sqlite3 {name}() of a text over {MAX_VALUE}")
        return out

    return fn


def _limited(db: sqlite3.Connection) -> None:
    """SQLite's own limits on one connection: values, statements and patterns no longer
    than the data a connection may hold, no attached database, a shallow trigger chain."""
    db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE)
    db.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_DATA + 1000)
    db.setlimit(sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, MAX_LIKE_PATTERN)
    db.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    db.setlimit(sqlite3.SQLITE_LIMIT_TRIGGER_DEPTH, 10)
    db.setlimit(sqlite3.SQLITE_LIMIT_WORKER_THREADS, 0)


class Budget:
    """What every replay of one analysis may still spend (``interp``-wide: a fetch replays its
    connection's whole log, and a program may fetch many times)."""

    def __init__(self) -> None:
        self.steps = [TOTAL_STEPS]
        self.work = [MAX_WORK]


def _replay(log: list[tuple[str, str, Any]], budget: Budget | None = None) -> list | str:
    """The rows of the log's last statement, replayed on a fresh in-memory database; a
    string (why) when a statement is refused or fails, or the replay passes a bound: its
    virtual-machine steps (``MAX_STEPS``), SQLite's heap (``MAX_HEAP``), one value
    (``MAX_VALUE``), the string-search work (``MAX_WORK``), the rows read (``MAX_ROWS_OUT``);
    ``budget``: what the analysis may still spend on replays (steps and work)."""
    budget = budget or Budget()
    meter = _heap_meter()
    if meter is None:
        return "sqlite3 rows: SQLite's memory cannot be measured here, so the replay is not run"
    db = sqlite3.connect(":memory:")
    helper = sqlite3.connect(":memory:")
    try:
        _limited(db)
        _limited(helper)
        db.execute("PRAGMA temp_store = MEMORY")  # no temporary file on disk
        for name, n in (*_SEARCHES, ("printf", -1), ("format", -1)):
            db.create_function(name, n, _charged(name, helper, budget.work), deterministic=True)
        db.set_authorizer(_authorize)
        steps, base, tripped = [0], meter(), []

        def progress() -> int:
            steps[0] += _EVERY
            budget.steps[0] -= _EVERY
            if steps[0] > MAX_STEPS or budget.steps[0] < 0:
                tripped.append(f"over {MAX_STEPS} steps (or {TOTAL_STEPS} in all)")
            elif meter() - base > MAX_HEAP:
                tripped.append(f"over {MAX_HEAP >> 20} MiB of SQLite memory")
            return 1 if tripped else 0

        db.set_progress_handler(progress, _EVERY)
        cur = None
        for how, sql, params in log:
            budget.steps[0] -= _EVERY  # a statement costs at least one check's worth
            if budget.steps[0] < 0:
                return f"sqlite3 replays over {TOTAL_STEPS} steps in all"
            if _REFUSED_TEXT.search(sql):
                return f"sqlite3 {how}() of a statement naming VACUUM or the clock"
            if how == "executemany":
                cur = db.executemany(sql, params)
            elif how == "executescript":
                cur = db.executescript(sql)
            else:
                cur = db.execute(sql, params)
        rows: list = []
        room = [MAX_ROWS_OUT]
        while cur is not None:
            batch = cur.fetchmany(64)
            if not batch:
                break
            if not _plain_out(batch, room):
                return "sqlite3 rows over the size bound"
            rows.extend(batch)
    except (sqlite3.Error, ValueError, TypeError, OverflowError, MemoryError) as e:
        if tripped:
            return f"sqlite3 replay stopped: {tripped[0]}"
        return f"sqlite3 statement that fails or is refused ({type(e).__name__}: {e})"
    finally:
        db.close()
        helper.close()
    return rows


class _Method(BuiltinMethod):
    """A method of a connection or cursor; gets the call's location (for notes)."""

    def __call__(self, args: list, kwargs: dict, loc: tuple) -> Any:
        return self.fn(args, kwargs, loc)


class SqlConnection:
    """``sqlite3.connect(":memory:")``: the statements run on it so far."""

    library_type: ClassVar[str] = "sqlite3.Connection"
    library_mutable: ClassVar[bool] = True  # ``db.execute(...)`` at module level (modglobals)

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.log: list[tuple[str, str, Any]] = []
        self.data = 0
        self.lost: str | None = None  # why its rows are no longer known

    def _lose(self, why: str) -> None:
        self.lost = self.lost or why

    def run(self, how: str, a: list, k: dict, where: str) -> Any:
        """``execute`` / ``executemany`` / ``executescript``: logged; the cursor of its rows."""
        if k or not a or len(a) > (1 if how == "executescript" else 2):
            self._lose(f"sqlite3 {how}() with arguments not modelled at {where}")
            return SqlCursor(self, None)
        try:
            budget = [MAX_DATA - self.data]
            sql = _constant(a[0], budget)
            params = _constant(a[1], budget) if len(a) > 1 else ()
        except _NotConstant:
            self._lose(f"sqlite3 {how}() of a statement or parameters not known at {where}")
            return SqlCursor(self, None)
        if not isinstance(sql, str) or len(self.log) >= MAX_LOG:
            self._lose(f"sqlite3 {how}() of a statement not known (or over {MAX_LOG}) at {where}")
            return SqlCursor(self, None)
        self.data = MAX_DATA - budget[0]
        self.log.append((how, sql, params))
        return SqlCursor(self, len(self.log))

    def attr(self, name: str) -> Any:
        if name in ("execute", "executemany", "executescript"):
            return _Method(lambda a, k, loc: self.run(name, a, k, _where(loc)))
        if name in ("commit", "close"):
            return _Method(lambda a, k, loc: None)
        if name == "cursor":
            return _Method(lambda a, k, loc: SqlCursor(self, 0))
        self._lose(f"sqlite3.Connection.{name}, not modelled")
        return Unknown(f"sqlite3.Connection.{name}")


class SqlCursor(SinglePass):
    """A cursor: the connection's log up to its statement (``upto``; None: unknown rows). It
    is its own iterator: ``fetchone`` / ``fetchmany`` / ``fetchall``, ``for row in cur``,
    ``next(cur)`` and ``list(cur)`` read the rows left (``rest``) and go on from there, as
    CPython's cursor steps on; a second loop over it sees nothing."""

    library_type: ClassVar[str] = "sqlite3.Cursor"

    def __init__(self, conn: SqlConnection, upto: int | None) -> None:
        self.conn, self.upto = conn, upto
        self._left: list | None = None  # the rows not read yet (None: not replayed yet)
        self._lost = False  # read to a point not known (interp/tuplesub.py ``contains``)

    def _rows_left(self) -> Any:
        if self._left is None:
            rows = self.rows()
            if isinstance(rows, Unknown):
                return rows
            self._left = list(rows)
        return self._left

    @property
    def lost(self) -> bool:
        return self._lost or isinstance(self._rows_left(), Unknown)

    @lost.setter
    def lost(self, v: bool) -> None:
        self._lost = v

    @property
    def rest(self) -> list:
        got = self._rows_left()
        return [] if isinstance(got, Unknown) else got

    @rest.setter
    def rest(self, items: list) -> None:
        self._left = list(items)

    def take(self) -> list | None:
        got = self._rows_left()
        if isinstance(got, Unknown) or self._lost:
            self._left = []
            return None
        out, self._left = list(got), []
        return out

    def rows(self) -> Any:
        if self.upto is None or self.conn.lost:
            return Unknown(f"sqlite3 rows ({self.conn.lost or 'a statement not known'})")
        if self.upto == 0:
            return []
        got = _replay(self.conn.log[: self.upto], self.conn.budget)
        return Unknown(got) if isinstance(got, str) else got

    def attr(self, name: str) -> Any:
        if name in ("execute", "executemany", "executescript"):

            def run(a: list, k: dict, loc: tuple) -> Any:
                cur = self.conn.run(name, a, k, _where(loc))
                self.upto, self._left, self._lost = cur.upto, None, False
                return self

            return _Method(run)
        if name == "fetchall":
            return _Method(lambda a, k, loc: self._take(None) if not a and not k else self._odd())
        if name == "fetchone":
            return _Method(lambda a, k, loc: self._first() if not a and not k else self._odd())
        if name == "fetchmany":
            return _Method(self._fetchmany)
        if name == "close":
            return _Method(lambda a, k, loc: None)
        return Unknown(f"sqlite3.Cursor.{name}")

    def _take(self, n: int | None) -> Any:
        """The next ``n`` rows (all that are left: None), as CPython's cursor steps on."""
        left = self._rows_left()
        if isinstance(left, Unknown) or self._lost:
            return (
                left
                if isinstance(left, Unknown)
                else Unknown("sqlite3 rows read to a point not known")
            )
        k = len(left) if n is None else max(n, 0)
        out = left[:k]
        del left[:k]
        return out

    def _first(self) -> Any:
        got = self._take(1)
        if isinstance(got, Unknown):
            return got
        return got[0] if got else None

    def _fetchmany(self, a: list, k: dict, loc: tuple) -> Any:
        if len(a) == 1 and not k:
            n = a[0]
        elif not a and set(k) <= {"size"}:
            n = k.get("size", 1)  # the cursor's arraysize (1) by default
        else:
            n = None
        if type(n) is not int:
            return self._odd()
        return self._take(n)

    def _odd(self) -> Any:
        self.conn._lose("a sqlite3 cursor fetch with arguments not modelled")
        return Unknown("sqlite3 rows (a fetch with arguments not modelled)")


def _where(loc: tuple) -> str:
    return f"{loc[0]}:{loc[1]}" if loc and len(loc) > 1 else "?"


@SQ.entry(
    "connect",
    doc='connect(":memory:"): an in-memory database filled by the code (execute, executemany, '
    "executescript, cursor); a cursor's fetchall / fetchone replay the statements on CPython's "
    "sqlite3 (sandboxed: no ATTACH, PRAGMA, clock or random(); bounded); a file database, an "
    "unknown statement or a failing one is unknown",
)
def _connect(c: Call) -> Any:
    db = c.plain(0, "database")
    if db != ":memory:" or len(c.args) > 1 or set(c.kwargs) - {"database", "check_same_thread"}:
        return c.unknown("sqlite3.connect() of a file database or with options not modelled")
    budget = getattr(c.interp, "_sqlite_budget", None)
    if budget is None:
        budget = c.interp._sqlite_budget = Budget()
    return SqlConnection(budget)
