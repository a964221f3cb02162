"""Start-up cost: modules a small file's ``check`` never needs stay unimported.

``fractions`` (with ``decimal``) was imported by library/pybuiltins.py at start-up for one
isinstance test; a Fraction can only exist once ``fractions`` is imported, so pybuiltins asks
``sys.modules`` instead (test_drift13a's ``fraction_ratios`` still counts ``int(D *
Fraction(5, 2))`` as torch does). ``tomllib`` is imported only when a pyproject.toml is read.
"""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from benchmarks import installs

ROOT = Path(__file__).resolve().parent.parent
FILE = "benchmarks/wild/cases/perceiver_pytorch/perceiver_wrapped.py"  # a dev wild case


def test_a_check_imports_neither_fractions_nor_decimal():
    program = installs.cli("core").replace(
        "sys.exit(rc)",
        "print(sorted({'fractions', 'decimal', 'tomllib'} & set(sys.modules)), file=sys.stderr)\n"
        "sys.exit(rc)",
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), DRIFTCHECK_NO_CACHE="1")
    p = subprocess.run(
        [sys.executable, "-c", program, "check", FILE, "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert p.returncode in (0, 1), p.stderr[-2000:]
    assert p.stderr.strip().splitlines()[-1] == "[]"


def test_a_fraction_is_still_a_plain_scalar_to_the_builtins():
    from driftcheck.parsers.source.library.pybuiltins import _simple

    assert _simple(Fraction(7, 2)) and _simple(3) and _simple("a") and _simple(None)
    assert not _simple([1]) and not _simple(object())
