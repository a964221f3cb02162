"""Run driftcheck ``compare`` on the reimplfix37 probe ports (clean and planted) against the HF
config and tally misses (``bench_reimpl``'s rule, as ``tests/reimpl_probe36/run.py``)::

    PYTHONPATH=. python -m tests.reimpl_probe37.run [--only STYLE,...] [--arch A,...] [--env]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tests.reimpl_probe36.run import findings, holds
from tests.reimpl_probe37.bodies import BODIES
from tests.reimpl_probe37.probes import MAIN_STYLES, hf_config, plants, render, write
from tests.reimpl_probe37.styles import ENV_STYLES


def hit(hits: list[dict], p: dict) -> bool:
    return any(
        isinstance(h["values"], dict)
        and holds(h["values"].get("left"), p["right"])
        and holds(h["values"].get("right"), p["left"])
        for h in hits
    )


def run(root: Path, pairs, env: bool = False) -> list[dict]:
    rows, cfgs = [], {}
    for arch, style in pairs:
        if arch not in cfgs:
            cfgs[arch] = hf_config(arch, root / "configs" / arch)[1]
        cfg = cfgs[arch]
        todo = [dict(name="clean", vals=None, drop=None)] + plants(arch, style)
        for p in todo:
            code = write(root / arch / style / p["name"], render(arch, style, p["vals"], p["drop"]))
            try:
                hits = findings(code, cfg, env)
                ok = not hits if p["name"] == "clean" else hit(hits, p)
                why = "; ".join(f"{h['sev']}: {h['msg']}" for h in hits) or "no finding"
            except Exception as e:  # noqa: BLE001 - the tool's error is a failure of the probe
                ok, why = False, f"error {type(e).__name__}: {e}"
            rows.append(
                dict(arch=arch, style=style, plant=p["name"], ok=ok, why=why, code=str(code))
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default=None)
    ap.add_argument("--arch", default=None)
    ap.add_argument(
        "--env", action="store_true", help="also the env styles (--assume-env-defaults)"
    )
    ap.add_argument("--json", default=None)
    a = ap.parse_args(argv)
    root = Path(a.out or tempfile.mkdtemp(prefix="probe37-"))
    styles = list(MAIN_STYLES) + (list(ENV_STYLES) if a.env or a.only else [])
    pairs = [(arch, s) for arch in BODIES for s in styles]
    if a.only:
        pairs = [p for p in pairs if p[1] in a.only.split(",")]
    if a.arch:
        pairs = [p for p in pairs if p[0] in a.arch.split(",")]
    rows = run(root, pairs, a.env)
    clean = [r for r in rows if r["plant"] == "clean"]
    planted = [r for r in rows if r["plant"] != "clean"]
    fp = [r for r in clean if not r["ok"]]
    miss = [r for r in planted if not r["ok"]]
    print(f"probes {len(clean)} clean, {len(planted)} planted (files under {root})")
    print(f"clean FP {len(fp)}/{len(clean)}; recall {len(planted) - len(miss)}/{len(planted)}")
    for r in fp + miss:
        print(f"  {r['arch']:10s} {r['style']:22s} {r['plant']:14s} {r['why'][:220]}")
    print("misses by style:", dict(Counter(r["style"] for r in fp + miss)))
    print("misses by plant:", dict(Counter(r["plant"] for r in fp + miss)))
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
