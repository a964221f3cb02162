"""The verifier over the transformers corpus: code that really builds must get no blocker.

For every model type whose AutoModel builds from its default config on the meta device
(``benchmarks/corpus.py``), parse its modeling file statically (``parse_source``, rooted at
the AutoModel class, bound to the default config dict) and run every check. Every blocker on
such a model is a false blocker (the model builds: torch said so). Prints the counts per
check, the false blockers with their messages, the parse failures and, as the LAST line, the
number of false blockers.

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
            {"id": f.check_id, "severity": f.severity.value, "message": f.message}
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
    for r in ok:
        for f in r["findings"]:
            by_check[f["id"]] += 1
            sev[f["id"]] = f["severity"]
            if f["severity"] == "blocker":
                false_blockers.append((r["model_type"], f["id"], f["message"]))
    print(f"models that build on meta: {len(items)}; parsed and verified: {len(ok)}")
    for cls, n in Counter(r["class"] for r in results).most_common():
        print(f"  {cls:<12} {n}")
    print("findings per check (models x findings):")
    for cid, n in by_check.most_common():
        print(f"  {cid} {sev[cid]:<8} {n}")
    with_blocker = len({m for m, _, _ in false_blockers})
    for m, cid, msg in false_blockers[:40]:
        print(f"FALSE BLOCKER {m}: {cid} {msg[:160]}")
    times = sorted(r["verify_ms"] for r in ok)
    if times:
        print(f"verify ms per model: p50 {times[len(times) // 2]:.1f}, max {times[-1]:.1f}")
    print(f"wall {time.perf_counter() - t0:.0f}s")
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=2))
    print(f"false blockers: {len(false_blockers)} on {with_blocker} of {len(ok)} models")
    return 0


if __name__ == "__main__":
    sys.exit(main())
