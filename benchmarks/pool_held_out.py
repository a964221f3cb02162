"""Pooled held-out figures: the analyzer on code nobody tuned it on.

Every blind batch (wild ``benchmarks/wild/freshNN``, crash ``templates_freshNN.py``, re-implementations
``benchmarks/reimpl/freshNN``) is cut by a hash of the case name into a dev part, which later sessions
tune on, and a held-out part nobody opens. A batch's first run measures new code once; the held-out
parts of all batches, run again at any later commit, measure it again on hundreds of cases the
analyzer's rules were never shaped by. This script runs each benchmark on those parts only, reads only
their aggregate lines (it never prints or stores a per-case row), and prints one line per batch and
the pooled sums against the issues' targets.

    python benchmarks/pool_held_out.py [--only reimpl,crash,wild] [--jobs 2] [--json out.json]

Batches whose held-out part was burned (opened for tuning, see bench_crash.BURNED and bench_wild's
``burned`` split) or which have no hash split are skipped and listed. Each benchmark runs in its own
process, so the figures are the ones the per-batch commands print.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"


FIRST = 0


def _batches(folder: Path, prefix: str = "fresh") -> list[int]:
    out = []
    for p in folder.iterdir():
        m = re.fullmatch(prefix + r"(\d+)", p.name)
        if m and p.is_dir() and int(m.group(1)) >= FIRST:
            out.append(int(m.group(1)))
    return sorted(out)


def _run(cmd: list[str], timeout: float) -> str:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    try:
        res = subprocess.run(
            cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return ""
    return res.stdout + res.stderr


_REIMPL = re.compile(
    r"\[full\] held-out clean FP (\d+)/(\d+).*?recall (\d+)/(\d+).*?one finding (\d+)/(\d+)"
)


def reimpl(timeout: float) -> tuple[list[dict], list[str]]:
    rows, skipped = [], []
    for n in _batches(BENCH / "reimpl"):
        text = _run(
            [sys.executable, "benchmarks/bench_reimpl.py", "--corpus", f"fresh{n}"]
            + ["--split", "held-out", "--mode", "full"],
            timeout,
        )
        m = _REIMPL.search(text)
        if not m or int(m.group(2)) + int(m.group(4)) == 0:
            skipped.append(f"fresh{n}")
            continue
        fp, clean, rec, plants, one, _ = map(int, m.groups())
        rows.append(
            {
                "batch": f"fresh{n}",
                "fp": fp,
                "clean": clean,
                "found": rec,
                "plants": plants,
                "one": one,
            }
        )
    return rows, skipped


_CRASH = re.compile(
    r"fresh(\d+)_held_out\s*:\s*(\d+) cases, precision [\d.]+% \((\d+)/(\d+)\), recall [\d.]+% \((\d+)/(\d+)\)"
)


def crash(timeout: float) -> tuple[list[dict], list[str]]:
    rows, skipped = [], []
    for n in _crash_batches():
        text = _run([sys.executable, "benchmarks/crash/bench_crash.py", f"--fresh{n}"], timeout)
        m = _CRASH.search(text)
        if not m:
            skipped.append(f"fresh{n}")
            continue
        _, cases, tp, flagged, _, crashes = map(int, m.groups())
        rows.append(
            {"batch": f"fresh{n}", "cases": cases, "tp": tp, "flagged": flagged, "crashes": crashes}
        )
    return rows, skipped


def _crash_batches() -> list[int]:
    out = []
    for p in (BENCH / "crash").glob("templates_fresh*.py"):
        m = re.fullmatch(r"templates_fresh(\d+)\.py", p.name)
        if m and int(m.group(1)) >= FIRST:
            out.append(int(m.group(1)))
    return sorted(out)


_WILD = re.compile(
    r"full install, fresh(\d+)[^:]*: exact (\d+)/(\d+) = [\d.]+%; confident wrong (\d+)/(\d+)"
    r".*?tool failures (\d+)"
)


def wild(timeout: float, jobs: int) -> tuple[list[dict], list[str]]:
    rows, skipped = [], []
    for n in _batches(BENCH / "wild"):
        text = _run(
            [sys.executable, "benchmarks/bench_wild.py", "--corpus", f"fresh{n}"]
            + ["--split", "held-out", "--mode", "full", "--jobs", str(jobs), "--hook-cpus", "0"],
            timeout,
        )
        m = _WILD.search(text)
        if not m or int(m.group(3)) == 0:
            skipped.append(f"fresh{n}")
            continue
        _, exact, files, wrong, _, fails = map(int, m.groups())
        rows.append(
            {"batch": f"fresh{n}", "files": files, "exact": exact, "wrong": wrong, "fail": fails}
        )
    return rows, skipped


def _pct(a: int, b: int) -> str:
    return f"{100.0 * a / b:.1f}%" if b else "n/a"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="reimpl,crash,wild", help="comma list of reimpl, crash, wild")
    ap.add_argument("--jobs", type=int, default=1, help="processes for the wild benchmark")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per batch run")
    ap.add_argument("--first", type=int, default=0, help="only batches freshN with N >= this")
    ap.add_argument("--json", help="write the per-batch aggregates here")
    args = ap.parse_args(argv)
    which = {w.strip() for w in args.only.split(",") if w.strip()}
    global FIRST
    FIRST = args.first
    out: dict[str, dict] = {}
    t0 = time.perf_counter()
    if "reimpl" in which:
        rows, skipped = reimpl(args.timeout)
        s = {k: sum(r[k] for r in rows) for k in ("fp", "clean", "found", "plants", "one")}
        for r in rows:
            print(
                f"reimpl {r['batch']:8} held-out: FP {r['fp']}/{r['clean']}, "
                f"recall {r['found']}/{r['plants']}, one finding {r['one']}/{r['plants']}"
            )
        print(
            f"reimpl pooled held-out ({len(rows)} batches; skipped {', '.join(skipped) or 'none'}): "
            f"clean FP {s['fp']}/{s['clean']} = {_pct(s['fp'], s['clean'])} (target <= 2%), "
            f"recall {s['found']}/{s['plants']} = {_pct(s['found'], s['plants'])} (>= 95%), "
            f"one finding {s['one']}/{s['plants']} = {_pct(s['one'], s['plants'])} (>= 90%)"
        )
        out["reimpl"] = {"rows": rows, "skipped": skipped, "pooled": s}
    if "crash" in which:
        rows, skipped = crash(args.timeout)
        s = {k: sum(r[k] for r in rows) for k in ("cases", "tp", "flagged", "crashes")}
        for r in rows:
            print(
                f"crash {r['batch']:8} held-out: {r['cases']} cases, precision {r['tp']}/{r['flagged']}, "
                f"recall {r['tp']}/{r['crashes']}"
            )
        print(
            f"crash pooled held-out ({len(rows)} batches; skipped {', '.join(skipped) or 'none'}): "
            f"{s['cases']} cases, precision {s['tp']}/{s['flagged']} = {_pct(s['tp'], s['flagged'])} "
            f"(target 100%), recall {s['tp']}/{s['crashes']} = {_pct(s['tp'], s['crashes'])} (>= 95%)"
        )
        out["crash"] = {"rows": rows, "skipped": skipped, "pooled": s}
    if "wild" in which:
        rows, skipped = wild(args.timeout, args.jobs)
        s = {k: sum(r[k] for r in rows) for k in ("files", "exact", "wrong", "fail")}
        for r in rows:
            print(
                f"wild {r['batch']:8} held-out: exact {r['exact']}/{r['files']}, wrong {r['wrong']}, "
                f"tool failures {r['fail']}"
            )
        print(
            f"wild pooled held-out ({len(rows)} batches; skipped {', '.join(skipped) or 'none'}): "
            f"exact {s['exact']}/{s['files']} = {_pct(s['exact'], s['files'])} (target >= 90%), "
            f"confident wrong {s['wrong']}/{s['files']} = {_pct(s['wrong'], s['files'])} (<= 1%), "
            f"tool failures {s['fail']} (0)"
        )
        out["wild"] = {"rows": rows, "skipped": skipped, "pooled": s}
    print(f"time: {time.perf_counter() - t0:.0f} s wall")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
