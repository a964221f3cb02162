"""Precision of ``check --input-shape`` on the wild corpus: every blocker against torch.

Every wild-corpus file (``benchmarks/wild/cases/*/*.py`` and ``benchmarks/wild/standalone/*.py``)
builds in torch, so a blocker ``driftcheck check FILE --input-shape S`` reports on one of them is
either a real forward crash on ``S`` or a false blocker. Two steps:

1. ``--probe`` (torch, writes ``wild_inputs.json``): for each file, the input its model takes.
   The file is run (``runpy``, CPU, ``manual_seed(0)``) and ``model(x)`` is tried under
   ``no_grad`` on candidate inputs made from the file's own numbers, in a fixed order: token ids
   ``(2, T)``, images ``(2, C, S, S)`` (C from the file's channel argument, 3, 1, then any of
   its numbers), sequences ``(2, T, d)``, rows ``(2, d)``, signals
   ``(2, C, L)``, volumes ``(1, C, S, S, S)`` (``randint(0, 2)`` for ids, ``randn`` else). The
   first one forward runs on is the file's input. A file whose forward runs on none of them
   (it needs a second argument, a graph, a dict...) is "not run", with torch's first error.
2. The benchmark: ``driftcheck check FILE --input-shape S --format json`` (with
   ``--input-dtype int64 --input-range 0:2`` where the probe's input was token ids,
   ``--input-dtype float32`` for ``randn`` unless the file sets a default dtype; one worker process,
   the CLI's entry point) on every file with an input. Each file with a blocker is run again in
   torch, in a subprocess with a timeout, on the same input: forward raises = a real crash,
   forward runs = a false blocker. Prints both for the dev part (``sha256(name) % 5 == 0`` is
   held out, reported with ``--part held_out`` / ``all`` only).

    python benchmarks/crash/bench_wild_blockers.py --probe          # once (torch), all parts
    python benchmarks/crash/bench_wild_blockers.py                  # dev part
    python benchmarks/crash/bench_wild_blockers.py --part held_out  # once, at the end
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WILD = ROOT / "benchmarks" / "wild"
INPUTS = HERE / "wild_inputs.json"
sys.path.insert(0, str(WILD))

from build_truth import LIBRARIES, case_name, corpus_files, held_out, library_of  # noqa: E402

sys.path.pop(0)

CHANNEL_KEYS = r"(?:channels|in_chans|in_channels|input_channels|num_channels|n_channels|in_ch)"
SIZE_KEYS = r"(?:image_size|img_size|sample_size|input_size|resolution)"


def candidates(src: str) -> list[tuple[str, tuple[int, ...]]]:
    """Candidate (kind, shape) inputs from the file's own numbers, in the order tried."""
    ints = []
    for m in re.finditer(r"(?<![\w.])(\d+)(?![\w.])", src):
        n = int(m.group(1))
        if 2 <= n <= 1024 and n not in ints:
            ints.append(n)
    chans = [int(m) for m in re.findall(rf"\b{CHANNEL_KEYS}\s*=\s*(\d+)", src)]
    sizes = [int(m) for m in re.findall(rf"\b{SIZE_KEYS}\s*=\s*(\d+)", src)]
    seqs = [int(m) for m in re.findall(r"\b\w*(?:seq_len|max_len|num_patches)\w*\s*=\s*(\d+)", src)]
    out: list[tuple[str, tuple[int, ...]]] = []

    def add(kind, shape):
        if (kind, shape) not in out:
            out.append((kind, shape))

    t_opts = [8, 16, 32, 64] + [s for s in seqs if s <= 256]
    for t in t_opts:
        add("tokens", (2, t))
    c_opts = [c for c in chans if c <= 16] + [3, 1]
    s_opts = [s for s in sizes if s <= 256] + [32, 64, 224]
    for s in s_opts:
        for c in c_opts:
            add("float", (2, c, s, s))
    for d in ints[:8]:
        for s in (8, 16):
            add("float", (2, d, s, s))
    for d in ints:
        for t in (8, 16, 32, 64):
            add("float", (2, t, d))
    for d in ints:
        add("float", (2, d))
    for c in c_opts + ints[:6]:
        for n in (64, 256, 1024):
            add("float", (2, c, n))
    for c in c_opts:
        for s in (16, 32):
            add("float", (1, c, s, s, s))
    return out[:200]


PROBE = r"""
import json, runpy, signal, sys, warnings
sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[1] + "/.vendor")
import shim  # noqa: F401
import torch
warnings.filterwarnings("ignore")
torch.set_num_threads(1)


class Late(Exception):
    pass


def alarm(*_):
    raise Late("probe timed out")


signal.signal(signal.SIGALRM, alarm)
try:  # the library's import, once and without a time limit (a cut import breaks the rest)
    __import__(sys.argv[2])
except Exception:  # noqa: BLE001
    pass
for line in sys.stdin:
    job = json.loads(line)
    rec = {"name": job["name"]}
    signal.alarm(job["timeout"])
    try:
        torch.manual_seed(0)
        ns = runpy.run_path(job["path"], run_name="__wild__")
        model = ns["model"]
        model.eval()
        first = None
        for kind, shape in job["candidates"]:
            x = torch.randint(0, 2, shape) if kind == "tokens" else torch.randn(shape)
            try:
                with torch.no_grad():
                    model(x)
            except Late:
                raise
            except Exception as e:  # noqa: BLE001
                first = first or f"{type(e).__name__}: {str(e).strip()[:200]}"
                continue
            rec["kind"], rec["input"] = kind, list(shape)
            break
        else:
            rec["not_run"] = first or "no candidate"
    except BaseException as e:  # noqa: BLE001
        rec["not_run"] = f"{type(e).__name__}: {str(e).strip()[:200]}"
    signal.alarm(0)
    print("@@" + json.dumps(rec), flush=True)
"""

RUN_ONE = r"""
import json, runpy, sys, warnings
sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[1] + "/.vendor")
import shim  # noqa: F401
import torch
warnings.filterwarnings("ignore")
torch.set_num_threads(1)
path, kind, shape = sys.argv[2], sys.argv[3], tuple(json.loads(sys.argv[4]))
torch.manual_seed(0)
model = runpy.run_path(path, run_name="__wild__")["model"]
model.eval()
x = torch.randint(0, 2, shape) if kind == "tokens" else torch.randn(shape)
try:
    with torch.no_grad():
        model(x)
    print(json.dumps({"crash": False}))
except Exception as e:  # noqa: BLE001
    lines = str(e).strip().splitlines()
    print(json.dumps({"crash": True, "error": f"{type(e).__name__}: {lines[0][:300] if lines else ''}"}))
"""


def probe(files: list[Path], timeout: int, done: dict[str, dict]) -> dict[str, dict]:
    """Per library, one torch worker: the first candidate input forward runs on. ``done``
    (the file so far) is updated and written after each library, and files already in it are
    skipped."""
    files = [f for f in files if case_name(f) not in done]
    by_lib: dict[str, list[Path]] = {}
    for f in files:
        by_lib.setdefault(library_of(f), []).append(f)
    out = done
    for lib, fs in sorted(by_lib.items()):
        jobs = [
            {
                "name": case_name(f),
                "path": str(f),
                "candidates": candidates(f.read_text()),
                "timeout": timeout,
            }
            for f in fs
        ]
        text = "".join(json.dumps(j) + "\n" for j in jobs)
        try:
            p = subprocess.run(
                [sys.executable, "-c", PROBE, str(WILD), LIBRARIES.get(lib, ("torch",))[0]],
                input=text,
                capture_output=True,
                text=True,
                timeout=timeout * len(jobs) + 60,
            )
            lines = p.stdout.splitlines()
        except subprocess.TimeoutExpired as e:
            out_ = e.stdout or b""
            lines = (out_.decode() if isinstance(out_, bytes) else out_).splitlines()
        got = {r["name"]: r for r in (json.loads(ln[2:]) for ln in lines if ln.startswith("@@"))}
        for j in jobs:
            rec = got.get(j["name"], {"name": j["name"], "not_run": "probe worker died"})
            rec.pop("name")
            out[j["name"]] = rec
        n = sum("input" in out[j["name"]] for j in jobs)
        print(f"probe {lib}: {n}/{len(jobs)} with an input", flush=True)
        INPUTS.write_text(json.dumps(dict(sorted(out.items())), indent=1) + "\n")
    return out


WORKER = r"""
import contextlib, io, json, sys
from driftcheck.cli import main
for line in sys.stdin:
    job = json.loads(line)
    buf, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err):
        try:
            rc = main(job["argv"])
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        except BaseException as e:  # a tool failure is a result here
            rc, err = 99, io.StringIO(repr(e))
    print(json.dumps({"rc": rc, "out": buf.getvalue(), "err": err.getvalue()[-500:]}), flush=True)
"""


def check_all(jobs: list[tuple[str, Path, list[int], str | None]]) -> dict[str, dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DRIFTCHECK_NO_CACHE="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    p = subprocess.Popen(
        [sys.executable, "-c", WORKER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert p.stdin is not None and p.stdout is not None
    res = {}
    for name, path, shape, kind in jobs:
        argv = ["check", str(path.relative_to(ROOT)), "--format", "json"]
        argv += ["--input-shape", ",".join(map(str, shape))]
        if kind == "tokens":  # the probe's input was ``torch.randint(0, 2)`` ids: int64
            argv += ["--input-dtype", "int64", "--input-range", "0:2"]
        elif "set_default_dtype" not in path.read_text(errors="replace"):
            argv += ["--input-dtype", "float32"]  # ``torch.randn``: the default dtype
        p.stdin.write(json.dumps({"argv": argv}) + "\n")
        p.stdin.flush()
        r = json.loads(p.stdout.readline())
        try:
            data = json.loads(r["out"])
        except (json.JSONDecodeError, TypeError):
            res[name] = {"tool_failure": True, "rc": r["rc"], "blockers": [], "err": r["err"]}
            continue
        bl = []
        for f in data.get("findings", []):
            if f.get("severity") == "blocker":
                loc = (f.get("locations") or [{}])[0]
                at = f"{Path(loc.get('file', '?')).name}:{loc.get('line', '?')}"
                bl.append({"id": f["check_id"], "at": at, "message": f["message"]})
        res[name] = {"tool_failure": r["rc"] not in (0, 1), "rc": r["rc"], "blockers": bl}
    p.stdin.close()
    p.wait()
    return res


def torch_verdict(path: Path, kind: str, shape: list[int], timeout: int) -> dict:
    try:
        p = subprocess.run(
            [sys.executable, "-c", RUN_ONE, str(WILD), str(path), kind, json.dumps(shape)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return {"crash": None, "error": f"torch run over {timeout} s"}
    last = p.stdout.strip().splitlines()[-1:] or [""]
    try:
        return json.loads(last[0])
    except json.JSONDecodeError:
        return {"crash": None, "error": f"torch run failed: {p.stderr.strip()[-200:]}"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--probe", action="store_true", help="find each file's input in torch")
    ap.add_argument("--redo", action="store_true", help="probe files already probed again")
    ap.add_argument("--part", choices=["dev", "held_out", "all"], default="dev")
    ap.add_argument("--only", help="comma-separated substrings of case names")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per torch run")
    ap.add_argument("--json", help="write per-file results here")
    a = ap.parse_args(argv)
    files = corpus_files()
    if a.only:
        keys = a.only.split(",")
        files = [f for f in files if any(k in case_name(f) for k in keys)]
    if a.probe:
        t0 = time.perf_counter()
        old = json.loads(INPUTS.read_text()) if INPUTS.exists() else {}
        if a.redo:
            old = {k: v for k, v in old.items() if k not in {case_name(f) for f in files}}
        old = probe(files, a.timeout, old)
        n = sum("input" in r for r in old.values())
        print(f"{n}/{len(old)} files with an input; {time.perf_counter() - t0:.0f} s")
        return 0
    inputs = json.loads(INPUTS.read_text())
    part = {"dev": [False], "held_out": [True], "all": [False, True]}[a.part]
    files = [f for f in files if held_out(case_name(f)) in part]
    jobs, not_run = [], []
    for f in files:
        rec = inputs.get(case_name(f), {"not_run": "not probed"})
        if "input" in rec:
            jobs.append((case_name(f), f, rec["input"], rec.get("kind")))
        else:
            not_run.append(case_name(f))
    t0 = time.perf_counter()
    res = check_all(jobs)
    wall = time.perf_counter() - t0
    real, false, undecided = [], [], []
    for name, path, shape, _kind in jobs:
        r = res[name]
        if not r["blockers"]:
            continue
        v = torch_verdict(path, inputs[name]["kind"], shape, a.timeout)
        r["torch"] = v
        (undecided if v["crash"] is None else real if v["crash"] else false).append(name)
        tag = {None: "UNDECIDED", True: "real crash", False: "FALSE BLOCKER"}[v["crash"]]
        print(f"{tag}: {name} --input-shape {','.join(map(str, shape))}")
        for b in r["blockers"][:3]:
            print(f"  {b['id']} {b['at']}: {b['message'][:240]}")
        if v.get("error"):
            print(f"  torch: {v['error'][:240]}")
    failures = [n for n, r in res.items() if r["tool_failure"]]
    flagged = len(real) + len(false) + len(undecided)
    print(
        f"\n{a.part}: {len(files)} files, {len(jobs)} checked with an input, "
        f"{len(not_run)} not run (no input found in torch); tool failures {len(failures)} "
        f"{failures[:5]}"
    )
    print(
        f"blockers on {flagged} files: {len(real)} real crashes in torch, {len(false)} false "
        f"blockers, {len(undecided)} undecided; check {wall:.0f} s wall "
        f"(load {os.getloadavg()[0]:.1f})"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
