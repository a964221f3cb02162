"""Verifier speed: the whole check run (every check, shape inference, the cost model) per
1,000 nodes, against a plain traversal of the same graph measured in the same run.

    python benchmarks/bench_verifier.py [--blocks-nodes 1000] [--runs 60] [--json out.json]

Graphs (benchmarks/verifier_graphs.py): a Llama-like decoder, a BERT-like encoder and a
ResNet-like CNN of about 1,000 nodes, each ``flat`` (no module tree, as hand-written graph
JSON), ``explicit`` (one module per copy, as ``Graph.expand()`` writes it) and ``compact``
(one block with ``repeat=N``, as the parsers store it), plus random gym-like graphs (one of
the models, flat or explicit, with 0-4 random edits).

Times are CPU time (``time.process_time``) of one ``verify`` call, p50 and p90 (and the
minimum, the least disturbed run) over ``--runs`` runs; the runs of every graph and of the
baselines are interleaved, so load on the machine hits them alike. Two baselines:

- ``traverse``: every node's id, type, parent and params and every edge's ends, in a plain
  Python loop (what any analysis written in Python reads at least once);
- ``floor``: the minimum any check run must do, in C-level calls: read every node's id, type,
  parent, params and repeat, key every params dict (type-exact, ``params_keys._keys``) and read
  every edge's ends. A check run cannot be cheaper than this; ``x floor`` says how far above
  it the run is.

Target (issue #7): p50 <= 1 ms per 1,000 nodes. The summary is given twice: for explicit /
flat graphs per 1,000 stored nodes, and for compact graphs per 1,000 model nodes (what the
graph stands for once expanded: the parsers store a stack of layers as one repeated block).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from operator import attrgetter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.verifier_graphs import MODELS, gym  # noqa: E402
from driftcheck.graph.model import Graph  # noqa: E402
from driftcheck.graph.params_keys import _keys  # noqa: E402
from driftcheck.verifier import VerifyOptions, verify  # noqa: E402

TARGET_MS = 1.0


def traverse(g: Graph) -> int:
    """The baseline: one plain read of every node and edge."""
    seen = 0
    for n in g.nodes:
        if n.id and n.type and (n.parent or n.params is not None):
            seen += 1
    for e in g.edges:
        if e.src and e.dst:
            seen += 1
    return seen


_ID, _TYPE, _PARENT = attrgetter("id"), attrgetter("type"), attrgetter("parent")
_PARAMS, _REPEAT = attrgetter("params"), attrgetter("repeat")
_SRC, _DST = attrgetter("src"), attrgetter("dst")


def floor(g: Graph) -> int:
    """The read floor: what every check run must do, each step one C-level call."""
    nodes, edges = g.nodes, g.edges
    ids = list(map(_ID, nodes))
    types = list(map(_TYPE, nodes))
    parents = list(map(_PARENT, nodes))
    repeats = list(map(_REPEAT, nodes))
    keys = _keys(list(map(_PARAMS, nodes)))
    srcs = list(map(_SRC, edges))
    dsts = list(map(_DST, edges))
    return len(ids) + len(types) + len(parents) + len(repeats) + len(keys) + len(srcs + dsts)


def graphs(nodes: int, n_gym: int) -> dict[str, Graph]:
    out: dict[str, Graph] = {}
    for name, (make, per) in MODELS.items():
        for form in ("flat", "explicit", "compact"):
            out[f"{name}/{form}"] = make(max(2, nodes // per), form)
    for seed in range(n_gym):
        out[f"gym/{seed}"] = gym(seed, nodes)
    return out


def cpu_ms(fn) -> float:
    t = time.process_time()
    fn()
    return (time.process_time() - t) * 1000


def _summary(label: str, rows: list[dict]) -> dict:
    """Median and worst p50 per 1,000 nodes of one kind of graph (model nodes for compact
    graphs), the least disturbed runs, the ratios to both baselines, and whether every
    graph of the kind meets the target at p50."""
    if not rows:
        return {}
    p50 = [r["p50_per_1000_nodes_ms"] for r in rows]
    return {
        f"{label}_graphs": len(rows),
        f"{label}_median_p50_per_1000_nodes_ms": round(statistics.median(p50), 3),
        f"{label}_worst_p50_per_1000_nodes_ms": max(p50),
        f"{label}_median_min_per_1000_nodes_ms": round(
            statistics.median(r["min_per_1000_nodes_ms"] for r in rows), 3
        ),
        f"{label}_median_ratio_to_traversal": statistics.median(
            r["ratio_to_traversal"] for r in rows
        ),
        f"{label}_median_ratio_to_floor": statistics.median(r["ratio_to_floor"] for r in rows),
        f"{label}_target_met": max(p50) <= TARGET_MS,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=1000, help="about this many nodes per model")
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--gym", type=int, default=6, help="random gym-like graphs")
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    gs = graphs(a.nodes, a.gym)
    opts = VerifyOptions()
    reports = {k: verify(g, opts) for k, g in gs.items()}  # warm the catalogue and memos
    times: dict[str, list[float]] = {k: [] for k in gs}
    base: dict[str, list[float]] = {k: [] for k in gs}
    low: dict[str, list[float]] = {k: [] for k in gs}
    for _ in range(a.runs):
        for k, g in gs.items():
            times[k].append(cpu_ms(lambda g=g: verify(g, opts)))
            base[k].append(cpu_ms(lambda g=g: traverse(g)))
            low[k].append(cpu_ms(lambda g=g: floor(g)))
    rows = []
    for k, g in gs.items():
        n = len(g.expand().nodes)  # a compact graph stands for its expanded model
        p50, p90 = statistics.median(times[k]), statistics.quantiles(times[k], n=10)[-1]
        b50, f50 = statistics.median(base[k]), statistics.median(low[k])
        rows.append(
            {
                "graph": k,
                "nodes": len(g.nodes),
                "model_nodes": n,
                "edges": len(g.edges),
                "findings": len(reports[k].findings),
                "p50_ms": round(p50, 3),
                "p90_ms": round(p90, 3),
                "p50_per_1000_nodes_ms": round(p50 * 1000 / n, 3),
                "min_per_1000_nodes_ms": round(min(times[k]) * 1000 / n, 3),
                "p90_per_1000_nodes_ms": round(p90 * 1000 / n, 3),
                "traversal_p50_ms": round(b50, 3),
                "ratio_to_traversal": round(p50 / b50, 1) if b50 else None,
                "floor_p50_ms": round(f50, 3),
                "ratio_to_floor": round(p50 / f50, 1) if f50 else None,
            }
        )
    # explicit / flat graphs per 1,000 stored nodes; compact ones per 1,000 model nodes
    explicit = [r for r in rows if r["nodes"] == r["model_nodes"] or r["nodes"] >= 500]
    compact = [r for r in rows if r not in explicit]
    summary = {"runs": a.runs, "target_ms": TARGET_MS}
    for label, group in (("explicit", explicit), ("compact", compact)):
        summary.update(_summary(label, group))
    head = f"{'graph':<18}{'nodes':>6}{'edges':>6}{'find':>5}{'p50 ms':>9}{'p90 ms':>9}"
    print(
        head + f"{'p50/1k':>9}{'p90/1k':>9}{'min/1k':>9}{'trav ms':>9}{'x trav':>8}"
        f"{'floor ms':>9}{'x floor':>8}"
    )
    for r in rows:
        print(
            f"{r['graph']:<18}{r['nodes']:>6}{r['edges']:>6}{r['findings']:>5}"
            f"{r['p50_ms']:>9.3f}{r['p90_ms']:>9.3f}{r['p50_per_1000_nodes_ms']:>9.3f}"
            f"{r['p90_per_1000_nodes_ms']:>9.3f}{r['min_per_1000_nodes_ms']:>9.3f}"
            f"{r['traversal_p50_ms']:>9.3f}"
            f"{r['ratio_to_traversal']:>8}{r['floor_p50_ms']:>9.3f}{r['ratio_to_floor']:>8}"
        )
    for k, v in summary.items():
        print(f"{k:<44} {v}")
    if a.json:
        Path(a.json).write_text(json.dumps({"rows": rows, "summary": summary}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
