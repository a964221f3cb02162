"""The long fuzz campaign (issue 22): generated inputs for every entry point, each run in its
own process with a 10 s wall-clock limit and a 1 GiB memory limit, and the counts printed.

    python benchmarks/fuzz_campaign.py [--n 5000] [--seed 0] [--timeout 10] [--mem-gb 1]
    python benchmarks/fuzz_campaign.py --only config,manifest --n 1600   # a share, e.g. to
                                                                      # run parts in parallel

Inputs come from ``tests/fuzz_inputs.py`` (the CI properties' strategies, with ``wide=True``:
numbers up to 10**30 and 2**63, layer counts up to 2000, expressions such as ``'x' * n``).
Each run is a child forked from this process after driftcheck is imported (a fresh process
per input, as a user's, without paying the interpreter start-up 5,000 times): the child sets
``RLIMIT_AS`` to its own address space plus ``--mem-gb`` (``resource.setrlimit``; Linux does
not enforce ``RLIMIT_RSS``), writes the files to a fresh folder and calls
``driftcheck.cli.main(argv)``. The parent kills it at ``--timeout`` seconds.

Counted per entry point:

- ``traceback``: a Python traceback on stderr or stdout (the child's own catch prints one when
  ``main`` raises), or the CLI's ``internal error`` catch-all line;
- ``over_time``: killed at the timeout;
- ``over_mem``: the memory limit was reached (``MemoryError`` caught by the CLI as "input too
  large to analyze", or the process died of it) or the child's peak RSS grew by more than
  ``--mem-gb`` over what it inherited;
- ``bad_exit``: an exit code outside {0, 1, 2}, a death by signal, or exit 2 without exactly
  one ``driftcheck: error:`` line.

Cases that break a rule are written to ``--keep DIR`` (default ``fuzz-failures/``) with their
argv, so each can be replayed with the CLI.
"""

# ruff: noqa: B023 - the per-entry closure is run within its own loop iteration
from __future__ import annotations

import argparse
import io
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402

from tests.fuzz_inputs import ENTRY_POINTS, Case  # noqa: E402

SHARES = {  # of --n, per entry point
    "python-model": 0.30,
    "python-grammar": 0.06,
    "config": 0.16,
    "manifest": 0.16,
    "safetensors": 0.12,
    "gguf": 0.12,
    "compare": 0.08,
}


def _vm_bytes() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _child(case: Case, folder: Path, out_path: Path, mem: int) -> None:
    """In the forked child: limits, files, ``main(argv)``; never returns."""
    code = 70
    try:
        limit = _vm_bytes() + mem
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), write_through=True)
        sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), write_through=True)
        folder.mkdir()
        for name, data in case.files.items():
            (folder / name).write_bytes(data)
        os.chdir(folder)
        from driftcheck.cli import main

        code = main(list(case.argv))
    except BaseException:  # noqa: BLE001 - reported to the parent as a traceback
        traceback.print_exc()
        code = 70
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code if isinstance(code, int) else 70)


def run_one(case: Case, work: Path, timeout: float, mem: int) -> dict:
    folder = work / "case"
    out_path = work / "out.txt"
    shutil.rmtree(folder, ignore_errors=True)
    base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB, what the child inherits
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        _child(case, folder, out_path, mem)
    killed = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - t0 > timeout:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            killed = True
            break
        time.sleep(0.002)
    secs = time.monotonic() - t0
    text = out_path.read_text(errors="replace") if out_path.exists() else ""
    shutil.rmtree(folder, ignore_errors=True)
    rc = os.waitstatus_to_exitcode(status)
    errors = [ln for ln in text.splitlines() if ln.startswith("driftcheck: error: ")]
    grew_kb = usage.ru_maxrss - base_rss
    out = {
        "rc": rc,
        "secs": secs,
        "cpu": usage.ru_utime + usage.ru_stime,
        "peak_mb": usage.ru_maxrss / 1024,
        "traceback": "Traceback (most recent call last)" in text or "internal error" in text,
        "over_time": killed,
        "over_mem": "input too large to analyze" in text or grew_kb * 1024 > mem,
        "bad_exit": False,
        "text": text[-2000:],
    }
    if not killed:
        if rc not in (0, 1, 2):
            out["bad_exit"] = True
        elif rc == 2 and not (len(text.strip().splitlines()) == 1 and len(errors) == 1):
            out["bad_exit"] = True
    return out


def campaign(n: int, seed_value: int, timeout: float, mem: int, keep: Path) -> int:
    counts: dict[str, Counter] = defaultdict(Counter)
    slowest: dict[str, float] = defaultdict(float)
    cpu: dict[str, float] = defaultdict(float)
    peak: dict[str, float] = defaultdict(float)
    kept = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        os.environ["DRIFTCHECK_CACHE_DIR"] = str(work / "cache")
        for entry, share in SHARES.items():
            quota = max(1, round(n * share))
            strategy = ENTRY_POINTS[entry](True)
            t_entry = time.monotonic()

            for attempt in range(8):  # hypothesis may stop short of a quota (duplicates)
                if counts[entry]["inputs"] >= quota:
                    break

                @seed(seed_value + attempt)
                @settings(
                    max_examples=quota,
                    deadline=None,
                    database=None,
                    phases=[Phase.generate],
                    suppress_health_check=list(HealthCheck),
                )
                @given(strategy)
                def one(case: Case) -> None:
                    nonlocal kept
                    if counts[entry]["inputs"] >= quota:
                        return
                    r = run_one(case, work, timeout, mem)
                    c = counts[entry]
                    c["inputs"] += 1
                    c[f"exit {r['rc']}"] += 1
                    bad = [k for k in ("traceback", "over_time", "over_mem", "bad_exit") if r[k]]
                    for k in bad:
                        c[k] += 1
                    slowest[entry] = max(slowest[entry], r["secs"])
                    cpu[entry] = max(cpu[entry], r["cpu"])
                    if c["inputs"] % 250 == 0:
                        print(f"  {entry}: {c['inputs']}/{quota}", flush=True)
                    peak[entry] = max(peak[entry], r["peak_mb"])
                    if bad and kept < 200:
                        kept += 1
                        d = keep / f"{entry}-{c['inputs']:05d}"
                        d.mkdir(parents=True, exist_ok=True)
                        for name, data in case.files.items():
                            (d / name).write_bytes(data)
                        (d / "case.json").write_text(
                            json.dumps(
                                {"argv": case.argv, "why": bad, "output": r["text"]}, indent=1
                            )
                        )

                one()
            c = counts[entry]
            print(
                f"{entry:17} inputs {c['inputs']:5}  tracebacks {c['traceback']:3}  "
                f"over {timeout:.0f} s {c['over_time']:3}  over {mem / 1024**3:.0f} GB "
                f"{c['over_mem']:3}  bad exit {c['bad_exit']:3}  "
                f"exits 0/1/2 {c['exit 0']}/{c['exit 1']}/{c['exit 2']}  "
                f"slowest {slowest[entry]:.2f} s wall, {cpu[entry]:.2f} s CPU  "
                f"peak {peak[entry]:.0f} MB  "
                f"({time.monotonic() - t_entry:.0f} s)",
                flush=True,
            )
    total = Counter()
    for c in counts.values():
        total.update(c)
    print(
        f"{'TOTAL':17} inputs {total['inputs']:5}  tracebacks {total['traceback']:3}  "
        f"over {timeout:.0f} s {total['over_time']:3}  over {mem / 1024**3:.0f} GB "
        f"{total['over_mem']:3}  bad exit {total['bad_exit']:3}"
    )
    if kept:
        print(f"{kept} failing cases kept in {keep}/ (argv and output in each case.json)")
    bad = total["traceback"] + total["over_time"] + total["over_mem"] + total["bad_exit"]
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=5000, help="inputs in all (default 5000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per run")
    ap.add_argument("--mem-gb", type=float, default=1.0, help="memory per run, GiB")
    ap.add_argument("--keep", type=Path, default=Path("fuzz-failures"))
    ap.add_argument("--only", help="entry points, comma-separated: " + ", ".join(SHARES))
    args = ap.parse_args()
    if args.only:  # a comma list: --n is shared among these in their usual proportions
        wanted = args.only.split(",")
        unknown = sorted(set(wanted) - set(SHARES))
        if unknown:
            ap.error(f"unknown entry point {unknown[0]!r}")
        total = sum(SHARES[k] for k in wanted)
        for k in list(SHARES):
            if k in wanted:
                SHARES[k] /= total
            else:
                del SHARES[k]
    # imported once, inherited by every child (import time is no property of an input);
    # no analysis runs here, so every child starts with the caches a fresh process has
    import importlib

    for mod in (
        "driftcheck.cli", "driftcheck.commands.check", "driftcheck.commands.compare",
        "driftcheck.commands.graph", "driftcheck.parsers.source", "driftcheck.parsers.hf",
        "driftcheck.parsers.serving", "driftcheck.parsers.serving.manifests",
        "driftcheck.parsers.serving.gguf_file", "driftcheck.parsers.serving.safetensors_file",
        "driftcheck.parsers.serving.onnx_file", "driftcheck.verifier", "yaml", "gguf",
    ):  # fmt: skip
        try:
            importlib.import_module(mod)
        except ImportError:
            pass

    t = time.monotonic()
    rc = campaign(args.n, args.seed, args.timeout, int(args.mem_gb * 1024**3), args.keep)
    print(f"wall {time.monotonic() - t:.0f} s")
    return rc


if __name__ == "__main__":
    sys.exit(main())
