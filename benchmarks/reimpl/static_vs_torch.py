"""The code side of the re-implementation benchmark, case by case: is the static graph right?

For every DEV clean case of a re-implementation corpus (``benchmarks/reimpl/fresh2``,
``benchmarks/reimpl/fresh`` or the tuned set; held-out cases are skipped, not even parsed),
prints the parameter count of the graph ``driftcheck graph <case.py>`` builds next to torch's
count of the file's model on the meta device, and the architecture facts read off that graph
(``stated_by_layers`` + ``stages`` + the facts the code states, then the values its modules
hold, ``Graph.uses``) next to the HF config's (read by
transformers' config class). A fact the graph leaves out is ``?`` (an honest unknown); a fact it
gets wrong is ``WRONG`` (a confident wrong: the count to keep at 0).

    python benchmarks/reimpl/static_vs_torch.py [--corpus benchmarks/reimpl/fresh2] [--only a,b]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_reimpl import held_out  # noqa: E402
from benchmarks.reimpl.make import code_params  # noqa: E402

FACTS = (
    "numLayers",
    "numEncoderLayers",
    "numDecoderLayers",
    "numHeads",
    "numKvHeads",
    "headDim",
    "intermediateSize",
    "vocabSize",
    "maxPositionEmbeddings",
    "normEps",
    "ropeTheta",
    "slidingWindow",
    "tieWordEmbeddings",
    "stageDepths",
    "stageWidths",
)


def _get(cfg, *names):
    for n in names:
        v = getattr(cfg, n, None)
        if v is not None:
            return v
    return None


def hf_facts(config_path: Path) -> dict:
    """The facts of the HF config, read by transformers' own config class."""
    import transformers

    cfg = transformers.AutoConfig.from_pretrained(config_path.parent)
    out: dict = {}
    heads = _get(cfg, "num_attention_heads", "encoder_attention_heads")
    width = _get(cfg, "hidden_size", "d_model", "n_embd")
    if isinstance(heads, int):
        out["numHeads"] = heads
        out["numKvHeads"] = _get(cfg, "num_key_value_heads") or heads
        hd = _get(cfg, "head_dim", "d_kv")
        if hd is None and isinstance(width, int) and width % heads == 0:
            hd = width // heads
        if hd is not None:
            out["headDim"] = hd
    ffn = _get(cfg, "intermediate_size", "n_inner", "ffn_dim", "encoder_ffn_dim", "d_ff")
    if ffn is None and cfg.model_type == "gpt2" and isinstance(width, int):
        ffn = 4 * width
    if ffn is None and cfg.model_type == "gptj" and isinstance(width, int):
        ffn = 4 * width
    if isinstance(ffn, int):
        out["intermediateSize"] = ffn
    layers = _get(cfg, "num_hidden_layers")
    if cfg.is_encoder_decoder:
        out["numEncoderLayers"] = _get(cfg, "encoder_layers", "num_layers")
        out["numDecoderLayers"] = _get(cfg, "decoder_layers", "num_decoder_layers")
    elif isinstance(layers, int) and not hasattr(cfg, "depths"):
        out["numLayers"] = layers
    for key, names in (
        ("vocabSize", ("vocab_size",)),
        ("maxPositionEmbeddings", ("max_position_embeddings", "n_positions")),
        ("normEps", ("rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "norm_eps")),
        ("slidingWindow", ("sliding_window",)),
    ):
        v = _get(cfg, *names)
        if v is not None:
            out[key] = v
    rp = getattr(cfg, "rope_parameters", None)
    theta = (rp or {}).get("rope_theta") if isinstance(rp, dict) else None
    if theta is None:
        theta = getattr(cfg, "rope_theta", None)
    if theta is not None:
        out["ropeTheta"] = theta
    if hasattr(cfg, "depths"):
        out["stageDepths"] = list(cfg.depths)
    if getattr(cfg, "hidden_sizes", None):
        out["stageWidths"] = list(cfg.hidden_sizes)
    if cfg.model_type not in ("resnet", "convnext", "swin", "deit", "clip_vision_model"):
        out["tieWordEmbeddings"] = bool(getattr(cfg, "tie_word_embeddings", False))
    return {k: v for k, v in out.items() if v is not None}


def static_facts(path: Path) -> tuple[int | None, dict, str, list[str]]:
    """(params_total, facts, entry, notes) of the graph ``driftcheck graph`` builds."""
    from driftcheck.drift.service import stated_by_layers
    from driftcheck.graph.match.derive import stages
    from driftcheck.parsers.source import parse_source

    g = parse_source(path)
    facts = {k: f.value for k, f in g.facts.items()}
    facts.update(stated_by_layers(g))
    facts.update({k: d.value for k, d in stages(g).items()})
    held: dict = {}
    for u in g.uses:  # values modules hold (``RMSNorm.eps``): read where nothing else says
        held.setdefault(u.key, []).append(u.value)
    for k, vs in held.items():
        if k not in facts:
            facts[k] = vs[0] if all(_eq(v, vs[0]) for v in vs) else vs
    return g.params_total(), facts, g.name, [str(n) for n in g.notes]


def _eq(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) <= 1e-12 * max(abs(a), abs(b), 1)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_eq(x, y) for x, y in zip(a, b))
    return a == b


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="benchmarks/reimpl/fresh2")
    ap.add_argument("--only", default="")
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    corpus = ROOT / args.corpus
    only = set(filter(None, args.only.split(",")))
    m = json.loads((corpus / "manifest.json").read_text())
    rows, totals = [], {"cases": 0, "params_ok": 0, "wrong": 0, "unknown": 0, "right": 0}
    for c in m["cases"]:
        name = c["name"]
        if held_out(name) or (only and name not in only):
            continue
        path, cfg = corpus / c["code"], corpus / c["config"]
        torch_n = code_params(path)
        try:
            static_n, facts, entry, notes = static_facts(path)
            err = None
        except Exception as e:  # a parse that raises is a finding of this table
            static_n, facts, entry, notes = None, {}, "?", []
            err = f"{type(e).__name__}: {e}"
        want = hf_facts(cfg)
        wrong, unknown, right = [], [], []
        for k in FACTS:
            if k not in want:
                continue
            if k not in facts:
                unknown.append(k)
            elif _eq(facts[k], want[k]):
                right.append(k)
            else:
                wrong.append(f"{k} {facts[k]!r}!={want[k]!r}")
        ok = static_n == torch_n
        totals["cases"] += 1
        totals["params_ok"] += ok
        totals["wrong"] += len(wrong)
        totals["unknown"] += len(unknown)
        totals["right"] += len(right)
        rows.append(
            dict(
                name=name,
                entry=entry,
                static=static_n,
                torch=torch_n,
                wrong=wrong,
                unknown=unknown,
                right=len(right),
                error=err,
                notes=notes[:5],
            )
        )
        mark = "ok  " if ok else "DIFF"
        print(f"{mark} {name:24} static {static_n!s:>9} torch {torch_n:>9}  entry {entry}")
        if err:
            print(f"     error: {err}")
        if not ok:
            for n in notes[:3]:  # why the count is not torch's
                print(f"     note: {n[:160]}")
        if wrong:
            print(f"     WRONG: {'; '.join(wrong)}")
        if unknown:
            print(f"     ?: {', '.join(unknown)}")
    t = totals
    print(
        f"params equal {t['params_ok']}/{t['cases']}; facts right {t['right']}, "
        f"unknown {t['unknown']}, WRONG {t['wrong']}"
    )
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "totals": totals}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
