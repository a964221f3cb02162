"""Hostile input to the data evaluators (session 26, review26): ``library/sqlitedb.py`` (SQL
replayed on CPython's sqlite3) and ``library/purecalls.py`` (stdlib decoders made in CPython).
Each case ends bounded -- in time and memory -- with an honest unknown naming why, never a
hang, a traceback or a wrong value. Each test names the bound it proves; without that bound
the case runs for seconds to minutes or takes gigabytes (measured in review26's report)."""

from __future__ import annotations

import base64
import plistlib
import resource
import sqlite3
import time

import pytest

from driftcheck.parsers.source.library import sqlitedb
from driftcheck.parsers.source.library.sqlitedb import Budget, _replay
from driftcheck.parsers.source.values.abstract import Unknown
from tests.test_library import static_result

# 8 KiB rows, built by doubling (no printf): 20,000 of them are 160 MiB to sort
BIG = (
    "WITH RECURSIVE d(n, s) AS (SELECT 0, 'ab' UNION ALL SELECT n + 1, s || s FROM d WHERE n < 12),"
    " c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 20000) "
)


def _bounded(sql: str, seconds: float = 2.0) -> str:
    """The replay of one statement: refused (a reason string), within ``seconds``."""
    t = time.perf_counter()
    got = _replay([("execute", sql, ())])
    assert time.perf_counter() - t < seconds, sql
    assert isinstance(got, str), (sql, str(got)[:80])
    return got


def test_sqlite_value_length_is_bounded():
    # SQLite's default limit is 1e9 bytes: this took 1.7 s and 300 MB before the bound
    assert "too big" in _bounded("SELECT length(printf('%.*c', 300000000, 'x'))")
    # a string doubled 29 times: 2.8 GB and 9 s before the bound
    doubling = (
        "WITH RECURSIVE c(x, s) AS (SELECT 1, 'ab' UNION ALL SELECT x + 1, s || s FROM c "
        "WHERE x < 29) SELECT length(s) FROM c"
    )
    assert "too big" in _bounded(doubling)
    nested = "replace(printf('%.*c', 1000, 'x'), 'x', printf('%.*c', 1000, 'x'))"
    _bounded(f"SELECT length(replace({nested}, 'x', 'yy'))")  # the helper refuses it


def test_sqlite_printf_over_the_length_bound_is_never_null():
    # SQLite's printf drops a text over the length limit to NULL without an error: the program
    # (default limits) gets the text, so NULL would be a confident wrong value
    two = "SELECT printf('%.*c%.*c', 9000, 'x', 9000, 'y') IS NULL"  # each width in bounds
    assert isinstance(_replay([("execute", two, ())]), str)
    assert _replay([("execute", "SELECT length(printf('%.*c', 9000, 'x'))", ())]) == [(9000,)]


def test_sqlite_printf_char_repeat_is_charged():
    # '%.*c' writes its character one by one, even past the length limit: 4 s per call at
    # 300,000,000; a width over the value bound is refused before SQLite runs it
    assert "too big" in _bounded("SELECT printf('%.*c', '300000000 wide', 'x') IS NULL", 0.5)
    many = (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 5000) "
        "SELECT sum(length(printf('%.*c', 16000 - x % 2, 'a'))) FROM c"
    )
    _bounded(many)  # 80 M characters written: over the work bound


@pytest.mark.parametrize(
    "call",
    [
        "instr(printf('%.*c', 16000 - x % 2, 'a'), printf('%.*c', 8000 - x % 2, 'a') || 'b')",
        "length(replace(printf('%.*c', 16000 - x % 2, 'a'), printf('%.*c', 8000, 'a') || 'b', ''))",
        f"printf('%.*c', 16000 - x % 2, 'a') LIKE '{'%a' * 400}%b'",
        "length(trim(printf('%.*c', 16000 - x % 2, 'a') || 'b', printf('%.*c', 8000, 'a')))",
    ],
    ids=["instr", "replace", "like", "trim"],
)
def test_sqlite_string_searches_are_charged(call):
    # text x pattern comparisons in one virtual-machine step: 68 s for 2,000 instr calls at
    # 64 KiB before the work bound (the step counter never sees them)
    sql = (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000) "
        f"SELECT sum({call}) FROM c"
    )
    _bounded(sql)


def test_sqlite_charged_functions_are_sqlites_own():
    sql = (
        "SELECT replace('abcb', 'b', 'x'), instr('abc', 'c'), 'abc' LIKE 'A%', "
        "'a_c' LIKE 'a!_c' ESCAPE '!', trim('xxaxx', 'x'), ltrim('  a'), rtrim('a..', '.'), "
        "printf('%5d|%-3s|%.2f|%.*c', 42, 'ab', 3.14159, 3, 'z'), format('%s', NULL), "
        "printf(NULL), printf('%d', '12abc'), replace(12, 2, 3), instr(x'0102', x'02') "
        "FROM (SELECT 1)"
    )
    want = sqlite3.connect(":memory:").execute(sql).fetchall()
    assert _replay([("execute", sql, ())]) == want


@pytest.mark.parametrize(
    "query",
    [
        "SELECT count(*) FROM (SELECT (SELECT s FROM d WHERE n = 12) || x AS v FROM c ORDER BY v)",
        "SELECT count(DISTINCT (SELECT s FROM d WHERE n = 12) || x) FROM c",
    ],
    ids=["sort", "distinct"],
)
def test_sqlite_heap_is_bounded(monkeypatch, query):
    # sorters and DISTINCT keep their rows in SQLite's heap (temp_store = MEMORY), where no
    # page count reaches: the heap meter stops them (a low bound here, to prove the meter)
    monkeypatch.setattr(sqlitedb, "MAX_HEAP", 8 << 20)
    assert "MiB of SQLite memory" in _bounded(BIG + query)


def test_sqlite_steps_and_total_budget_are_bounded():
    loop = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c"
    assert "steps" in _bounded(loop)
    budget = Budget()  # every replay of one analysis draws on it: four loops spend it all
    for _ in range(4):
        _replay([("execute", loop, ())], budget)
    assert "in all" in _replay([("execute", "SELECT 1", ())], budget)


def test_sqlite_rows_read_are_bounded():
    rows = BIG + "SELECT (SELECT s FROM d WHERE n = 12) || x FROM c"
    assert "size bound" in _bounded(rows)


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT length(zeroblob(1000000000))",
        "SELECT length(randomblob(1000000000))",
        "SELECT json_valid(printf('%.*c', 9000, '[') || printf('%.*c', 9000, ']'))",
        "CREATE TABLE t (x DEFAULT CURRENT_TIMESTAMP)",
        "PRAGMA temp_store = FILE",
    ],
    ids=["zeroblob", "randomblob", "deep_json", "clock", "pragma"],
)
def test_sqlite_refused_statements_are_unknown(sql):
    got = _bounded(sql)
    if "json" in sql:  # SQLite's own JSON depth limit
        assert "fails" in got


def test_sqlite_without_a_heap_meter_is_not_replayed(monkeypatch):
    monkeypatch.setattr(sqlitedb, "_heap_meter", lambda: None)
    assert "memory cannot be measured" in _replay([("execute", "SELECT 1", ())])


def test_sqlite_hostile_program_is_an_honest_unknown(tmp_path):
    code = (
        "import sqlite3\ndb = sqlite3.connect(':memory:')\n"
        "q = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c'\n"
        "rows = [db.execute(q).fetchall() for _ in range(8)]\n"
        "result = (rows[0], rows[7], db.execute('SELECT 1').fetchall())\n"
    )
    t = time.perf_counter()
    got = static_result(tmp_path, code)
    assert time.perf_counter() - t < 5
    assert all(isinstance(x, Unknown) for x in got)
    assert "steps" in got[0].why


def _peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def _nested_binary_plist(depth: int, width: int) -> bytes:
    """A binary property list of ``depth`` arrays, each holding the next ``width`` times: a
    DAG of ``depth * width`` references whose tree is ``width ** depth`` values."""
    off, objects = [], b""
    for i in range(depth):
        objects += bytes([0xAF]) + bytes([0x10, width]) + bytes([i + 1]) * width  # array
    objects += b"\x10\x07"  # the int 7 at the bottom
    header = b"bplist00"
    pos = len(header)
    for i in range(depth + 1):
        off.append(pos)
        pos += (2 + 1 + width) if i < depth else 2
    offsets = b"".join(o.to_bytes(2, "big") for o in off)
    trailer = b"\0" * 6 + bytes([2, 1]) + (depth + 1).to_bytes(8, "big") + (0).to_bytes(8, "big")
    trailer += pos.to_bytes(8, "big")
    return header + objects + offsets + trailer


def test_plist_reference_bomb_is_unknown(tmp_path):
    bomb = _nested_binary_plist(20, 10)  # 10 ** 20 values as a tree
    assert plistlib.loads(bomb)[0][0][0]  # CPython parses it (shared references)
    t = time.perf_counter()
    got = static_result(tmp_path, f"import plistlib\nresult = plistlib.loads({bomb!r})\n")
    assert time.perf_counter() - t < 3
    assert isinstance(got, Unknown) and "plistlib.loads" in got.why


def test_deep_xml_plist_and_base64_bombs_are_unknown(tmp_path):
    deep = b"<plist><array>" * 1 + b"<array>" * 5000 + b"</array>" * 5001 + b"</plist>"
    big = base64.b64encode(b"\0" * 60000)
    code = (
        "import base64\nimport plistlib\nimport unicodedata\n"
        f"result = (plistlib.loads({deep!r}), "
        f"base64.b64decode(base64.b64encode(base64.b64decode({big!r}))), "
        "unicodedata.normalize('NFKD', '\\ufdfa' * 30000), "
        "base64.b64decode('A' * 100000))\n"
    )
    before, t = _peak_mb(), time.perf_counter()
    got = static_result(tmp_path, code)
    assert time.perf_counter() - t < 5 and _peak_mb() - before < 200
    assert all(isinstance(x, Unknown) for x in got), [str(x)[:60] for x in got]
