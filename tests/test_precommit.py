"""Real pre-commit runs this repo's hooks (``pre-commit try-repo``) in a temporary git repo."""

from __future__ import annotations

import json
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


PACKAGE = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "driftcheck")


def _hook_repo(tmp_path: Path) -> tuple[Path, str]:
    """This checkout's package and hook manifest as a one-commit repository (the working
    tree, uncommitted edits included), for a ``.pre-commit-config.yaml`` that names it."""
    src = tmp_path / "hooks-src"
    src.mkdir()
    for name in PACKAGE:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(p, src / name)
    _git(src, "init", "-q")
    _git(src, "add", "-A")
    _git(src, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "hooks")
    rev = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=src, capture_output=True, text=True, check=True
    ).stdout.strip()
    return src, rev


def _run_hooks(repo: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.setdefault("PRE_COMMIT_HOME", str(Path.home() / ".cache" / "pre-commit"))
    return subprocess.run(
        [sys.executable, "-I", "-m", "pre_commit", "run"],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )


def test_compare_hook_runs_when_either_side_changes(repo: Path, tmp_path: Path):
    """A pair code=config and a pair checkpoint=config: each commit that changes one file of
    a pair (the code, the config, the checkpoint) runs that pair; a commit changing neither
    (a README) runs nothing. Real pre-commit, this checkout's .pre-commit-hooks.yaml."""
    import torch
    from safetensors.torch import save_file

    src, rev = _hook_repo(tmp_path)
    cfg = {"model_type": "custom", "hidden_size": 100, "num_attention_heads": 4}
    (repo / "model.py").write_text(CLEAN)
    (repo / "config.json").write_text(json.dumps(cfg))
    w = {"attn.in_proj_weight": torch.zeros(300, 100), "attn.in_proj_bias": torch.zeros(300),
         "attn.out_proj.weight": torch.zeros(100, 100), "attn.out_proj.bias": torch.zeros(100),
         "norm.weight": torch.zeros(100), "norm.bias": torch.zeros(100)}  # fmt: skip
    save_file(w, str(repo / "model.safetensors"))
    (repo / "README.md").write_text("notes\n")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {src}\n  rev: {rev}\n  hooks:\n  - id: driftcheck-compare\n"
        "    args: [--pair, model.py=config.json, --pair, model.safetensors=model.py]\n"
    )
    _git(repo, "add", "-A")
    first = _run_hooks(repo)  # everything staged: both pairs run, and agree
    assert first.returncode == 0, first.stdout + first.stderr
    assert "Passed" in first.stdout, first.stdout
    _git(repo, "commit", "-qm", "start")

    def staged(path: str, text: str | None = None) -> subprocess.CompletedProcess:
        if text is not None:
            (repo / path).write_text(text)
        _git(repo, "add", path)
        return _run_hooks(repo)

    # a config-only change (8 heads) runs the code=config pair: drift, exit 1
    r = staged("config.json", json.dumps({**cfg, "num_attention_heads": 8}))
    assert r.returncode == 1 and "config.json" in r.stdout and "8" in r.stdout, r.stdout
    _git(repo, "checkout", "HEAD", "--", "config.json")
    # a checkpoint-only change (a narrower norm) runs the checkpoint=code pair
    save_file({**w, "norm.weight": torch.zeros(64)}, str(repo / "model.safetensors"))
    r = staged("model.safetensors")
    assert r.returncode == 1 and "norm.weight" in r.stdout, r.stdout
    _git(repo, "checkout", "HEAD", "--", "model.safetensors")
    # a change to neither side of any pair: the hook has no file to run on (or runs nothing)
    r = staged("README.md", "more notes\n")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Failed" not in r.stdout
