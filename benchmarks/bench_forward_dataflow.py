"""forward() dataflow over real transformers modeling files: edges, ops, outputs, time.

Usage: python benchmarks/bench_forward_dataflow.py [--all] [--json OUT]

For each (modeling file, root class) the static parser builds the graph; the dataflow pass must
never crash and should connect the layers. Prints per model: nodes, edges, op nodes, outputs,
whether shape inference reaches the output for input ids of shape (1, 8), notes and seconds.
``--all`` runs every ``*Model`` class named like its file (``modeling_bert.py`` -> ``BertModel``).
"""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

SAMPLE = [
    ("bert", "BertModel"),
    ("roberta", "RobertaModel"),
    ("distilbert", "DistilBertModel"),
    ("gpt2", "GPT2Model"),
    ("llama", "LlamaModel"),
    ("mistral", "MistralModel"),
    ("qwen2", "Qwen2Model"),
    ("t5", "T5EncoderModel"),
    ("vit", "ViTModel"),
    ("opt", "OPTModel"),
    ("phi", "PhiModel"),
    ("gemma", "GemmaModel"),
]


def run_one(path: Path, entry: str) -> dict:
    from driftcheck.graph.shapes import infer_shapes
    from driftcheck.parsers import load

    t0 = time.perf_counter()
    row: dict = {"model": path.parent.name, "entry": entry}
    try:
        g = load(f"{path}::{entry}")
    except Exception as e:  # noqa: BLE001 - a benchmark reports every failure class
        row.update(error=f"{type(e).__name__}: {str(e)[:120]}")
        row["seconds"] = round(time.perf_counter() - t0, 2)
        return row
    ops = [n for n in g.nodes if "/op_" in f"/{n.id}" or n.id.startswith("op_")]
    ins = g.inputs()
    shape = None
    if ins:
        res = infer_shapes(g, {ins[0].id: (1, 8)})
        shape = res.output_shapes[0] if res.output_shapes else None
    row.update(
        nodes=len(g.nodes),
        edges=len(g.edges),
        ops=len(ops),
        outputs=g.outputs,
        out_shape=list(shape) if shape else None,
        forward_notes=[n for n in g.notes if "forward" in n or "line " in n][:3],
        seconds=round(time.perf_counter() - t0, 2),
    )
    return row


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--json")
    a = ap.parse_args()
    import transformers

    root = Path(transformers.__file__).parent / "models"
    pairs = []
    if a.all:
        for f in sorted(root.glob("*/modeling_*.py")):
            text = f.read_text(errors="replace")
            m = re.search(r"^class (\w+Model)\((\w+)PreTrainedModel\)", text, re.M)
            if m:
                pairs.append((f, m.group(1)))
    else:
        pairs = [(root / d / f"modeling_{d}.py", e) for d, e in SAMPLE]
    rows = []
    for f, e in pairs:
        r = run_one(f, e)
        rows.append(r)
        print(json.dumps(r))
    ok = [r for r in rows if "error" not in r]
    wired = [r for r in ok if r["edges"] > 0]
    print(
        f"# {len(rows)} models: {len(ok)} built, {len(wired)} with edges, "
        f"{sum(1 for r in ok if r['outputs'])} with outputs, "
        f"{sum(1 for r in ok if r['out_shape'])} with an inferred output shape; "
        f"edges total {sum(r['edges'] for r in ok)}"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
