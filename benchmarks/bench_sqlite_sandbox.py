"""Hostile SQL on the sqlite3 replay (library/sqlitedb.py): time and peak memory per statement.

Each statement runs in its own process (its peak RSS is its own), importing driftcheck from
``--root`` (a checkout; default this one), with a wall-clock limit. A bounded replay answers
within a fraction of a second with a reason string (an honest unknown); see docs/parser.md
"Data evaluated in CPython" and tests/test_sandbox26.py.

    python benchmarks/bench_sqlite_sandbox.py [--root DIR] [--only NAME,...] [--timeout S]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

N = 65536
ROWS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000) "
CASES = {
    "printf_300M": "SELECT length(printf('%.*c', 300000000, 'x'))",
    "endless_cte": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
    "doubling_29": "WITH RECURSIVE c(x, s) AS (SELECT 1, 'ab' UNION ALL SELECT x + 1, s || s FROM c "
    "WHERE x < 29) SELECT length(s) FROM c",
    "replace_nest": "SELECT length(replace(replace(replace(printf('%.*c', 1000, 'x'), 'x', "
    "printf('%.*c', 1000, 'x')), 'x', printf('%.*c', 1000, 'x')), 'x', 'yy'))",
    "instr_2000x64K": ROWS + f"SELECT sum(instr(printf('%.*c', {N - 1} - x % 2, 'a'), "
    f"printf('%.*c', {N // 2} - x % 2, 'a') || 'b')) FROM c",
    "zeroblob_1G": "SELECT length(zeroblob(1000000000))",
    "sort_20000x8K": "WITH RECURSIVE d(n, s) AS (SELECT 0, 'ab' UNION ALL SELECT n + 1, s || s FROM d "
    "WHERE n < 12), c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 20000) SELECT count(*) "
    "FROM (SELECT (SELECT s FROM d WHERE n = 12) || x AS v FROM c ORDER BY v)",
    "plain": "SELECT 2 * 3, upper('a'), replace('abc', 'b', 'x')",
}  # fmt: skip

CHILD = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from driftcheck.parsers.source.library.sqlitedb import _replay
t = time.perf_counter()
out = _replay([("execute", sys.argv[2], ())])
print(json.dumps({"s": time.perf_counter() - t,
                  "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
                  "got": out if isinstance(out, str) else f"rows: {str(out)[:40]}"}))
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--only", help="comma-separated case names")
    ap.add_argument("--timeout", type=float, default=60.0)
    a = ap.parse_args()
    names = a.only.split(",") if a.only else list(CASES)
    for name in names:
        try:
            p = subprocess.run(
                [sys.executable, "-c", CHILD, a.root, CASES[name]],
                capture_output=True,
                text=True,
                timeout=a.timeout,
            )
            r = json.loads(p.stdout) if p.returncode == 0 else {"got": p.stderr.strip()[-80:]}
        except subprocess.TimeoutExpired:
            r = {"got": f"over {a.timeout:g} s"}
        s = f"{r['s']:7.2f} s" if "s" in r else "      - "
        mb = f"{r['mb']:6d} MB" if "mb" in r else "     - "
        print(f"{name:15s} {s} {mb}  {r['got'][:90]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
