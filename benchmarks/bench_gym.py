"""Gym speed, side by side with the peer harness in one run.

    python benchmarks/bench_gym.py [--count 2000] [--seed 1] [--rounds 5] [--clients 32]
                                   [--episodes 8] [--peer PATH/neurarch-throughput.mjs] [--json out.json]

1. **apply + grade** on generated families (the component families; the peer's families are
   component graphs too), one core, wall-clock time (as the peer script measures; our CPU
   time per plan is printed too: on a loaded machine it moves less than wall-clock time):
   - ``distinct``: every plan graded once, grade memos off (per-layer memos on, the verifier's
     and the gym's layer translations): the cost of really grading a plan (apply, typed graph,
     the full verifier, requirements);
   - ``distinct shared``: the same, with the models' analyses shared across tasks
     (``grade.ANALYSES``: a model another task's plan built is graded from that grade's typed
     graph, report and context; the number of distinct models is printed);
   - ``peer protocol``: the peer script's protocol (the same ``count`` cases replayed for
     ``rounds`` rounds after one warm-up round), with the memos off and on (on: a repeated plan
     is a memo hit, which is what a GRPO group with repeated completions gets).
   The peer's ``neurarch-throughput.mjs`` runs in the same benchmark (node, one core) with the
   same count, seed and rounds; the ratio ours / peer is printed for each.
2. **real architectures**: the hf-* families (graphs built by the HF route, priced by the cost
   model), distinct plans, memos off except the HF graph memo (one build per distinct config).
3. **where the time goes** (``--breakdown``): CPU time per plan of each stage of a grade, as
   differences of cumulative loops over the same plans (no per-call timer: a timer call costs
   about as much as a small check): parse + apply, the typed graph, the verifier's context,
   shape inference, the cost model, the checks, and the requirements and result.
4. **service**: the reward service in its own process (uvicorn on 127.0.0.1, memos off), and a
   bounded load of ``clients`` concurrent clients, each running ``episodes`` two-turn episodes
   on distinct generated tasks: requests/s, p50 and p99 latency, 5xx count, lost episodes.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "gym")]

import driftcheck_gym as G  # noqa: E402
from driftcheck_gym.generate import generate_tasks  # noqa: E402
from driftcheck_gym.loadtest import run_load  # noqa: E402
from driftcheck_gym.state import apply  # noqa: E402

GR = importlib.import_module("driftcheck_gym.grade")
VOCAB = importlib.import_module("driftcheck_gym.vocab")


def memos(on: bool, shared: bool | None = None) -> None:
    """The grade memos (by plan, by content, and the models' analyses shared across tasks:
    ``shared``, ``on`` when not given) on or off, emptied either way. The layer translation
    memo stays on, like the verifier's own per-layer memos (binding, shape rules): layers
    repeat across distinct plans."""
    GR.MEMO = on
    GR.ANALYSES = on if shared is None else shared
    GR._MEMO.clear()
    GR._PLANS.clear()
    GR._analyses(GR.current()).clear()


def timed(tasks: list, rounds: int) -> dict:
    for t in tasks[: min(len(tasks), 200)]:  # warm the catalogue and verifier memos of types
        G.grade(t, t.reference_plan)
    if rounds > 1:  # the peer protocol: one full warm-up round, not counted
        for t in tasks:
            G.grade(t, t.reference_plan)
    else:  # distinct plans: no model's analyses kept from the warm-up
        GR._analyses(GR.current()).clear()
    n = passed = nodes = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        for t in tasks:
            r = G.grade(t, t.reference_plan)
            n += 1
            passed += r.passed
    s = time.perf_counter() - t0
    cpu = time.process_time() - c0
    for t in tasks:
        nodes += len(apply(t.start_arch(), t.reference_plan).arch.components)
    return {
        "plans": n,
        "passed": passed,
        "seconds": round(s, 3),
        "plans_per_s": round(n / s),
        "us_per_plan": round(1e6 * s / n, 1),
        "cpu_us_per_plan": round(1e6 * cpu / n, 1),
        "mean_components": round(nodes / len(tasks), 1),
    }


def breakdown(tasks: list, reps: int = 3) -> dict:
    """CPU us per plan of each stage of a grade (grade memos off), as differences of loops that
    each run one more stage over the same plans (best of ``reps``, after one warm pass)."""
    from driftcheck.verifier.context import Context
    from driftcheck.verifier.runner import verify

    opts = GR._OPTS

    def applied(t):  # as the grade applies a plan (its copy shares the start's components)
        return apply(t.start_arch(), t.reference_plan, repair=t.kind == "repair", share=True).arch

    stages = {
        "apply": lambda t: applied(t),
        "to_graph": lambda t: GR.to_graph(applied(t), t.id),
        "context": lambda t: Context(GR.to_graph(applied(t), t.id), opts),
        "shapes": lambda t: Context(GR.to_graph(applied(t), t.id), opts).shapes,
        "cost": lambda t: Context(GR.to_graph(applied(t), t.id), opts).cost,
        "checks": lambda t: verify(GR.to_graph(applied(t), t.id), opts),
        "requirements": lambda t: G.grade(t, t.reference_plan),  # + plan parsing, result
    }
    memos(False)
    import gc

    best: dict[str, float] = {}
    for t in tasks:
        G.grade(t, t.reference_plan)
    paused = gc.isenabled()
    gc.disable()  # as a grade runs (grade.GC_PAUSE)
    try:
        for _ in range(reps):
            for name, fn in stages.items():
                c0 = time.process_time()
                for t in tasks:
                    fn(t)
                best[name] = min(best.get(name, 1e9), time.process_time() - c0)
    finally:
        if paused:
            gc.enable()
    out, prev = {}, 0.0
    for name, v in best.items():
        out[name] = round(1e6 * max(0.0, v - prev) / len(tasks), 1)
        prev = max(prev, v)
    out["total"] = round(1e6 * best["requirements"] / len(tasks), 1)
    return out


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def peer(script: Path | None, count: int, seed: int, rounds: int) -> dict | None:
    node = shutil.which("node")
    if script is None or node is None or not script.is_file():
        return None
    c0 = _children_cpu()
    p = subprocess.run(
        [node, str(script), str(count), str(seed), str(rounds)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=str(script.parent),
    )
    if p.returncode != 0:
        return {"error": p.stderr.strip().splitlines()[-1:] or ["failed"]}
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["process_cpu_s"] = round(_children_cpu() - c0, 3)
    return out


def peer_cpu(runs: list[dict | None], more: dict | None, count: int, rounds: int) -> float | None:
    """The peer's CPU time per plan: its process's CPU time with ``2 * rounds`` counted rounds
    minus the least with ``rounds`` (start-up, case generation and the warm-up round cancel
    out), over the ``rounds * count`` plans the difference graded. Its script reports only
    wall-clock time; CPU time moves less with load on the machine."""
    base = [r["process_cpu_s"] for r in runs if r and "process_cpu_s" in r]
    if not base or not more or "process_cpu_s" not in more:
        return None
    return round(1e6 * (more["process_cpu_s"] - min(base)) / (rounds * count), 1)


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def service(clients: int, episodes: int) -> dict:
    import httpx

    port = _port()
    env = {
        **os.environ,
        "DRIFTCHECK_GYM_NO_MEMO": "1",
        "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'gym'}",
    }
    code = (
        "import uvicorn; from driftcheck_gym.server import create_app; "
        f"uvicorn.run(create_app(), host='127.0.0.1', port={port}, log_level='error')"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], env=env)
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.3)
        out = asyncio.run(
            run_load(
                f"http://127.0.0.1:{port}", clients=clients, episodes_per_client=episodes, seed=9
            )
        )
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--episodes", type=int, default=8)
    ap.add_argument("--hf", type=int, default=30, help="real-architecture tasks to grade")
    ap.add_argument("--peer", type=Path, default=None)
    ap.add_argument("--skip-service", action="store_true")
    ap.add_argument("--breakdown", action="store_true", help="CPU per stage of a grade")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    script = a.peer
    if script is None:
        for base in (ROOT.parent / "shared", ROOT.parent.parent / "shared", Path("/work/shared")):
            if (base / "anchors" / "neurarch-throughput.mjs").is_file():
                script = base / "anchors" / "neurarch-throughput.mjs"
                break
    res: dict = {"count": a.count, "seed": a.seed, "rounds": a.rounds}
    tasks = [t for t in generate_tasks("train", a.seed, a.count) if not t.config_task]
    fams = sorted({t.family for t in tasks})
    print(
        f"{len(tasks)} generated tasks of {len(fams)} component families (train split, seed {a.seed})"
    )

    res["peer"] = peer(script, a.count, a.seed, a.rounds)
    print("peer harness:", json.dumps(res["peer"]))
    memos(False)
    res["distinct"] = timed(tasks, 1)
    memos(False, shared=True)
    res["distinct_shared"] = timed(tasks, 1)
    res["distinct_shared"]["models"] = len(GR._analyses(GR.current()))
    memos(False)
    res["peer_protocol_no_memo"] = timed(tasks, a.rounds)
    memos(True)
    res["peer_protocol_memo"] = timed(tasks, a.rounds)
    res["peer_again"] = peer(script, a.count, a.seed, a.rounds)  # load drifts: measure it twice
    pr = [p["plans_per_s"] for p in (res["peer"], res["peer_again"]) if p and "plans_per_s" in p]
    peer_rate = sum(pr) / len(pr) if pr else None
    for k in ("distinct", "distinct_shared", "peer_protocol_no_memo", "peer_protocol_memo"):
        r = res[k]
        ratio = f"{r['plans_per_s'] / peer_rate:.3f}x peer" if peer_rate else "no peer run"
        print(
            f"ours {k:24s} {r['plans_per_s']:>7} plans/s  {r['us_per_plan']:>8} us/plan "
            f"({r['cpu_us_per_plan']} us CPU)  passed {r['passed']}/{r['plans']}  ({ratio})"
            + (f"  [{r['models']} distinct models]" if "models" in r else "")
        )
        r["ratio_to_peer"] = round(r["plans_per_s"] / peer_rate, 4) if peer_rate else None
    if peer_rate:
        print(f"peer mean of two runs: {peer_rate:.0f} plans/s")
    res["peer_double"] = peer(script, a.count, a.seed, 2 * a.rounds)
    res["peer_cpu_us_per_plan"] = pc = peer_cpu(
        [res["peer"], res["peer_again"]], res["peer_double"], a.count, a.rounds
    )
    if pc:
        for k in ("distinct", "distinct_shared", "peer_protocol_no_memo", "peer_protocol_memo"):
            r = res[k]
            r["cpu_ratio_to_peer"] = round(pc / r["cpu_us_per_plan"], 4)
            print(
                f"CPU per plan: ours {k:24s} {r['cpu_us_per_plan']:>8} us, peer {pc} us "
                f"({r['cpu_ratio_to_peer']:.3f}x peer)"
            )

    if a.breakdown:
        res["breakdown"] = b = breakdown(tasks[: min(len(tasks), 600)])
        print(
            "CPU us per plan by stage (warm, 600 plans): "
            + ", ".join(f"{k} {v}" for k, v in b.items())
        )

    memos(False)
    hf = [t for t in generate_tasks("train", a.seed + 100, a.hf * 5) if t.config_task][: a.hf]
    if hf:
        t0 = time.perf_counter()
        ok = sum(G.grade(t, t.reference_plan).passed for t in hf)
        s = time.perf_counter() - t0
        res["hf"] = {
            "plans": len(hf),
            "passed": ok,
            "seconds": round(s, 3),
            "ms_per_plan": round(1000 * s / len(hf), 1),
        }
        print(
            f"real architectures: {len(hf)} plans, {ok} passed, {res['hf']['ms_per_plan']} ms/plan (HF route + cost model)"
        )
    memos(True)

    if not a.skip_service:
        res["service"] = service(a.clients, a.episodes)
        s = res["service"]
        print(
            f"service ({s['clients']} clients, {s['episodes']} episodes, {s['requests']} requests): "
            f"{s['requests_per_s']} req/s, p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms, "
            f"5xx {s['errors_5xx']}, lost episodes {s['lost_episodes']}, passed {s['passed']}"
        )
    if a.json:
        a.json.write_text(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
