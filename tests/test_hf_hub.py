"""Hub ids through a populated local cache (never the network), and the no-torch static path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from transformers import BertConfig, GPT2Config

from benchmarks import installs
from driftcheck.errors import DriftcheckError
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.hf_source import parse_hub_id
from tests.conftest import run_cli

COMMIT_MAIN = "a" * 40
COMMIT_OLD = "b" * 40


def populate(cache: Path, repo: str, configs: dict[str, tuple[str, object]]) -> None:
    """Lay out ``cache`` like huggingface_hub's: refs/<name> -> snapshots/<commit>/config.json."""
    root = cache / ("models--" + repo.replace("/", "--"))
    for ref, (commit, cfg) in configs.items():
        snap = root / "snapshots" / commit
        snap.mkdir(parents=True, exist_ok=True)
        cfg.to_json_file(snap / "config.json")
        (root / "refs").mkdir(parents=True, exist_ok=True)
        (root / "refs" / ref).write_text(commit)


@pytest.fixture
def hub_cache(tmp_path, monkeypatch) -> Path:
    cache = tmp_path / "hub"
    populate(
        cache,
        "google-bert/bert-base-uncased",
        {"main": (COMMIT_MAIN, BertConfig()), "v0": (COMMIT_OLD, BertConfig(num_hidden_layers=6))},
    )
    populate(cache, "openai-community/gpt2", {"main": (COMMIT_MAIN, GPT2Config())})
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    return cache


def test_hub_id_from_cache_offline(hub_cache):
    g = load_config_graph("hf:google-bert/bert-base-uncased")
    assert g.origin.kind == "hub"
    assert g.facts["numLayers"].value == 12
    assert g.facts["numLayers"].loc.file == "hf:google-bert/bert-base-uncased/config.json"


def test_hub_revisions(hub_cache):
    old = load_config_graph("hf:google-bert/bert-base-uncased@v0")
    assert old.facts["numLayers"].value == 6
    by_commit = load_config_graph(f"hf:google-bert/bert-base-uncased@{COMMIT_OLD}")
    assert by_commit.facts["numLayers"].value == 6
    with pytest.raises(DriftcheckError, match="not in the local Hub cache"):
        load_config_graph("hf:google-bert/bert-base-uncased@v9")


def test_hub_exact_route_from_cache(hub_cache):
    g = load_config_graph("hf:openai-community/gpt2", exact=True)
    assert g.params_total() == 124_439_808 and g.origin.route == "torch-meta"


def test_missing_id_offline_is_one_line(hub_cache):
    with pytest.raises(DriftcheckError) as e:
        load_config_graph("hf:nobody/does-not-exist")
    assert "HF_HUB_OFFLINE" in e.value.one_line()
    assert e.value.where == "hf:nobody/does-not-exist"


@pytest.mark.parametrize("bad", ["hf:", "hf:a/b/c", "hf:../etc", "hf:org/name@bad rev", "hf:x y"])
def test_bad_hub_ids(bad):
    with pytest.raises(DriftcheckError, match="Hub model id|bad revision"):
        parse_hub_id(bad)


def test_hub_via_cli_subprocess(hub_cache):
    env = {"HF_HUB_CACHE": str(hub_cache), "HF_HUB_OFFLINE": "1"}
    ok = run_cli("graph", "hf:openai-community/gpt2", "--format", "json", env=env)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["facts"]["hiddenSize"]["value"] == 768
    missing = run_cli("graph", "hf:nobody/nothing", env=env)
    assert missing.returncode == 2
    assert missing.stderr.strip().count("\n") == 0
    assert missing.stderr.startswith("driftcheck: error: hf:nobody/nothing:")


def test_static_route_without_torch(tmp_path):
    """`driftcheck graph config.json` on the core install (``benchmarks/installs.py``: no torch;
    transformers read as source, never imported) takes the static route."""
    import subprocess

    path = tmp_path / "config.json"
    BertConfig().to_json_file(path)
    cmd = [sys.executable, "-c", installs.cli("core"), "graph", str(path), "--format", "json"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["origin"]["route"] == "static"
    assert data["facts"]["numLayers"]["value"] == 12
    # --exact needs torch: a clear exit 2
    cmd = [sys.executable, "-c", installs.cli("core"), "graph", str(path), "--exact"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "--exact needs torch and transformers" in done.stderr
