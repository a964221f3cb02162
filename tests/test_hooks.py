"""The pre-commit entry points, called directly as ``main(argv) -> int``."""

import json

import pytest

from driftcheck.hooks import check_main, compare_main
from tests.conftest import ROOT

DRIFT = ROOT / "examples" / "drift"


def test_check_hook_skips_files_without_modules(tmp_path):
    f = tmp_path / "util.py"
    f.write_text("def f():\n    return 1\n")
    assert check_main([str(f)]) == 0


def test_check_hook_fails_on_blocker(tmp_path, capsys):
    f = tmp_path / "m.py"
    f.write_text(
        "import torch.nn as nn\n\n\nclass M(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.a = nn.MultiheadAttention(10, 3)\n"
    )
    assert check_main([str(f)]) == 1
    assert "ATT001" in capsys.readouterr().out


def test_compare_hook_runs_pairs_covering_changed_files(capsys):
    code, cfg = DRIFT / "tiny_encoder.py", DRIFT / "bert-base-uncased.config.json"
    assert compare_main(["--pair", f"{code}={cfg}", str(code)]) == 1
    assert "layer-count" in capsys.readouterr().out
    # a commit that does not touch the code side skips the pair
    assert compare_main(["--pair", f"{code}={cfg}", str(ROOT / "README.md")]) == 0


def test_compare_hook_clean_pair_passes(tmp_path):
    cfg = json.loads((DRIFT / "bert-base-uncased.config.json").read_text())
    cfg["num_hidden_layers"], cfg["num_attention_heads"] = 3, 8
    p = tmp_path / "config.json"
    p.write_text(json.dumps(cfg))
    code = DRIFT / "tiny_encoder.py"
    assert compare_main(["--pair", f"{code}={p}", "--always"]) == 0


def test_compare_hook_needs_a_pair():
    with pytest.raises(SystemExit) as e:
        compare_main(["x.py"])
    assert e.value.code == 2


def test_check_file_with_several_models_checks_each(tmp_path, capsys):
    f = tmp_path / "multi.py"
    f.write_text(
        "import torch.nn as nn\n\n\nclass A(nn.Module):\n    def __init__(self):\n"
        "        super().__init__()\n        self.fc = nn.Linear(4, 4)\n\n\n"
        "class B(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.attn = nn.MultiheadAttention(10, 3)\n"
    )
    assert check_main([str(f)]) == 1
    out = capsys.readouterr().out
    assert "ATT001" in out and "multi.py:13" in out
    assert "multi.py::A: score" in out and "multi.py::B: score" in out
