"""The ladder's two campaigns and its selector tables (issue #21, docs/ladder.md).

    python benchmarks/bench_ladder.py               # replay the saved campaigns (no training)
    python benchmarks/bench_ladder.py --train       # mint campaign A, fit, mint B, score
    python benchmarks/bench_ladder.py --train --per-task 3 --out-dir /tmp/x   # a small run

Campaign A: the gym's reference plans on ``generate_tasks("train", 1, 60)`` retargeted to the
ladder's families, plus designs from the ladder's generator (seed 101) and perturbations of
them. Our selector is fit on A, its weights written, and only then is campaign B minted: the
gym's ``test`` split (seed 2) and the generator at seed 202. Both campaigns are saved as JSONL
(``benchmarks/data/ladder_campaign_{A,B}.jsonl``) and replayed by default.

``fit:structure`` tied largest-params on B. A second selector, ``fit:size+structure``
(``select.SMALL_FEATURES``, C = 0.1), was then chosen by cross-validation inside A alone,
fit on A and frozen (``ladder_selector_fit2_A.json``), and only then was campaign C minted
(``--mint-c``: the gym's ``test`` split at seed 3, the generator at seed 303). B is not out of
sample for the second selector (it was chosen after B was seen); C is, for both.

Neither beat largest-params out of sample. A third, ``fit:pooled`` (``FIT3``), was chosen by
leave-one-campaign-out over A, B, C, fit on all three (240 designs) and frozen
(``ladder_selector_fit3_ABC.json``); then campaign D was minted (``--mint-d``: 20 designs per
family, the gym's ``test`` split at seed 4, the generator at seed 404). D is out of sample for
all three selectors; A, B, C are in sample for the third.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "gym"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

DATA = ROOT / "benchmarks" / "data"
BUDGET_MACS = 4e10
"""Designs whose training MACs (forward MACs x batch x steps x 3) exceed this are left out of
the campaigns before training (a few seconds each on one core), and counted."""

SPECS = {
    "A": {"gym": ("train", 1, 60), "seed": 101},
    "B": {"gym": ("test", 2, 60), "seed": 202},
    "C": {"gym": ("test", 3, 60), "seed": 303},
    "D": {"gym": ("test", 4, 120), "seed": 404},
}
FIT3 = {"features": "SMALL_FEATURES", "C": 0.01, "per_task": 20}
"""The third selector, ``fit:pooled``: chosen by leave-one-campaign-out over A, B and C (the
8 facts at C = 0.01: 67.6% mean against 64.2% for size alone), fit on A+B+C and frozen
before campaign D (20 designs per family) is minted."""


def _designs(which: str, per_task: int, gym_per_task: int) -> tuple[list, list[str]]:
    from driftcheck_gym.ladder.designs import design_digest, generate, gym_designs
    from driftcheck_gym.ladder.tasks import get_task, task_names

    from driftcheck.graph.cost import estimate

    spec = SPECS[which]
    notes: list[str] = []
    gym, skipped = gym_designs(*spec["gym"])
    notes += [f"gym design left out: {s}" for s in skipped]
    chosen: list = []
    count: dict[str, int] = {}
    for t, src, g in gym:
        task = get_task(t)
        macs = estimate(g, dtype="float32").macs
        if macs * task.batch * task.steps * 3 > BUDGET_MACS:
            notes.append(f"gym design over the campaign budget: {g.name} ({macs:,} MACs)")
            continue
        if count.get(t, 0) >= gym_per_task:
            continue
        count[t] = count.get(t, 0) + 1
        chosen.append((t, src, g))
    seen = {design_digest(g) for _, _, g in chosen}
    mine = generate(task_names(), per_task + 8, seed=spec["seed"])
    for t, src, g in mine:
        task = get_task(t)
        if count.get(t, 0) >= per_task or design_digest(g) in seen:
            continue
        macs = estimate(g, dtype="float32").macs
        if macs * task.batch * task.steps * 3 > BUDGET_MACS:
            notes.append(f"generated design over the campaign budget: {g.name} ({macs:,} MACs)")
            continue
        count[t] = count.get(t, 0) + 1
        seen.add(design_digest(g))
        chosen.append((t, src, g))
    chosen.sort(key=lambda x: list(task_names()).index(x[0]))
    return chosen, notes


def mint(which: str, out: Path, per_task: int, gym_per_task: int, device: str) -> dict:
    from driftcheck_gym.ladder.campaign import run_campaign

    designs, notes = _designs(which, per_task, gym_per_task)
    t0, c0 = time.perf_counter(), time.process_time()
    rows = run_campaign(designs, out, campaign=f"ladder-{which}", device=device, progress=True)
    meta = {
        "campaign": which,
        "designs": len(rows),
        "wall_s": round(time.perf_counter() - t0, 1),
        "process_cpu_s": round(time.process_time() - c0, 1),
        "minted_utc": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "notes": notes,
    }
    out.with_suffix(".meta.json").write_text(json.dumps(meta, indent=1) + "\n")
    return meta


CLEAN = {
    "fit:structure": {"B", "C", "D"},
    "fit:size+structure": {"C", "D"},
    "fit:pooled": {"D"},
}
"""The campaigns minted after each selector was frozen (its out-of-sample campaigns)."""


def report(paths: dict[str, Path], fit_path: Path, fit2_path: Path, fit3_path: Path) -> None:
    from driftcheck_gym.ladder.campaign import read_rows
    from driftcheck_gym.ladder.select import (
        FitSelector,
        baseline_selectors,
        format_table,
        head_to_head,
        score_selector,
        spearman_table,
    )

    camps = {k: read_rows(p) for k, p in paths.items()}
    fit = FitSelector().load(json.loads(fit_path.read_text()))
    sels = [*baseline_selectors(), fit.selector]
    fit2 = fit3 = None
    if fit2_path.exists():
        fit2 = FitSelector().load(json.loads(fit2_path.read_text()))
        sels.append(fit2.selector)
    if fit3_path.exists():
        fit3 = FitSelector().load(json.loads(fit3_path.read_text()))
        sels.append(fit3.selector)
    for label, rows in camps.items():
        tasks = sorted({r["task"] for r in rows})
        st: dict[str, int] = {}
        for r in rows:
            st[r["outcome"]["status"]] = st.get(r["outcome"]["status"], 0) + 1
        srcs: dict[str, int] = {}
        for r in rows:
            k = r["source"].split(":")[0]
            srcs[k] = srcs.get(k, 0) + 1
        print(
            f"campaign {label}: {len(rows)} designs over {len(tasks)} task families "
            f"(statuses {st}; sources {srcs})"
        )
        cpu = [r["outcome"]["cpu_s"] for r in rows]
        wall = [r["outcome"]["wall_s"] for r in rows]
        print(
            f"  CPU s per design: mean {statistics.mean(cpu):.2f}, median "
            f"{statistics.median(cpu):.2f}, max {max(cpu):.2f}; sum {sum(cpu):.1f} s CPU, "
            f"{sum(wall):.1f} s wall in training"
        )
        meta = paths[label].with_suffix(".meta.json")
        if meta.exists():
            m = json.loads(meta.read_text())
            print(
                f"  whole campaign: {m['wall_s']} s wall, {m['process_cpu_s']} s process CPU, minted {m['minted_utc']}"
            )
        for t in tasks:
            vals = [r["rank_value"] for r in rows if r["task"] == t and r["rank_value"] is not None]
            fin = [v for v in vals if v != float("-inf")]
            metric = next(r["metric"] for r in rows if r["task"] == t)
            lo, hi = (min(fin), max(fin)) if fin else (None, None)
            if metric == "mse" and fin:
                lo, hi = -hi, -lo
            print(
                f"  {t:14s} {len(vals):3d} trained  {metric:8s} {lo if lo is None else round(lo, 4)}"
                f" .. {hi if hi is None else round(hi, 4)}   diverged {len(vals) - len(fin)}"
            )
    print()
    for f in (fit, fit2, fit3):
        if f is not None:
            on = "A+B+C" if f.name == "fit:pooled" else "A"
            print(f"our selector {f.name} (C = {f.C}), weights on standardized facts, fit on {on}:")
            print("  " + json.dumps(f.weights()))
    print()
    titles = {
        "A": "IN-SAMPLE: campaign A (every fit saw A)",
        "B": "campaign B, minted after fit:structure was frozen: OUT OF SAMPLE for "
        "fit:structure; fit:size+structure was chosen after B was seen; fit:pooled fit on it",
        "C": "campaign C, minted after fit:structure and fit:size+structure were frozen "
        "(OUT OF SAMPLE for both; in sample for fit:pooled)",
        "D": "OUT-OF-SAMPLE: campaign D, minted after all three fits were frozen",
    }
    for label, rows in camps.items():
        print(format_table(titles[label], [score_selector(x, rows) for x in sels]))
        print()
    largest = sels[2]
    for f in (fit, fit2, fit3):
        if f is None:
            continue
        for label, rows in camps.items():
            h = head_to_head(f.selector, largest, rows)
            print(
                f"head to head on {label}: {f.name} vs largest-params disagree on "
                f"{h['disagree']} pairs; {f.name} right {h['a_right']}, largest right "
                f"{h['b_right']}, sign test p = {h['p_sign']:.3g}"
            )
        clean = [k for k in camps if k in CLEAN[f.name]]
        for label in clean:
            sb, lb = score_selector(f.selector, camps[label]), score_selector(largest, camps[label])
            beats = sb.interval[0] > lb.accuracy and sb.accuracy > lb.interval[1]
            print(
                f"out of sample on {label}: {f.name} {100 * sb.accuracy:.1f}% (Wilson "
                f"{100 * sb.interval[0]:.1f}-{100 * sb.interval[1]:.1f}%) vs largest-params "
                f"{100 * lb.accuracy:.1f}% (Wilson {100 * lb.interval[0]:.1f}-"
                f"{100 * lb.interval[1]:.1f}%): "
                + (
                    "beats it by more than the interval"
                    if beats
                    else "does NOT beat it by more than the interval"
                )
            )
        print()
    print(
        "Spearman with the trained outcome (pooled: raw values across tasks, ranked once; "
        "within: ranks inside each task, pooled)"
    )
    cols = [f"{k} {w}" for k in camps for w in ("pooled", "within")]
    print(f"{'selector':22s} " + " ".join(f"{c:>9s}" for c in cols))
    for x in sels:
        f = lambda v: "undef." if v is None else f"{v:.3f}"  # noqa: E731
        vals = []
        for rows in camps.values():
            t = spearman_table(x, rows)
            vals += [f(t["pooled"]), f(t["within"])]
        print(f"{x.name:22s} " + " ".join(f"{v:>9s}" for v in vals))
    print("(undef.: the score is constant over the rows, so it ranks nothing)")


def recheck(path: Path, device: str) -> int:
    """Determinism: train every row's stored graph again and compare the outcome (status,
    value, losses, curve, steps, parameter count) with the row, to every stored digit."""
    from driftcheck_gym.ladder.campaign import read_rows, run_campaign

    from driftcheck.graph.model import Graph

    rows = read_rows(path)
    designs = [(r["task"], r["source"], Graph.from_data(r["graph"])) for r in rows]
    t0 = time.perf_counter()
    again = run_campaign(
        designs, Path("/tmp") / f"recheck_{path.name}", campaign="recheck", device=device
    )
    keep = ("status", "value", "val_loss", "final_train_loss", "curve", "steps", "params_torch")
    differ = [
        r["design"]
        for r, x in zip(rows, again)
        if r["design"] != x["design"] or any(r["outcome"][k] != x["outcome"][k] for k in keep)
    ]
    print(
        f"recheck {path.name}: {len(rows)} designs trained again in "
        f"{time.perf_counter() - t0:.1f} s wall; {len(rows) - len(differ)} identical outcomes, "
        f"{len(differ)} differ {differ[:5]}"
    )
    return 1 if differ else 0


def reseed(path: Path, device: str, seed: int = 1) -> Path:
    """The same designs trained with another seed (init and batch order): the noise floor."""
    from driftcheck_gym.ladder.campaign import read_rows, run_campaign

    from driftcheck.graph.model import Graph

    rows = read_rows(path)
    designs = [(r["task"], r["source"], Graph.from_data(r["graph"])) for r in rows]
    out = path.with_name(path.stem + f"_seed{seed}.jsonl")
    run_campaign(
        designs, out, campaign=rows[0]["campaign"] + f"-seed{seed}", seed=seed, device=device
    )
    return out


def noise_ceiling(path: Path, other: Path) -> None:
    """Score "the outcome of another training seed" as a selector on ``path``'s pairs: what a
    selector that knew the design's trained outcome, up to seed noise, would get."""
    from driftcheck_gym.ladder.campaign import read_rows
    from driftcheck_gym.ladder.select import Selector, format_table, score_selector

    rows, again = read_rows(path), {r["design"]: r["rank_value"] for r in read_rows(other)}
    oracle = Selector("outcome at seed 1", "noise", lambda r: again.get(r["design"]))
    print(
        format_table(
            f"NOISE CEILING on {path.stem} (seed 0 pairs, seed 1 outcomes)",
            [score_selector(oracle, rows)],
        )
    )


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--train", action="store_true", help="mint both campaigns (else replay)")
    ap.add_argument("--per-task", type=int, default=10)
    ap.add_argument("--gym-per-task", type=int, default=3)
    ap.add_argument(
        "--mint-c", action="store_true", help="fit the second selector on A, then mint C"
    )
    ap.add_argument("--mint-d", action="store_true", help="fit the third on A+B+C, then mint D")
    ap.add_argument(
        "--recheck", choices=sorted(SPECS), help="train a saved campaign again, compare"
    )
    ap.add_argument("--reseed", choices=sorted(SPECS), help="train a saved campaign at seed 1")
    ap.add_argument("--out-dir", type=Path, default=DATA)
    ap.add_argument("--device", default="cpu")
    args = ap.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    a, b = args.out_dir / "ladder_campaign_A.jsonl", args.out_dir / "ladder_campaign_B.jsonl"
    fit_path = args.out_dir / "ladder_selector_fit_A.json"
    fit2_path = args.out_dir / "ladder_selector_fit2_A.json"
    fit3_path = args.out_dir / "ladder_selector_fit3_ABC.json"
    d = args.out_dir / "ladder_campaign_D.jsonl"
    c = args.out_dir / "ladder_campaign_C.jsonl"
    if args.train:
        args.out_dir.mkdir(parents=True, exist_ok=True)
        from driftcheck_gym.ladder.campaign import read_rows
        from driftcheck_gym.ladder.select import FitSelector

        mint("A", a, args.per_task, args.gym_per_task, args.device)
        fit = FitSelector().fit(read_rows(a))  # frozen before B exists
        fit_path.write_text(json.dumps(fit.state(), indent=1) + "\n")
        mint("B", b, args.per_task, args.gym_per_task, args.device)
    if args.reseed:
        reseed(args.out_dir / f"ladder_campaign_{args.reseed}.jsonl", args.device)
    if args.recheck:
        return recheck(args.out_dir / f"ladder_campaign_{args.recheck}.jsonl", args.device)
    if args.mint_c:
        from driftcheck_gym.ladder.campaign import read_rows
        from driftcheck_gym.ladder.select import SMALL_FEATURES, FitSelector

        fit2 = FitSelector("fit:size+structure", SMALL_FEATURES, C=0.1).fit(read_rows(a))
        fit2_path.write_text(json.dumps(fit2.state(), indent=1) + "\n")  # frozen before C
        mint("C", c, args.per_task, args.gym_per_task, args.device)
    if args.mint_d:
        from driftcheck_gym.ladder.campaign import read_rows
        from driftcheck_gym.ladder.select import SMALL_FEATURES, FitSelector

        rows = [r for p in (a, b, c) for r in read_rows(p)]
        fit3 = FitSelector("fit:pooled", SMALL_FEATURES, C=FIT3["C"]).fit(rows)
        fit3_path.write_text(json.dumps(fit3.state(), indent=1) + "\n")  # frozen before D
        mint("D", d, FIT3["per_task"], args.gym_per_task, args.device)
    if not (a.exists() and b.exists() and fit_path.exists()):
        print(f"no saved campaigns in {args.out_dir}; run with --train", file=sys.stderr)
        return 2
    paths = {"A": a, "B": b} | {k: p for k, p in (("C", c), ("D", d)) if p.exists()}
    report(paths, fit_path, fit2_path, fit3_path)
    for p in paths.values():
        other = p.with_name(p.stem + "_seed1.jsonl")
        if other.exists():
            print()
            noise_ceiling(p, other)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
