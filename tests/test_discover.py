"""`driftcheck compare <repo dir> <config>`: the model code in a repo is found and named."""

import shutil
from pathlib import Path

from driftcheck.parsers import kind_of
from driftcheck.parsers.discover import discover
from tests.conftest import ROOT, run_cli

DRIFT = ROOT / "examples" / "drift"


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "src" / "mypkg").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "src" / "mypkg" / "__init__.py").write_text("")
    shutil.copy(DRIFT / "tiny_encoder.py", repo / "src" / "mypkg" / "model.py")
    (repo / "src" / "mypkg" / "utils.py").write_text("def helper():\n    return 1\n")
    (repo / "tests" / "test_model.py").write_text(
        "import torch.nn as nn\n\n\nclass Decoy(nn.Module):\n    pass\n"
    )
    (repo / "src" / "mypkg" / "config.py").write_text(
        "from dataclasses import dataclass\n\n\n@dataclass\nclass EncoderConfig:\n    layers: int = 3\n"
    )
    shutil.copy(DRIFT / "bert-base-uncased.config.json", repo / "config.json")
    return repo


def test_discover_picks_model_code_config_and_config_class(tmp_path):
    repo = _repo(tmp_path)
    d = discover(repo, ["TinyEncoder"])
    assert d.code == repo / "src" / "mypkg" / "model.py"
    assert d.entry == "TinyEncoder"
    assert d.config == repo / "config.json"
    assert d.config_class == "src/mypkg/config.py::EncoderConfig"
    assert "picked code:" in d.summary()


def test_repo_with_code_below_the_top_is_code_not_a_model_dir(tmp_path):
    assert kind_of(str(_repo(tmp_path))) == "source"
    model_dir = tmp_path / "model_dir"
    model_dir.mkdir()
    shutil.copy(DRIFT / "bert-base-uncased.config.json", model_dir / "config.json")
    assert kind_of(str(model_dir)) == "config"


def test_compare_repo_against_config_says_what_it_picked(tmp_path):
    repo = _repo(tmp_path)
    r = run_cli("compare", str(repo), str(DRIFT / "bert-base-uncased.config.json"))
    assert r.returncode == 1, r.stderr
    assert "picked code: " in r.stderr and "model.py" in r.stderr
    assert "12" in r.stdout and "3" in r.stdout and "layer-count" in r.stdout


def test_compare_repo_without_modules_is_exit_2(tmp_path):
    repo = tmp_path / "empty"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "a.py").write_text("x = 1\n")
    r = run_cli("compare", str(repo), str(DRIFT / "bert-base-uncased.config.json"))
    assert r.returncode == 2
    assert "no nn.Module subclass" in r.stderr and "Traceback" not in r.stderr
