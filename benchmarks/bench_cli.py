"""What a user waits for: the README's main job and ``driftcheck graph <config>``, each in a fresh
interpreter, with the caches warm (the second run on a machine: the config's graph and the
tables derived from transformers' sources are on disk) and with every cache off
(``DRIFTCHECK_NO_CACHE=1``: everything parsed and interpreted again), against
``python -c "import torch"`` measured in the same interleaved runs.

CPU time of the child (user + system, ``getrusage``) is the figure to quote on a shared machine;
wall time is printed too. The children may write bytecode (``PYTHONDONTWRITEBYTECODE`` is
dropped from their environment), as an installed package does: a sandbox that sets it would
otherwise compile driftcheck's ~100 modules from source on every run (about 0.35 s of CPU).

    python benchmarks/bench_cli.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = "examples/drift/bert-base-uncased.config.json"
CODE = "examples/drift/tiny_encoder.py"
PY = sys.executable


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) for one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args()
    cache = tempfile.mkdtemp(prefix="dc-bench-cli-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    warm = {**env, "DRIFTCHECK_CACHE_DIR": cache, "DRIFTCHECK_NO_CACHE": ""}
    cold = {**warm, "DRIFTCHECK_NO_CACHE": "1"}
    dc = [PY, "-m", "driftcheck"]
    cases = {
        "compare (README), caches warm": (dc + ["compare", CONFIG, CODE], warm),
        "compare (README), no cache": (dc + ["compare", CONFIG, CODE], cold),
        "graph bert config, caches warm": (dc + ["graph", CONFIG, "--format", "json"], warm),
        "graph bert config, no cache": (dc + ["graph", CONFIG, "--format", "json"], cold),
        "python -c 'import torch'": ([PY, "-c", "import torch"], warm),
    }
    for cmd, env in cases.values():  # fill the caches, warm the OS file cache
        timed(cmd, env)
    got: dict[str, list[tuple[float, float]]] = {k: [] for k in cases}
    for _ in range(a.runs):  # interleaved: load on the machine hits every case alike
        for k, (cmd, env) in cases.items():
            got[k].append(timed(cmd, env))
    base = statistics.median(c for _, c in got["python -c 'import torch'"])
    print(f"{'command':<34}{'CPU ms':>8}{'wall ms':>9}{'torch import / CPU':>20}")
    for k, rows in got.items():
        cpu = statistics.median(c for _, c in rows)
        wall = statistics.median(w for w, _ in rows)
        print(f"{k:<34}{cpu * 1000:>8.0f}{wall * 1000:>9.0f}{base / cpu:>19.2f}x")
    print(f"medians of {a.runs} runs each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
