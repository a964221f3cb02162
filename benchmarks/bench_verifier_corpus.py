"""The verifier over the transformers corpus: code that really builds must get no blocker.

For every model type whose AutoModel builds from its default config on the meta device
(``benchmarks/corpus.py``), parse its modeling file statically (``parse_source``, rooted at
the AutoModel class, bound to the default config dict) and run every check. A blocker on such
a model is counted false (the model builds: torch said so) unless confirmed. Prints the counts per
check, the false blockers with their messages, the parse failures and, as the LAST line, the
number of false blockers. A blocker whose layer, built in torch with the parsed params, crashes
on every input that fits it is a real crash (the model builds but its forward through that
layer fails) and is printed as confirmed, not false.

    python benchmarks/bench_verifier_corpus.py [--only llama,bert] [--limit 60] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import built, load_oracle  # noqa: E402

TIMEOUT_S = 60


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def run_one(rec: dict[str, Any]) -> dict[str, Any]:
    from driftcheck.errors import DriftcheckError
    from driftcheck.parsers.source import parse_source
    from driftcheck.verifier import verify

    out: dict[str, Any] = {"model_type": rec["model_type"]}
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIMEOUT_S)
    t0 = time.perf_counter()
    try:
        try:
            g = parse_source(rec["modeling_file"], entry=rec["model_class"], config=rec["config"])
        except DriftcheckError:
            raise
        except Exception as e:  # noqa: BLE001 - the parser's failure, not the verifier's
            out["class"] = "parse-crash"
            out["why"] = f"{type(e).__name__}: {e}"[:200]
            return out
        out["nodes"] = len(g.nodes)
        t1 = time.perf_counter()
        report = verify(g)
        out["verify_ms"] = (time.perf_counter() - t1) * 1000
        out["findings"] = [
            {
                "id": f.check_id,
                "severity": f.severity.value,
                "message": f.message,
                "torch": layer_crash(g, f.node) if f.severity.value == "blocker" else None,
            }
            for f in report.findings
        ]
        out["score"] = report.score
        out["class"] = "ok"
    except _Timeout:
        out["class"] = "timeout"
    except DriftcheckError as e:
        out["class"] = "parse-error"
        out["why"] = e.one_line()[:200]
    except Exception as e:  # noqa: BLE001 - a crash is a result class here
        out["class"] = "verify-crash"
        out["why"] = f"{type(e).__name__}: {e}"[:200]
    finally:
        signal.alarm(0)
        out["seconds"] = time.perf_counter() - t0
    return out


def layer_crash(g: Any, node_id: str | None) -> str | None:
    """Torch's error when the flagged layer, built with the parsed params, crashes on every
    input that fits it; None when it runs (or is not a torch layer we can build).

    A model that builds on meta can still crash at its first forward through one layer
    (gemma3's default config makes ``AvgPool2d(kernel_size=0, stride=0)``: torch builds it and
    raises ``stride should not be zero`` on any input). Such a blocker is a real crash, so it is
    confirmed here in torch rather than counted false."""
    import importlib

    from driftcheck.graph import catalogue

    node = g.index.get(node_id) if node_id else None
    spec = catalogue.get(node.type) if node is not None else None
    if spec is None or not spec.torch or not spec.examples:
        return None
    import torch

    mod, _, name = spec.torch.rpartition(".")
    try:
        cls = getattr(importlib.import_module(mod), name)
        kwargs = spec.constructor_kwargs(node.params)
    except Exception:  # noqa: BLE001 - not buildable from the catalogue: unconfirmed
        return None
    errors = []
    with torch.device("meta"):
        try:
            layer = cls(**kwargs)
        except Exception as e:  # noqa: BLE001 - torch refuses to build it: a real crash
            return f"constructor: {e}"
        for ex in spec.examples:
            shape = [max(d, 64) if i >= 2 else d for i, d in enumerate(ex.inputs[0])]
            chans = kwargs.get("in_channels", kwargs.get("num_features"))
            if len(shape) >= 2 and isinstance(chans, int):
                shape[1] = chans
            try:
                layer(torch.zeros(shape))
                return None  # runs on an input that fits: not a crash of the layer itself
            except Exception as e:  # noqa: BLE001
                errors.append(str(e).splitlines()[0][:120])
    return errors[0] if errors else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated model types")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", help="write per-model results here")
    a = ap.parse_args(argv)
    recs = built(load_oracle())
    if a.only:
        keep = set(a.only.split(","))
        recs = {k: v for k, v in recs.items() if k in keep}
    items = list(recs.values())[: a.limit] if a.limit else list(recs.values())
    t0 = time.perf_counter()
    if a.jobs > 1:
        with mp.get_context("fork").Pool(a.jobs, maxtasksperchild=20) as pool:
            results = pool.map(run_one, items, chunksize=1)
    else:
        results = [run_one(r) for r in items]
    ok = [r for r in results if r["class"] == "ok"]
    by_check: Counter[str] = Counter()
    sev: dict[str, str] = {}
    false_blockers = []
    confirmed = []
    for r in ok:
        for f in r["findings"]:
            by_check[f["id"]] += 1
            sev[f["id"]] = f["severity"]
            if f["severity"] == "blocker" and f.get("torch"):
                confirmed.append((r["model_type"], f["id"], f["message"], f["torch"]))
            elif f["severity"] == "blocker":
                false_blockers.append((r["model_type"], f["id"], f["message"]))
    print(f"models that build on meta: {len(items)}; parsed and verified: {len(ok)}")
    for cls, n in Counter(r["class"] for r in results).most_common():
        print(f"  {cls:<12} {n}")
    print("findings per check (models x findings):")
    for cid, n in by_check.most_common():
        print(f"  {cid} {sev[cid]:<8} {n}")
    with_blocker = len({m for m, _, _ in false_blockers})
    for m, cid, msg, err in confirmed:
        print(f"TRUE BLOCKER {m}: {cid} {msg[:120]} (torch on the layer: {err})")
    for m, cid, msg in false_blockers[:40]:
        print(f"FALSE BLOCKER {m}: {cid} {msg[:160]}")
    times = sorted(r["verify_ms"] for r in ok)
    if times:
        print(f"verify ms per model: p50 {times[len(times) // 2]:.1f}, max {times[-1]:.1f}")
    print(f"wall {time.perf_counter() - t0:.0f}s")
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=2))
    print(f"blockers confirmed in torch (the flagged layer crashes on any input): {len(confirmed)}")
    print(f"false blockers: {len(false_blockers)} (in {with_blocker} of {len(ok)} models)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
