"""Run driftcheck ``compare`` on the reimplfix36 probe ports (clean and planted) against the HF
config, and tally the misses by style and by fact::

    PYTHONPATH=. python -m tests.reimpl_probe36.run [--out DIR] [--only STYLE,...] [--arch A,...]
        [--env]   (the env_defaults style, with --assume-env-defaults)

A clean port passes with no finding of minor or above; a plant with one such finding whose
left values hold the code's value and right values the config's (``bench_reimpl``'s rule)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tests.reimpl_probe36.probes import hf_config, plants, probes, render, write


def holds(value, want) -> bool:
    if isinstance(value, bool) or isinstance(want, bool):
        return value is want
    if isinstance(value, (int, float)) and isinstance(want, (int, float)):
        return abs(value - want) <= 1e-9 * max(abs(value), abs(want), 1e-30)
    if isinstance(value, dict):
        return any(holds(v, want) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(holds(v, want) for v in value)
    return value == want


def findings(code: Path, config: Path, env: bool = False) -> list[dict]:
    from driftcheck.drift import drift, load_sides

    if env:
        from driftcheck.parsers.source.library.environ import assume_env_defaults

        with assume_env_defaults():
            fs = drift(load_sides(str(code), str(config)), str(code), str(config))
    else:
        fs = drift(load_sides(str(code), str(config)), str(code), str(config))
    return [
        {"rank": f.severity.rank, "sev": f.severity.value, "msg": f.message, "values": f.values}
        for f in fs
        if f.severity.rank >= 1
    ]


def run(root: Path, pairs: list[tuple[str, str]], env: bool = False) -> list[dict]:
    rows = []
    cfgs = {}
    for arch, style in pairs:
        if arch not in cfgs:
            cfgs[arch] = hf_config(arch, root / "configs" / arch)[1]
        cfg = cfgs[arch]
        code = write(root / arch / style / "clean", render(arch, style))
        try:
            hits = findings(code, cfg, env)
            ok = not hits
            why = "; ".join(f"{h['sev']}: {h['msg']}" for h in hits)
        except Exception as e:  # noqa: BLE001 - the tool's error is a failure of the probe
            ok, why = False, f"error {type(e).__name__}: {e}"
        rows.append(dict(arch=arch, style=style, plant="clean", ok=ok, why=why, code=str(code)))
        for p in plants(arch, style):
            code = write(root / arch / style / p["name"], render(arch, style, p["vals"], p["drop"]))
            try:
                hits = findings(code, cfg, env)
                good = [
                    h
                    for h in hits
                    if isinstance(h["values"], dict)
                    and holds(h["values"].get("left"), p["right"])
                    and holds(h["values"].get("right"), p["left"])
                ]
                ok = bool(good)
                why = "; ".join(f"{h['sev']}: {h['msg']}" for h in hits) or "no finding"
            except Exception as e:  # noqa: BLE001
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
    ap.add_argument("--env", action="store_true")
    ap.add_argument("--all-styles", action="store_true")
    ap.add_argument("--json", default=None)
    a = ap.parse_args(argv)
    root = Path(a.out or tempfile.mkdtemp(prefix="probe36-"))
    if a.env:
        from tests.reimpl_probe36.bodies import BODIES

        pairs = [(arch, "env_defaults") for arch in BODIES]
    elif a.all_styles:
        from tests.reimpl_probe36.bodies import BODIES
        from tests.reimpl_probe36.probes import MAIN_STYLES

        pairs = [(arch, s) for arch in BODIES for s in MAIN_STYLES]
    else:
        pairs = probes()
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
        print(f"  {r['arch']:22s} {r['style']:24s} {r['plant']:12s} {r['why'][:200]}")
    print("misses by style:", dict(Counter(r["style"] for r in fp + miss)))
    print("misses by plant:", dict(Counter(r["plant"] for r in fp + miss)))
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
