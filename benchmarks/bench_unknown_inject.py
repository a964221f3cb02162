"""An unknown must never become a finding: inject unknown module globals into clean pairs.

For every DEV clean pair of the reimpl sets (``benchmarks/reimpl/*``, the hash split of
``bench_reimpl.py``: held-out cases are neither run nor printed) and module-level names of its
code file, run ``drift(load_sides(code, config))`` (static, in one process) with
``DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS=<file>:<name>`` (``interp/aliasing.py``: the name reads as
unknown, the way the alias check makes it). A clean pair gets no finding of minor or above
without the injection (the pair is skipped otherwise); a finding of minor or above WITH it is a
bug: an unknown value turned into a confident claim.

Too many (pair, name) runs for one core: ``--per-pair K`` takes at most K names per pair,
chosen by sha256(case + name) (seeded, stable); ``--per-pair 0`` takes all.
``DRIFTCHECK_NO_CACHE=1`` and ``DRIFTCHECK_MEMO=0`` are set (the caches do not key on the
switch).

    python benchmarks/bench_unknown_inject.py [--sets fresh27,fresh28] [--per-pair 4]
        [--limit-pairs N] [--budget-s 840] [--json out.json]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

os.environ["DRIFTCHECK_NO_CACHE"] = "1"
os.environ["DRIFTCHECK_MEMO"] = "0"
ENV = "DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS"


def module_names(path: Path) -> list[str]:
    """The names the file's top-level statements bind (assignments, defs, classes, imports),
    in order, once each (a name under ``if`` / ``try`` at top level included)."""
    tree = ast.parse(path.read_text())
    out: list[str] = []

    def add(n: str) -> None:
        if n not in out and n != "*":
            out.append(n)

    def targets(t: ast.expr) -> None:
        if isinstance(t, ast.Name):
            add(t.id)
        elif isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                targets(e)
        elif isinstance(t, ast.Starred):
            targets(t.value)

    def stmts(body: list[ast.stmt]) -> None:
        for st in body:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                add(st.name)
            elif isinstance(st, ast.Assign):
                for t in st.targets:
                    targets(t)
            elif isinstance(st, (ast.AnnAssign, ast.AugAssign)):
                targets(st.target)
            elif isinstance(st, (ast.Import, ast.ImportFrom)):
                for a in st.names:
                    add(a.asname or a.name.split(".")[0])
            elif isinstance(st, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                for part in ("body", "orelse", "finalbody"):
                    stmts(getattr(st, part, []) or [])
                for h in getattr(st, "handlers", []) or []:
                    stmts(h.body)

    stmts(tree.body)
    return out


def pick(case: str, names: list[str], k: int) -> list[str]:
    if k <= 0 or len(names) <= k:
        return names
    key = lambda n: hashlib.sha256(f"{case}\0{n}".encode()).hexdigest()  # noqa: E731
    return sorted(names, key=key)[:k]


def reimpl_pairs(sets: list[str] | None) -> list[dict]:
    from bench_reimpl import jobs, select_split

    base = ROOT / "benchmarks" / "reimpl"
    out = []
    for d in sorted(base.iterdir()):
        if not (d / "manifest.json").is_file() or (sets and d.name not in sets):
            continue
        for j in select_split(jobs(None, d), "dev"):
            if j["kind"] == "clean":
                out.append(
                    {"set": d.name, "name": j["name"], "code": j["code"], "config": j["config"]}
                )
    if not sets or "main" in sets:
        if (base / "manifest.json").is_file():
            for j in select_split(jobs(None, base), "dev"):
                if j["kind"] == "clean":
                    out.append(
                        {"set": "main", "name": j["name"], "code": j["code"], "config": j["config"]}
                    )
    return out


def run(code: str, config: str) -> tuple[list[dict], str | None]:
    from driftcheck.drift import drift, load_sides
    from driftcheck.errors import DriftcheckError

    try:
        fs = drift(load_sides(code, config), code, config)
    except DriftcheckError as e:
        return [], e.one_line()
    except Exception as e:  # noqa: BLE001 - the tool's internal error
        return [], f"internal: {type(e).__name__}: {e}"
    return [
        {"severity": f.severity.value, "kind": f.kind, "message": f.message}
        for f in fs
        if f.severity.rank >= 1
    ], None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--sets", default="", help="comma list of reimpl set names (main: the base set)"
    )
    ap.add_argument("--per-pair", type=int, default=4, help="names per pair (0: all)")
    ap.add_argument("--limit-pairs", type=int, default=0, help="at most N pairs (hash order)")
    ap.add_argument("--budget-s", type=float, default=840.0, help="stop starting runs after this")
    ap.add_argument("--jobs", type=int, default=1, help="accepted for the common flags; 1 only")
    ap.add_argument("--json", default="")
    a = ap.parse_args(argv)
    pairs = reimpl_pairs([s for s in a.sets.split(",") if s] or None)
    if a.limit_pairs:
        pairs = sorted(pairs, key=lambda p: hashlib.sha256(p["name"].encode()).hexdigest())
        pairs = pairs[: a.limit_pairs]
    t0 = time.time()
    n_pairs = n_inj = n_names = 0
    skipped: Counter = Counter()
    bugs: list[dict] = []
    stopped = False
    for p in pairs:
        if time.time() - t0 > a.budget_s:
            stopped = True
            break
        os.environ.pop(ENV, None)
        fs, err = run(p["code"], p["config"])
        if err or fs:
            skipped["error" if err else "finding without injection"] += 1
            continue
        n_pairs += 1
        names = module_names(Path(p["code"]))
        n_names += len(names)
        file = Path(p["code"]).name
        for name in pick(p["name"], names, a.per_pair):
            os.environ[ENV] = f"{file}:{name}"
            try:
                fs, err = run(p["code"], p["config"])
            finally:
                os.environ.pop(ENV, None)
            n_inj += 1
            if err and not err.startswith("internal"):
                continue  # an honest refusal is no finding
            if err:
                fs = [{"severity": "error", "kind": "internal", "message": err}]
            for f in fs:
                bugs.append({"set": p["set"], "case": p["name"], "name": name, **f})
    secs = time.time() - t0
    kinds = Counter(b["kind"] for b in bugs)
    print(
        f"pairs: {n_pairs} (skipped {dict(skipped)}), module names: {n_names}, "
        f"injections: {n_inj} (per pair <= {a.per_pair or 'all'}), {secs:.0f} s"
        + (" [budget reached: stopped early]" if stopped else "")
    )
    cases = {(b["set"], b["case"], b["name"]) for b in bugs}
    print(f"findings above info: {len(bugs)} over {len(cases)} injections; kinds: {dict(kinds)}")
    for b in bugs:
        print(
            f"  BUG {b['set']}/{b['case']} [{b['name']}]: {b['severity']} {b['kind']}: {b['message'][:200]}"
        )
    if a.json:
        Path(a.json).write_text(
            json.dumps({"bugs": bugs, "pairs": n_pairs, "injections": n_inj}, indent=1)
        )
    return 1 if bugs else 0


if __name__ == "__main__":
    raise SystemExit(main())
