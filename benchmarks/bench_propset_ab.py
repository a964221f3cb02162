"""What one file of the parser costs: this tree against the same tree with one module taken
from another revision, as paired whole-process CPU times (A B A B ..., the ratio pair by pair,
so a drift of the machine's speed cancels).

Made for session 28's instance-write rule (interp/propset.py ``_unknown_class_binding``, a walk
of the class's MRO on every module attribute write without a property setter): is it a hot
path? Run as

    PYTHONPATH=$PWD python benchmarks/bench_propset_ab.py --base 0c13136e^ --stride 12 --pairs 6

Each run is ``python -m driftcheck check FILE... --format json`` over every ``--stride``-th
file of the main wild corpus's dev part (``DRIFTCHECK_NO_CACHE=1``), in a fresh interpreter;
its CPU time (user + system, ``getrusage`` of the children) is what is compared. Both trees'
JSON outputs are compared too (a changed answer is printed).

Measured (session 29, wildfix29b, at 3cf9390d against propset.py of 0c13136e^, 31 files,
six pairs, one run of each first as a warm-up; a 2-core machine at load 10-12): median CPU
7.86 s (A, with the rule) vs 8.00 s (B, without), ratio A/B median 0.985 (min 0.946, max
1.065), the JSON outputs byte-identical: no cost above the noise. A profile of 62 dev files (every sixth, one process, cProfile)
agrees: ``_unknown_class_binding`` 8,173 calls, 0.037 s of 143 s profiled (0.03%); all of
``module_property_set`` 1.9 s (1.3%, most of it ``_read_only`` and the setter scan of
``_setters``, both older than the rule). So no cache was added: there is nothing to save.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE = "driftcheck/parsers/source/interp/propset.py"


def _files(stride: int) -> list[str]:
    truth = json.loads((ROOT / "benchmarks" / "wild" / "truth.json").read_text())["cases"]
    dev = sorted(v["path"] for v in truth.values() if not v["held_out"])
    return [str(ROOT / p) for p in dev[::stride]]


def _tree_with(base: str, module: str, into: Path) -> Path:
    """A copy of this tree's package with ``module`` as revision ``base`` has it."""
    shutil.copytree(
        ROOT / "driftcheck", into / "driftcheck", ignore=shutil.ignore_patterns("__pycache__")
    )
    old = subprocess.run(
        ["git", "show", f"{base}:{module}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    (into / module).write_text(old)
    return into


def _run(tree: Path, files: list[str]) -> tuple[float, str]:
    vendor = ROOT / "benchmarks" / "wild" / ".vendor"
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(tree), str(vendor)]),
        DRIFTCHECK_NO_CACHE="1",
        DRIFTCHECK_NO_PROGRESS="1",
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", *files, "--format", "json"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, p.stdout


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default="0c13136e^", help="revision of the module for tree B")
    ap.add_argument("--module", default=MODULE)
    ap.add_argument("--stride", type=int, default=12)
    ap.add_argument("--pairs", type=int, default=6)
    args = ap.parse_args(argv)
    files = _files(args.stride)
    with tempfile.TemporaryDirectory() as tmp:
        a = Path(tmp) / "a"
        shutil.copytree(
            ROOT / "driftcheck", a / "driftcheck", ignore=shutil.ignore_patterns("__pycache__")
        )
        b = _tree_with(args.base, args.module, Path(tmp) / "b")
        _run(a, files), _run(b, files)  # warm-up: bytecode written, files in the page cache
        ca, cb, ratios, same = [], [], [], True
        for _ in range(args.pairs):
            ta, oa = _run(a, files)
            tb, ob = _run(b, files)
            ca.append(ta)
            cb.append(tb)
            ratios.append(ta / tb)
            same = same and oa == ob
    print(f"{len(files)} files, {args.pairs} pairs; B = {args.module} at {args.base}")
    print(f"A cpu s median {statistics.median(ca):.3f} (min {min(ca):.3f}, max {max(ca):.3f})")
    print(f"B cpu s median {statistics.median(cb):.3f} (min {min(cb):.3f}, max {max(cb):.3f})")
    print(
        f"A/B cpu median {statistics.median(ratios):.3f} "
        f"(min {min(ratios):.3f}, max {max(ratios):.3f}); outputs identical: {same}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
