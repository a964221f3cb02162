"""HF config route over the transformers corpus: exact share, failure classes, speed ratio.

For every model type whose AutoModel builds from its default config on the meta device (the
torch oracle, ``benchmarks/corpus.py``), we save that config the way ``save_pretrained`` does
(``config.to_json_file``) and run ``load_config_graph`` on it in-process:

- static route: ``params_total`` must equal torch's count; failures are listed with a reason
  and grouped into classes (facts-only with its note, unresolved sizes, wrong count);
- exact fallback: every static failure is rebuilt with ``exact=True`` (torch on meta) and
  compared again, giving the share with the fallback;
- speed: config-to-graph through the static route versus ``AutoModel.from_config`` on meta,
  both warm (one process), median of the per-model ratios, in CPU time (``time.process_time``:
  wall time on a shared 2-core machine measures the neighbours). Warm for us is the fair
  analogue of warm for torch: the modeling source was read and parsed once in this process --
  by building *another* config of the same model type (every width doubled, else every list
  of widths doubled, else ``vocab_size`` + 64), which also traces a config-parametric template from it
  (``driftcheck/parsers/template.py``) -- and the timed call is the default config, with the
  result cache (``driftcheck/parsers/cache.py``) OFF (``DRIFTCHECK_NO_CACHE=1``): nothing of an
  earlier call's *result* for this config is reused. The timed call is served by the template
  when its guards hold, else interpreted (and traced). Printed too: how many were served, the
  ratio of interpretation alone (templates off) and the cache-hit time (same config again,
  cache on), never in the ratio;
- config completion: ``{"model_type": t}`` completed statically versus the config class's own
  ``to_dict()`` on every numeric field (how well minimal hand-written configs are filled in).

The LAST line is the exact share. Usage::

    python benchmarks/bench_hf_corpus.py [--only llama,bert] [--limit N] [--no-speed]
    # on a busy machine: parallel parts, then one summary
    for k in 0 1 2 3; do python benchmarks/bench_hf_corpus.py --part $k/4 --dump p$k.json & done
    wait; python benchmarks/bench_hf_corpus.py --merge p0.json p1.json p2.json p3.json
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import _quiet, built, load_oracle  # noqa: E402

TIMEOUT_S = 60


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def _timed(fn: Any, timeout: int = TIMEOUT_S) -> tuple[Any, float, str | None]:
    """(result, seconds, error) of ``fn()`` under an alarm; errors are data here."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout)
    t0 = time.process_time()
    try:
        return fn(), time.process_time() - t0, None
    except _Timeout:
        return None, time.process_time() - t0, f"timeout after {timeout}s"
    except BaseException as e:  # noqa: BLE001
        if isinstance(e, KeyboardInterrupt):
            raise
        msg = e.one_line() if hasattr(e, "one_line") else str(e)
        return None, time.process_time() - t0, f"{type(e).__name__}: {msg.splitlines()[0][:200]}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def classify(graph: Any, want: int, got: int | None, error: str | None) -> tuple[str, str]:
    """(failure class, detail) for a static result that is not exact."""
    if error is not None:
        return "error", error
    notes = " ".join(graph.notes)
    if "facts only" in notes:
        why = notes.split("facts only: ", 1)[1]
        return "facts-only: " + why.split(":")[0].split(" (")[0][:60], why[:200]
    if got is None:
        from driftcheck.graph.counting import unresolved_nodes

        bad = unresolved_nodes(graph)
        kinds = Counter(
            "unknown type " + n.type if not n.unresolved else "unresolved attribute" for n in bad
        )
        first = bad[0] if bad else None
        detail = f"{len(bad)} uncountable leaves"
        if first is not None:
            detail += f"; first {first.id} ({first.type}) {first.unresolved[:2]}"
        return "unresolved: " + (kinds.most_common(1)[0][0] if kinds else "?"), detail
    rel = (got - want) / want if want else 0.0
    return ("count too high" if got > want else "count too low"), f"{got} vs {want} ({rel:+.1%})"


def _other_config(cfg: dict[str, Any]) -> dict[str, Any] | None:
    """Another config of the same model type to trace the template from: every width doubled,
    else every list of widths doubled, else ``vocab_size`` + 64; None when none changes it."""
    from benchmarks.bench_template import PERTURB

    for how in ("width", "lists", "vocab"):
        other = PERTURB[how](cfg)
        if other != cfg:
            return other
    return None


def run(types: list[str], oracle: dict[str, dict], speed: bool) -> dict[str, Any]:
    import torch
    from transformers import AutoConfig, AutoModel

    from driftcheck.parsers import template
    from driftcheck.parsers.hf import load_config_graph

    tmp = Path(tempfile.mkdtemp(prefix="dc-hf-"))
    os.environ["DRIFTCHECK_CACHE_DIR"] = str(tmp / "cache")  # not the user's cache
    rows: list[dict[str, Any]] = []
    for i, mt in enumerate(types, 1):
        want = oracle[mt]["params"]
        cfg = AutoConfig.for_model(mt)
        path = tmp / f"{mt}.json"
        cfg.to_json_file(path)
        default = path.read_text()
        os.environ["DRIFTCHECK_NO_CACHE"] = "1"  # no result reuse: see the module docstring
        template.clear()
        other = _other_config(json.loads(default))
        # first sight of the files: the config the template is traced from (another config of
        # the same model type, at the same path), or the default config when none differs
        path.write_text(json.dumps(other) if other is not None else default)
        if other is None:
            os.environ["DRIFTCHECK_TEMPLATE"] = "0"
        graph, t_cold, err = _timed(lambda p=path: load_config_graph(str(p)))
        path.write_text(default)
        # the timed call: the default config, through the template when its guards hold
        graph, t_static, err = _timed(lambda p=path: load_config_graph(str(p)))
        served = template.stats["hits"] > 0
        t_hit = t_plain = None
        if speed and err is None:
            os.environ["DRIFTCHECK_TEMPLATE"] = "0"  # interpretation alone, warm
            _, t_plain, _ = _timed(lambda p=path: load_config_graph(str(p)))
            os.environ.pop("DRIFTCHECK_TEMPLATE", None)
            del os.environ["DRIFTCHECK_NO_CACHE"]
            _timed(lambda p=path: load_config_graph(str(p)))  # fills the result cache
            _, t_hit, _ = _timed(lambda p=path: load_config_graph(str(p)))
        os.environ.pop("DRIFTCHECK_TEMPLATE", None)
        os.environ.pop("DRIFTCHECK_NO_CACHE", None)
        got = graph.params_total() if graph is not None else None
        row: dict[str, Any] = {
            "type": mt,
            "want": want,
            "static": got,
            "t_static": t_static,
            "t_cold": t_cold,
            "t_hit": t_hit,
            "t_plain": t_plain,
            "served": served,
        }
        if got != want:
            row["class"], row["detail"] = classify(graph, want, got, err)
            g2, _, err2 = _timed(lambda p=path: load_config_graph(str(p), exact=True))
            row["exact"] = g2.params_total() if g2 is not None else None
            row["exact_error"] = err2
        if speed:

            def build(cfg: Any = cfg) -> Any:
                with torch.device("meta"):
                    return AutoModel.from_config(cfg)

            _timed(build)
            _, t_torch, terr = _timed(build)
            row["t_torch"] = None if terr else t_torch
        rows.append(row)
        if i % 50 == 0:
            print(f"  {i}/{len(types)}", file=sys.stderr, flush=True)
    return {"rows": rows}


def completion_share(types: list[str]) -> tuple[int, int, list[str]]:
    """How many ``{"model_type": t}`` configs complete to the class's own numeric fields."""
    from transformers import AutoConfig

    from driftcheck.parsers.hf_defaults import complete

    def diff(a: dict, b: dict, path: str = "") -> list[str]:
        out = []
        for k, v in b.items():
            if k.startswith("_") or k in ("transformers_version", "dtype", "id2label", "label2id"):
                continue
            if isinstance(v, dict):  # a sub-config missing or not a dict: all its fields differ
                out += diff(a[k] if isinstance(a.get(k), dict) else {}, v, f"{path}{k}.")
            elif isinstance(v, (int, float)) and not isinstance(v, bool) and a.get(k) != v:
                out.append(f"{path}{k}={a.get(k, 'missing')!r} want {v!r}")
        return out

    ok, bad = 0, []
    for mt in types:
        want = json.loads(json.dumps(AutoConfig.for_model(mt).to_dict(), default=str))
        d = diff(complete({"model_type": mt})[0], want)
        if d:
            bad.append(f"{mt}: {d[0]}")
        else:
            ok += 1
    return ok, len(types), bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated model types")
    ap.add_argument("--limit", type=int, help="first N model types only")
    ap.add_argument("--no-speed", action="store_true", help="skip the torch timing")
    ap.add_argument("--part", help="K/N: every N-th model type from the K-th (parallel runs)")
    ap.add_argument("--dump", help="write the per-model rows to this JSON file")
    ap.add_argument("--merge", nargs="+", help="summarise rows dumped by --part runs")
    args = ap.parse_args(argv)
    _quiet()
    oracle = built(load_oracle())
    types = sorted(oracle)
    if args.only:
        types = [t for t in args.only.split(",") if t in oracle]
    if args.limit:
        types = types[: args.limit]
    if args.part:
        k, n = (int(x) for x in args.part.split("/"))
        types = types[k::n]
    t0 = time.perf_counter()
    if args.merge:
        rows = [r for f in args.merge for r in json.loads(Path(f).read_text())]
        types = sorted(r["type"] for r in rows)
    else:
        rows = run(types, oracle, speed=not args.no_speed)["rows"]
    if args.dump:
        Path(args.dump).write_text(json.dumps(rows))
    n = len(rows)
    static_ok = [r for r in rows if r["static"] == r["want"]]
    fails = [r for r in rows if r["static"] != r["want"]]
    fallback_ok = static_ok + [r for r in fails if r.get("exact") == r["want"]]
    print(f"failures of the static route ({len(fails)}):")
    for r in fails:
        fb = "fallback exact" if r.get("exact") == r["want"] else f"fallback {r.get('exact_error')}"
        print(f"  {r['type']}: {r['class']}: {r['detail']} [{fb}]")
    print("failure classes:")
    for cls, k in Counter(r["class"] for r in fails).most_common():
        print(f"  {k:4d}  {cls}")
    if any(r.get("t_torch") for r in rows):
        ratios = [r["t_torch"] / r["t_static"] for r in rows if r.get("t_torch") and r["t_static"]]
        exact_ratios = [
            r["t_torch"] / r["t_static"] for r in static_ok if r.get("t_torch") and r["t_static"]
        ]
        med_s = statistics.median(r["t_static"] for r in rows)
        med_c = statistics.median(r["t_cold"] for r in rows)
        med_t = statistics.median(r["t_torch"] for r in rows if r.get("t_torch"))
        print(
            f"median time: static {med_s * 1000:.1f} ms warm ({med_c * 1000:.1f} ms on first sight"
            f" of its files, tracing the template), AutoModel.from_config on meta "
            f"{med_t * 1000:.1f} ms warm"
        )
        served = sum(bool(r.get("served")) for r in rows)
        print(
            f"templates: {served}/{n} timed default configs were served by a template traced from "
            f"another config of their model type (the others were interpreted)"
        )
        plain = [r["t_torch"] / r["t_plain"] for r in rows if r.get("t_torch") and r.get("t_plain")]
        if plain:
            print(
                f"interpretation alone (templates off, warm): {statistics.median(plain):.1f}x "
                f"faster than from_config (median per-model ratio)"
            )
        hits = [r["t_hit"] for r in rows if r.get("t_hit")]
        if hits:
            print(
                f"result cache hit (same config again, not in the ratio): median "
                f"{statistics.median(hits) * 1000:.1f} ms"
            )
            floor = [r["t_torch"] / r["t_hit"] for r in rows if r.get("t_torch") and r.get("t_hit")]
            print(
                f"floor: even a cache hit (a stored graph read back, no interpretation at all) is "
                f"only {statistics.median(floor):.1f}x faster than from_config (median per-model "
                f"ratio); {sum(f >= 10 for f in floor)}/{len(floor)} models reach 10x that way"
            )
        if ratios:
            print(
                f"speed: static route is {statistics.median(ratios):.1f}x faster than "
                f"AutoModel.from_config on meta (median per-model ratio, {len(ratios)} models; "
                f"{statistics.median(exact_ratios) if exact_ratios else float('nan'):.1f}x "
                f"over the {len(exact_ratios)} exact ones)"
            )
    ok, total, bad = completion_share(types)
    print(f"config completion from {{model_type}} alone: {ok}/{total} match every numeric field")
    print(f"elapsed {time.perf_counter() - t0:.0f}s")
    print(
        f"exact share: static {len(static_ok)}/{n} ({100 * len(static_ok) / max(n, 1):.1f}%), "
        f"with fallback {len(fallback_ok)}/{n} ({100 * len(fallback_ok) / max(n, 1):.1f}%)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
