"""Property-based fuzzing of every entry point, bounded for CI (issue 22).

Each property draws inputs (``tests/fuzz_inputs.py``: model code, syntactically valid Python
from hypothesmith, configs, serving manifests, safetensors and GGUF bytes, pairs for compare),
writes them to a fresh folder and runs the CLI as a user would -- ``driftcheck.cli.main`` with
an argv, in-process -- and asserts the contract of every command: exit code 0, 1 or 2, never a
traceback, never the internal-error catch-all, and on exit 2 exactly one line on stderr saying
what and where. ``derandomize=True`` makes the examples the same on every run (CI is
deterministic; the long, random campaign is ``benchmarks/fuzz_campaign.py``).
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from driftcheck.cli import main
from tests.fuzz_inputs import (
    Case,
    compare_case,
    config_case,
    gguf_case,
    manifest_case,
    python_case,
    safetensors_case,
)


def run_case(case: Case) -> tuple[int, str, str]:
    """Write the case's files to a fresh folder and run ``main(argv)`` there."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in case.files.items():
            (Path(tmp) / name).write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        cwd = os.getcwd()
        os.chdir(tmp)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                rc = main(list(case.argv))
        finally:
            os.chdir(cwd)
    return rc, out.getvalue(), err.getvalue()


def check_contract(case: Case) -> None:
    rc, out, err = run_case(case)
    shown = f"{case.entry} {case.argv}: rc={rc} stderr={err[:400]!r}"
    assert rc in (0, 1, 2), shown
    assert "Traceback (most recent call last)" not in err + out, shown
    assert "internal error" not in err, shown
    if rc == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("driftcheck: error: "), shown


def fuzz_settings(n: int):
    return settings(
        max_examples=n,
        deadline=10_000,  # ms per example: a generous bound on a shared 2-core machine
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.fixture(autouse=True)
def _quiet_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_CACHE_DIR", str(tmp_path / "cache"))


@fuzz_settings(30)
@given(python_case())
def test_model_code(case):
    check_contract(case)


@fuzz_settings(8)
@given(python_case(grammar=True))
def test_any_valid_python(case):
    check_contract(case)


@fuzz_settings(12)
@given(config_case())
def test_configs(case):
    check_contract(case)


@fuzz_settings(60)
@given(manifest_case())
def test_serving_manifests(case):
    check_contract(case)


@fuzz_settings(60)
@given(safetensors_case())
def test_safetensors_headers(case):
    check_contract(case)


@fuzz_settings(60)
@given(gguf_case())
def test_gguf_headers(case):
    check_contract(case)


@fuzz_settings(8)
@given(compare_case())
def test_compare_pairs(case):
    check_contract(case)
