"""Wall time of the driftcheck-check pre-commit hook on a one-file commit, env cached.

Makes a temporary git repo whose .pre-commit-config.yaml points at this checkout's HEAD,
runs `pre-commit run` once to install the hook environment (timed separately), then N more
times on the one staged model file, and prints the median next to `git status` as baseline.

    python benchmarks/bench_hook.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODEL = """import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim=128, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(self.attn(x, x, x)[0])
"""


def timed(cmd: list[str], cwd: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    rev = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        for cmd in (["git", "init", "-q"], ["git", "config", "user.email", "b@b"]):
            subprocess.run(cmd, cwd=repo, check=True)
        subprocess.run(["git", "config", "user.name", "b"], cwd=repo, check=True)
        (repo / "model.py").write_text(MODEL)
        (repo / ".pre-commit-config.yaml").write_text(
            f"repos:\n  - repo: {ROOT}\n    rev: {rev}\n    hooks:\n      - id: driftcheck-check\n"
        )
        subprocess.run(["git", "add", "."], cwd=repo, check=True)
        hook = [sys.executable, "-m", "pre_commit", "run", "--files", "model.py"]
        first = timed(hook, repo)
        runs = [timed(hook, repo) for _ in range(args.runs)]
        base = [timed(["git", "status", "--short"], repo) for _ in range(args.runs)]
    med = statistics.median(runs)
    print(f"first run (installs the hook environment): {first:.1f} s")
    print(f"pre-commit driftcheck-check, one-file commit: median {med:.2f} s over {args.runs}")
    print(f"baseline git status: median {statistics.median(base) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
