"""Releases: one version everywhere, and the README's pre-commit snippet run by real pre-commit
against a tag (``rev: vX.Y.Z``) of a clone of this tree."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import driftcheck
from tests.conftest import ROOT

BROKEN = """import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim=100, heads=3):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads)

    def forward(self, x):
        return self.attn(x, x, x)[0]
"""


def _readme_block(heading: str, lang: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    at = text.index(f"## {heading}\n")
    return re.search(rf"```{lang}\n(.*?)```", text[at:], re.S).group(1)


def test_one_version_everywhere():
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert driftcheck.__version__ == version
    snippet = yaml.safe_load(_readme_block("pre-commit", "yaml"))
    assert snippet["repos"][0]["rev"] == f"v{version}"
    assert f"driftcheck/driftcheck@v{version}" in (ROOT / "README.md").read_text()
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert re.search(rf"^## v{re.escape(version)}\b", changelog, re.M)


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_readme_precommit_snippet_against_a_tag(tmp_path: Path):
    # the hook repository: this tree as it is now (tracked and new files), tagged as the
    # README pins it, the way a release is cut
    files = _git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    rels = [r for r in filter(None, files.split("\0")) if (ROOT / r).is_file()]
    digest = hashlib.sha256()
    for rel in sorted(rels):
        digest.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes())
    # one folder per tree content: pre-commit caches a hook env by (repo, rev), so an unchanged
    # tree reuses it and a changed one gets a fresh install
    cache = Path(os.environ.get("PRE_COMMIT_HOME", Path.home() / ".cache" / "pre-commit"))
    hooks_repo = cache.parent / "driftcheck-release-test" / digest.hexdigest()[:16]
    if hooks_repo.exists():
        shutil.rmtree(hooks_repo)
    for rel in rels:
        if not (ROOT / rel).is_symlink():
            dst = hooks_repo / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dst)
    _git(hooks_repo, "init", "-q")
    _git(hooks_repo, "-c", "user.email=t@e", "-c", "user.name=t", "add", "-A")
    _git(hooks_repo, "-c", "user.email=t@e", "-c", "user.name=t", "commit", "-qm", "release")
    snippet = yaml.safe_load(_readme_block("pre-commit", "yaml"))
    rev = snippet["repos"][0]["rev"]
    _git(hooks_repo, "tag", rev)

    # a user's project with the README's .pre-commit-config.yaml, pointed at the clone
    proj = tmp_path / "proj"
    (proj / "src").mkdir(parents=True)
    (proj / "src" / "model.py").write_text(BROKEN)
    (proj / "config.json").write_text(
        '{"model_type": "custom", "hidden_size": 100, "num_attention_heads": 4}\n'
    )
    snippet["repos"][0]["repo"] = str(hooks_repo)
    (proj / ".pre-commit-config.yaml").write_text(yaml.safe_dump(snippet, sort_keys=False))
    _git(proj, "init", "-q")
    _git(proj, "add", "-A")
    env = dict(os.environ)
    env.setdefault("PRE_COMMIT_HOME", str(Path.home() / ".cache" / "pre-commit"))
    env.pop("PYTHONPATH", None)  # the hooks run the installed tag, not this checkout
    res = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--all-files"],
        cwd=proj,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    out = res.stdout + res.stderr
    assert res.returncode == 1, out
    # both hooks ran from the tag: the verifier's blocker and the drift of 4 vs 3 heads
    assert re.search(r"driftcheck check .*Failed", out), out
    assert "ATT001" in out and "src/model.py:7" in out, out
    assert re.search(r"driftcheck compare .*Failed", out), out
    assert "numHeads" in out or "heads" in out, out
