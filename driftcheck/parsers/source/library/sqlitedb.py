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

import re
import sqlite3
from typing import Any, ClassVar

from driftcheck.parsers.source.library.purecalls import _constant, _NotConstant, _plain_out
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown

SQ = Group("sqlite3")

MAX_LOG = 1000  # statements a connection may hold before it reads as unknown
MAX_DATA = 1 << 16  # characters / items of all texts and parameters of a connection
MAX_STEPS = 200_000  # virtual-machine steps of one replay (progress handler)
MAX_ROWS_OUT = 1 << 18  # characters / items of the rows a fetch returns
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


def _replay(log: list[tuple[str, str, Any]]) -> list | str:
    """The rows of the log's last statement, replayed on a fresh in-memory database; a
    string (why) when a statement is refused or fails."""
    db = sqlite3.connect(":memory:")
    try:
        db.set_authorizer(_authorize)
        steps = [0]

        def progress() -> int:
            steps[0] += 1
            return 1 if steps[0] * 1000 > MAX_STEPS else 0

        db.set_progress_handler(progress, 1000)
        cur = None
        for how, sql, params in log:
            if _REFUSED_TEXT.search(sql):
                return f"sqlite3 {how}() of a statement naming VACUUM or the clock"
            if how == "executemany":
                cur = db.executemany(sql, params)
            elif how == "executescript":
                cur = db.executescript(sql)
            else:
                cur = db.execute(sql, params)
        rows = cur.fetchall() if cur is not None else []
    except (sqlite3.Error, ValueError, TypeError, OverflowError) as e:
        return f"sqlite3 statement that fails or is refused ({type(e).__name__})"
    finally:
        db.close()
    return rows if _plain_out(rows, [MAX_ROWS_OUT]) else "sqlite3 rows over the size bound"


class _Method(BuiltinMethod):
    """A method of a connection or cursor; gets the call's location (for notes)."""

    def __call__(self, args: list, kwargs: dict, loc: tuple) -> Any:
        return self.fn(args, kwargs, loc)


class SqlConnection:
    """``sqlite3.connect(":memory:")``: the statements run on it so far."""

    library_type: ClassVar[str] = "sqlite3.Connection"
    library_mutable: ClassVar[bool] = True  # ``db.execute(...)`` at module level (modglobals)

    def __init__(self) -> None:
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


class SqlCursor:
    """A cursor: the connection's log up to its statement (``upto``; None: unknown rows)."""

    library_type: ClassVar[str] = "sqlite3.Cursor"

    def __init__(self, conn: SqlConnection, upto: int | None) -> None:
        self.conn, self.upto = conn, upto

    def rows(self) -> Any:
        if self.upto is None or self.conn.lost:
            return Unknown(f"sqlite3 rows ({self.conn.lost or 'a statement not known'})")
        if self.upto == 0:
            return []
        got = _replay(self.conn.log[: self.upto])
        return Unknown(got) if isinstance(got, str) else got

    def attr(self, name: str) -> Any:
        if name in ("execute", "executemany", "executescript"):

            def run(a: list, k: dict, loc: tuple) -> Any:
                cur = self.conn.run(name, a, k, _where(loc))
                self.upto = cur.upto
                return self

            return _Method(run)
        if name == "fetchall":
            return _Method(lambda a, k, loc: self.rows())
        if name == "fetchone":
            return _Method(lambda a, k, loc: self._first())
        if name == "close":
            return _Method(lambda a, k, loc: None)
        return Unknown(f"sqlite3.Cursor.{name}")

    def _first(self) -> Any:
        rows = self.rows()
        if isinstance(rows, Unknown):
            return rows
        return rows[0] if rows else None


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
    return SqlConnection()
