"""Drift recall over the transformers corpus: one config read replaced by a literal.

For each model type whose default config the torch oracle built (``benchmarks/corpus.py``) and
whose static config graph counts exactly the oracle's parameters (so both producers are right
and the matcher is what is measured), we:

- control: copy the modeling file unmodified into a temporary mirror of the transformers
  package (symlinks for everything else, so its relative imports still resolve) and run
  ``driftcheck compare modeling_x.py config.json`` in-process: any finding of severity minor
  or above is a false positive;
- cases: at one place inside an ``__init__`` of a class the model builds, replace a read of a
  config attribute (heads, KV heads, hidden size, intermediate size, layers, vocab, positions,
  norm eps, rope theta, head dim, ...) with a different literal (ints doubled, floats x10), one
  case per attribute per model, and run the same comparison. (A class the model reaches
  through transformers' auto tables, e.g. a text sub-model, is loaded from the installed
  package, not from the copy, by torch and by the parser alike: such an edit is inert.)

A case is detected when the exit code is 1 with a finding that holds a value for each side;
"strict" additionally needs a finding holding exactly the config's value and the literal. The
findings are what ``driftcheck compare`` reports: the graph matcher's and the source comparison
with transformers' own modeling file (``hardcoded-config``, which sees inert edits too); the
cases only the latter detects are counted.
With torch, each edit is also built on the meta device: a case whose weights *and* module
attributes equal the unedited model's is *inert* under this config (a ``getattr`` default the
config overrides, a divisibility check that passes either way, a layer replaced later by a
shared one); recall is printed over all cases and over the cases that are not inert.
Prints recall, strict recall, the false-positive rate, and the misses by attribute and reason.

    python benchmarks/bench_drift.py [--models 60] [--only llama,bert] [--per-model 3]
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib.util
import io
import json
import random
import sys
import tempfile
import time
import tokenize
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import _quiet, built, load_oracle  # noqa: E402

ATTRS = (
    "num_attention_heads",
    "num_key_value_heads",
    "hidden_size",
    "intermediate_size",
    "num_hidden_layers",
    "vocab_size",
    "max_position_embeddings",
    "rms_norm_eps",
    "layer_norm_eps",
    "layer_norm_epsilon",
    "rope_theta",
    "head_dim",
    "n_embd",
    "n_head",
    "n_layer",
    "n_positions",
    "n_inner",
    "ffn_dim",
    "d_model",
    "num_layers",
    "num_heads",
    "d_ff",
    "type_vocab_size",
    "num_experts",
    "num_local_experts",
    "moe_intermediate_size",
)


# ---------------------------------------------------------------- the mirror package
def transformers_dir() -> Path:
    spec = importlib.util.find_spec("transformers")
    return Path(next(iter(spec.submodule_search_locations)))


class Mirror:
    """A transformers tree of symlinks under ``tmp``; a model's directory is made real on
    demand so a modified copy of its modeling file can sit beside the files it imports."""

    def __init__(self, tmp: Path) -> None:
        self.pkg = transformers_dir()
        self.root = tmp / "transformers"
        self.root.mkdir(parents=True)
        for e in self.pkg.iterdir():
            if e.name != "models":
                (self.root / e.name).symlink_to(e)
        (self.root / "models").mkdir()
        for e in (self.pkg / "models").iterdir():
            (self.root / "models" / e.name).symlink_to(e)

    def write(self, modeling_file: Path, text: str, tag: str) -> Path:
        """Write ``text`` as ``<modeling stem>_<tag>.py`` next to the original's siblings."""
        rel = modeling_file.resolve().relative_to(self.pkg)
        if rel.parts[0] != "models" or len(rel.parts) < 3:
            raise ValueError(f"not a model file: {rel}")
        folder = self.root.joinpath(*rel.parts[:-1])
        if folder.is_symlink():
            src = folder.resolve()
            folder.unlink()
            folder.mkdir()
            for e in src.iterdir():
                (folder / e.name).symlink_to(e)
        out = folder / f"{modeling_file.stem}_{tag}.py"
        out.write_text(text, encoding="utf-8")
        return out


# ---------------------------------------------------------------- sites
def init_spans(text: str) -> dict[str, list[tuple[int, int]]]:
    """class name -> line spans of its ``__init__`` bodies."""
    spans: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            for fn in node.body:
                if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
                    spans[node.name].append((fn.lineno, fn.end_lineno or fn.lineno))
    return spans


def sites(text: str, classes: set[str]) -> list[tuple[str, int, int, int]]:
    """(attr, line, start col, end col) of ``config.<attr>`` loads inside built classes."""
    spans = [s for c, ss in init_spans(text).items() if c in classes for s in ss]
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    out = []
    for i in range(len(toks) - 3):
        a, dot, b, nxt = toks[i : i + 4]
        if not (a.type == tokenize.NAME and a.string == "config" and dot.string == "."):
            continue
        if i and toks[i - 1].string == ".":
            continue  # self.config.x is fine too, but keep one form: the plain argument
        if b.type != tokenize.NAME or b.string not in ATTRS or nxt.string in ("=", "("):
            continue
        line = a.start[0]
        if a.start[0] != b.end[0] or not any(lo <= line <= hi for lo, hi in spans):
            continue
        out.append((b.string, line, a.start[1], b.end[1]))
    return out


def literal(v: Any) -> str | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return str(v * 2 if v > 0 else 1)
    if isinstance(v, float):
        return repr(v * 10 if v else 0.1)
    return None


def replace(text: str, line: int, c0: int, c1: int, new: str) -> str:
    lines = text.splitlines(keepends=True)
    s = lines[line - 1]
    lines[line - 1] = s[:c0] + new + s[c1:]
    return "".join(lines)


# ---------------------------------------------------------------- one comparison
def fingerprint(g: Any) -> str:
    """The code graph's layers and values, without ids, names or locations."""
    rows = [(n.type, n.params, n.repeat, sorted(n.tied.values()), n.unresolved) for n in g.nodes]
    return json.dumps(rows, sort_keys=True, default=str)


def run_compare(code: Path, config: Path) -> tuple[int, list, str | None, str | None]:
    from driftcheck.drift import drift, load_sides
    from driftcheck.errors import DriftcheckError
    from driftcheck.reports import exit_code

    try:
        sides = load_sides(str(code), str(config))
    except DriftcheckError as e:
        return 2, [], e.one_line(), None
    findings = drift(sides, str(code), str(config))  # what the command reports
    return exit_code(findings, "minor"), findings, None, fingerprint(sides.left)


def torch_state(path: Path, modeling_file: Path, cls_name: str, model_type: str) -> str | None:
    """The oracle for "does this edit change what torch builds": import the edited module as
    a sibling of the original inside the real transformers package (so its relative imports
    work), build ``cls_name`` from the default config on the meta device, and return the
    parameter names and shapes plus every module's plain attributes (JSON). None when it
    cannot be built."""
    import importlib

    import torch
    from transformers import AutoConfig

    pkg = transformers_dir()
    rel = modeling_file.resolve().relative_to(pkg).with_suffix("")
    name = "transformers." + ".".join(rel.parts) + "_" + path.stem.rsplit("_", 1)[-1]
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        # transformers' docstring helpers print to stdout/stderr for a renamed module
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            spec.loader.exec_module(mod)
            cfg = AutoConfig.for_model(model_type)
            with torch.device("meta"):
                model = getattr(mod, cls_name)(cfg)
        shapes = sorted((k, tuple(p.shape)) for k, p in model.named_parameters())
        return json.dumps({"weights": shapes, "attrs": module_attrs(model)}, default=str)
    except Exception:  # noqa: BLE001 -- an edit torch cannot build is recorded as such
        return None
    finally:
        sys.modules.pop(name, None)


def module_attrs(model: Any) -> list:
    """Every module's plain attributes (numbers, strings, flags, tuples of them): what torch
    keeps besides weights (``variance_epsilon``, ``max_seq_len_cached``, ``num_heads``...).
    An edit that changes neither these nor the weights changes nothing the built model holds
    (a default of ``getattr`` the config overrides, a check that passes either way, a layer
    replaced later): it is *inert* under this config."""

    def ok(v: Any) -> bool:
        if isinstance(v, (list, tuple)):
            return all(ok(x) for x in v)
        return v is None or isinstance(v, (bool, int, float, str))

    out = []
    for name, m in model.named_modules():
        for k, v in sorted(vars(m).items()):
            if not k.startswith("_") and k != "training" and ok(v):
                out.append((name, k, v))
    return out


def _nums(v: Any) -> list:
    if isinstance(v, (list, tuple)):
        return [x for y in v for x in _nums(y)]
    return [v] if isinstance(v, (int, float)) and not isinstance(v, bool) else []


def holds(findings: list, old: Any, new: Any) -> tuple[bool, bool]:
    both = strict = False
    for f in findings:
        if f.severity.rank < 1:
            continue
        lv, rv = f.values.get("left"), f.values.get("right")
        if lv is not None and rv is not None:
            both = True
            if _match(new, _nums(lv)) and _match(old, _nums(rv)):
                strict = True
    return both, strict


def _match(x: Any, vals: list) -> bool:
    return any(abs(float(v) - float(x)) <= 1e-12 * max(1.0, abs(float(x))) for v in vals)


# ---------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", type=int, default=60, help="eligible models to use")
    ap.add_argument("--per-model", type=int, default=3, help="cases (attributes) per model")
    ap.add_argument("--only", help="comma-separated model types")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", help="write per-case results here")
    ap.add_argument(
        "--no-torch", dest="torch", action="store_false", help="skip the torch weight oracle"
    )
    args = ap.parse_args(argv)
    _quiet()
    from driftcheck.parsers.hf import load_config_graph

    oracle = built(load_oracle())
    types = sorted(oracle)
    if args.only:
        types = [t for t in args.only.split(",") if t in oracle]
    else:
        random.Random(args.seed).shuffle(types)
    t0 = time.perf_counter()
    controls: list[dict] = []
    cases: list[dict] = []
    skipped: Counter = Counter()
    with tempfile.TemporaryDirectory() as tmpname:
        tmp = Path(tmpname)
        tree = Mirror(tmp / "m")
        for mt in types:
            if len(controls) >= args.models:
                break
            rec = oracle[mt]
            cfg_path = tmp / f"{mt}.config.json"
            cfg_path.write_text(json.dumps(rec["config"]))
            try:
                g = load_config_graph(str(cfg_path))
            except Exception as e:  # noqa: BLE001 -- the parser's failure is not the matcher's
                skipped[f"config route error {type(e).__name__}"] += 1
                continue
            if g.params_total() != rec["params"]:
                skipped["static graph not exact"] += 1
                continue
            modeling = Path(rec["modeling_file"])
            text = modeling.read_text(encoding="utf-8")
            copy = tree.write(modeling, text, "copy")
            rc, fs, err, clean = run_compare(copy, cfg_path)
            base = torch_state(copy, modeling, rec["model_class"], mt) if args.torch else None
            controls.append(
                {"model": mt, "rc": rc, "findings": [f.message for f in fs], "error": err}
            )
            classes = {n.user_class for n in g.nodes if n.user_class}
            flat = _flat_config(rec["config"])
            picked: dict[str, tuple] = {}
            for site in sites(text, classes):
                attr = site[0]
                if attr in picked or literal(flat.get(attr)) is None:
                    continue
                picked[attr] = site
            for attr, (_, line, c0, c1) in list(picked.items())[: args.per_model]:
                old = flat[attr]
                new = literal(old)
                code = tree.write(modeling, replace(text, line, c0, c1, new), attr)
                rc, fs, err, printed = run_compare(code, cfg_path)
                tw = torch_state(code, modeling, rec["model_class"], mt) if args.torch else None
                both, strict = holds(fs, old, json.loads(new))
                cases.append(
                    {
                        "model": mt,
                        "attr": attr,
                        "line": line,
                        "old": old,
                        "new": json.loads(new),
                        "rc": rc,
                        "detected": rc == 1 and both,
                        "strict": rc == 1 and strict,
                        "error": err,
                        "visible": printed is not None and printed != clean,
                        "torch": None if base is None or tw is None else _w(tw) != _w(base),
                        "inert": None if base is None or tw is None else tw == base,
                        "findings": [f.message for f in fs],
                        "kinds": sorted({f.kind for f in fs if f.severity.rank >= 1 and f.kind}),
                    }
                )
    secs = time.perf_counter() - t0
    return report(controls, cases, skipped, secs, args.json)


def _w(state: str) -> list:
    return json.loads(state)["weights"]


def _flat_config(cfg: dict) -> dict:
    """Top-level keys, with a text sub-config's keys where the top level lacks them."""
    out = dict(cfg)
    for sub in ("text_config", "language_config", "llm_config"):
        if isinstance(cfg.get(sub), dict):
            for k, v in cfg[sub].items():
                out.setdefault(k, v)
    return out


def report(controls, cases, skipped, secs, json_path) -> int:
    fp = [c for c in controls if c["rc"] != 0]
    det = [c for c in cases if c["detected"]]
    strict = [c for c in cases if c["strict"]]
    print(f"models used: {len(controls)} (skipped: {dict(skipped)}), {secs:.0f} s")
    print(f"cases: {len(cases)}  controls: {len(controls)}")
    if fp:
        print("false positives on clean controls:")
        for c in fp:
            print(f"  {c['model']}: rc={c['rc']} {c['error'] or ''} {c['findings'][:3]}")
    by_attr: dict[str, Counter] = defaultdict(Counter)
    for c in cases:
        by_attr[c["attr"]]["n"] += 1
        by_attr[c["attr"]]["hit"] += c["detected"]
    print("by attribute (detected / cases):")
    for attr, n in sorted(by_attr.items(), key=lambda kv: -kv[1]["n"]):
        print(f"  {attr:<26} {n['hit']:>3} / {n['n']}")
    misses = [c for c in cases if not c["detected"]]
    if misses:
        print("misses (invisible: the edit leaves the code's layer graph unchanged):")
        for c in misses:
            why = c["error"] or ("exit 0, no finding" if c["rc"] == 0 else "no two-sided finding")
            seen = "visible" if c["visible"] else "invisible"
            weights = {True: "torch weights change", False: "torch weights same"}.get(
                c["torch"], "torch n/a"
            )
            if c.get("inert"):
                weights += ", inert (torch module attributes same too)"
            print(
                f"  {c['model']}:{c['line']} {c['attr']} {c['old']} -> {c['new']}: "
                f"{seen}, {weights}, {why}"
            )
    classes = Counter(
        (c["attr"], "inert" if c.get("inert") else "visible" if c["visible"] else "invisible")
        for c in misses
    )
    print("misses by class: " + ", ".join(f"{a} ({v}): {n}" for (a, v), n in classes.items()))
    if json_path:
        Path(json_path).write_text(json.dumps({"controls": controls, "cases": cases}, indent=1))
    n = max(1, len(cases))
    vis = [c for c in cases if c["visible"]]
    vis_det = [c for c in vis if c["detected"]]
    print(
        f"recall on edits visible in the code graph: {len(vis_det)}/{len(vis)} = "
        f"{len(vis_det) / max(1, len(vis)):.1%}"
    )
    tw = [c for c in cases if c["torch"]]
    tw_det = [c for c in tw if c["detected"]]
    print(
        f"recall on edits that change torch's weights (meta-device oracle): "
        f"{len(tw_det)}/{len(tw)} = {len(tw_det) / max(1, len(tw)):.1%}"
    )
    live = [c for c in cases if c.get("inert") is False]
    live_det = [c for c in live if c["detected"]]
    print(
        f"recall on edits that change what torch builds (weights or module attributes): "
        f"{len(live_det)}/{len(live)} = {len(live_det) / max(1, len(live)):.1%}"
    )
    print(f"strict recall (finding holds the config value and the literal): {len(strict) / n:.1%}")
    src = [c for c in det if c.get("kinds") == ["hardcoded-config"]]
    inert_src = [c for c in src if c.get("inert")]
    print(
        f"detected only by the source comparison with transformers' file (hardcoded-config): "
        f"{len(src)} ({len(inert_src)} inert in torch); by the graph findings: {len(det) - len(src)}"
    )
    print(
        f"false-positive rate on controls: {len(fp)}/{len(controls)} = "
        f"{len(fp) / max(1, len(controls)):.1%}"
    )
    print(f"recall: {len(det)}/{len(cases)} = {len(det) / n:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
