"""Measure in torch the rank / square-matrix / ``ord`` conditions of matrix and 2-D FFT
functions, and write them as data for the forward pass
(``driftcheck/parsers/source/forward/matrix_table.py``; the static path never imports torch).

For each probed op name, every spelling that exists (``torch.<name>``, ``torch.linalg.<name>``,
``torch.fft.<name>``, ``Tensor.<name>``) is called with the tensor alone (plus the fixed extra
arguments a probe names, e.g. ``matrix_power``'s ``n`` for several ``n``) on float32 tensors:

- ``RANK_AT[name]``: the smallest rank at which a square input (all sizes 4) runs, kept only if
  every smaller rank raised under every spelling, extra argument and axis length (1, 2, 4, 5);
- ``SQUARE[name]``: True when every non-square input (last two sizes 3x4 and 4x3, with and
  without a batch axis) raised under every spelling and extra argument while the square ones ran;
- ``INIT_REFUSED[name]``: the ranks ``torch.nn.init.<name>`` refuses at every axis length
  probed (1, 2, 4, 5), with torch's error (``dirac_`` of a 2-D weight);
- ``ORD_REFUSED[name]``: for the ``ord`` keyword of a matrix norm, the probed values torch
  refuses on a 4x4 input (``VALUES`` lists the ones probed; one not in it is not judged).

An op whose spellings disagree is left out (the rule cannot tell them apart by name), and the
error text of the first refusal is kept for the message.

    python tools/gen_matrix_table.py          # rewrite the table
    python tools/gen_matrix_table.py --check  # exit 1 when torch disagrees with it
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
from pathlib import Path

import torch

OUT = Path(__file__).resolve().parents[1] / "driftcheck/parsers/source/forward/matrix_table.py"
# op name -> the extra positional argument tuples probed (() = the tensor alone)
PROBES: dict[str, tuple[tuple, ...]] = {
    **{
        n: ((),)
        for n in (
            "det",
            "slogdet",
            "logdet",
            "inv",
            "inv_ex",
            "inverse",
            "cholesky",
            "cholesky_ex",
            "eig",
            "eigvals",
            "eigh",
            "eigvalsh",
            "matrix_exp",
            "matrix_rank",
            "pinv",
            "pinverse",
            "svd",
            "svdvals",
            "qr",
            "lu",
            "lu_factor",
            "lu_factor_ex",
            "ldl_factor",
            "cond",
            "matrix_norm",
            "trace",
            "fft2",
            "ifft2",
            "rfft2",
            "irfft2",
            "hfft2",
            "ihfft2",
            "diagonal",
            "triu",
            "tril",
            "tr",
            "t",
            "diag_embed",
        )
    },  # fmt: skip
    "matrix_power": ((0,), (1,), (2,), (3,), (-1,)),
}
# ``torch.nn.init`` functions: name -> the extra positional arguments they need
INIT_PROBES: dict[str, tuple] = {
    **{n: () for n in ("dirac_", "eye_", "orthogonal_", "kaiming_normal_", "kaiming_uniform_",
                       "xavier_normal_", "xavier_uniform_", "zeros_", "ones_", "normal_",
                       "uniform_", "trunc_normal_")},
    "constant_": (0.5,),
    "sparse_": (0.5,),
}  # fmt: skip
# the values of ``ord`` probed for the matrix norms (ints, floats, inf, strings)
VALUES: tuple = (-3, -2, -1, 0, 1, 2, 3, 0.5, 1.5, math.inf, -math.inf, "fro", "nuc", "abc")
ORD_OPS = ("matrix_norm",)


def _spellings(name: str) -> list:
    out = []
    for mod in (torch, torch.linalg, torch.fft):
        fn = getattr(mod, name, None)
        if callable(fn):
            out.append(fn)
    meth = getattr(torch.Tensor, name, None)
    if callable(meth):
        out.append(meth)
    return out


def _runs(fn, x, extra) -> str | None:
    """None when ``fn(x, *extra)`` runs, else torch's error as ``Type: message``."""
    try:
        fn(x, *extra)
    except Exception as e:  # noqa: BLE001 - any refusal is what is measured
        return f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
    return None


def _square(shape: tuple) -> torch.Tensor:
    """A well-conditioned symmetric positive-definite batch of ``shape`` (sizes ``n x n``), so
    that factorisations needing it (``cholesky``) run; other ranks are random."""
    if len(shape) < 2:
        return torch.randn(shape)
    r = 0.1 * torch.randn(shape)
    return r + r.transpose(-1, -2) + 4 * torch.eye(shape[-1]).expand(shape)


def measure() -> dict:
    min_rank: dict[str, str] = {}
    rank_at: dict[str, int] = {}
    square: dict[str, str] = {}
    for name, extras in PROBES.items():
        fns = _spellings(name)
        if not fns:
            continue
        calls = [(fn, e) for fn in fns for e in extras]
        ok_at = None
        errs: list[str] = []
        for r in range(5):
            got = [_runs(fn, _square((4,) * r), e) for fn, e in calls]
            if all(g is None for g in got):
                ok_at = r
                break
            # below: refused under every spelling, extra argument and axis length
            sized = [_runs(fn, torch.randn((n,) * r), e) for n in (1, 2, 5) for fn, e in calls]
            if not all(g is not None for g in got + sized):
                break  # some spelling (or size) runs, another does not: left out
            errs.append(got[0])
        if ok_at is not None and ok_at > 0 and len(errs) == ok_at:
            rank_at[name] = ok_at
            min_rank[name] = errs[ok_at - 1]  # the error one rank below
        if ok_at is None or ok_at > 2:
            continue
        if not all(_runs(fn, _square(s), e) is None for fn, e in calls for s in SQUARE_SHAPES):
            continue
        bad = [_runs(fn, torch.randn(s), e) for fn, e in calls for s in NON_SQUARE]
        if all(b is not None for b in bad):
            square[name] = bad[0]
    ords: dict[str, dict] = {}
    for name in ORD_OPS:
        fns = _spellings(name)
        row = {}
        for v in VALUES:
            errs = [_runs_kw(fn, v) for fn in fns]
            if all(e is not None for e in errs):
                row[v] = errs[0]
            elif any(e is not None for e in errs):
                row = {}
                break  # spellings disagree: left out
        ords[name] = row
    inits: dict[str, dict] = {}
    for name, extra in INIT_PROBES.items():
        fn = getattr(torch.nn.init, name)
        refused = {}
        for r in range(6):
            errs = [_runs(fn, torch.empty((n,) * r), extra) for n in (1, 2, 4, 5)]
            if all(e is not None for e in errs):
                refused[r] = errs[2]
        if refused:
            inits[name] = refused
    return {
        "RANK_AT": rank_at,
        "MIN_RANK": min_rank,
        "SQUARE": square,
        "ORD_REFUSED": ords,
        "INIT_REFUSED": inits,
    }


SQUARE_SHAPES = ((4, 4), (2, 4, 4), (1, 1))
NON_SQUARE = ((3, 4), (4, 3), (1, 4), (4, 1), (2, 3, 4), (2, 5, 2))


def _runs_kw(fn, v) -> str | None:
    try:
        fn(_square((4, 4)), ord=v)
    except Exception as e:  # noqa: BLE001
        return f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
    return None


def _lit(v) -> str:
    """A Python literal for ``v``, with ``math.inf`` for infinities."""
    if isinstance(v, float) and math.isinf(v):
        return "math.inf" if v > 0 else "-math.inf"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_lit(k)}: {_lit(x)}" for k, x in v.items()) + "}"
    if isinstance(v, tuple):
        return "(" + "".join(f"{_lit(x)}, " for x in v) + ")"
    return repr(v)


def render(t: dict) -> str:
    head = (
        '"""Generated by tools/gen_matrix_table.py from torch '
        f"{torch.__version__.split('+')[0]}: do not edit by hand.\n\n"
        "``RANK_AT[name]``: the smallest rank every spelling of ``name`` runs at with its default\n"
        "axes (every smaller rank refused; ``MIN_RANK[name]`` is torch's error one rank below);\n"
        "``SQUARE[name]``: torch's error for non-square last two sizes; ``ORD_REFUSED[name]``:\n"
        "the probed ``ord`` values (``VALUES``) torch refuses, with its error;\n"
        "``INIT_REFUSED[name]``: the ranks ``torch.nn.init.<name>`` refuses at every size.\n"
        '"""\n\nimport math\n\n'
    )
    body = ""
    for key in ("RANK_AT", "MIN_RANK", "SQUARE", "ORD_REFUSED", "INIT_REFUSED"):
        body += f"{key} = {_lit(dict(sorted(t[key].items())))}\n"
    body += f"VALUES = {_lit(VALUES)}\n"
    body += f"PROBED = {_lit(tuple(sorted(PROBES)))}\n"
    return head + body


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    torch.manual_seed(0)
    t = measure()
    if a.check:
        from driftcheck.parsers.source.forward import matrix_table as mt

        now = {
            "RANK_AT": mt.RANK_AT,
            "MIN_RANK": mt.MIN_RANK,
            "SQUARE": mt.SQUARE,
            "ORD_REFUSED": mt.ORD_REFUSED,
            "INIT_REFUSED": mt.INIT_REFUSED,
        }
        if now != t:
            print("matrix_table differs from torch", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(render(t))
    subprocess.run([sys.executable, "-m", "ruff", "format", str(OUT)], check=False)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
