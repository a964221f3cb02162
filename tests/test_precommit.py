"""Real pre-commit runs this repo's hooks (``pre-commit try-repo``) in a temporary git repo."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

BROKEN = """import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim=100, heads=3):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(self.attn(x, x, x)[0])
"""

CLEAN = BROKEN.replace("heads=3", "heads=4")


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def _try_repo(repo: Path, hook: str, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.setdefault("PRE_COMMIT_HOME", str(Path.home() / ".cache" / "pre-commit"))
    return subprocess.run(
        [sys.executable, "-I", "-m", "pre_commit", "try-repo", str(ROOT), hook, *extra],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    r = tmp_path / "proj"
    r.mkdir()
    _git(r, "init", "-q")
    _git(r, "config", "user.email", "t@example.com")
    _git(r, "config", "user.name", "t")
    return r


def test_check_hook_fails_on_broken_model_and_passes_on_clean(repo: Path):
    model = repo / "model.py"
    model.write_text(BROKEN)
    _git(repo, "add", "model.py")
    bad = _try_repo(repo, "driftcheck-check")
    out = bad.stdout + bad.stderr
    assert bad.returncode == 1, out
    assert "model.py:7" in out and "ATT001" in out, out

    model.write_text(CLEAN)
    _git(repo, "add", "model.py")
    t0 = time.perf_counter()
    good = _try_repo(repo, "driftcheck-check")
    elapsed = time.perf_counter() - t0
    assert good.returncode == 0, good.stdout + good.stderr
    print(f"pre-commit try-repo driftcheck-check, hook env install included: {elapsed:.2f} s")


def test_compare_hook_reports_drift(repo: Path):
    (repo / "model.py").write_text(CLEAN)
    (repo / "config.json").write_text(
        '{"model_type": "custom", "hidden_size": 100, "num_attention_heads": 4}\n'
    )
    _git(repo, "add", "model.py", "config.json")
    res = _try_repo(repo, "driftcheck-compare", "--files", "model.py")
    # the hook needs --pair args: try-repo runs it without, which is a usage error (exit 2)
    assert res.returncode != 0
    assert "--pair" in res.stdout + res.stderr


def test_check_hook_imports_nothing_from_the_repository(repo: Path, tmp_path: Path):
    # issue #22: a repository planting modules named like every importable name (and a
    # driftcheck/ package) must not have any of them run by the hook
    from tests.test_action import _plant

    marks = tmp_path / "marks"
    marks.mkdir()
    (repo / "model.py").write_text(BROKEN)
    _git(repo, "add", "model.py")
    _plant(repo, marks)  # untracked: pre-commit passes only model.py to the hook
    res = _try_repo(repo, "driftcheck-check")
    assert res.returncode == 1 and "ATT001" in res.stdout + res.stderr, res.stdout + res.stderr
    assert sorted(p.name for p in marks.iterdir()) == []
