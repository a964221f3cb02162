"""The static parser against torch, over every transformers model type that builds on meta.

For each model type whose ``AutoModel`` builds from its default config on the meta device
(``benchmarks/corpus.py``), parse its ``modeling_*.py`` statically, rooted at the AutoModel
class and bound to the default config dict, and compare ``params_total`` with torch's count.
Prints the failure classes, the speed (distinct source lines per CPU second, end to end) and, as the LAST line, the exact share.

    python benchmarks/bench_source_corpus.py                 # whole corpus
    python benchmarks/bench_source_corpus.py --only llama,t5 -v
    python benchmarks/bench_source_corpus.py --limit 60 --jobs 2   # quick subset, 2 processes
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import built, load_oracle  # noqa: E402

TIMEOUT_S = 60  # CPU seconds per model


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout()


def run_one(rec: dict[str, Any], verbose: bool = False) -> dict[str, Any]:
    """Parse one model type; classify the outcome against torch's count."""
    from driftcheck.errors import DriftcheckError
    from driftcheck.graph.counting import unresolved_nodes
    from driftcheck.parsers.source import parse_source

    out: dict[str, Any] = {"model_type": rec["model_type"], "want": rec["params"]}
    # a CPU-time limit (ITIMER_PROF), not wall time: on a loaded machine a wall-clock alarm
    # turned models that need a few CPU seconds into timeouts
    signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, TIMEOUT_S)
    t0 = time.perf_counter()
    c0 = time.process_time()
    try:
        g = parse_source(rec["modeling_file"], entry=rec["model_class"], config=rec["config"])
        got = g.params_total()
        out["got"] = got
        files = (g.origin.detail or "").split("; ")[-1]
        out["files"] = files
        if got is None:
            out["class"] = "unresolved"
            bad = unresolved_nodes(g)
            out["why"] = "; ".join(
                f"{n.name or n.id}:{n.type}:{','.join(n.unresolved) or 'type'}" for n in bad[:3]
            )
            if verbose:
                out["notes"] = g.notes[:15]
        elif got == rec["params"]:
            out["class"] = "exact"
        else:
            out["class"] = "over" if got > rec["params"] else "under"
            if verbose:
                out["notes"] = g.notes[:15]
    except _Timeout:
        out["class"] = "timeout"
    except DriftcheckError as e:
        out["class"] = "error"
        out["why"] = e.one_line()[:200]
    except Exception as e:  # noqa: BLE001 - a crash is a result class here
        out["class"] = "crash"
        out["why"] = f"{type(e).__name__}: {e}"[:200]
        if verbose:
            import traceback

            out["notes"] = traceback.format_exc().splitlines()[-12:]
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    out["seconds"] = time.perf_counter() - t0
    out["cpu"] = time.process_time() - c0
    return out


def _opaque(v: Any) -> str:
    # symbolic sizes of the forward pass print a per-process counter: compare their kind only
    return type(v).__name__


def _no_uids(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _no_uids(x) for k, x in v.items() if k != "uid"}
    if isinstance(v, list):
        return [_no_uids(x) for x in v]
    return v


def audit_memo(rec: dict[str, Any]) -> str | None:
    """Parse twice, reusing layer interpretations and not; the first difference, if any."""
    from driftcheck.errors import DriftcheckError
    from driftcheck.parsers.source import parse_source
    from driftcheck.speed import current

    outs = []
    for on in (True, False):
        sp = current() if on else current().without("layer_memo", "propmemo")
        try:
            g = parse_source(
                rec["modeling_file"], entry=rec["model_class"], config=rec["config"], speed=sp
            )
            outs.append(_no_uids(json.loads(json.dumps(g.model_dump(), default=_opaque))))
        except DriftcheckError as e:
            outs.append(e.one_line())
    a, b = outs
    if a == b:
        return None
    if isinstance(a, str) or isinstance(b, str):
        return f"memo: {str(a)[:120]} / plain: {str(b)[:120]}"
    for k in a:
        if a[k] != b.get(k):
            if k == "nodes":
                for x, y in zip(a[k], b[k]):
                    if x != y:
                        return f"node {x.get('id')}: {x} != {y}"[:400]
                return f"{len(a[k])} nodes vs {len(b[k])}"
            return f"{k} differs"
    return "differs"


def _lines_of(paths: set[str]) -> int:
    n = 0
    for p in paths:
        try:
            n += Path(p).read_bytes().count(b"\n")
        except OSError:
            pass
    return n


def _worker(rec: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    from driftcheck.speed import current

    r = run_one(rec)
    return r, [k[0] for k in current().stores.ast]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated model types")
    ap.add_argument("--limit", type=int, help="first N model types only")
    ap.add_argument("--stride", type=int, default=1, help="every k-th model type (a sample)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (speed is reported for 1)")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--json", help="write per-model results here")
    ap.add_argument(
        "--audit-memo",
        action="store_true",
        help="check that reusing layer interpretations changes no graph (parses twice)",
    )
    args = ap.parse_args(argv)
    recs = built(load_oracle())
    if args.only:
        want = args.only.split(",")
        recs = {k: v for k, v in recs.items() if k in want}
    items = list(recs.values())[:: args.stride]
    items = items[: args.limit] if args.limit else items
    if args.audit_memo:
        return _audit(recs, args)
    stream = open(args.json + "l", "w") if args.json else None  # noqa: SIM115 - partial results
    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    files: set[str] = set()
    if args.jobs > 1:
        with mp.get_context("fork").Pool(args.jobs) as pool:
            for r, fs in pool.imap_unordered(_worker, items):
                results.append(r)
                files.update(fs)
                if stream:
                    stream.write(json.dumps(r) + "\n")
                    stream.flush()
    else:
        from driftcheck.speed import current

        for rec in items:
            results.append(run_one(rec, args.verbose))
        files.update(k[0] for k in current().stores.ast)
    wall = time.perf_counter() - t0
    results.sort(key=lambda r: r["model_type"])
    classes: dict[str, list[str]] = {}
    for r in results:
        classes.setdefault(r["class"], []).append(r["model_type"])
        if r["class"] != "exact" and (args.verbose or args.only):
            print(
                f"{r['model_type']}: {r['class']} want={r['want']} got={r.get('got')} {r.get('why', '')}"
            )
            for n in r.get("notes", []):
                print(f"    {n}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    print("failure classes:")
    for cls in ("unresolved", "under", "over", "error", "crash", "timeout"):
        names = classes.get(cls, [])
        shown = ", ".join(names[:12]) + (" ..." if len(names) > 12 else "")
        print(f"  {cls:<10} {len(names):>4}  {shown}")
    lines = _lines_of(files)
    cpu = sum(r["cpu"] for r in results)
    print(f"files parsed: {len(files)} distinct, {lines} lines")
    # CPU time, not wall: on a shared machine wall time measures the neighbours
    print(
        f"speed: {lines / cpu:,.0f} source lines/s per core, end to end "
        f"({cpu:.1f} CPU s; wall {wall:.1f}s with {args.jobs} job(s))"
    )
    n = len(results)
    exact = len(classes.get("exact", []))
    print(f"exact params_total vs torch: {exact}/{n} = {100 * exact / max(n, 1):.1f}%")
    return 0


def _audit(recs: dict[str, Any], args: argparse.Namespace) -> int:
    items = list(recs.values())[:: args.stride]
    items = items[: args.limit] if args.limit else items
    fn = audit_memo
    what = "layer reuse"
    if args.jobs > 1:
        with mp.get_context("fork").Pool(args.jobs) as pool:
            diffs = list(pool.imap(fn, items))
    else:
        diffs = [fn(r) for r in items]
    bad = [(r["model_type"], d) for r, d in zip(items, diffs) if d]
    for mt, d in bad:
        print(f"{mt}: {d}")
    print(f"graphs identical with and without {what}: {len(items) - len(bad)}/{len(items)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
