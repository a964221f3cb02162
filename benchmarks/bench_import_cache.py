"""Import cost of ``driftcheck.parsers.cache`` (every parsing process pays it), paired.

Session 36 (hygiene36): the code fingerprint's walk (rglob plus stat of every driftcheck file,
about 5 ms) moved from "every import" to "only where the cache is on". This times, in fresh
processes, ``import driftcheck.parsers.cache`` for two trees -- a baseline (``--base``: a
directory holding a ``driftcheck`` package, e.g. ``git archive <commit> driftcheck | tar -x``)
and this checkout -- interleaved run by run so both see the same machine load, with the cache
off (``DRIFTCHECK_NO_CACHE=1``) and on. Prints the median of each and the ratio this/base in
the same run.

    python benchmarks/bench_import_cache.py --base /tmp/base-tree --runs 30
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = (
    "import sys, time\n"
    "import hashlib, importlib.util, json, stat, tempfile\n"
    "import driftcheck.parsers, driftcheck.speed, driftcheck.graph.model, driftcheck.safeio\n"
    "assert driftcheck.__file__.startswith(sys.argv[1]), driftcheck.__file__\n"
    "t = time.perf_counter()\n"
    "import driftcheck.parsers.cache\n"
    "print(time.perf_counter() - t)\n"
)


def one(tree: Path, cache_on: bool) -> float:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DRIFTCHECK_")}
    env["PYTHONPATH"] = str(tree)
    if not cache_on:
        env["DRIFTCHECK_NO_CACHE"] = "1"
    r = subprocess.run(
        [sys.executable, "-c", PROBE, str(tree)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,  # ``-c`` puts the working directory first on sys.path
        check=True,
    )
    return float(r.stdout.strip())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, type=Path, help="baseline tree (holds driftcheck/)")
    ap.add_argument(
        "--this",
        type=Path,
        default=ROOT,
        help="tree to compare (default: this checkout); "
        "put both on one file system: the walk's stat calls cost what the file system costs",
    )
    ap.add_argument("--runs", type=int, default=30)
    a = ap.parse_args()
    trees = {"base": a.base.resolve(), "this": a.this.resolve()}
    for cache_on in (False, True):
        times: dict[str, list[float]] = {k: [] for k in trees}
        for _ in range(a.runs):
            for k, t in trees.items():
                times[k].append(one(t, cache_on))
        med = {k: statistics.median(v) * 1e3 for k, v in times.items()}
        print(
            f"cache {'on ' if cache_on else 'off'}: base {med['base']:.2f} ms, "
            f"this {med['this']:.2f} ms, ratio this/base {med['this'] / med['base']:.3f} "
            f"({a.runs} paired runs, medians)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
