"""Verifier speed: the whole check run on a 1,000-node graph, against a baseline measured in the
same run (a plain networkx topological sort of the same graph).

    python benchmarks/bench_verifier.py [--nodes 1000] [--runs 200] [--json out.json]

The graph is an explicit (not repeat-compacted) stack of transformer-style blocks with real
shapes: norm -> attention -> residual add -> norm -> gated MLP -> residual add, so shape
inference, the cost model and every check have real work. Prints p50 / p90 per run in ms and
the ratio to the networkx baseline.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from driftcheck.graph.model import Graph, Node  # noqa: E402
from driftcheck.verifier import VerifyOptions, verify  # noqa: E402


def stack(n_nodes: int, hidden: int = 64) -> Graph:
    """Input, then blocks of 6 layers each, then a head: about ``n_nodes`` nodes."""
    g = Graph(name=f"stack-{n_nodes}")
    g.add(Node(id="x", type="Input", params={"shape": ["B", 128, hidden]}))
    prev = "x"
    b = 0
    while len(g.nodes) + 6 < n_nodes:
        p = f"b{b}."
        g.add(Node(id=p + "n1", type="RMSNorm", name=p + "n1", params={"normalized_shape": hidden}))
        g.add(
            Node(
                id=p + "attn",
                type="Attention",
                name=p + "attn",
                params={"hidden_size": hidden, "num_heads": 8, "num_kv_heads": 2},
            )
        )
        g.add(Node(id=p + "r1", type="Add", name=p + "r1"))
        g.add(Node(id=p + "n2", type="RMSNorm", name=p + "n2", params={"normalized_shape": hidden}))
        g.add(
            Node(
                id=p + "mlp",
                type="GatedMLP",
                name=p + "mlp",
                params={"hidden_size": hidden, "intermediate_size": 4 * hidden},
            )
        )
        g.add(Node(id=p + "r2", type="Add", name=p + "r2"))
        for s, d, i in (
            (prev, "n1", None),
            ("n1", "attn", None),
            (prev, "r1", 0),
            ("attn", "r1", 1),
            ("r1", "n2", None),
            ("n2", "mlp", None),
            ("r1", "r2", 0),
            ("mlp", "r2", 1),
        ):
            g.connect(s if s == prev else p + s, p + d, i)
        prev = p + "r2"
        b += 1
    g.add(Node(id="head", type="Linear", params={"in_features": hidden, "out_features": 100}))
    g.connect(prev, "head")
    g.outputs = ["head"]
    return g


def compact(n_blocks: int, hidden: int = 64) -> Graph:
    """The same model as ``stack`` stored the way parsers store it: one block, repeat=n."""
    g = Graph(name=f"compact-{n_blocks}")
    g.add(Node(id="x", type="Input", params={"shape": ["B", 128, hidden]}))
    g.add(Node(id="blk", type="Module", name="layers", repeat=n_blocks))
    for nid, t, p in (
        ("n1", "RMSNorm", {"normalized_shape": hidden}),
        ("attn", "Attention", {"hidden_size": hidden, "num_heads": 8, "num_kv_heads": 2}),
        ("r1", "Add", {}),
        ("n2", "RMSNorm", {"normalized_shape": hidden}),
        ("mlp", "GatedMLP", {"hidden_size": hidden, "intermediate_size": 4 * hidden}),
        ("r2", "Add", {}),
    ):
        g.add(Node(id=nid, type=t, parent="blk", params=p))
    for s, d, i in (
        ("x", "n1", None),
        ("n1", "attn", None),
        ("x", "r1", 0),
        ("attn", "r1", 1),
        ("r1", "n2", None),
        ("n2", "mlp", None),
        ("r1", "r2", 0),
        ("mlp", "r2", 1),
    ):
        g.connect(s, d, i)
    g.add(Node(id="head", type="Linear", params={"in_features": hidden, "out_features": 100}))
    g.connect("r2", "head")
    g.outputs = ["head"]
    return g


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    import networkx as nx

    g = stack(a.nodes)
    opts = VerifyOptions()
    report = verify(g, opts)  # warm caches (catalogue, check registry)
    nxg = g.to_networkx()
    base = timed(lambda: list(nx.topological_sort(nxg)), a.runs)
    full = timed(lambda: verify(g, opts), a.runs)
    p50, p90 = statistics.median(full), statistics.quantiles(full, n=10)[-1]
    b50 = statistics.median(base)
    res = {
        "nodes": len(g.nodes),
        "edges": len(g.edges),
        "checks_run": report.checks_run,
        "findings": len(report.findings),
        "verify_p50_ms": round(p50, 3),
        "verify_p90_ms": round(p90, 3),
        "nx_topological_sort_p50_ms": round(b50, 3),
        "ratio_to_nx_sort": round(p50 / b50, 2),
        "per_1000_nodes_p50_ms": round(p50 * 1000 / len(g.nodes), 3),
    }
    small = compact((len(g.nodes) - 2) // 6)
    assert verify(small, opts).model_dump()["score"] == report.score
    res["compact_same_model_nodes"] = len(small.nodes)
    res["compact_verify_p50_ms"] = round(
        statistics.median(timed(lambda: verify(small, opts), a.runs)), 3
    )
    for k, v in res.items():
        print(f"{k:<28} {v}")
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
