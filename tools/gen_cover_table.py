"""Measure in torch two argument conditions of ops real model code calls, and write them as data
for the forward pass (``driftcheck/parsers/source/forward/cover_table.py``; the static path never
imports torch). ``benchmarks/crash/op_coverage.py --missing`` listed these ops as called in
forward code with no rule that could refuse them.

For each probed name, every spelling that exists (``torch.<name>``, ``torch.fft.<name>``,
``torch.special.<name>``, ``torch.nn.functional.<name>``, ``Tensor.<name>``) is called on
float32 tensors:

- ``DIM_REFUSED[name][rank]``: the ``dim`` values in ``[-7, 7)`` that every spelling refuses at
  that input rank (0..5), at every axis length probed (1, 2, 3, 5), given by keyword and (where
  ``DIM_POS[name]`` is 0) as the first argument after the tensor; ``DIM_ERROR`` keeps torch's
  error. A value refused under one spelling or size and not another is not listed (the rule
  cannot tell them apart statically), nor is ``dim`` left to its default;
- ``BROADCAST[name]``: torch's error for two tensors whose shapes do not broadcast, kept only
  when every spelling refused every non-broadcastable pair probed (``PAIRS``) and ran every
  broadcastable one (the second tensor by position or by the keyword ``BROADCAST_KW[name]``).

    python tools/gen_cover_table.py          # rewrite the table
    python tools/gen_cover_table.py --check  # exit 1 when torch disagrees with it
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import warnings
from pathlib import Path

import torch
import torch.nn.functional as F

OUT = Path(__file__).resolve().parents[1] / "driftcheck/parsers/source/forward/cover_table.py"
# name -> position of ``dim`` after the tensor when it may be given positionally (None: keyword)
DIM_PROBES: dict[str, int | None] = {
    "softmin": 0,
    "gumbel_softmax": None,
    "nansum": 0,
    "nanmean": 0,
    "aminmax": None,
    "unique": None,
    "unique_consecutive": None,
    "fft": None,
    "ifft": None,
    "rfft": None,
    "irfft": None,
    "hfft": None,
    "ihfft": None,
    "fftshift": None,
    "ifftshift": None,
    "std_mean": None,
    "var_mean": None,
    "argsort": 0,
    "msort": None,
    "nanquantile": None,
    "quantile": None,
    "log_softmax": 0,
    "softmax": 0,
    "glu": 0,
    "unflatten": 0,
}
# ops of two tensors that must broadcast; name -> the second tensor's keyword
BROADCAST_PROBES: dict[str, str] = {
    "dist": "other",
    "polar": "angle",
    "allclose": "other",
    "isclose": "other",
    "kl_div": "target",
    "kron": "other",
    "equal": "other",
    "hypot": "other",
    "atan2": "other",
    "arctan2": "other",
    "nextafter": "other",
    "copysign": "other",
    "ldexp": "other",
    "xlogy": "other",
    "xlog1py": "other",
    "logaddexp": "other",
    "logaddexp2": "other",
    "float_power": "exponent",
    "fmod": "other",
    "remainder": "other",
    "fmax": "other",
    "fmin": "other",
    "maximum": "other",
    "minimum": "other",
    "huber_loss": "target",
    "smooth_l1_loss": "target",
    "soft_margin_loss": "target",
    "l1_loss": "target",
    "mse_loss": "target",
    "poisson_nll_loss": "target",
    "hinge_embedding_loss": "target",
    "binary_cross_entropy_with_logits": "target",
    "igamma": "other",
    "igammac": "other",
    "heaviside": "values",
    "true_divide": "other",
    "floor_divide": "other",
}
SIZES = (1, 2, 3, 5)
DIMS = tuple(range(-7, 7))
# (first, second): whether they broadcast is computed, torch must agree on each
PAIRS = (
    ((2, 3), (4, 3)),
    ((2, 3), (2, 4)),
    ((2, 3), (3, 2)),
    ((4,), (3,)),
    ((2, 3, 4), (3, 3)),
    ((2, 3), (2, 3, 3)),
    ((2, 3), (1, 3)),
    ((2, 3), (3,)),
    ((2, 1, 3), (4, 1)),
    ((3,), (2, 3)),
    ((2, 3), (2, 3)),
    ((5,), (1,)),
)


def broadcasts(a: tuple, b: tuple) -> bool:
    """Torch's broadcasting rule: right-aligned sizes equal or one of them 1."""
    return all(x == y or 1 in (x, y) for x, y in zip(reversed(a), reversed(b), strict=False))


def _spellings(name: str) -> list:
    out = []
    for mod in (torch, torch.fft, torch.special, F):
        fn = getattr(mod, name, None)
        if callable(fn) and fn not in out:
            out.append(fn)
    meth = getattr(torch.Tensor, name, None)
    if callable(meth):
        out.append(meth)
    return out


def _err(call) -> str | None:
    """None when ``call()`` runs, else torch's error as ``Type: message``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except Exception as e:  # noqa: BLE001 - any refusal is what is measured
        return f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}"
    return None


def _dim_calls(name: str, pos: int | None, x: torch.Tensor, d: int) -> list:
    extra = {"unflatten": ((1,),), "nanquantile": (0.5,), "quantile": (0.5,)}.get(name, ())
    calls = []
    for fn in _spellings(name):
        if name == "unflatten":
            calls.append(lambda fn=fn: fn(x, d, (x.shape[d] if -x.dim() <= d < x.dim() else 1,)))
            continue
        calls.append(lambda fn=fn: fn(x, *extra, dim=d))
        if pos == 0 and not extra and name != "unflatten":
            calls.append(lambda fn=fn: fn(x, d))
    return calls


def measure() -> dict:
    refused: dict[str, dict] = {}
    errors: dict[str, str] = {}
    for name, pos in DIM_PROBES.items():
        if not _spellings(name):
            continue
        row: dict[int, tuple] = {}
        ran = False
        for rank in range(6):
            bad = []
            for d in DIMS:
                errs = [
                    _err(c)
                    for n in SIZES
                    for c in _dim_calls(name, pos, torch.randn((n,) * rank), d)
                ]
                if errs and all(e is not None for e in errs):
                    bad.append(d)
                    errors.setdefault(name, errs[0])
            if bad:
                row[rank] = tuple(bad)
            ran = ran or len(bad) < len(DIMS)
        if row and ran:  # an op that refuses every dim at every rank takes no ``dim`` at all
            refused[name] = row
    bcast: dict[str, str] = {}
    for name, kw in BROADCAST_PROBES.items():
        fns = _spellings(name)
        if not fns:
            continue
        keep, first = True, None
        for a, b in PAIRS:
            x, y = torch.rand(a) + 0.5, torch.rand(b) + 0.5
            errs = [_err(lambda fn=fn, x=x, y=y: fn(x, y)) for fn in fns]
            errs += [_err(lambda fn=fn, x=x, y=y, kw=kw: fn(x, **{kw: y})) for fn in fns]
            if broadcasts(a, b):
                keep = keep and all(e is None for e in errs)
            else:
                keep = keep and all(e is not None for e in errs)
                first = first or errs[0]
        if keep and first:
            bcast[name] = first
    return {
        "DIM_REFUSED": refused,
        "DIM_ERROR": {n: e for n, e in errors.items() if n in refused},
        "BROADCAST": bcast,
        "BROADCAST_KW": {n: BROADCAST_PROBES[n] for n in bcast},
        "DIM_POS": {n: DIM_PROBES[n] for n in refused},
    }


def _lit(v) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_lit(k)}: {_lit(x)}" for k, x in sorted(v.items())) + "}"
    if isinstance(v, tuple):
        return "(" + "".join(f"{_lit(x)}, " for x in v) + ")"
    return repr(v)


def render(t: dict) -> str:
    head = (
        '"""Generated by tools/gen_cover_table.py from torch '
        f"{torch.__version__.split('+')[0]}: do not edit by hand.\n\n"
        "``DIM_REFUSED[name][rank]``: the ``dim`` values every spelling of ``name`` refuses at\n"
        "that input rank, at every size probed (``DIM_ERROR[name]``: torch's error; ``DIM_POS``:\n"
        "``dim``'s position after the tensor when it may be positional, else None);\n"
        "``BROADCAST[name]``: torch's error when the two tensors do not broadcast (the second\n"
        "by position or by the keyword ``BROADCAST_KW[name]``).\n"
        '"""\n\n'
    )
    body = "# fmt: off\n"
    for key in ("DIM_REFUSED", "DIM_ERROR", "DIM_POS", "BROADCAST", "BROADCAST_KW"):
        body += f"{key} = {_lit(t[key])}\n"
    return head + body + "# fmt: on\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    torch.manual_seed(0)
    t = measure()
    if a.check:
        from driftcheck.parsers.source.forward import cover_table as ct

        now = {k: getattr(ct, k) for k in t}
        if now != t:
            print("cover_table differs from torch", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(render(t))
    subprocess.run([sys.executable, "-m", "ruff", "format", str(OUT)], check=False)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
