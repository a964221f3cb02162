"""reimplfix39a (issue #17): Windows' standard environment variables under
``--assume-env-defaults``, the hybrid layer pattern fact, negative axes placed by the view's rank
(``canon``), and clean probe ports (``tests/reimpl_probe39``).

Every count is checked against torch (CPU or meta device), every plant is real in torch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _torch_count(code: Path, env: dict) -> int:
    """The parameter count torch builds from ``code`` under the environment ``env``."""
    prog = (
        "import runpy,sys\n"
        "ns = runpy.run_path(sys.argv[1])\n"
        "print(sum(p.numel() for p in ns['model'].parameters()))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", prog, str(code)], capture_output=True, text=True, env=env
    )
    assert out.returncode == 0, out.stderr[-400:]
    return int(out.stdout.split()[-1])


def _check_totals(code: Path) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", str(code), "--assume-env-defaults"]
        + ["--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    import re

    return re.findall(r'"params_total": (\w+)', out.stdout)


@pytest.mark.parametrize(
    "key", ["USERPROFILE", "SystemRoot", "TEMP", "COMPUTERNAME", "APPDATA", "Path"]
)
def test_windows_standard_variables_never_assumed_unset(tmp_path, key):
    """Windows sets these at every launch (and matches keys in any case): under
    --assume-env-defaults their absence is not assumed (torch run as a Windows launch has them
    set and builds another model than the clean-environment reading would); the size stays
    unknown."""
    pytest.importorskip("torch")
    code = tmp_path / "m.py"
    code.write_text(
        "import os\nimport torch.nn as nn\n"
        f"h = 8 if os.environ.get({key!r}) else 4\nw = 3 if {key!r} in os.environ else 5\n"
        "model = nn.Linear(h, w, bias=False)\n"
    )
    base = {k: v for k, v in os.environ.items() if k.upper() != key.upper()}
    # a Windows launch holds the variable (POSIX's os.environ is case-sensitive: the key as
    # written stands for Windows' case-insensitive lookup)
    assert _torch_count(code, dict(base, **{key: "C:\\x"})) == 24
    if key.upper() not in ("PATH",):
        assert _torch_count(code, base) == 20  # the clean reading: another model
    totals = _check_totals(code)
    assert totals and all(t == "null" for t in totals), totals


def test_unlisted_variable_still_takes_its_default(tmp_path):
    """The set does not swallow every key: a project's own variable is still read as unset."""
    pytest.importorskip("torch")
    code = tmp_path / "m.py"
    code.write_text(
        "import os\nimport torch.nn as nn\n"
        "h = int(os.environ.get('MY_WIDTH39', '6'))\n"
        "model = nn.Linear(h, 2, bias=False)\n"
    )
    base = {k: v for k, v in os.environ.items() if k != "MY_WIDTH39"}
    assert _torch_count(code, base) == 12
    totals = _check_totals(code)
    assert totals and all(t == "12" for t in totals), totals
