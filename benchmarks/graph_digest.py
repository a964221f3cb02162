"""Dump normalized corpus graphs, or compare two dumps: the check that a speed-up changes no graph.

Each corpus record (AutoModel class + default config) is parsed with ``parse_source`` in one
process, in corpus order (as ``bench_source_corpus.py`` does, so caches shared between models
are exercised), and its graph is written as JSON with per-process ids (``uid``) dropped and
symbolic sizes reduced to their kind. A parse that raises is written as its one-line error.

    PYTHONPATH=$PWD python benchmarks/graph_digest.py dump OUT_DIR --stride 5
    PYTHONPATH=$PWD python benchmarks/graph_digest.py compare OLD_DIR NEW_DIR
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_source_corpus import _no_uids, _opaque  # noqa: E402
from benchmarks.corpus import built, load_oracle  # noqa: E402


def dump(out: Path, stride: int, only: str | None) -> int:
    from driftcheck.errors import DriftcheckError
    from driftcheck.parsers.source import parse_source

    out.mkdir(parents=True, exist_ok=True)
    recs = built(load_oracle())
    items = list(recs.values())[::stride]
    if only:
        items = [r for r in items if r["model_type"] in only.split(",")]
    for rec in items:
        try:
            g = parse_source(rec["modeling_file"], entry=rec["model_class"], config=rec["config"])
            doc: Any = _no_uids(json.loads(json.dumps(g.model_dump(), default=_opaque)))
        except DriftcheckError as e:
            doc = {"error": e.one_line()}
        (out / f"{rec['model_type']}.json").write_text(json.dumps(doc, sort_keys=True))
    print(f"dumped {len(items)} graphs to {out}")
    return 0


def compare(old: Path, new: Path) -> int:
    names = sorted(p.name for p in old.glob("*.json"))
    same = 0
    for n in names:
        b = new / n
        if b.is_file() and b.read_text() == (old / n).read_text():
            same += 1
        else:
            print(f"differs: {n[:-5]}")
    print(f"graphs identical: {same}/{len(names)}")
    return 0 if same == len(names) else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("--stride", type=int, default=5)
    d.add_argument("--only")
    c = sub.add_parser("compare")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    args = ap.parse_args()
    if args.cmd == "dump":
        return dump(args.out, args.stride, args.only)
    return compare(args.old, args.new)


if __name__ == "__main__":
    sys.exit(main())
