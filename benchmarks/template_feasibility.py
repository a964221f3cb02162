"""How far a config-parametric template could carry the HF static route (issue #4's 10x).

A template compiled once per modeling file can serve a new config without interpreting it only
when that config builds the same graph *structure* (nodes, repeats, edges) and differs in layer
attributes alone. This script measures that share over the corpus: each model type's default
config is parsed as is and with every width doubled (``hidden_size``, ``intermediate_size``,
``d_model`` ... in the config and its sub-configs; head counts, layer counts and everything
else kept), and the two graphs are compared with the attributes left out. It also counts how
many layer attributes change, which a template must recompute as expressions of the config.

    PYTHONPATH=$PWD python benchmarks/template_feasibility.py [--stride 3]

This bounds a template's reach from above: equal structure is necessary, not sufficient (the
guards a real trace records can still fail). See docs/hf.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import _quiet, built, load_oracle  # noqa: E402

WIDTH = re.compile(
    r"^(hidden_size|intermediate_size|d_model|d_ff|n_embd|n_inner|embed_dim|ffn_dim|"
    r"(encoder|decoder)_ffn_dim|hidden_dim|projection_dim|moe_intermediate_size|"
    r"shared_expert_intermediate_size|text_hidden_size|vision_hidden_size)$"
)


def widen(cfg: Any) -> Any:
    """The config with every width field (and each sub-config's) doubled."""
    if isinstance(cfg, dict):
        out = {}
        for k, v in cfg.items():
            if WIDTH.match(str(k)) and isinstance(v, int) and not isinstance(v, bool) and v > 0:
                out[k] = v * 2
            else:
                out[k] = widen(v)
        return out
    if isinstance(cfg, list):
        return [widen(x) for x in cfg]
    return cfg


def structure(g: Any) -> tuple:
    nodes = tuple((n.id, n.type, n.parent, n.repeat) for n in g.nodes)
    edges = tuple(sorted((e.src, e.dst, e.index or 0) for e in g.edges))
    return nodes, edges


def attrs(g: Any) -> dict[str, Any]:
    return {f"{n.id}.{k}": repr(v) for n in g.nodes for k, v in n.params.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stride", type=int, default=1)
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    _quiet()
    from transformers import AutoConfig

    from driftcheck.errors import DriftcheckError
    from driftcheck.parsers.source import parse_source

    recs = built(load_oracle())
    types = sorted(recs)[:: a.stride]
    classes: Counter[str] = Counter()
    changed_attrs: list[float] = []
    rows = []
    t0 = time.perf_counter()
    for mt in types:
        r = recs[mt]
        base = json.loads(json.dumps(AutoConfig.for_model(mt).to_dict(), default=str))
        wide = widen(base)
        if wide == base:
            cls = "no width field"
        else:
            try:
                ga = parse_source(r["modeling_file"], entry=r["model_class"], config=base)
                gb = parse_source(r["modeling_file"], entry=r["model_class"], config=wide)
            except (DriftcheckError, RecursionError) as e:
                cls, ga, gb = f"error: {str(e)[:60]}", None, None
            if ga is not None:
                if structure(ga) == structure(gb):
                    cls = "same structure"
                    x, y = attrs(ga), attrs(gb)
                    changed_attrs.append(sum(x[k] != y.get(k) for k in x) / max(len(x), 1))
                else:
                    cls = "structure changes"
        classes[cls.split(":")[0]] += 1
        rows.append({"type": mt, "class": cls})
    n = len(types)
    print(f"{n} model types (every {a.stride}), {time.perf_counter() - t0:.0f}s")
    for cls, k in classes.most_common():
        print(f"  {k:4d}  {100 * k / n:5.1f}%  {cls}")
    if changed_attrs:
        med = sorted(changed_attrs)[len(changed_attrs) // 2]
        print(
            f"layer attributes that change with the widths (same-structure types): median {med:.0%}"
        )
    same = classes["same structure"]
    print(
        f"share a width-parametric template could serve at most: {same}/{n} = {100 * same / n:.1f}%"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
