"""Config-parametric templates against fresh interpretation, over the transformers corpus.

For each model type whose AutoModel builds from its default config (the torch oracle), and for
each perturbation of that config (``width``: every width field doubled, ``lists``: every list
of widths doubled, ``hidden_sizes`` and the like, ``vocab``: ``vocab_size`` + 64, ``layers``:
the layer counts + 1), a template is traced from the perturbed
config (``driftcheck/parsers/template.py``), then the *default* config is built through it and
compared with a fresh interpretation of the default config, templates off:

- ``exact``: the template served the default config and its graph is the fresh one, byte for byte
  (``Graph.to_json``);
- ``WRONG``: the template served it and the graphs differ -- a soundness failure (listed);
- ``miss``: a guard did not hold (the default config was interpreted; the first failing guard
  is counted by the config key it reads);
- ``no template``: the trace failed or did not reproduce its own config's graph;
- ``unchanged``: the perturbation changes nothing in this config (not counted).

The LAST line gives the shares. Usage::

    python benchmarks/bench_template.py [--only llama,bert] [--perturb width,vocab,layers]
    for k in 0 1; do python benchmarks/bench_template.py --part $k/2 --dump t$k.json & done
    wait; python benchmarks/bench_template.py --merge t0.json t1.json
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import _quiet, built, load_oracle  # noqa: E402
from benchmarks.template_feasibility import widen  # noqa: E402

LAYERS = re.compile(r"^(num_hidden_layers|n_layer|num_layers|encoder_layers|decoder_layers)$")
WIDTH_LISTS = re.compile(
    r"^(hidden_sizes|embed_dims|embedding_sizes|neck_hidden_sizes|hidden_dims|dims|channels|"
    r"widths|out_channels|num_channels_list|embed_dim)$"
)


def widen_lists(cfg: Any) -> Any:
    """The config with every list of widths (``hidden_sizes``: CNNs, pyramids) doubled."""
    if isinstance(cfg, dict):
        return {
            k: (
                [x * 2 for x in v]
                if WIDTH_LISTS.match(str(k))
                and isinstance(v, list)
                and v
                and all(x.__class__ is int for x in v)
                else widen_lists(v)
            )
            for k, v in cfg.items()
        }
    return cfg


def _bump(cfg: Any, pat: re.Pattern, add: int) -> Any:
    if isinstance(cfg, dict):
        return {
            k: (
                v + add
                if pat.match(str(k)) and v.__class__ is int and v > 0
                else _bump(v, pat, add)
            )
            for k, v in cfg.items()
        }
    if isinstance(cfg, list):
        return [_bump(x, pat, add) for x in cfg]
    return cfg


PERTURB = {
    "width": widen,
    "lists": widen_lists,
    "vocab": lambda c: _bump(c, re.compile(r"^vocab_size$"), 64),
    "layers": lambda c: _bump(c, LAYERS, 1),
}


def default_config(model_type: str) -> dict[str, Any]:
    from transformers import AutoConfig

    return json.loads(AutoConfig.for_model(model_type).to_json_string(use_diff=False))


def first_failing(tpl: Any, env: dict[str, Any]) -> str:
    from driftcheck.parsers.source.speed.symbolic import CMP, evaluate

    for a, op, b, outcome in tpl.guards:
        try:
            if CMP[op](evaluate(a, env), evaluate(b, env)) is not outcome:
                keys = sorted(_keys(a) | _keys(b))
                return ",".join(keys) or "?"
        except Exception as e:  # noqa: BLE001
            return f"error {type(e).__name__}"
    return "equality pattern"


def _keys(e: Any) -> set[str]:
    if e.__class__ is not tuple:
        return set()
    if e[0] == "$":
        return {e[1]}
    return set().union(*(_keys(x) for x in e[1:]))


def run_one(model_type: str, how: str, path: Path) -> dict[str, Any]:
    from driftcheck.parsers import template
    from driftcheck.parsers.hf import load_config_graph
    from driftcheck.parsers.source.speed.symbolic import numbers

    base = default_config(model_type)
    pert = PERTURB[how](base)
    row: dict[str, Any] = {"type": model_type, "how": how}
    if pert == base:
        row["class"] = "unchanged"
        return row
    template.clear()
    path.write_text(json.dumps(pert))
    try:
        load_config_graph(str(path))
    except Exception as e:  # noqa: BLE001 - a failing parse is data here
        row["class"], row["detail"] = "no template", f"perturbed config: {type(e).__name__}"
        return row
    from driftcheck.speed import current

    tpls = [t for v in current().stores.templates.values() for t in v]
    path.write_text(json.dumps(base))
    t0 = time.process_time()
    got = load_config_graph(str(path))
    row["t_template"] = time.process_time() - t0
    hit = template.stats["hits"] > 0
    os.environ["DRIFTCHECK_TEMPLATE"] = "0"
    try:
        t0 = time.process_time()
        want = load_config_graph(str(path))
        row["t_plain"] = time.process_time() - t0
    finally:
        os.environ.pop("DRIFTCHECK_TEMPLATE", None)
    if not tpls:
        row["class"] = "no template"
    elif not hit:
        row["class"] = "miss"
        row["detail"] = first_failing(tpls[0], numbers(base))
    elif got.to_json() == want.to_json():
        row["class"] = "exact"
    else:
        row["class"] = "WRONG"
        a, b = got.to_json().splitlines(), want.to_json().splitlines()
        diff = next((f"{x.strip()} != {y.strip()}" for x, y in zip(a, b) if x != y), "length")
        row["detail"] = diff[:200]
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated model types")
    ap.add_argument("--perturb", default="width,lists,vocab,layers")
    ap.add_argument("--part", help="K/N: every N-th model type from the K-th")
    ap.add_argument("--dump", help="write the rows to this JSON file")
    ap.add_argument("--merge", nargs="+", help="summarise rows dumped by --part runs")
    args = ap.parse_args(argv)
    os.environ["DRIFTCHECK_NO_CACHE"] = "1"
    _quiet()
    t_start = time.perf_counter()
    if args.merge:
        rows = [r for f in args.merge for r in json.loads(Path(f).read_text())]
    else:
        types = sorted(built(load_oracle()))
        if args.only:
            types = [t for t in args.only.split(",") if t in types]
        if args.part:
            k, n = (int(x) for x in args.part.split("/"))
            types = types[k::n]
        rows = []
        path = Path(tempfile.mkdtemp()) / "config.json"
        for i, mt in enumerate(types):
            for how in args.perturb.split(","):
                try:
                    rows.append(run_one(mt, how, path))
                except Exception as e:  # noqa: BLE001
                    rows.append({"type": mt, "how": how, "class": "error", "detail": repr(e)})
            if i % 25 == 0:
                print(f"  {i}/{len(types)}", file=sys.stderr, flush=True)
    if args.dump:
        Path(args.dump).write_text(json.dumps(rows))
    for r in rows:
        if r["class"] in ("WRONG", "error"):
            print(f"{r['class']}: {r['type']} [{r['how']}]: {r.get('detail')}")
    for how in sorted({r["how"] for r in rows}):
        rs = [r for r in rows if r["how"] == how and r["class"] != "unchanged"]
        c = Counter(r["class"] for r in rs)
        misses = Counter(r.get("detail") for r in rs if r["class"] == "miss")
        print(
            f"{how}: {len(rs)} model types perturbed: "
            + ", ".join(f"{k} {v}" for k, v in c.most_common())
        )
        if misses:
            print(
                "  misses by the first failing guard's keys: "
                + "; ".join(f"{k} {v}" for k, v in misses.most_common(8))
            )
    served = [r for r in rows if r["class"] in ("exact", "WRONG")]
    n = sum(r["class"] != "unchanged" for r in rows)
    wrong = sum(r["class"] == "WRONG" for r in rows)
    print(f"elapsed {time.perf_counter() - t_start:.0f}s")
    print(
        f"templates: {len(served)}/{n} perturbed configs served by a template traced from another "
        f"config ({100 * len(served) / max(n, 1):.1f}%), {wrong} of them wrong"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
