import os
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# the result cache (driftcheck/parsers/cache.py) of this test run stays out of the user's cache
os.environ.setdefault("DRIFTCHECK_CACHE_DIR", tempfile.mkdtemp(prefix="driftcheck-test-cache-"))


@pytest.fixture
def root() -> Path:
    return ROOT


def run_cli(*args: str, env: dict | None = None, cwd: str | None = None):
    """Run the real CLI in a subprocess; returns CompletedProcess (text)."""
    import subprocess

    e = dict(os.environ)
    if env:
        e.update(env)
    return subprocess.run(
        [sys.executable, "-m", "driftcheck", *args],
        capture_output=True,
        text=True,
        env=e,
        cwd=cwd or str(ROOT),
        timeout=300,
    )
