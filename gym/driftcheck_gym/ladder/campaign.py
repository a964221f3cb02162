"""Campaigns as data: train every design once and write one JSONL row per design.

A row holds the task, the design's digest and its graph (so any row can be re-trained), where
the design came from, the static verdict (driftcheck's verifier: score, blocker or not,
finding ids), the cost model's figures (``driftcheck.graph.cost.estimate`` at batch 1,
float32), the structural facts selectors read (``select.features``) and the training outcome
(``train.Outcome``). Selectors are scored by replaying these rows: no training, no torch.

``driftcheck-gym campaign --task T --designs DIR --out FILE.jsonl`` trains every design file
in ``DIR`` on task ``T`` (``--task from-file``: each file names its task). A design file is a
driftcheck graph JSON, ``{"task": ..., "source": ..., "graph": {...}}``, or a gym architecture
(``{"components": [...], "connections": [...]}``, converted by the gym's ``to_graph``).
Bad input exits 2 with one line; a design that fails to build or train is a row, not a crash.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph

__all__ = ["design_row", "load_designs", "main", "read_rows", "run_campaign", "static_facts"]

ROW_VERSION = "driftcheck.ladder.row/1"


def static_facts(graph: Graph) -> dict[str, Any]:
    """Verifier verdict and cost-model figures of a design (static: no torch)."""
    from driftcheck.graph.cost import estimate
    from driftcheck.verifier.runner import verify

    rep = verify(graph)
    cost = estimate(graph, dtype="float32", batch_size=1)
    return {
        "static": {
            "score": rep.score,
            "ok": rep.ok,
            "findings": rep.ids(),
        },
        "cost": {
            "params": cost.params,
            "macs": cost.macs,
            "macs_unknown": cost.macs_unknown,
            "activation_bytes": cost.activation_bytes,
            "training_bytes_adam": cost.training_bytes,
        },
    }


def rank_value(task_metric: str, outcome: dict[str, Any]) -> float | None:
    """Higher is better: accuracy as is, MSE negated; a diverged design ranks below every
    trained one (-inf); a design that was not trained has no rank (None)."""
    st = outcome["status"]
    if st == "diverged":
        return float("-inf")
    if st != "ok" or outcome.get("value") is None:
        return None
    v = float(outcome["value"])
    return v if task_metric == "accuracy" else -v


def design_row(
    task_name: str,
    graph: Graph,
    *,
    source: str,
    campaign: str,
    seed: int = 0,
    device: str | None = "cpu",
) -> dict[str, Any]:
    from driftcheck_gym.ladder.designs import design_digest
    from driftcheck_gym.ladder.select import features
    from driftcheck_gym.ladder.tasks import get_task
    from driftcheck_gym.ladder.train import evaluate

    task = get_task(task_name)
    facts = static_facts(graph)
    outcome = evaluate(graph, task, seed=seed, device=device, train_macs=facts["cost"]["macs"])
    o = outcome.to_dict()
    rv = rank_value(task.metric, o)
    return {
        "version": ROW_VERSION,
        "campaign": campaign,
        "task": task_name,
        "metric": task.metric,
        "design": design_digest(graph),
        "name": graph.name,
        "source": source,
        **facts,
        "features": features(graph, facts),
        "outcome": o,
        "rank_value": None if rv is None else (rv if rv != float("-inf") else "-inf"),
        "seed": seed,
        "graph": json.loads(graph.model_dump_json(exclude_defaults=True)),
    }


def run_campaign(
    designs: Iterable[tuple[str, str, Graph]],
    out: str | Path,
    *,
    campaign: str,
    seed: int = 0,
    device: str | None = "cpu",
    progress: bool = False,
) -> list[dict[str, Any]]:
    """Train every (task, source, graph) once; rows are written as they finish."""
    rows = []
    t0 = time.perf_counter()
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for i, (task, source, g) in enumerate(designs):
            row = design_row(task, g, source=source, campaign=campaign, seed=seed, device=device)
            fh.write(json.dumps(row, sort_keys=True) + "\n")
            fh.flush()
            rows.append(row)
            if progress:
                o = row["outcome"]
                print(
                    f"[{i + 1}] {task:14s} {row['design']} {o['status']:11s} "
                    f"{o['value']!s:10s} cpu {o['cpu_s']:.2f}s wall {o['wall_s']:.2f}s",
                    file=sys.stderr,
                )
    if progress:
        print(
            f"campaign {campaign}: {len(rows)} designs, {time.perf_counter() - t0:.1f}s",
            file=sys.stderr,
        )
    return rows


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a campaign file; a bad line is a DriftcheckError naming it."""
    rows = []
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise DriftcheckError(f"cannot read campaign: {e.strerror}", str(p)) from None
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise DriftcheckError(f"line {i}: not JSON ({e.msg})", str(p)) from None
        if not isinstance(row, dict) or row.get("version") != ROW_VERSION:
            raise DriftcheckError(f"line {i}: not a {ROW_VERSION} row", str(p))
        if row.get("rank_value") == "-inf":
            row["rank_value"] = float("-inf")
        rows.append(row)
    return rows


# ------------------------------------------------------------------------- design files
def _graph_of(data: Any, where: str) -> Graph:
    if isinstance(data, dict) and "components" in data and "nodes" not in data:
        try:
            from driftcheck_gym.state import Arch, to_graph
        except ImportError:
            raise DriftcheckError(
                "a gym architecture needs the gym (driftcheck_gym.state)", where
            ) from None
        g = to_graph(Arch.from_data(data), name=Path(where).stem)
        return Graph.from_data(json.loads(g.model_dump_json()), where)
    return Graph.from_data(data, where)


def load_designs(directory: str | Path, task: str) -> list[tuple[str, str, Graph]]:
    """(task, source, graph) for every ``*.json`` in ``directory``, sorted by file name."""
    from driftcheck_gym.ladder.tasks import get_task

    if task != "from-file":
        get_task(task)
    d = Path(directory)
    if not d.is_dir():
        raise DriftcheckError("not a directory", str(d))
    files = sorted(d.glob("*.json"))
    if not files:
        raise DriftcheckError("no *.json design files", str(d))
    out = []
    for f in files:
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            raise DriftcheckError(f"cannot read: {e}", str(f)) from None
        except json.JSONDecodeError as e:
            raise DriftcheckError(f"invalid JSON: {e.msg} at line {e.lineno}", str(f)) from None
        t, source = task, "file"
        if isinstance(data, dict) and "graph" in data:
            t = data.get("task", task) if task == "from-file" else task
            source = str(data.get("source", source))
            data = data["graph"]
        if t == "from-file":
            raise DriftcheckError("--task from-file, but the file names no task", str(f))
        get_task(t)
        out.append((t, source, _graph_of(data, str(f))))
    return out


def main(argv: list[str] | None = None) -> int:
    from driftcheck_gym.ladder.tasks import task_names

    ap = argparse.ArgumentParser(
        prog="driftcheck-gym campaign",
        description="Train every design once on a ladder task; write one JSONL row per design.",
    )
    ap.add_argument("--task", required=True, help=f"{', '.join(task_names())}, or from-file")
    ap.add_argument("--designs", required=True, help="folder of design JSON files")
    ap.add_argument("--out", required=True, help="campaign JSONL to write")
    ap.add_argument("--campaign", default=None, help="campaign name stored in each row")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--device", default="cpu", help="cpu, cuda or auto")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        designs = load_designs(args.designs, args.task)
        rows = run_campaign(
            designs,
            args.out,
            campaign=args.campaign or Path(args.out).stem,
            seed=args.seed,
            device=args.device,
            progress=not args.quiet,
        )
    except DriftcheckError as e:
        print(f"error: {e.one_line()}", file=sys.stderr)
        return 2
    ok = sum(1 for r in rows if r["outcome"]["status"] == "ok")
    print(f"{len(rows)} designs trained ({ok} ok) -> {args.out}")
    return 0
