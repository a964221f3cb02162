"""Every speed mechanism off, and each one off alone: the graphs must not change, byte for byte.

The speed layer (``driftcheck/speed.py``) only saves time. This sweep builds the graphs of a
corpus sample once with every mechanism on -- in one process, in order, with one set of stores,
so that what one analysis leaves behind is there for the next (the result cache is asked twice
per config and templates are traced from another config of the same model type first) -- and
then again with every mechanism off and with each mechanism off alone, each such pass with
fresh stores. Each graph is compared as ``Graph.to_json()`` text, followed by what the graph
layer computes from it (shapes, counts, cost, drift findings against the zoo's llama: where
the catalogue, binding, shape-rule, price, count and matcher memos act); a parse that fails
compares as its one-line error.

The sample: every ``--stride``-th transformers type of the corpus (``benchmarks/corpus.py``) by
the source route (``parse_source(modeling file, class, default config)``), the first
``--configs`` of those also by the config route (``load_config_graph`` on a config.json:
result cache, derived tables, templates, field types), the zoo (``tests/zoo``) and the
wild-code files of ``WILD``. ``tests/test_speed.py`` runs a small sample; run the full one as

    PYTHONPATH=$PWD python benchmarks/bench_speed_off.py --stride 10 --configs 8
    PYTHONPATH=$PWD python benchmarks/bench_speed_off.py --stride 1 --only-all-off

Prints one line per pass (mechanism, graphs identical, CPU seconds) and exits 1 on any
difference.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ZOO = ROOT / "tests" / "zoo"
WILD_DIR = ROOT / "benchmarks" / "wild" / "cases"
WILD = (
    "conformer/conformer.py",
    "esm/esm2.py",
    "encodec/seanet_encoder.py",
    "g_mlp_pytorch/gmlp_lm.py",
    "lambda_networks/lambda_local.py",
    "efficientnet_pytorch/from_name_efficientnet_b0.py",
)

Case = tuple[str, Callable[[Any], Any]]  # (name, build(speed) -> Graph)


def _source_case(rec: dict[str, Any]) -> Case:
    from driftcheck.parsers.source import parse_source

    def build(sp: Any) -> Any:
        return parse_source(
            rec["modeling_file"], entry=rec["model_class"], config=rec["config"], speed=sp
        )

    return f"hf:{rec['model_type']}", build


def _config_case(model_type: str, tmp: Path) -> Case:
    """The config route on the type's default config; with templates on, a config of other
    widths is read at the same path first (a trace), and the default is read twice (the
    second from the result cache)."""
    from benchmarks.bench_template import PERTURB, default_config
    from driftcheck.parsers.hf import load_config_graph

    path = tmp / model_type / "config.json"

    def build(sp: Any) -> Any:
        path.parent.mkdir(parents=True, exist_ok=True)
        base = default_config(model_type)
        if sp.template:
            other = PERTURB["width"](base)
            if other != base:
                path.write_text(json.dumps(other))
                load_config_graph(str(path), speed=sp)
        path.write_text(json.dumps(base))
        first = load_config_graph(str(path), speed=sp)
        if sp.result_cache:
            again = load_config_graph(str(path), speed=sp)
            if again.to_json() != first.to_json():
                raise AssertionError(f"{model_type}: the result cache gave another graph")
        return first

    return f"config:{model_type}", build


def _file_case(path: Path, kind: str) -> Case:
    from driftcheck.parsers.source import parse_source

    return f"{kind}:{path.relative_to(path.parents[1])}", lambda sp: parse_source(path, speed=sp)


def sample(stride: int, configs: int, zoo: int | None, wild: int | None, tmp: Path) -> list[Case]:
    from benchmarks.corpus import built, load_oracle

    recs = list(built(load_oracle()).values())[::stride]
    cases = [_source_case(r) for r in recs]
    cases += [_config_case(r["model_type"], tmp) for r in recs[:configs]]
    zoo_files = sorted(ZOO.glob("*.py"))
    cases += [_file_case(p, "zoo") for p in zoo_files[:zoo]]
    cases += [_file_case(WILD_DIR / w, "wild") for w in WILD[:wild]]
    return cases


def graphs(cases: list[Case], sp: Any) -> tuple[dict[str, str], float]:
    """name -> graph JSON text (or the error line) followed by what the graph layer computes
    from it (``measures``), and the CPU seconds it took."""
    from driftcheck.errors import DriftcheckError
    from driftcheck.parsers.source import parse_source
    from driftcheck.speed import use

    out: dict[str, str] = {}
    t0 = time.process_time()
    with use(sp):
        partner = parse_source(ZOO / "llama_like.py", speed=sp)
        for name, build in cases:
            try:
                g = build(sp)
            except DriftcheckError as e:
                out[name] = f"error: {e.one_line()}"
                continue
            out[name] = g.to_json() + "\n" + measures(g, partner, sp)
    return out, time.process_time() - t0


def measures(g: Any, partner: Any, sp: Any = None) -> str:
    """What the graph layer's memos serve, computed from ``g``: shapes and their issues, the
    parameter count, the cost estimate, and the drift findings against ``partner`` (the
    matcher's resolved leaves). ``sp`` is given to the graph layer explicitly (a
    ``Prepared`` carries it to the catalogue, keys, binding, rule, price and count memos)."""
    from driftcheck.graph.cost import estimate
    from driftcheck.graph.cost_counts import count_params
    from driftcheck.graph.match import compare
    from driftcheck.graph.prepared import Prepared
    from driftcheck.graph.shapes import infer_shapes
    from driftcheck.verifier import verify

    prep = Prepared(g, sp)
    res = infer_shapes(g, prepared=prep)
    doc = {
        "shapes": repr(sorted(res.shapes.items())),
        "issues": [f"{i.kind} {i.node}: {i.message}" for i in res.errors],
        "params": count_params(g, prep),
        "params_total": g.params_total(),
        "cost": estimate(g, shapes=res, prepared=prep).summary(),
        "drift": [repr(f) for f in compare(partner, g)[:200]],
        "verify": verify(g, speed=sp).model_dump(mode="json"),  # verdicts and gate memos
    }
    return json.dumps(doc, sort_keys=True, default=repr)


def sweep(
    cases: list[Case], passes: list[str], cache_root: Path, log: Callable[[str], None] = print
) -> dict:
    """Build every case with all mechanisms on (one set of stores, in order), then once per
    pass ("all" or a mechanism's name) with it off and fresh stores; the differences. Each
    pass has its own disk cache under ``cache_root`` (a pass never reads another's results)."""
    from driftcheck.speed import Speed, Stores

    on = Speed(stores=Stores())
    os.environ["DRIFTCHECK_CACHE_DIR"] = str(cache_root / "on")
    want, t_on = graphs(cases, on)
    log(f"{'all on':14s} {len(want):4d} graphs  {t_on:7.1f} CPU s")
    diffs: dict[str, list[str]] = {}
    for name in passes:
        sp = Speed.all_off() if name == "all" else Speed(stores=Stores()).without(name)
        os.environ["DRIFTCHECK_CACHE_DIR"] = str(cache_root / name)
        got, t = graphs(cases, sp)
        bad = [k for k in want if got.get(k) != want[k]]
        diffs[name] = bad
        label = "all off" if name == "all" else f"{name} off"
        same = len(want) - len(bad)
        log(f"{label:14s} {same:4d}/{len(want)} identical  {t:7.1f} CPU s  {' '.join(bad[:5])}")
    return diffs


def main(argv: list[str] | None = None) -> int:
    from driftcheck.speed import Speed

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stride", type=int, default=10, help="every k-th corpus type")
    ap.add_argument("--configs", type=int, default=8, help="of those, this many by config route")
    ap.add_argument("--only-all-off", action="store_true", help="skip the one-off passes")
    args = ap.parse_args(argv)
    from benchmarks.corpus import _quiet

    _quiet()
    with tempfile.TemporaryDirectory(prefix="dc-speed-") as tmp:
        cases = sample(args.stride, args.configs, None, None, Path(tmp))
        passes = ["all"] + ([] if args.only_all_off else list(Speed.names()))
        diffs = sweep(cases, passes, Path(tmp) / "cache")  # not the user's cache
    bad = {k: v for k, v in diffs.items() if v}
    print(f"passes with a changed graph: {len(bad)}/{len(diffs)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
