"""Cost of the check before every cache store (``parsers/cache.code_unchanged``), paired.

Session 38 (house38, review36 item 9): the check walked the whole package (rglob plus a stat
of every ``.py`` and data file) before each store; it now stats only the files that can have
run (the ``driftcheck`` modules in ``sys.modules`` and the data files). In one process, after
an analysis has imported what a real run imports (a source model parsed and checked on an
input shape), this times both forms interleaved call by call, so both see the same machine
load: the walk (``DRIFTCHECK_SPEED_OFF=ran_files_check``, the baseline) and the files that ran.
Prints the median per call of each, the ratio baseline/new in the same run, and checks that
both answer the same (True: nothing was edited while it ran).

    python benchmarks/bench_code_check.py --calls 200
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODEL = """
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 8)
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        return self.out(torch.relu(self.fc(x)))


model = Net()
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=200, help="calls of each form")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import contextlib
    import io

    from driftcheck.cli import main as cli
    from driftcheck.parsers import cache
    from driftcheck.speed import Speed, use

    assert cache.__file__.startswith(str(ROOT)), cache.__file__
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.py"
        path.write_text(MODEL)
        # a check run on an input shape: imports what such a run imports
        with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
            cli(["check", f"{path}::Net", "--input-shape", "3,6", "--format", "json"])
    cache.code_fingerprint()
    mods = sum(1 for n in sys.modules if n == "driftcheck" or n.startswith("driftcheck."))
    walked = len(cache._AT_START)
    walk, ran = Speed().without("ran_files_check"), Speed()
    t_walk: list[float] = []
    t_ran: list[float] = []
    answers = set()
    for _ in range(args.calls):
        for speed, out in ((walk, t_walk), (ran, t_ran)):
            with use(speed):
                t = time.perf_counter()
                answers.add(cache.code_unchanged())
                out.append(time.perf_counter() - t)
    a, b = statistics.median(t_walk) * 1e3, statistics.median(t_ran) * 1e3
    print(f"files walked: {walked}; driftcheck modules imported: {mods}")
    print(
        f"walk (baseline): {a:.3f} ms/call   files that ran: {b:.3f} ms/call   ratio {a / b:.1f}x"
    )
    print(f"answers: {sorted(answers)}")
    return 0 if answers == {True} else 1


if __name__ == "__main__":
    raise SystemExit(main())
