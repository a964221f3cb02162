"""Compare two ``bench_wild.py --json`` outputs case by case: a refactor's proof of no change.

    python benchmarks/diff_wild_json.py BEFORE.json AFTER.json [--root-a DIR --root-b DIR]
        [--count-only]

Every field of every case is compared except the timings (``wall``, ``cpu``); notes are
compared with each run's checkout root written as ``ROOT`` (two checkouts in different
folders give the same notes). Prints the number of cases compared and, per differing case,
its name and the fields that differ; ``--count-only`` prints the counts alone (for a corpus
whose held-out part must stay unseen). Exit 0 when the outputs are identical, 1 otherwise,
2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

TIMINGS = ("wall", "cpu")


def _norm(v: object, root: str) -> object:
    if isinstance(v, str):
        return v.replace(root, "ROOT") if root else v
    if isinstance(v, list):
        return [_norm(x, root) for x in v]
    if isinstance(v, dict):
        return {k: _norm(x, root) for k, x in v.items()}
    return v


def _load(path: str) -> dict:
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        print(f"diff_wild_json: cannot read {path}: {e}", file=sys.stderr)
        raise SystemExit(2) from None
    if not isinstance(data, dict):
        print(f"diff_wild_json: {path} is no bench_wild --json output", file=sys.stderr)
        raise SystemExit(2)
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--root-a", default="", help="checkout root of the run that wrote BEFORE")
    ap.add_argument("--root-b", default="", help="checkout root of the run that wrote AFTER")
    ap.add_argument("--count-only", action="store_true")
    args = ap.parse_args(argv)
    a, b = _load(args.before), _load(args.after)
    compared = differ = 0
    for mode in sorted(set(a) | set(b)):
        ca, cb = a.get(mode, {}), b.get(mode, {})
        for name in sorted(set(ca) | set(cb)):
            compared += 1
            ra = {k: v for k, v in ca.get(name, {}).items() if k not in TIMINGS}
            rb = {k: v for k, v in cb.get(name, {}).items() if k not in TIMINGS}
            ra, rb = _norm(ra, args.root_a), _norm(rb, args.root_b)
            if ra != rb:
                differ += 1
                if not args.count_only:
                    keys = sorted(k for k in set(ra) | set(rb) if ra.get(k) != rb.get(k))
                    print(f"{mode} {name}: " + ", ".join(keys))
                    for k in keys:
                        print(f"    {k}: {ra.get(k)!r}\n -> {rb.get(k)!r}")
    print(f"{compared} cases compared, {differ} differ (timings left out)")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
