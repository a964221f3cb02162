"""Quick corpus check (not a test): does every parsed corpus model serialize as graph JSON and
round-trip (``Graph.to_json`` -> ``Graph.from_json`` equal)?

Each corpus record (AutoModel class + default config, from the cached torch oracle
``benchmarks/out/oracle-<transformers version>.json``) is parsed from its modeling file with
``parse_source``; a model whose parse raises is counted apart (that is the parser's failure, not
serialization's). Prints one line per failure and the counts.

Usage::

    PYTHONPATH=$PWD python benchmarks/check_graph_json.py [--only a,b] [--limit N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import built, load_oracle  # noqa: E402
from driftcheck.graph.model import Graph  # noqa: E402
from driftcheck.parsers.source import parse_source  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated model types")
    ap.add_argument("--limit", type=int, default=0, help="first N model types only")
    args = ap.parse_args()
    recs = built(load_oracle())
    types = sorted(recs)
    if args.only:
        types = [t for t in args.only.split(",") if t in recs]
    if args.limit:
        types = types[: args.limit]
    ok = bad = parse_err = 0
    t0 = time.process_time()
    for mt in types:
        rec = recs[mt]
        try:
            g = parse_source(rec["modeling_file"], entry=rec["model_class"], config=rec["config"])
        except Exception as e:  # noqa: BLE001 - a parse failure is counted, not judged here
            parse_err += 1
            print(f"{mt}: parse error: {type(e).__name__}: {str(e)[:120]}", flush=True)
            continue
        try:
            back = Graph.from_json(g.to_json(indent=None))
            if back.model_dump() != Graph.model_validate_json(g.model_dump_json()).model_dump():
                raise ValueError("round trip differs")
            ok += 1
        except Exception as e:  # noqa: BLE001 - every failure is reported
            bad += 1
            print(f"{mt}: JSON FAIL: {type(e).__name__}: {str(e)[:200]}", flush=True)
    cpu = time.process_time() - t0
    print(
        f"to_json ok {ok}/{ok + bad} parsed ({bad} fail; {parse_err} parse errors) cpu {cpu:.0f}s"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
