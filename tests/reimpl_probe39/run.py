"""Run the reimplfix39a clean-port hunt: every body x style, clean and planted, tallied::

PYTHONPATH=. python -m tests.reimpl_probe39.run [--only STYLE,...] [--arch A,...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.reimpl_probe38.run import findings, hit
from tests.reimpl_probe39.styles import STYLES, hf_config, plants, render, tiny, write


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
                one = len(hits) == 1 and ok or (p["name"] == "clean" and ok)
                why = "; ".join(f"{h['sev']}: {h['msg']}" for h in hits) or "no finding"
            except Exception as e:  # noqa: BLE001 - the tool's error is a failure of the probe
                ok, one, why = False, False, f"error {type(e).__name__}: {e}"
            rows.append(dict(arch=arch, style=style, plant=p["name"], ok=ok, one=one, why=why))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--arch", default="llama,bert,gpt2,llama_partial,bert_mha")
    a = ap.parse_args()
    styles = a.only.split(",") if a.only else list(STYLES)
    pairs = [(arch, s) for arch in a.arch.split(",") for s in styles]
    with tempfile.TemporaryDirectory() as d:
        rows = run(Path(d), pairs)
    bad = [r for r in rows if not r["ok"] or not r["one"]]
    for r in bad:
        print(
            f"{r['arch']}/{r['style']}/{r['plant']}: ok={r['ok']} one={r['one']}: {r['why'][:300]}"
        )
    clean = [r for r in rows if r["plant"] == "clean"]
    planted = [r for r in rows if r["plant"] != "clean"]
    print(
        f"clean FP {sum(not r['ok'] for r in clean)}/{len(clean)}, "
        f"recall {sum(r['ok'] for r in planted)}/{len(planted)}, "
        f"one finding {sum(r['one'] for r in planted)}/{len(planted)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
