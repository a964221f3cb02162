"""Run driftcheck ``compare`` (``drift``, as ``bench_reimpl``) on the reimplfix38 env probe ports
and tally misses (a plant is found where a finding of minor or above holds the code's value on
the left and the config's on the right)::

    PYTHONPATH=. python -m tests.reimpl_probe38.run [--only STYLE,...] [--arch A,...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tests.reimpl_probe36.run import holds
from tests.reimpl_probe38.bodies import BODIES
from tests.reimpl_probe38.probes import hf_config, plants, render, tiny, write
from tests.reimpl_probe38.styles import STYLES


def findings(code: Path, config: Path) -> list[dict]:
    from driftcheck.drift import drift, load_sides

    fs = drift(load_sides(str(code), str(config)), str(code), str(config))
    return [
        {"rank": f.severity.rank, "sev": f.severity.value, "msg": f.message, "values": f.values}
        for f in fs
        if f.severity.rank >= 1
    ]


def hit(hits: list[dict], p: dict) -> bool:
    return any(
        isinstance(h["values"], dict)
        and holds(h["values"].get("left"), p["code"])
        and holds(h["values"].get("right"), p["config"])
        for h in hits
    )


def run(root: Path, pairs) -> list[dict]:
    rows = []
    for arch, style in pairs:
        base_cfg = hf_config(arch, root / "configs" / arch)[1]
        for p in [dict(name="clean", where="code", vals=None)] + plants(arch):
            code = write(root / arch / style / p["name"], render(arch, style, p["vals"]))
            cfg = base_cfg
            if p["where"] == "config":
                vals = {**tiny(arch), p["key"]: p["config"]}
                cfg = hf_config(arch, root / "configs" / f"{arch}_{p['name']}", vals)[1]
            try:
                hits = findings(code, cfg)
                ok = not hits if p["name"] == "clean" else hit(hits, p)
                one = len(hits) == 1 and ok
                why = "; ".join(f"{h['sev']}: {h['msg']}" for h in hits) or "no finding"
            except Exception as e:  # noqa: BLE001 - the tool's error is a failure of the probe
                ok, one, why = False, False, f"error {type(e).__name__}: {e}"
            rows.append(dict(arch=arch, style=style, plant=p["name"], ok=ok, one=one, why=why))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default=None)
    ap.add_argument("--arch", default=None)
    a = ap.parse_args(argv)
    root = Path(a.out or tempfile.mkdtemp(prefix="probe38-"))
    pairs = [(arch, s) for arch in BODIES for s in STYLES]
    if a.only:
        pairs = [p for p in pairs if p[1] in a.only.split(",")]
    if a.arch:
        pairs = [p for p in pairs if p[0] in a.arch.split(",")]
    rows = run(root, pairs)
    clean = [r for r in rows if r["plant"] == "clean"]
    planted = [r for r in rows if r["plant"] != "clean"]
    fp = [r for r in clean if not r["ok"]]
    miss = [r for r in planted if not r["ok"]]
    one = [r for r in planted if r["one"]]
    print(f"probes {len(clean)} clean, {len(planted)} planted (files under {root})")
    print(
        f"clean FP {len(fp)}/{len(clean)}; recall {len(planted) - len(miss)}/{len(planted)};"
        f" one finding {len(one)}/{len(planted)}"
    )
    for r in fp + miss:
        print(f"  {r['arch']:6s} {r['style']:22s} {r['plant']:14s} {r['why'][:200]}")
    print("misses by style:", dict(Counter(r["style"] for r in fp + miss)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
