"""``driftcheck check`` as a user runs it, over real transformers modeling files: findings by id.

Each modeling file of the installed transformers is checked in a fresh ``driftcheck check FILE
--format json`` process (every head class of the file, as the CLI does), and the findings are
counted by check id; ``--json`` keeps every finding for a before/after diff. The sample is every
modeling file whose model type sorts at a fixed stride, plus gpt2, gemma and bert.

    python benchmarks/bench_check_corpus.py [--limit 60] [--json out.json] [--root REPO]

``--root`` runs another checkout's driftcheck (the "before" of a change).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ALWAYS = ("gpt2", "gemma", "bert", "llama")


def corpus(limit: int) -> list[Path]:
    import importlib.util

    spec = importlib.util.find_spec("transformers")
    models = Path(spec.origin).parent / "models"
    files = sorted(models.glob("*/modeling_*.py"))
    files = [f for f in files if f.stem == f"modeling_{f.parent.name}"]
    stride = max(1, len(files) // max(1, limit))
    picked = files[::stride][:limit]
    for name in ALWAYS:
        f = models / name / f"modeling_{name}.py"
        if f.is_file() and f not in picked:
            picked.append(f)
    return picked


def run(root: Path, f: Path, timeout: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(root), "NO_COLOR": "1"}
    t0 = time.perf_counter()
    try:
        p = subprocess.run(
            [sys.executable, "-m", "driftcheck", "check", str(f), "--format", "json"],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            cwd=root,
        )
    except subprocess.TimeoutExpired:
        return {"file": f.name, "error": "timeout"}
    out = {"file": f.name, "rc": p.returncode, "s": round(time.perf_counter() - t0, 2)}
    if p.returncode == 2:
        out["error"] = p.stderr.strip().splitlines()[-1:] or ["?"]
        return out
    data = json.loads(p.stdout)
    out["findings"] = [
        {"id": x["checkId"] if "checkId" in x else x.get("check_id"), "message": x["message"]}
        for x in data["findings"]
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--json", help="write per-file results here")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    results = []
    by_id: Counter[str] = Counter()
    for f in corpus(args.limit):
        r = run(root, f, args.timeout)
        results.append(r)
        for x in r.get("findings", []):
            by_id[x["id"]] += 1
        print(
            f"{r['file']}: {len(r.get('findings', []))} findings {r.get('error', '')}", flush=True
        )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    print(f"files {len(results)}, errors {sum('error' in r for r in results)}")
    for k, n in sorted(by_id.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{k:10} {n}")
    print(f"total findings {sum(by_id.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
