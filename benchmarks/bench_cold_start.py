"""Cold start of `driftcheck check <file>` (or `graph`) against `python -c "import torch"`.

Each command runs N times in a fresh interpreter; the script prints the medians and the ratio
(torch import time / driftcheck time), in wall time and in the child's CPU time (user + system,
from ``getrusage``), which is what to quote on a loaded machine. The issue's bar is a ratio of
at least 3.

    python benchmarks/bench_cold_start.py [--runs 7] [--command check|graph] [--example FILE]

``check`` (the default) runs on ``examples/drift/tiny_encoder.py``, a one-file model; ``graph``
on the graph JSON example. Both pass through the CLI's linter layer as a user's run does.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "tiny_mlp.graph.json"
CHECK_EXAMPLE = ROOT / "examples" / "drift" / "tiny_encoder.py"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Children may write bytecode, as an installed package does (pip compiles torch's at install
time): under ``PYTHONDONTWRITEBYTECODE`` driftcheck's own modules were compiled from source on
every run (about 0.35 s of CPU) while torch's came from their ``.pyc``."""


def timed(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) for one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, cwd=ROOT, env=ENV).returncode
    if rc not in (0, 1):  # 1: findings, still a full run
        raise SystemExit(f"{cmd} exited {rc}")
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--command", choices=("check", "graph"), default="check")
    ap.add_argument("--example")
    args = ap.parse_args()
    example = args.example or str(CHECK_EXAMPLE if args.command == "check" else EXAMPLE)
    args.example = example
    dc = [sys.executable, "-m", "driftcheck", args.command, example, "--format", "json"]
    torch_cmd = [sys.executable, "-c", "import torch"]
    timed(dc), timed(torch_cmd)  # warm the OS file cache for both
    ours, theirs = [], []
    for _ in range(args.runs):  # interleave so machine noise hits both alike
        ours.append(timed(dc))
        theirs.append(timed(torch_cmd))
    for k, what in ((0, "wall"), (1, "CPU")):
        a = statistics.median(r[k] for r in ours)
        b = statistics.median(r[k] for r in theirs)
        print(
            f"{what:4s}: driftcheck {args.command} {Path(args.example).name} {a * 1000:.0f} ms, "
            f"python -c 'import torch' {b * 1000:.0f} ms (medians of {args.runs}); "
            f"ratio {b / a:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
