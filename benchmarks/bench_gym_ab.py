"""Gym grading speed, A/B inside one process: never-seen plans, fast paths on against off.

    python benchmarks/bench_gym_ab.py [--count 600] [--seed 1] [--rounds 7] [--off NAME,...]
                                      [--calls] [--bytecodes] [--stages] [--json out.json]

The machine these run on is shared and loaded, so CPU time per plan moves 5-7x with the load.
This benchmark therefore reports what the load cannot move, beside the time:

- **digest**: sha256 of every grade's payload (``GradeResult.to_dict``) over a fixed, seeded
  set of plans (the reference plan, the empty plan and the first half of the reference plan
  of each generated component task): with every fast path on, and with ``--off`` off (default:
  the gym's and the verifier's own fast paths). Equal digests: the fast paths change no grade.
- **calls per plan**: Python and C function calls per grade (``sys.setprofile`` counter, one
  pass), on and off: a deterministic proxy for interpreter work.
- **CPU per plan, interleaved**: rounds alternate on / off over the same plans in the same
  process (grade memos off: each plan is graded as if never seen; the per-layer memos stay on,
  as in ``bench_gym.py``'s ``distinct``), and the ratio off / on of each round pair is given
  with its median; the load average is printed with the figures.
- **bytecodes per plan** (``--bytecodes``): instructions run per grade (``sys.settrace``
  opcode events), on and off: the finer load-independent count.
- ``--stages``: CPU per plan of each stage of a grade (``bench_gym.breakdown``), on and off.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import importlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "gym")]

import driftcheck_gym as G  # noqa: E402
from driftcheck_gym.generate import generate_tasks  # noqa: E402

from driftcheck.speed import Speed, current, use  # noqa: E402

GR = importlib.import_module("driftcheck_gym.grade")

FAST_PATHS = (
    "gym_fast",
    "gym_lean_graph",
    "gym_edges",
    "gym_vocab",
    "gym_gc_pause",
    "gym_gc_freeze",
    "check_gates",
    "check_structure",
    "check_local_pass",
    "check_plan",
    "verify_gc_pause",
    "verdicts",
    "verify_lean",
    "verify_template",
)
"""The gym's and the verifier's fast paths (``--off`` default): the per-layer memos of the
graph layer (catalogue, bind, shape rules, prices, counts) stay on."""


def plan_set(seed: int = 1, count: int = 600) -> list[tuple]:
    """(task, plan) pairs: for each generated component task (train split, ``seed``), its
    reference plan, the empty plan and the first half of its reference plan (a flawed
    attempt), deterministic for a seed."""
    tasks = [t for t in generate_tasks("train", seed, count) if not t.config_task]
    out = []
    for t in tasks:
        ref = t.reference_plan
        out.append((t, ref))
        out.append((t, []))
        out.append((t, ref[: len(ref) // 2]))
    return out


def digest(pairs: list[tuple], speed: Speed | None = None) -> str:
    """sha256 of every grade's payload, grade memos off (each plan graded in full)."""
    h = hashlib.sha256()
    with _no_memo(), use(speed):
        for t, p in pairs:
            r = G.grade(t, p)
            h.update(json.dumps(r.to_dict(), sort_keys=True, default=repr).encode())
            h.update(b"\n")
    return h.hexdigest()


class _no_memo:
    """Grade memos off: by plan and content (``MEMO``) and the models' analyses shared across
    tasks (``ANALYSES``, added after this benchmark was written: left on, a model met again
    is served from them and the plan is not graded as if never seen)."""

    def __enter__(self):
        self.was = GR.MEMO, GR.ANALYSES
        GR.MEMO = GR.ANALYSES = False

    def __exit__(self, *exc):
        GR.MEMO, GR.ANALYSES = self.was


def calls_per_plan(pairs: list[tuple], speed: Speed | None = None) -> float:
    n = 0

    def count(frame, event, arg):
        nonlocal n
        if event == "call" or event == "c_call":
            n += 1

    with _no_memo(), use(speed):
        for t, p in pairs[:50]:  # warm
            G.grade(t, p)
        sys.setprofile(count)
        try:
            for t, p in pairs:
                G.grade(t, p)
        finally:
            sys.setprofile(None)
    return n / len(pairs)


def bytecodes_per_plan(pairs: list[tuple], speed: Speed | None = None) -> float:
    """Bytecode instructions run per grade (``sys.settrace`` with opcode events, one pass
    after a warm one): like ``calls_per_plan``, a count the machine's load cannot move."""
    n = 0

    def trace(frame, event, arg):
        nonlocal n
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            n += 1
        return trace

    with _no_memo(), use(speed):
        for t, p in pairs[:50]:  # warm
            G.grade(t, p)
        sys.settrace(trace)
        try:
            for t, p in pairs:
                G.grade(t, p)
        finally:
            sys.settrace(None)
    return n / len(pairs)


def _pass(pairs: list[tuple], speed: Speed | None) -> float:
    with use(speed):
        c0 = time.process_time()
        for t, p in pairs:
            G.grade(t, p)
        return time.process_time() - c0


def interleaved(pairs: list[tuple], on: Speed, off: Speed, rounds: int) -> dict:
    """CPU us per plan, rounds alternating on / off (order swapped every round)."""
    with _no_memo():
        _pass(pairs, on)
        _pass(pairs, off)
        ons, offs, ratios = [], [], []
        for r in range(rounds):
            if r % 2:
                b = _pass(pairs, off)
                a = _pass(pairs, on)
            else:
                a = _pass(pairs, on)
                b = _pass(pairs, off)
            ons.append(1e6 * a / len(pairs))
            offs.append(1e6 * b / len(pairs))
            ratios.append(b / a)
    return {
        "on_us": [round(x, 1) for x in ons],
        "off_us": [round(x, 1) for x in offs],
        "on_us_min": round(min(ons), 1),
        "off_us_min": round(min(offs), 1),
        "ratio_off_on": [round(x, 3) for x in ratios],
        "ratio_median": round(statistics.median(ratios), 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--off", default=",".join(FAST_PATHS))
    ap.add_argument("--refs-only", action="store_true", help="reference plans only")
    ap.add_argument("--calls", action="store_true")
    ap.add_argument("--bytecodes", action="store_true", help="bytecodes per plan, on and off")
    ap.add_argument("--stages", action="store_true")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    names = [n for n in a.off.split(",") if n]
    on = current()
    off = on.without(*names)
    pairs = plan_set(a.seed, a.count)
    if a.refs_only:
        pairs = pairs[::3]
    res: dict = {"plans": len(pairs), "off": names, "load_before": os.getloadavg()}
    print(f"{len(pairs)} plans; off = {', '.join(names)}; load {os.getloadavg()}")
    with _no_memo():
        for t, p in pairs[:300]:  # warm the per-layer memos (and the one-time heap freeze)
            G.grade(t, p)
    res["digest_on"] = d_on = digest(pairs, on)
    res["digest_off"] = d_off = digest(pairs, off)
    print(f"digest on  {d_on}\ndigest off {d_off}\n{'EQUAL' if d_on == d_off else 'DIFFER'}")
    if a.calls:
        res["calls_on"] = c_on = calls_per_plan(pairs, on)
        res["calls_off"] = c_off = calls_per_plan(pairs, off)
        print(f"calls per plan: on {c_on:.1f}, off {c_off:.1f} ({c_off / c_on:.2f}x)")
    if a.bytecodes:
        res["bytecodes_on"] = b_on = bytecodes_per_plan(pairs, on)
        res["bytecodes_off"] = b_off = bytecodes_per_plan(pairs, off)
        print(f"bytecodes per plan: on {b_on:.1f}, off {b_off:.1f} ({b_off / b_on:.2f}x)")
    gc.collect()
    res["cpu"] = cpu = interleaved(pairs, on, off, a.rounds)
    print(
        f"CPU us/plan (min of {a.rounds}): on {cpu['on_us_min']}, off {cpu['off_us_min']}; "
        f"off/on per round {cpu['ratio_off_on']} median {cpu['ratio_median']}x"
    )
    if a.stages:
        B = importlib.import_module("bench_gym")
        tasks = [t for t, _ in pairs[::3]]
        for label, sp in (("on", on), ("off", off)):
            with use(sp):
                res[f"stages_{label}"] = b = B.breakdown(tasks)
            print(f"stages {label}: " + ", ".join(f"{k} {v}" for k, v in b.items()))
    res["load_after"] = os.getloadavg()
    print(f"load {os.getloadavg()}")
    if a.json:
        a.json.write_text(json.dumps(res, indent=1))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "benchmarks"))
    main()
