"""Cold start of `driftcheck graph <example>` against `python -c "import torch"`, same run.

Each command runs N times in a fresh interpreter; the script prints the medians and the ratio
(torch import time / driftcheck time). The issue's bar is a ratio of at least 3.

    python benchmarks/bench_cold_start.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "tiny_mlp.graph.json"


def timed(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--example", default=str(EXAMPLE))
    args = ap.parse_args()
    dc = [sys.executable, "-m", "driftcheck", "graph", args.example, "--format", "json"]
    torch_cmd = [sys.executable, "-c", "import torch"]
    timed(dc), timed(torch_cmd)  # warm the OS file cache for both
    ours, theirs = [], []
    for _ in range(args.runs):  # interleave so machine noise hits both alike
        ours.append(timed(dc))
        theirs.append(timed(torch_cmd))
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f"driftcheck graph {Path(args.example).name}: median {a * 1000:.0f} ms over {args.runs}")
    print(f"python -c 'import torch':        median {b * 1000:.0f} ms over {args.runs}")
    print(f"ratio (import torch / driftcheck graph): {b / a:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
