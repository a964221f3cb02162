"""The pre-commit hook over the wild corpus: which files it checks, and that it fails none.

Every wild-corpus file is a user file that builds its model in torch (``truth.json`` of each
corpus: ``params_total`` set where torch built it), so the hook must pass every one of those:
exit 1 on one is a commit refused on code torch builds and runs (a false failure), exit 2 an
error. The hook's own entry (``driftcheck.hooks.check_main``, on the core install it is
installed as: ``benchmarks/installs.py``) runs on batches of ``--batch`` files, one process at
a time; a batch that does not exit 0 is run again file by file. Printed per part (dev, and
held-out with ``--part held_out`` / ``all``: the truth's ``held_out``, ``sha256(name) % 5 == 0``
in the main corpus and every case of a fresh batch): files, files torch
builds, files the hook checks before (``_defines_modules``: an ``nn.Module`` class in the text)
and now (``hooks.analyses``), and the exit codes of the torch-built files. Dev failures are
listed with their major and blocker lines; held-out ones are counted only.

    python benchmarks/bench_hook_wild.py                       # dev part (main corpus only)
    python benchmarks/bench_hook_wild.py --part held_out       # once, at the end
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WILD = ROOT / "benchmarks" / "wild"
VENDOR = WILD / ".vendor"
CORPORA = ("main", "fresh", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8")

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(WILD))
from build_truth import case_name, corpus_files, held_out  # noqa: E402

from benchmarks import installs  # noqa: E402
from driftcheck.hooks import _defines_modules, analyses  # noqa: E402


def _truth(corpus: str) -> dict:
    path = WILD / ("truth.json" if corpus == "main" else f"{corpus}/truth.json")
    return json.loads(path.read_text())["cases"]


def _run(program: str, files: list[str], timeout: float) -> tuple[int, str]:
    pypath = str(ROOT) + (os.pathsep + str(VENDOR) if VENDOR.is_dir() else "")
    env = dict(os.environ, PYTHONPATH=pypath)
    try:
        p = subprocess.run(
            [sys.executable, "-c", program, *files],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return 124, "timeout"
    return p.returncode, p.stdout + p.stderr


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", choices=[*CORPORA, "all"], default="all")
    ap.add_argument("--part", choices=["dev", "held_out", "all"], default="dev")
    ap.add_argument("--batch", type=int, default=26, help="files per hook process (26)")
    ap.add_argument("--mode", choices=installs.MODES, default="core")
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args()
    program = installs.hook(args.mode)
    corpora = CORPORA if args.corpus == "all" else (args.corpus,)
    parts = ("dev", "held_out") if args.part == "all" else (args.part,)
    rows: dict[str, list[dict]] = {p: [] for p in parts}
    for corpus in corpora:
        truth = _truth(corpus)
        for f in corpus_files(corpus):
            name = case_name(f)
            case = truth.get(name, {})
            # the truth's own flag: a fresh batch is held out as a whole (written after tuning)
            part = "held_out" if case.get("held_out", held_out(name)) else "dev"
            if part not in rows:
                continue
            rel = str(f.relative_to(ROOT))
            rows[part].append(
                {
                    "name": name,
                    "path": rel,
                    "built": case.get("params_total") is not None,
                    "before": _defines_modules(str(f)),
                    "now": analyses(str(f)),
                }
            )
    t0 = time.perf_counter()
    for part, items in rows.items():
        todo = [r for r in items if r["now"]]
        for i in range(0, len(todo), args.batch):
            batch = todo[i : i + args.batch]
            rc, _ = _run(program, [r["path"] for r in batch], args.timeout)
            if rc == 0:
                for r in batch:
                    r["rc"] = 0
                continue
            for r in batch:
                r["rc"], out = _run(program, [r["path"]], args.timeout)
                if part == "dev" and r["rc"]:
                    r["lines"] = [
                        x for x in out.splitlines() if x.startswith(("major", "blocker", "driftc"))
                    ][:4]
    wall = time.perf_counter() - t0
    for part, items in rows.items():
        built = [r for r in items if r["built"]]
        rcs: dict[int, int] = {}
        for r in built:
            rcs[r.get("rc", -1)] = rcs.get(r.get("rc", -1), 0) + 1
        print(
            f"{part}: {len(items)} files, {len(built)} built by torch; hook checks "
            f"{sum(r['before'] for r in items)} before, {sum(r['now'] for r in items)} now; "
            f"torch-built exit codes {dict(sorted(rcs.items()))} (-1 = skipped)"
        )
        if part == "dev":
            for r in built:
                if r.get("rc", 0):
                    print(f"  FAIL {r['name']} rc {r['rc']}: {' | '.join(r.get('lines', []))}")
    print(f"wall {wall:.0f} s ({args.mode} install, batches of {args.batch}, one at a time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
