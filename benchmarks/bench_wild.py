"""The static analyzer on wild code: model-library users' files and research-style standalone files.

Runs ``driftcheck`` on every file of the wild-code corpus (``benchmarks/wild/``: see
``docs/wild.md``), one subprocess per file with a 10 s limit, and compares its ``params_total``
with torch's count in ``benchmarks/wild/truth.json``. Twice (``benchmarks/installs.py``): the
**full** install (torch and transformers importable) and the **core** install, ``pip install
driftcheck`` as the hook and the Action install it: torch absent, transformers on disk (read as
source, never imported: a run that imports it is a tool failure). ``--mode bare`` simulates
``--no-deps`` (neither). The wild libraries themselves stay findable in every mode.

Outcome of one file: ``exact``; ``unknown`` (``params_total`` null: honest, the notes say why);
``wrong`` (a count that differs from torch's: the confident wrong answer); ``tool failure`` (exit
code other than 0/1, no JSON, or over the time limit).

The command: ``check FILE --format json`` when its JSON carries ``params_total``, else
``graph FILE --format json`` (``--via`` forces one; the header says which was used).

The corpus is split by a hash of the case name (``build_truth.held_out``): the **dev** part and the
**held-out** fifth. Develop against ``--part dev`` (the default); report with ``--part all``.

    python benchmarks/bench_wild.py                      # dev part, both installs
    python benchmarks/bench_wild.py --part all --json /tmp/wild.json
    python benchmarks/bench_wild.py --only timm,standalone -v --mode full
    python benchmarks/bench_wild.py --corpus fresh --jobs 2     # the fresh batch, run once
    python benchmarks/bench_wild.py --corpus fresh3 --jobs 2    # the third fresh batch, run once
    python benchmarks/bench_wild.py --corpus fresh4 --jobs 2    # the fourth fresh batch, run once
    python benchmarks/bench_wild.py --corpus fresh5 --jobs 2    # the fifth fresh batch, run once
    python benchmarks/bench_wild.py --corpus fresh6 --jobs 2    # the sixth fresh batch, run once
    python benchmarks/bench_wild.py --corpus fresh7 --jobs 2    # the seventh fresh batch, run once
    python benchmarks/bench_wild.py --corpus fresh8 --jobs 2    # the eighth fresh batch, run once
    python benchmarks/bench_wild.py --corpus fresh9 --jobs 2    # the ninth fresh batch, run once

``--corpus fresh`` runs the fresh batch instead (``benchmarks/wild/fresh/``, its own
``fresh/truth.json``): files written after the corpus was tuned on, in other styles, from model
classes and libraries the corpus does not use. All of it is held out, so ``--part`` does not apply;
it is reported as one part, ``fresh``. ``--corpus fresh3`` does the same for the third batch
(``benchmarks/wild/fresh3/``, written blind in session 10; part ``fresh3``), ``--corpus fresh4``
for the fourth (``benchmarks/wild/fresh4/``, written blind in session 11; part ``fresh4``),
``--corpus fresh5`` for the fifth (``benchmarks/wild/fresh5/``, written blind in session 12; part
``fresh5``; its libraries live in ``benchmarks/wild/.vendor``), ``--corpus fresh6`` for the sixth
(``benchmarks/wild/fresh6/``, written blind in session 13; part ``fresh6``; libraries in ``.vendor``
too), ``--corpus fresh7`` for the seventh (``benchmarks/wild/fresh7/``, written blind in session 14;
part ``fresh7``; libraries in ``.vendor``), ``--corpus fresh8`` for the eighth
(``benchmarks/wild/fresh8/``, written blind in session 15; part ``fresh8``; libraries in
``.vendor``). The default corpus is run and scored as before.

Last lines, per install: exact share, confident-wrong share, tool failures; then the speed
(source lines the analyzer read per CPU second of its process, end to end: interpreter start,
imports, parse) and the slowest file. Two speed lines per install: **one process per file** (the
runs above) and **hook-style**: the same files handed to the pre-commit hook's entry
(``driftcheck-check FILE...``) in the batches pre-commit makes (``hook_batches``: its shuffle and
partition for ``--hook-cpus`` CPUs, default 4), the CPU time of those processes, and the lines the
per-file runs read for the files the hook analyses (``hooks.analyses``: it skips files that are
not model code).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks import installs  # noqa: E402
from benchmarks.wild.build_truth import burned, held_out  # noqa: E402

TRUTH = ROOT / "benchmarks" / "wild" / "truth.json"
# the fresh batch (benchmarks/wild/fresh): all held out, run as one part
FRESH_TRUTH = ROOT / "benchmarks" / "wild" / "fresh" / "truth.json"
# the third fresh batch (benchmarks/wild/fresh3, session 10): the same, written blind
FRESH3_TRUTH = ROOT / "benchmarks" / "wild" / "fresh3" / "truth.json"
# the fourth fresh batch (benchmarks/wild/fresh4, session 11): the same, written blind
FRESH4_TRUTH = ROOT / "benchmarks" / "wild" / "fresh4" / "truth.json"
# the fifth fresh batch (benchmarks/wild/fresh5, session 12): the same, written blind
FRESH5_TRUTH = ROOT / "benchmarks" / "wild" / "fresh5" / "truth.json"
# the sixth fresh batch (benchmarks/wild/fresh6, session 13): the same, written blind
FRESH6_TRUTH = ROOT / "benchmarks" / "wild" / "fresh6" / "truth.json"
# the seventh fresh batch (benchmarks/wild/fresh7, session 14): the same, written blind
FRESH7_TRUTH = ROOT / "benchmarks" / "wild" / "fresh7" / "truth.json"
# the eighth fresh batch (benchmarks/wild/fresh8, session 15): the same, written blind
FRESH8_TRUTH = ROOT / "benchmarks" / "wild" / "fresh8" / "truth.json"
# the ninth fresh batch (benchmarks/wild/fresh9, session 16): the same, written blind
FRESH9_TRUTH = ROOT / "benchmarks" / "wild" / "fresh9" / "truth.json"
# the tenth fresh batch (benchmarks/wild/fresh10, session 16): the same, written blind
FRESH10_TRUTH = ROOT / "benchmarks" / "wild" / "fresh10" / "truth.json"
# the eleventh fresh batch (benchmarks/wild/fresh11, session 17): the same, written blind
FRESH11_TRUTH = ROOT / "benchmarks" / "wild" / "fresh11" / "truth.json"
# the twelfth fresh batch (benchmarks/wild/fresh12, session 18): the same, written blind
FRESH12_TRUTH = ROOT / "benchmarks" / "wild" / "fresh12" / "truth.json"
# the thirteenth fresh batch (benchmarks/wild/fresh13, session 18): the same, written blind
FRESH13_TRUTH = ROOT / "benchmarks" / "wild" / "fresh13" / "truth.json"
# the fourteenth fresh batch (benchmarks/wild/fresh14, session 19): the same, written blind
FRESH14_TRUTH = ROOT / "benchmarks" / "wild" / "fresh14" / "truth.json"
# the fifteenth fresh batch (benchmarks/wild/fresh15, session 19): the same, written blind
FRESH15_TRUTH = ROOT / "benchmarks" / "wild" / "fresh15" / "truth.json"
# the sixteenth fresh batch (benchmarks/wild/fresh16, session 20): the same, written blind
FRESH16_TRUTH = ROOT / "benchmarks" / "wild" / "fresh16" / "truth.json"
# the seventeenth fresh batch (benchmarks/wild/fresh17, session 20): the same, written blind
FRESH17_TRUTH = ROOT / "benchmarks" / "wild" / "fresh17" / "truth.json"
# the eighteenth fresh batch (benchmarks/wild/fresh18, session 21): the same, written blind
FRESH18_TRUTH = ROOT / "benchmarks" / "wild" / "fresh18" / "truth.json"
# the nineteenth fresh batch (benchmarks/wild/fresh19, session 21): the same, written blind
FRESH19_TRUTH = ROOT / "benchmarks" / "wild" / "fresh19" / "truth.json"
# the twentieth fresh batch (benchmarks/wild/fresh20, session 22): the same, written blind
FRESH20_TRUTH = ROOT / "benchmarks" / "wild" / "fresh20" / "truth.json"
# the twenty-first fresh batch (benchmarks/wild/fresh21, session 23): the same, written blind
FRESH21_TRUTH = ROOT / "benchmarks" / "wild" / "fresh21" / "truth.json"
# the twenty-second fresh batch (benchmarks/wild/fresh22, session 23): the same, written blind
FRESH22_TRUTH = ROOT / "benchmarks" / "wild" / "fresh22" / "truth.json"
# the twenty-third fresh batch (benchmarks/wild/fresh23, session 24): the same, written blind
FRESH23_TRUTH = ROOT / "benchmarks" / "wild" / "fresh23" / "truth.json"
# the twenty-fourth fresh batch (benchmarks/wild/fresh24, session 25): the same, written blind
FRESH24_TRUTH = ROOT / "benchmarks" / "wild" / "fresh24" / "truth.json"
# the twenty-fifth fresh batch (benchmarks/wild/fresh25, session 26): the same, written blind
FRESH25_TRUTH = ROOT / "benchmarks" / "wild" / "fresh25" / "truth.json"
# the twenty-sixth fresh batch (benchmarks/wild/fresh26, session 27): the same, written blind
FRESH26_TRUTH = ROOT / "benchmarks" / "wild" / "fresh26" / "truth.json"
# the twenty-seventh fresh batch (benchmarks/wild/fresh27, session 28): the same, written blind
FRESH27_TRUTH = ROOT / "benchmarks" / "wild" / "fresh27" / "truth.json"
# the twenty-eighth fresh batch (benchmarks/wild/fresh28, session 29): the same, written blind
FRESH28_TRUTH = ROOT / "benchmarks" / "wild" / "fresh28" / "truth.json"
# the twenty-ninth fresh batch (benchmarks/wild/fresh29, session 30): the same, written blind
FRESH29_TRUTH = ROOT / "benchmarks" / "wild" / "fresh29" / "truth.json"
# the thirtieth fresh batch (benchmarks/wild/fresh30, session 31): the same, written blind
FRESH30_TRUTH = ROOT / "benchmarks" / "wild" / "fresh30" / "truth.json"
# the thirty-first fresh batch (benchmarks/wild/fresh31, session 32): the same, written blind
FRESH31_TRUTH = ROOT / "benchmarks" / "wild" / "fresh31" / "truth.json"
# the thirty-second fresh batch (benchmarks/wild/fresh32, session 33): the same, written blind
FRESH32_TRUTH = ROOT / "benchmarks" / "wild" / "fresh32" / "truth.json"
# the thirty-third fresh batch (benchmarks/wild/fresh33, session 34): the same, written blind
FRESH33_TRUTH = ROOT / "benchmarks" / "wild" / "fresh33" / "truth.json"
# the thirty-fourth fresh batch (benchmarks/wild/fresh34, session 35): the same, written blind
FRESH34_TRUTH = ROOT / "benchmarks" / "wild" / "fresh34" / "truth.json"
# the thirty-fifth fresh batch (benchmarks/wild/fresh35, session 36): the same, written blind
FRESH35_TRUTH = ROOT / "benchmarks" / "wild" / "fresh35" / "truth.json"
# the thirty-sixth fresh batch (benchmarks/wild/fresh36, session 37): the same, written blind
FRESH36_TRUTH = ROOT / "benchmarks" / "wild" / "fresh36" / "truth.json"
# the thirty-seventh fresh batch (benchmarks/wild/fresh37, session 38): the same, written blind
FRESH37_TRUTH = ROOT / "benchmarks" / "wild" / "fresh37" / "truth.json"
# the thirty-eighth fresh batch (benchmarks/wild/fresh38, session 39): the same, written blind
FRESH38_TRUTH = ROOT / "benchmarks" / "wild" / "fresh38" / "truth.json"
# the thirty-ninth fresh batch (benchmarks/wild/fresh39, session 40): the same, written blind
FRESH39_TRUTH = ROOT / "benchmarks" / "wild" / "fresh39" / "truth.json"
TIMEOUT_S = 10.0
# torchvision and torchaudio's sources, installed apart (``install.sh``: their PyPI builds are
# CUDA builds and must not enter the base environment); the analyzer only reads them
VENDOR = ROOT / "benchmarks" / "wild" / ".vendor"

LINES_RE = re.compile(r"(\d+) lines in (\d+) files?")


CPU_TAIL = """
import atexit, resource, sys
def _cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    print(f"__cpu__ {r.ru_utime + r.ru_stime:.3f}", file=sys.stderr)
atexit.register(_cpu)
"""
CPU_RE = re.compile(r"^__cpu__ ([\d.]+)$", re.M)


def run_file(path: str, mode: str, via: str, timeout: float = TIMEOUT_S) -> dict:
    """Run the analyzer on one file in a fresh process; return rc, JSON, times.

    The limit is ``timeout`` seconds of the process's CPU time (``RLIMIT_CPU``): on a machine
    shared by many, the wall clock measures the neighbours. The wall clock is a backstop only
    (eight times the limit, at least a minute)."""
    code = CPU_TAIL + installs.cli(mode)
    pypath = str(ROOT) + (os.pathsep + str(VENDOR) if VENDOR.is_dir() else "")
    env = dict(os.environ, PYTHONPATH=pypath, DRIFTCHECK_NO_CACHE="1")
    # bytecode as an installed package has it (pip compiles at install time): under
    # PYTHONDONTWRITEBYTECODE driftcheck's ~110 modules were compiled from source in every
    # file's process (about 0.25 s of CPU each) while its dependencies' came from .pyc
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    limit = max(1, int(timeout + 0.999))

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    t0 = time.perf_counter()
    try:
        p = subprocess.run(
            [sys.executable, "-c", code, via, path, "--format", "json"],
            capture_output=True,
            text=True,
            timeout=max(60.0, 8 * timeout),
            cwd=ROOT,
            env=env,
            preexec_fn=cap,
        )
        rc, out, err = p.returncode, p.stdout, p.stderr
        if rc in (-signal.SIGXCPU, -signal.SIGKILL):
            rc, err = None, f"over the {limit}s CPU limit"
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", f"over the {max(60.0, 8 * timeout):.0f}s wall backstop"
    wall = time.perf_counter() - t0
    m = CPU_RE.search(err)
    cpu = float(m.group(1)) if m else float(limit if rc is None else wall)
    err = CPU_RE.sub("", err)
    data = None
    if out.strip():
        try:
            data = json.loads(out)
        except json.JSONDecodeError:
            data = None
    return {"rc": rc, "data": data, "stderr": err, "wall": wall, "cpu": cpu}


# How pre-commit runs a hook with ``require_serial: false`` (ours, .pre-commit-hooks.yaml), read
# from its source (pre_commit/lang_base.py ``run_xargs``, pre_commit/xargs.py ``partition``): the
# staged files in a fixed shuffle (``random.Random`` seeded with 1542676187, version 1), cut into
# invocations of at most max(4, ceil(files / CPUs)) files whose command line stays under
# min(ARG_MAX - 2048 - environment size, 2**17) bytes, run CPUs at a time. The CPUs default to 4,
# a GitHub-hosted Linux runner's (where pre-commit/action runs the hook in CI).
HOOK_SEED = 1542676187
HOOK_CPUS = 4
HOOK_MAX_COMMAND = 2**17


def hook_batches(
    paths: list[str], cpus: int, max_command: int = HOOK_MAX_COMMAND
) -> list[list[str]]:
    """The invocations pre-commit would make for ``paths`` with ``cpus`` CPUs (see above);
    ``max_command`` counts the file arguments only (the entry's own words are a few bytes)."""
    import math
    import random

    order = list(paths)
    rng = random.Random()
    rng.seed(HOOK_SEED, version=1)
    rng.shuffle(order)
    per = max(4, math.ceil(len(order) / max(1, cpus)))
    batches: list[list[str]] = []
    size = 0
    for p in order:
        need = len(os.fsencode(p)) + 1
        if not batches or len(batches[-1]) >= per or size + need > max_command:
            batches.append([])
            size = 0
        batches[-1].append(p)
        size += need
    return batches


def run_batch(paths: list[str], mode: str, entry: str, timeout: float = TIMEOUT_S) -> dict:
    """One process for many files, as pre-commit makes it: ``entry`` ``hook`` is the hook's own
    entry (``driftcheck-check PATH...``), ``check`` is ``driftcheck check PATH... --format
    json`` (every file analysed, its JSON returned: the Action's way of one process for all its
    paths). The same environment, bytecode and CPU accounting as ``run_file``, with a CPU limit
    of ``timeout`` seconds per file."""
    if entry == "hook":
        code, args = CPU_TAIL + installs.hook(mode), list(paths)
    else:
        code, args = CPU_TAIL + installs.cli(mode), ["check", *paths, "--format", "json"]
    pypath = str(ROOT) + (os.pathsep + str(VENDOR) if VENDOR.is_dir() else "")
    env = dict(os.environ, PYTHONPATH=pypath, DRIFTCHECK_NO_CACHE="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    limit = max(1, int(timeout * len(paths) + 0.999))

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))

    try:
        p = subprocess.run(
            [sys.executable, "-c", code, *args],
            capture_output=True,
            text=True,
            timeout=max(60.0, 8 * limit),
            cwd=ROOT,
            env=env,
            preexec_fn=cap,
        )
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", ""
    m = CPU_RE.search(err)
    models = None
    # exit 2 with a report: one file of the batch failed, the others' answers are on stdout
    # (commands/check.py); reading only exit 0/1 counted them all as "answered differently"
    if entry == "check" and rc in (0, 1, 2):
        try:
            models = json.loads(out).get("models")
        except (json.JSONDecodeError, AttributeError):
            models = None
    return {"rc": rc, "cpu": float(m.group(1)) if m else float(limit), "models": models}


def _hook_analyses(path: str) -> bool:
    """Whether the hook analyses ``path`` (it skips files that are not model code: no
    ``nn.Module`` subclass, no module-level ``model``); asked of the hook's own filter so the
    lines counted are the lines it reads."""
    from driftcheck.hooks import analyses

    return analyses(path)


def batch_speed(
    cases: dict, results: dict, mode: str, cpus: int, timeout: float, entry: str
) -> dict:
    """The corpus's files in pre-commit's batches through ``entry`` (``run_batch``). Lines read
    are the per-file runs' (``classify``'s ``lines_read``), for the files the entry analyses
    (the hook skips some). With ``check``, each file's model JSON in its batch is compared
    with its own run's: ``differ`` names the files whose answer changed in company."""
    paths = {cases[n]["path"]: n for n in sorted(results)}
    batches = hook_batches(sorted(paths), cpus)
    runs = [run_batch(b, mode, entry, timeout) for b in batches]
    if entry == "hook":
        analysed = [n for p, n in paths.items() if _hook_analyses(str(ROOT / p))]
    else:
        analysed = list(paths.values())
    lines = sum(results[n].get("lines_read") or _own_lines(cases[n]) for n in analysed)
    differ = []
    if entry == "check":
        for batch, r in zip(batches, runs):
            for p in batch:
                alone = results[paths[p]].get("models")
                got = {k: v for k, v in (r["models"] or {}).items() if k.split("::")[0] == p}
                if alone is not None and got != alone:
                    differ.append(paths[p])
    return {
        "entry": entry,
        "processes": len(batches),
        "largest": max((len(b) for b in batches), default=0),
        "cpus": cpus,
        "files": len(paths),
        "analysed": len(analysed),
        "lines_read": lines,
        "cpu": sum(r["cpu"] for r in runs),
        "failed": sum(r["rc"] not in (0, 1) for r in runs),
        "differ": sorted(differ),
    }


def pick_via(sample: str) -> str:
    """``check`` if its JSON gives ``params_total``, else ``graph``."""
    r = run_file(sample, "full", "check", timeout=60)
    if isinstance(r["data"], dict) and "params_total" in r["data"]:
        return "check"
    return "graph"


def classify(case: dict, r: dict) -> dict:
    want = case["params_total"]
    res = {"want": want, "wall": r["wall"], "cpu": r["cpu"], "rc": r["rc"]}
    d = r["data"]
    if r["rc"] not in (0, 1) or not isinstance(d, dict):
        tail = (r["stderr"].strip().splitlines() or ["no output"])[-1]
        res.update(outcome="tool failure", why=tail[:300])
        return res
    got = d.get("params_total")
    notes = [str(n) for n in d.get("notes") or []]
    res["got"] = got
    res["notes"] = notes
    res["models"] = d.get("models")  # what a batched run of this file is compared with
    detail = str((d.get("origin") or {}).get("detail") or "")
    m = LINES_RE.search(detail)
    res["lines_read"] = int(m.group(1)) if m else None
    if got is None:
        res["outcome"] = "unknown"
    elif got == want:
        res["outcome"] = "exact"
    else:
        res["outcome"] = "wrong"
    return res


_NORM = [
    (re.compile(r"[\w./\-]*\.py(:\d+)?"), "FILE"),
    (re.compile(r"line \d+"), "line N"),
    (re.compile(r"\b\d+(\.\d+)?\b"), "N"),
    (re.compile(r"\s+"), " "),
]


def note_class(text: str) -> str:
    """A note with its file names, line numbers and numbers blanked, for counting by construct."""
    for rx, rep in _NORM:
        text = rx.sub(rep, text)
    return text.strip()[:160]


def report(cases: dict, results: dict, mode: str, part: str, verbose: bool) -> dict:
    names = sorted(results)
    by_lib: dict[str, Counter] = defaultdict(Counter)
    for n in names:
        by_lib[cases[n]["library"]][results[n]["outcome"]] += 1
    print(f"\n=== {mode} install, {part} part: {len(names)} files ===")
    print(
        f"{'library':32s} {'files':>5s} {'exact':>5s} {'unkn':>5s} {'wrong':>5s} {'fail':>5s}  exact%"
    )
    for lib in sorted(by_lib):
        c = by_lib[lib]
        tot = sum(c.values())
        print(
            f"{lib:32s} {tot:5d} {c['exact']:5d} {c['unknown']:5d} {c['wrong']:5d} "
            f"{c['tool failure']:5d}  {100 * c['exact'] / tot:5.1f}"
        )
    unknown_notes: Counter = Counter()
    unknown_files: Counter = Counter()
    wrong_notes: Counter = Counter()
    fail_why: Counter = Counter()
    wrong_silent = 0
    for n in names:
        r = results[n]
        if r["outcome"] == "unknown":
            cls = {note_class(x) for x in r["notes"]} or {"(no note)"}
            unknown_notes.update(cls)
            unknown_files[note_class(r["notes"][0]) if r["notes"] else "(no note)"] += 1
        elif r["outcome"] == "wrong":
            cls = {note_class(x) for x in r["notes"]} or {"(no note)"}
            wrong_notes.update(cls)
            wrong_silent += not r["notes"]
        elif r["outcome"] == "tool failure":
            fail_why[note_class(r["why"])] += 1
    print("failure classes:")
    print(f"  unknown ({sum(unknown_files.values())} files): notes, counted once per file")
    for k, v in unknown_notes.most_common(15):
        print(f"    {v:4d}  {k}")
    n_wrong = sum(results[n]["outcome"] == "wrong" for n in names)
    print(f"  confident wrong ({n_wrong} files, {wrong_silent} with no note): notes")
    for k, v in wrong_notes.most_common(10):
        print(f"    {v:4d}  {k}")
    for n in names:
        r = results[n]
        if r["outcome"] == "wrong":
            print(f"      {n}: got {r['got']} want {r['want']}")
    print(f"  tool failure ({sum(fail_why.values())} files)")
    for k, v in fail_why.most_common(10):
        print(f"    {v:4d}  {k}")
    if verbose:
        for n in names:
            r = results[n]
            if r["outcome"] != "exact":
                print(
                    f"  {n}: {r['outcome']} want={r['want']} got={r.get('got')} {r.get('why', '')}"
                )
                for x in r.get("notes", [])[:6]:
                    print(f"      {x}")
    total = len(names)
    counts = Counter(results[n]["outcome"] for n in names)
    lines = sum(r.get("lines_read") or _own_lines(cases[n]) for n, r in results.items())
    own = sum(_own_lines(cases[n]) for n in names)
    cpu = sum(r["cpu"] for r in results.values())
    slow = max(names, key=lambda n: results[n]["cpu"]) if names else None
    return {
        "mode": mode,
        "part": part,
        "files": total,
        "exact": counts["exact"],
        "unknown": counts["unknown"],
        "wrong": counts["wrong"],
        "fail": counts["tool failure"],
        "libs_below_75": sorted(
            lib
            for lib, c in by_lib.items()
            if sum(c.values()) >= 5 and c["exact"] / sum(c.values()) < 0.75
        ),
        "lines_read": lines,
        "own_lines": own,
        "cpu": cpu,
        "slowest": (slow, results[slow]["cpu"]) if slow else None,
    }


_LINES: dict[str, int] = {}


def _own_lines(case: dict) -> int:
    p = case["path"]
    if p not in _LINES:
        _LINES[p] = (ROOT / p).read_bytes().count(b"\n")
    return _LINES[p]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--part",
        choices=["dev", "held-out", "all"],
        default=None,
        help="main corpus: which part (default dev); a fresh batch: same as --split (dev / held-out "
        "by the hash of the case name; all = whole)",
    )
    ap.add_argument(
        "--mode",
        choices=[*installs.MODES, "both"],
        default="both",
        help="both = full and core (the hook's and Action's install); bare = --no-deps",
    )
    ap.add_argument("--via", choices=["auto", "check", "graph"], default="auto")
    ap.add_argument("--only", help="comma-separated libraries (folder names; 'standalone')")
    ap.add_argument("--jobs", type=int, default=1, help="files analyzed at once (default 1)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT_S)
    ap.add_argument("--json", help="write every file's result here")
    ap.add_argument(
        "--hook-cpus",
        type=int,
        default=HOOK_CPUS,
        help=f"CPUs pre-commit partitions the hook-style speed run for (default {HOOK_CPUS}; "
        "0: skip that run)",
    )
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument(
        "--split",
        choices=["whole", "dev", "held-out", "burned"],
        default="whole",
        help="a fresh batch after its one blind run: whole (default), or only its dev / held-out "
        "part by the hash of the case name (build_truth.held_out), so fixes are made on the dev "
        "part and the held-out part stays unseen; burned: only the formerly held-out cases of a "
        "batch in build_truth.BURNED (they count as dev: --split dev includes them)",
    )
    ap.add_argument(
        "--corpus",
        choices=[
            "main",
            "fresh",
            "fresh3",
            "fresh4",
            "fresh5",
            "fresh6",
            "fresh7",
            "fresh8",
            "fresh9",
            "fresh10",
            "fresh11",
            "fresh12",
            "fresh13",
            "fresh14",
            "fresh15",
            "fresh16",
            "fresh17",
            "fresh18",
            "fresh19",
            "fresh20",
            "fresh21",
            "fresh22",
            "fresh23",
            "fresh24",
            "fresh25",
            "fresh26",
            "fresh27",
            "fresh28",
            "fresh29",
            "fresh30",
            "fresh31",
            "fresh32",
            "fresh33",
            "fresh34",
            "fresh35",
            "fresh36",
            "fresh37",
            "fresh38",
            "fresh39",
        ],
        default="main",
        help="main: the wild corpus (dev / held-out parts); fresh, fresh3..fresh39: the fresh "
        "held-out batches (benchmarks/wild/fresh, fresh3..17; one part; --part does not apply)",
    )
    args = ap.parse_args(argv)

    fresh = args.corpus in (
        "fresh",
        "fresh3",
        "fresh4",
        "fresh5",
        "fresh6",
        "fresh7",
        "fresh8",
        "fresh9",
        "fresh10",
        "fresh11",
        "fresh12",
        "fresh13",
        "fresh14",
        "fresh15",
        "fresh16",
        "fresh17",
        "fresh18",
        "fresh19",
        "fresh20",
        "fresh21",
        "fresh22",
        "fresh23",
        "fresh24",
        "fresh25",
        "fresh26",
        "fresh27",
        "fresh28",
        "fresh29",
        "fresh30",
        "fresh31",
        "fresh32",
        "fresh33",
        "fresh34",
        "fresh35",
        "fresh36",
        "fresh37",
        "fresh38",
        "fresh39",
    )
    truth_path = {
        "main": TRUTH,
        "fresh": FRESH_TRUTH,
        "fresh3": FRESH3_TRUTH,
        "fresh4": FRESH4_TRUTH,
        "fresh5": FRESH5_TRUTH,
        "fresh6": FRESH6_TRUTH,
        "fresh7": FRESH7_TRUTH,
        "fresh8": FRESH8_TRUTH,
        "fresh9": FRESH9_TRUTH,
        "fresh10": FRESH10_TRUTH,
        "fresh11": FRESH11_TRUTH,
        "fresh12": FRESH12_TRUTH,
        "fresh13": FRESH13_TRUTH,
        "fresh14": FRESH14_TRUTH,
        "fresh15": FRESH15_TRUTH,
        "fresh16": FRESH16_TRUTH,
        "fresh17": FRESH17_TRUTH,
        "fresh18": FRESH18_TRUTH,
        "fresh19": FRESH19_TRUTH,
        "fresh20": FRESH20_TRUTH,
        "fresh21": FRESH21_TRUTH,
        "fresh22": FRESH22_TRUTH,
        "fresh23": FRESH23_TRUTH,
        "fresh24": FRESH24_TRUTH,
        "fresh25": FRESH25_TRUTH,
        "fresh26": FRESH26_TRUTH,
        "fresh27": FRESH27_TRUTH,
        "fresh28": FRESH28_TRUTH,
        "fresh29": FRESH29_TRUTH,
        "fresh30": FRESH30_TRUTH,
        "fresh31": FRESH31_TRUTH,
        "fresh32": FRESH32_TRUTH,
        "fresh33": FRESH33_TRUTH,
        "fresh34": FRESH34_TRUTH,
        "fresh35": FRESH35_TRUTH,
        "fresh36": FRESH36_TRUTH,
        "fresh37": FRESH37_TRUTH,
        "fresh38": FRESH38_TRUTH,
        "fresh39": FRESH39_TRUTH,
    }[args.corpus]
    truth = json.loads(truth_path.read_text())
    cases = truth["cases"]
    if args.only:
        libs = set(args.only.split(","))
        cases = {k: v for k, v in cases.items() if v["library"] in libs}
    if fresh and args.part in ("dev", "held-out") and args.split == "whole":
        # --part on a fresh batch means its split (session 37: `--part dev` was ignored there and
        # two helpers saw a held-out case's name)
        args.split = args.part
    if args.part is None:
        args.part = "dev"
    parts = {"dev": [False], "held-out": [True], "all": [False, True]}[args.part]
    if not fresh:
        cases = {k: v for k, v in cases.items() if v["held_out"] in parts}
    elif args.split == "burned":
        # the burned parts alone (build_truth.BURNED): formerly held out, now dev
        cases = {k: v for k, v in cases.items() if burned(k)}
    elif args.split != "whole":
        want = args.split == "held-out"
        cases = {k: v for k, v in cases.items() if held_out(k) == want}
    if not cases:
        print("no cases", file=sys.stderr)
        return 2
    via = args.via
    if via == "auto":
        via = pick_via(next(iter(cases.values()))["path"])
    modes = ["full", "core"] if args.mode == "both" else [args.mode]
    if "full" in modes:
        import importlib.util

        missing = [m for m in ("torch", "transformers") if importlib.util.find_spec(m) is None]
        if missing:
            # a full-install run under an interpreter without torch / transformers would quietly
            # measure the core install twice (session 32: a run under the system Python)
            print(
                f"bench_wild: --mode {args.mode} needs {' and '.join(missing)} in this interpreter "
                f"({sys.executable}); activate the environment that has them",
                file=sys.stderr,
            )
            return 2
    print(
        (
            {
                "fresh": "fresh batch",
                "fresh3": "fresh3 batch",
                "fresh4": "fresh4 batch",
                "fresh5": "fresh5 batch",
                "fresh6": "fresh6 batch",
                "fresh7": "fresh7 batch",
                "fresh8": "fresh8 batch",
                "fresh9": "fresh9 batch",
                "fresh10": "fresh10 batch",
                "fresh11": "fresh11 batch",
                "fresh12": "fresh12 batch",
                "fresh13": "fresh13 batch",
                "fresh14": "fresh14 batch",
                "fresh15": "fresh15 batch",
                "fresh16": "fresh16 batch",
                "fresh17": "fresh17 batch",
                "fresh18": "fresh18 batch",
                "fresh19": "fresh19 batch",
                "fresh20": "fresh20 batch",
                "fresh21": "fresh21 batch",
                "fresh22": "fresh22 batch",
                "fresh23": "fresh23 batch",
                "fresh24": "fresh24 batch",
                "fresh25": "fresh25 batch",
                "fresh26": "fresh26 batch",
                "fresh27": "fresh27 batch",
                "fresh28": "fresh28 batch",
                "fresh29": "fresh29 batch",
                "fresh30": "fresh30 batch",
                "fresh31": "fresh31 batch",
                "fresh32": "fresh32 batch",
                "fresh33": "fresh33 batch",
                "fresh34": "fresh34 batch",
                "fresh35": "fresh35 batch",
                "fresh36": "fresh36 batch",
                "fresh37": "fresh37 batch",
                "fresh38": "fresh38 batch",
                "fresh39": "fresh39 batch",
            }.get(args.corpus, "wild corpus")
        )
        + f": {len(cases)} files, {len({c['library'] for c in cases.values()})} libraries; "
        f"command: driftcheck {via} FILE --format json"
        + ("" if via == "check" else " (check --format json has no params_total)")
        + f"; limit {args.timeout:.0f} CPU s per file; {len(truth['dropped'])} dropped at truth build"
    )
    summaries, dump, hooks = [], {}, []
    for mode in modes:
        t0 = time.perf_counter()

        def one(name: str, mode: str = mode) -> tuple[str, dict]:
            return name, classify(
                cases[name], run_file(cases[name]["path"], mode, via, args.timeout)
            )

        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            results = dict(pool.map(one, sorted(cases)))
        wall = time.perf_counter() - t0
        dump[mode] = results
        for entry in ("hook", "check") if args.hook_cpus > 0 else ():
            if entry == "hook" or via == "check":
                h = batch_speed(cases, results, mode, args.hook_cpus, args.timeout, entry)
                hooks.append((mode, h))
        split = (
            [("dev", False), ("held-out", True)] if args.part == "all" else [(args.part, parts[0])]
        )
        if fresh:
            split = [
                (args.corpus if args.split == "whole" else f"{args.corpus} {args.split}", None)
            ]
        for part, flag in split:
            sub = {n: r for n, r in results.items() if flag is None or cases[n]["held_out"] == flag}
            if sub:
                s = report(cases, sub, mode, part, args.verbose)
                s["wall"] = wall
                summaries.append(s)
    if args.json:
        Path(args.json).write_text(json.dumps(dump, indent=1, default=str))
    part_name = args.corpus if fresh else args.part
    print()
    for s in summaries:
        n = max(s["files"], 1)
        print(
            f"speed ({s['mode']}, {s['part']}, one process per file): {s['lines_read'] / max(s['cpu'], 1e-9):,.0f} source "
            f"lines/s per core end to end ({s['lines_read']} lines read, {s['own_lines']} in the "
            f"corpus files, {s['cpu']:.1f} CPU s); slowest file {s['slowest'][0]} "
            f"{s['slowest'][1]:.2f} CPU s"
        )
    for mode, h in hooks:
        what = (
            "the hook's entry, driftcheck-check FILE..."
            if h["entry"] == "hook"
            else "driftcheck check FILE... --format json"
        )
        label = "hook-style" if h["entry"] == "hook" else "batched check"
        print(
            f"speed ({mode}, {part_name}, {label}): {h['lines_read'] / max(h['cpu'], 1e-9):,.0f} "
            f"source lines/s per core end to end ({h['lines_read']} lines read by the "
            f"{h['analysed']} of {h['files']} files it analyses, {h['cpu']:.1f} CPU s in "
            f"{h['processes']} processes of at most {h['largest']} files: pre-commit's batches "
            f"for {h['cpus']} CPUs; {what})"
            + (f"; {h['failed']} processes failed" if h["failed"] else "")
            + (
                f"; {len(h['differ'])} files answered differently than alone: "
                + ", ".join(h["differ"][:5])
                if h["differ"]
                else ""
            )
        )
    for s in summaries:
        n = max(s["files"], 1)
        below = ", ".join(s["libs_below_75"]) or "none"
        print(f"libraries (>= 5 files) under 75% exact ({s['mode']}, {s['part']}): {below}")
    for s in summaries:
        n = max(s["files"], 1)
        print(
            f"{s['mode']} install, {s['part']}: exact {s['exact']}/{n} = {100 * s['exact'] / n:.1f}%"
            f"; confident wrong {s['wrong']}/{n} = {100 * s['wrong'] / n:.1f}%"
            f"; unknown {s['unknown']}; tool failures {s['fail']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
