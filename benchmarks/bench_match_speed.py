"""How fast the drift matcher compares two decoders, and how its time grows with depth.

Builds Llama-70B-shaped graphs (hidden 8192, 64 heads, 8 KV heads, intermediate 28672, vocab
128256) two ways: compact (one layer block with ``repeat=N``, as parsed code gives) and flat
(N explicit layer blocks, as a checkpoint-derived graph gives), with different module names on
each side. Times ``compare(left, right)`` (best of several runs) at 8 / 32 / 80 / 160 layers.

    python benchmarks/bench_match_speed.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from driftcheck.graph.match import compare  # noqa: E402
from driftcheck.graph.model import Graph, Node  # noqa: E402
from driftcheck.speed import current  # noqa: E402

LLAMA_70B = {"hidden": 8192, "heads": 64, "kv": 8, "inter": 28672, "vocab": 128256}

NAMES = {
    "hf": {
        "emb": "model.embed_tokens",
        "layers": "model.layers",
        "attn": "self_attn",
        "q": "q_proj",
        "k": "k_proj",
        "v": "v_proj",
        "o": "o_proj",
        "mlp": "mlp",
        "gate": "gate_proj",
        "up": "up_proj",
        "down": "down_proj",
        "n1": "input_layernorm",
        "n2": "post_attention_layernorm",
        "norm": "model.norm",
        "head": "lm_head",
    },
    "other": {
        "emb": "tok",
        "layers": "blocks",
        "attn": "attn",
        "q": "wq",
        "k": "wk",
        "v": "wv",
        "o": "wo",
        "mlp": "ff",
        "gate": "w1",
        "up": "w3",
        "down": "w2",
        "n1": "ln_a",
        "n2": "ln_b",
        "norm": "ln_f",
        "head": "out",
    },
}


def build_decoder(
    layers: int,
    hidden: int = 8192,
    heads: int = 64,
    kv: int = 8,
    inter: int = 28672,
    vocab: int = 128256,
    *,
    compact: bool = True,
    style: str = "hf",
    eps: float = 1e-5,
    file: str = "model.py",
) -> Graph:
    """A Llama-style decoder of catalogue leaves; ``style`` only changes names and ids."""
    nm = NAMES[style]
    hd = hidden // heads
    g = Graph(name=f"decoder-{layers}-{style}")
    g.add(Node(id="x", type="Input", params={"shape": ["B", "T"]}))
    g.add(
        Node(
            id=f"{style}_emb",
            type="Embedding",
            name=nm["emb"],
            params={"num_embeddings": vocab, "embedding_dim": hidden},
        )
    )
    copies = 1 if compact else layers
    for i in range(copies):
        p = f"{style}_L{i}"
        g.add(
            Node(
                id=p,
                type="Module",
                name=f"{nm['layers']}.{i}",
                repeat=layers if compact else 1,
                user_class="DecoderLayer",
            )
        )
        g.add(
            Node(
                id=f"{p}_n1",
                type="RMSNorm",
                parent=p,
                name=f"{nm['layers']}.{i}.{nm['n1']}",
                params={"normalized_shape": [hidden], "eps": eps},
            )
        )
        g.add(
            Node(id=f"{p}_attn", type="Module", parent=p, name=f"{nm['layers']}.{i}.{nm['attn']}")
        )
        for role, (fin, fout) in {
            "q": (hidden, heads * hd),
            "k": (hidden, kv * hd),
            "v": (hidden, kv * hd),
            "o": (heads * hd, hidden),
        }.items():
            g.add(
                Node(
                    id=f"{p}_{role}",
                    type="Linear",
                    parent=f"{p}_attn",
                    name=f"{nm['layers']}.{i}.{nm['attn']}.{nm[role]}",
                    params={"in_features": fin, "out_features": fout, "bias": False},
                )
            )
        g.add(
            Node(
                id=f"{p}_n2",
                type="RMSNorm",
                parent=p,
                name=f"{nm['layers']}.{i}.{nm['n2']}",
                params={"normalized_shape": [hidden], "eps": eps},
            )
        )
        g.add(Node(id=f"{p}_mlp", type="Module", parent=p, name=f"{nm['layers']}.{i}.{nm['mlp']}"))
        for role, (fin, fout) in {
            "gate": (hidden, inter),
            "up": (hidden, inter),
            "down": (inter, hidden),
        }.items():
            g.add(
                Node(
                    id=f"{p}_{role}",
                    type="Linear",
                    parent=f"{p}_mlp",
                    name=f"{nm['layers']}.{i}.{nm['mlp']}.{nm[role]}",
                    params={"in_features": fin, "out_features": fout, "bias": False},
                )
            )
    g.add(
        Node(
            id=f"{style}_norm",
            type="RMSNorm",
            name=nm["norm"],
            params={"normalized_shape": [hidden], "eps": eps},
        )
    )
    g.add(
        Node(
            id=f"{style}_head",
            type="Linear",
            name=nm["head"],
            params={"in_features": hidden, "out_features": vocab, "bias": False},
        )
    )
    return g


def best_ms(left: Graph, right: Graph, runs: int = 7) -> tuple[float, float, int]:
    """Best wall and best CPU milliseconds of ``runs`` cold comparisons (leaf cache cleared).

    CPU time (``process_time``) is what the matcher costs; wall time also holds whatever else
    the machine is doing, so on a shared machine the CPU figure is the one to read."""
    wall = cpu = float("inf")
    n = 0
    for _ in range(runs):
        current().stores.resolved.clear()
        w0, c0 = time.perf_counter(), time.process_time()
        n = len(compare(left, right))
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return wall * 1000, cpu * 1000, n


def main() -> int:
    compare(build_decoder(2), build_decoder(2, style="other"))  # import and catalogue caches
    print("CPU ms (wall ms), best of 7 cold runs")
    print("layers  nodes(flat)   compact-vs-compact   flat-vs-compact     flat-vs-flat  findings")
    rows = []
    for depth in (8, 32, 80, 160):
        cl = build_decoder(depth, **_cfg())
        cr = build_decoder(depth, **_cfg(), style="other")
        fl = build_decoder(depth, **_cfg(), compact=False)
        fr = build_decoder(depth, **_cfg(), style="other", compact=False)
        cells, found = [], []
        for a, b in ((cl, cr), (fl, cr), (fl, fr)):
            wall, cpu, n = best_ms(a, b)
            cells.append(f"{cpu:7.2f} ({wall:6.2f})")
            found.append(str(n))
        rows.append((depth, float(cells[-1].split()[0])))
        print(f"{depth:>6}  {len(fl.nodes):>11}  {'  '.join(cells)}  {'/'.join(found)}")
    per = [ms / d for d, ms in rows]
    print(
        "flat-vs-flat CPU ms per layer: "
        + ", ".join(f"{d}: {p:.3f}" for (d, _), p in zip(rows, per))
    )
    print(f"per-layer cost at 160 over 8 layers: {per[-1] / per[0]:.2f} (1.0 = linear)")
    drift = build_decoder(80, **{**_cfg(), "heads": 32}, style="other", compact=False)
    wall, cpu, n = best_ms(build_decoder(80, **_cfg(), compact=False), drift)
    print(
        f"80 layers flat vs flat, head width drifted: {cpu:.2f} ms CPU ({wall:.2f} wall), {n} finding(s)"
    )
    return 0


def _cfg() -> dict:
    c = LLAMA_70B
    return {
        "hidden": c["hidden"],
        "heads": c["heads"],
        "kv": c["kv"],
        "inter": c["inter"],
        "vocab": c["vocab"],
    }


if __name__ == "__main__":
    sys.exit(main())
