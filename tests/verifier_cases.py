"""A broad, deterministic set of (name, graph, options) verifier runs, and their stored findings.

Used by tests/test_verifier_equivalence.py: the fast verifier must return, for every case,
exactly the report (findings, order, messages, values, score, components) that the plain
implementation returned when the digests were captured. Cases:

- the grounding study's 360 graphs and the fuzz test's 200 randomly edited ones;
- every check example that is a graph (model-source examples depend on the parser, which
  other work changes, so they are left to the generic test, tests/test_rules.py);
- every catalogue layer example as a one-layer graph and every block example's graph;
- the benchmark models (Llama-like, BERT-like, ResNet-like) compact, explicit and flat, read
  as hand-built graphs and as model code, with edits on one copy and on every copy;
- random gym-like graphs (small and ~1,000 nodes), and option variants.

Regenerate (only when a check's behaviour changes on purpose, never to hide a difference):
``PYTHONPATH=. python tests/verifier_cases.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.verifier_graphs import MODELS, gym  # noqa: E402
from driftcheck.findings import Location  # noqa: E402
from driftcheck.graph import catalogue  # noqa: E402
from driftcheck.graph.model import Graph, Node, Origin  # noqa: E402
from driftcheck.verifier import VerifyOptions, all_checks, verify  # noqa: E402
from driftcheck.verifier.base import Source  # noqa: E402
from driftcheck.verifier.build import L, net  # noqa: E402
from driftcheck.verifier.examples import example_graph  # noqa: E402

DIGESTS = ROOT / "tests" / "data" / "verifier_equivalence.json"
Case = tuple[str, Graph, VerifyOptions]


def _grounding() -> Iterator[Case]:
    from tests.test_grounding import FAMILIES, corpus
    from tests.test_verifier_fuzz import _mutate

    for name, g in corpus():
        yield f"grounding/{name}", g, VerifyOptions()
    rng = random.Random(7)  # the fuzz test's sequence of edits
    for fam, (make, kinds) in FAMILIES.items():
        for seed in range(50):
            g = make(random.Random(f"{fam}-fuzz-{seed}"), rng.choice([None, *kinds]))
            _mutate(g, rng)
            yield f"fuzz/{fam}/{seed}", g, VerifyOptions()


def _check_examples() -> Iterator[Case]:
    from driftcheck.graph.shapes import parse_shape

    for c in all_checks():
        for kind, exs in (("valid", c.valid), ("invalid", c.invalid)):
            for k, ex in enumerate(exs):
                if isinstance(ex.model, Source):
                    continue
                opts = dict(ex.options)
                if ex.input_shape is not None:
                    s = ex.input_shape
                    opts["input_shapes"] = {"x": parse_shape(s) if isinstance(s, str) else s}
                yield f"check/{c.id}/{kind}{k}", example_graph(ex), VerifyOptions.make(**opts)


def _catalogue() -> Iterator[Case]:
    for spec in catalogue.layers():
        for k, ex in enumerate(spec.examples):
            ins = [L("Input", f"x{i}", shape=list(s)) for i, s in enumerate(ex.inputs)]
            layer = L(spec.name, "layer", **dict(ex.params))
            edges = [f"x{i}->layer:{i}" for i in range(len(ins))]
            yield f"layer/{spec.name}/{k}", net([*ins, layer], edges, ["layer"]), VerifyOptions()
    for block in catalogue.blocks():
        for k, ex in enumerate(block.examples):
            try:
                g = block.graph(dict(ex.params))
            except Exception:  # noqa: BLE001 - an example the block refuses: nothing to run
                continue
            shapes = {n.id: tuple(s) for n, s in zip(g.inputs(), ex.inputs)}
            yield f"block/{block.name}/{k}", g, VerifyOptions(input_shapes=shapes)


def _edit_all(g: Graph, rng: random.Random) -> None:
    """One attribute changed on every node of one type (a bad value in a repeated block)."""
    typed = sorted({n.type for n in g.nodes if n.params})
    t = rng.choice(typed)
    key = rng.choice(sorted({k for n in g.nodes if n.type == t for k in n.params}))
    value = rng.choice([0, -2, 3, 5, 7, 13, 1.5, None, "swishy"])
    for n in g.nodes:
        if n.type == t and key in n.params:
            n.params[key] = value


def _as_source(g: Graph, rng: random.Random) -> Graph:
    """The same graph as the source parser would hand it over: origin, locations, a few
    unresolved attributes and layers noted as unused in forward."""
    g.origin = Origin(kind="source", path="model.py")
    for k, n in enumerate(g.nodes):
        n.loc = Location(file="model.py", line=10 + k % 50)
        if n.params and rng.random() < 0.02:
            n.unresolved = [sorted(n.params)[0]]
        if rng.random() < 0.02:
            n.notes = ["unused in forward"]
    return g


def _models() -> Iterator[Case]:
    for name, (make, _) in MODELS.items():
        for n in (2, 5):
            for form in ("compact", "explicit", "flat"):
                rng = random.Random(f"{name}-{n}-{form}")
                yield f"model/{name}/{form}/{n}", make(n, form), VerifyOptions()
                yield (
                    f"model/{name}/{form}/{n}/source",
                    _as_source(make(n, form), rng),
                    VerifyOptions(),
                )
                for e in range(3):
                    g = make(n, form)
                    _edit_all(g, rng)
                    yield f"model/{name}/{form}/{n}/all{e}", g, VerifyOptions()
                g = make(n, form)
                victim = rng.choice([x for x in g.nodes if x.params])
                victim.params[rng.choice(sorted(victim.params))] = rng.choice([0, 3, -1, 99])
                yield f"model/{name}/{form}/{n}/one", g, VerifyOptions()
        for form in ("explicit", "flat"):
            for e in range(3):
                g = make(40, form)
                _edit_all(g, random.Random(f"{name}-40-{form}-{e}"))
                yield f"model/{name}/{form}/40/all{e}", g, VerifyOptions()


def _gym() -> Iterator[Case]:
    for seed in range(80):
        g = gym(seed, nodes=40, forms=("flat", "explicit", "compact"))
        yield f"gym/small/{seed}", g, VerifyOptions()
    for seed in range(6):
        yield f"gym/large/{seed}", gym(seed), VerifyOptions()


def _options() -> Iterator[Case]:
    make = MODELS["llama"][0]
    variants = {
        "shape": VerifyOptions(input_shapes={"ids": (4, 4096)}),
        "select": VerifyOptions.make(select=["ATT", "SHP001", "consecutive-norms"]),
        "disable": VerifyOptions.make(disable=["STR", "CST001"]),
        "severity": VerifyOptions.make(
            severity={"SML005": "blocker", "head-dim-unaligned": "warning"}
        ),
        "gpu": VerifyOptions(gpu="T4", dtype="float32", context_length=1 << 20, batch_size=64),
        "thresholds": VerifyOptions(thresholds={"max_head_dim": 4, "max_activation_gib": 1e-6}),
    }
    for key, opts in variants.items():
        for form in ("compact", "flat"):
            yield f"options/{key}/{form}", make(4, form), opts
    g = Graph(name="facts", origin=Origin(kind="manifest"))
    g.add(Node(id="x", type="Input", params={"shape": [2, 4]}))
    yield "options/empty", g, VerifyOptions()


def cases() -> Iterator[Case]:
    yield from _grounding()
    yield from _check_examples()
    yield from _catalogue()
    yield from _models()
    yield from _gym()
    yield from _options()


def _sha(data: object) -> str:
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _analyses(g: Graph, opts: VerifyOptions) -> dict:
    """Shape inference and the cost model on their own (the report shows only what crosses
    a threshold): every inferred shape, every issue in order, every cost figure."""
    from driftcheck.graph.cost import estimate
    from driftcheck.graph.shapes import infer_shapes

    try:
        sh = infer_shapes(g, opts.input_shapes)
        shapes = {
            "shapes": sorted((k, repr(v)) for k, v in sh.shapes.items()),
            "errors": [(e.kind, e.node, e.message, repr(e.inputs)) for e in sh.errors],
            "out": repr(sh.output_shapes),
        }
    except Exception as e:  # noqa: BLE001 - a graph the walk refuses: compare the refusal
        shapes = {"raised": type(e).__name__}
    try:
        c = estimate(g, opts.input_shapes, opts.dtype, opts.context_length, opts.batch_size)
        cost = {**c.summary(), "per_layer": sorted(c.per_layer_macs.items())}
    except Exception as e:  # noqa: BLE001
        cost = {"raised": type(e).__name__}
    return {"shapes": _sha(shapes), "cost": _sha(cost)}


def digest(report, g: Graph | None = None, opts: VerifyOptions | None = None) -> dict:
    """What the equivalence test compares: a hash of the whole report, plus the findings'
    check ids and nodes (so a failure says which findings moved), and hashes of the shape
    and cost analyses of the graph."""
    ids = [f"{f.check_id}@{f.node}" for f in report.findings]
    out = {"sha": _sha(report.model_dump(mode="json")), "ids": ids[:12], "n": len(ids)}
    if g is not None:
        out.update(_analyses(g, opts or VerifyOptions()))
    return out


def run_all() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for name, g, opts in cases():
        if name in out:
            raise RuntimeError(f"case {name} twice")
        out[name] = digest(verify(g, opts), g, opts)
    return out


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python tests/verifier_cases.py --write")
    res = run_all()
    DIGESTS.write_text(json.dumps(res, indent=0, sort_keys=True) + "\n")
    print(f"{len(res)} cases written to {DIGESTS}")
