"""Precision of ``check --input-shape`` on code nobody here wrote: transformers' causal LMs.

Every ``modeling_<type>.py`` of the installed transformers with a ``*ForCausalLM`` class is
checked as ``driftcheck check FILE::XForCausalLM --input-shape 2,8`` (default config, token ids
(2, 8)). Each one that gets a shape blocker (SHP001-SHP007, SHP010) is built on the meta
device at its default config (bfloat16 default dtype: grouped-mm MoE kernels need it on meta) and
run on (2, 8) token ids: a blocker on a model torch runs is a false positive.

    python benchmarks/crash/bench_hf_causal.py [--limit N]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import re
import sys
import time
from pathlib import Path

SHAPE_BLOCKERS = re.compile(r"\b(SHP00[1-7]|SHP010)\b")


def causal_lms(limit: int) -> list[tuple[Path, str]]:
    import transformers

    root = Path(transformers.__file__).parent / "models"
    out = []
    for f in sorted(root.glob("*/modeling_*.py")):
        if f.stem != f"modeling_{f.parent.name}":
            continue
        m = re.search(r"^class (\w+ForCausalLM)\(", f.read_text(), re.M)
        if m:
            out.append((f, m.group(1)))
    step = max(1, len(out) // max(1, limit))
    return out[::step][:limit]


def blockers(path: Path, cls: str) -> list[str]:
    from driftcheck.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(SystemExit):
            main(["check", f"{path}::{cls}", "--input-shape", "2,8", "-q", "--format", "concise"])
    return [ln for ln in buf.getvalue().splitlines() if SHAPE_BLOCKERS.search(ln)]


def torch_runs(path: Path, cls: str) -> tuple[bool, str]:
    import torch

    torch.set_default_dtype(torch.bfloat16)
    mod = importlib.import_module(f"transformers.models.{path.parent.name}.{path.stem}")
    klass = getattr(mod, cls)
    try:
        with torch.device("meta"):
            model = klass(klass.config_class())
        model.eval()
        with torch.no_grad():
            model(input_ids=torch.randint(0, 2, (2, 8), device="meta"))
    except Exception as e:  # noqa: BLE001 - the verdict records what torch raised
        return (
            False,
            f"{type(e).__name__}: {str(e).strip().splitlines()[0][:160] if str(e) else ''}",
        )
    return True, ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=1000)
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    models = causal_lms(a.limit)
    flagged = [(p, c, b) for p, c in models if (b := blockers(p, c))]
    tp = fp = 0
    for p, c, b in flagged:
        runs, err = torch_runs(p, c)
        fp += runs
        tp += not runs
        print(f"{'FALSE POSITIVE' if runs else 'crash confirmed'}: {p.parent.name}::{c}")
        print(f"  driftcheck: {b[0][-220:]}")
        if err:
            print(f"  torch: {err}")
    print(
        f"{len(models)} causal LMs checked with --input-shape 2,8; {len(flagged)} with a shape "
        f"blocker: {tp} crash in torch, {fp} run (false positives); "
        f"{time.perf_counter() - t0:.0f} s, load {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
