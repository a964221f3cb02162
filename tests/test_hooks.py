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


# --- which files the hook checks (hooks.analyses): model code as ``driftcheck check`` reads it


def _write(path, text):
    path.write_text(text)
    return str(path)


def test_check_hook_checks_a_script_that_builds_model(tmp_path, capsys):
    """A file with no ``nn.Module`` class that builds ``model`` at module level is checked (it
    was skipped before); torch agrees on the crash and on the clean build."""
    torch = pytest.importorskip("torch")
    import runpy

    broken = _write(
        tmp_path / "build.py",
        "import torch.nn as nn\n\nmodel = nn.Sequential(\n    nn.Linear(10, 10),\n"
        "    nn.MultiheadAttention(10, 3),\n)\n",
    )
    assert check_main([broken]) == 1
    assert "ATT001" in capsys.readouterr().out
    with pytest.raises(AssertionError):  # torch: embed_dim must be divisible by num_heads
        runpy.run_path(broken)
    clean = _write(tmp_path / "build_ok.py", open(broken).read().replace("10, 3)", "10, 2)"))
    assert check_main([clean]) == 0
    assert "build_ok.py: score" in capsys.readouterr().out
    assert isinstance(runpy.run_path(clean)["model"], torch.nn.Module)


def test_check_hook_script_building_a_local_module_counts_as_torch(tmp_path, monkeypatch, capsys):
    """``model = Net(...)`` of a local module: the hook checks it, and ``check`` counts what
    torch counts."""
    pytest.importorskip("torch")
    import runpy

    from driftcheck.cli import main as cli_main

    _write(
        tmp_path / "nets.py",
        "import torch.nn as nn\n\n\nclass Net(nn.Module):\n    def __init__(self, d, depth):\n"
        "        super().__init__()\n        self.blocks = nn.ModuleList(nn.Linear(d, d) for _ in "
        "range(depth))\n        self.head = nn.Linear(d, 3)\n",
    )
    script = _write(tmp_path / "train.py", "from nets import Net\n\nmodel = Net(16, depth=4)\n")
    assert check_main([script]) == 0
    assert "train.py: score" in capsys.readouterr().out
    assert cli_main(["check", script, "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)["params_total"]
    monkeypatch.syspath_prepend(str(tmp_path))
    model = runpy.run_path(script)["model"]
    assert got == sum(p.numel() for p in model.parameters()) == 4 * (16 * 16 + 16) + 16 * 3 + 3


def test_check_hook_passes_an_honest_unknown_with_its_note(tmp_path, capsys):
    """A model the code cannot show (a library that is not installed) is no failure: exit 0,
    the output names the statement's line; its parameter count is null, not a guess."""
    from driftcheck.cli import main as cli_main

    f = _write(
        tmp_path / "unk.py",
        "import torch\nimport not_installed_lib\n\nmodel = not_installed_lib.build(4)\n",
    )
    assert check_main([f]) == 0
    out = capsys.readouterr().out
    assert "unk.py:4" in out and "unk.py: score" in out
    assert cli_main(["check", f, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["params_total"] is None
    assert any("unk.py:4" in n for n in data["notes"]), data["notes"]


def test_check_hook_skips_plain_files_without_parsing_them(tmp_path, capsys):
    """torch utility files bind names to calls but build no ``model``: skipped on their text
    (no parse, nothing run), as is a ``model`` built only under ``__main__`` (``check`` does not
    take it either: importing the file would not build it)."""
    util = _write(
        tmp_path / "util.py",
        "import logging\nimport torch\n\nlogger = logging.getLogger(__name__)\n"
        'DEVICE = torch.device("cpu")\nx = torch.zeros(3)\n\n\ndef load(model, path):\n'
        "    model.load_state_dict(torch.load(path))\n    return model\n",
    )
    main_only = _write(
        tmp_path / "run.py",
        'import torch.nn as nn\n\nif __name__ == "__main__":\n    model = nn.MultiheadAttention(10, 3)\n',
    )
    from driftcheck import hooks

    assert not hooks.analyses(util) and not hooks._MODEL_HINT.search(open(util).read())
    assert not hooks.analyses(main_only)
    assert check_main([util, main_only]) == 0
    assert capsys.readouterr().out == ""


def test_check_hook_never_fails_on_a_file_that_is_not_model_code(tmp_path, capsys):
    """A pydantic ``class User(BaseModel)`` passes the hook's text filter; ``check`` finds no
    model and the hook notes it, instead of exit 2 for the whole batch (as before). The model
    file next to it is still judged."""
    pyd = _write(
        tmp_path / "schema.py",
        "from pydantic import BaseModel\n\n\nclass User(BaseModel):\n    name: str\n",
    )
    broken = _write(
        tmp_path / "m.py",
        "import torch.nn as nn\n\nmodel = nn.MultiheadAttention(10, 3)\n",
    )
    assert check_main([pyd]) == 0
    assert "schema.py: skipped" in capsys.readouterr().out
    assert check_main([pyd, broken]) == 1
    out = capsys.readouterr().out
    assert "ATT001" in out and "schema.py: skipped" in out


@pytest.mark.parametrize(
    "src",
    [
        "model = f()",
        "model: nn.Module = f()",
        "net, model = f()",
        "model += 1",
        "with ctx():\n    model = f()",
        "try:\n    model = f()\nexcept ImportError:\n    model = g()",
        "if USE:\n    pass\nelse:\n    model = f()",
        'if __name__ == "__main__":\n    model = f()',
        "models = f()",
        "self_model = f()",
        "def build():\n    model = f()\n    return model",
        "for model in f():\n    pass",
        "model == f()",
        "print(model)",
    ],
)
def test_binds_model_agrees_with_the_analyzer(src, tmp_path):
    """The hook's copy of ``analyze.binds`` answers as the analyzer does, and its text pre-filter
    lets every binding through to the parse."""
    import ast

    from driftcheck import hooks
    from driftcheck.parsers.source.analyze import ROOT_NAME, binds

    assert hooks.ROOT_NAME == ROOT_NAME
    for st in ast.parse(src).body:
        assert hooks.binds_model(st) == binds(st, ROOT_NAME), src
    f = _write(tmp_path / "x.py", src + "\n")
    want = any(binds(st, ROOT_NAME) for st in ast.parse(src).body)
    assert hooks.analyses(f) == want, src
