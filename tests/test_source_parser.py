"""The source parser on bad, hostile and tricky input, and its facts, ties and CLI route."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.parsers.source import parse_source


def write(tmp_path: Path, code: str, name: str = "model.py") -> Path:
    p = tmp_path / name
    p.write_text(textwrap.dedent(code))
    return p


def test_syntax_error_names_file_line_col(tmp_path):
    p = write(tmp_path, "import torch.nn as nn\nclass A(nn.Module):\n    def __init__(self:\n")
    with pytest.raises(DriftcheckError) as e:
        parse_source(p)
    assert e.value.where.startswith(f"{p}:3:")
    assert "syntax error" in e.value.message


def test_analyzed_code_never_runs(tmp_path):
    marker = tmp_path / "ran.txt"
    p = write(
        tmp_path,
        f"""
        import sys
        import torch.nn as nn
        open({str(marker)!r}, "w").write("executed")
        sys.exit(3)

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                open({str(marker)!r}, "w").write("executed")
                self.fc = nn.Linear(4, 5)
        """,
    )
    g = parse_source(p)
    assert g.params_total() == 4 * 5 + 5
    assert not marker.exists()


def test_infinite_loop_and_recursion_are_bounded(tmp_path):
    p = write(
        tmp_path,
        """
        import torch.nn as nn

        def forever(n):
            return forever(n + 1)

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                i = 0
                while True:
                    i += 1
        """,
    )
    # a bound hit is an honest unknown naming the bound and the class's file:line, never a
    # failure of the run (issue #16: exit 2 lost the file's other findings)
    g = parse_source(p)
    assert g.params_total() is None
    assert any("runs over" in n and f"{p}:" in n for n in g.notes), g.notes
    q = write(
        tmp_path,
        """
        import torch.nn as nn

        def forever(n):
            return forever(n + 1)

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(forever(1), 3)
        """,
        "rec.py",
    )
    g = parse_source(q)
    assert g.params_total() is None
    assert any("depth" in n and f"{q}:" in n for n in g.notes), g.notes


def test_deeply_nested_expression_is_an_error_not_a_crash(tmp_path):
    p = write(tmp_path, "x = " + "(" * 5000 + "1" + ")" * 5000 + "\n")
    with pytest.raises(DriftcheckError):
        parse_source(p)


def test_unknown_layer_gives_a_partial_graph_with_a_note(tmp_path):
    p = write(
        tmp_path,
        """
        import torch.nn as nn
        from somewhere_missing import MagicLayer

        class Net(nn.Module):
            def __init__(self, width=8):
                super().__init__()
                self.fc = nn.Linear(width, width)
                self.magic = MagicLayer(width)
        """,
    )
    g = parse_source(p)
    assert g.params_total() is None  # never a guess
    assert g.node("fc").params == {"in_features": 8, "out_features": 8}


def test_ambiguous_root_lists_candidates_and_entry_picks(tmp_path):
    p = write(
        tmp_path,
        """
        import torch.nn as nn

        class A(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(2, 3)

        class B(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 4, bias=False)
        """,
    )
    with pytest.raises(DriftcheckError, match=r"A, B"):
        parse_source(p)
    assert parse_source(p, entry="B").params_total() == 12
    with pytest.raises(DriftcheckError, match="no class 'C'"):
        parse_source(p, entry="C")


def test_unknown_condition_marks_layers_unresolved(tmp_path):
    p = write(
        tmp_path,
        """
        import os
        import torch.nn as nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                if os.environ.get("BIG"):
                    self.fc = nn.Linear(100, 100)
                else:
                    self.fc = nn.Linear(10, 10)
        """,
    )
    g = parse_source(p)
    assert g.params_total() is None
    assert any("condition" in u for u in g.node("root").unresolved)


def test_config_binding_locations_and_facts(tmp_path):
    p = write(
        tmp_path,
        """
        import torch.nn as nn

        class Block(nn.Module):
            def __init__(self, config):
                super().__init__()
                self.num_heads = config.heads
                self.fc = nn.Linear(config.width, config.width)

        class Net(nn.Module):
            def __init__(self, config):
                super().__init__()
                self.embed = nn.Embedding(config.vocab, config.width)
                self.layers = nn.ModuleList([Block(config) for _ in range(config.depth)])
        """,
    )
    cfg = {"width": 16, "vocab": 100, "depth": 3, "heads": 4}
    g = parse_source(p, config=cfg, config_path="config.json")
    assert g.params_total() == 100 * 16 + 3 * (16 * 16 + 16)
    assert g.fact("numLayers") == 3 and g.facts["numLayers"].loc.key == "depth"
    assert g.facts["numLayers"].loc.line == 14
    assert g.fact("vocabSize") == 100 and g.facts["vocabSize"].loc.key == "vocab"
    assert g.fact("numHeads") == 4 and g.facts["numHeads"].loc.key == "heads"
    block = next(n for n in g.nodes if n.repeat == 3)
    fc = next(n for n in g.nodes if n.parent == block.id and n.type == "Linear")
    assert fc.param_locs["in_features"].key == "width"
    assert fc.loc.line == 8


def test_tied_weights_and_shared_modules_count_once(tmp_path):
    p = write(
        tmp_path,
        """
        import torch.nn as nn

        class LM(nn.Module):
            def __init__(self):
                super().__init__()
                self.wte = nn.Embedding(50, 8)
                self.head = nn.Linear(8, 50, bias=False)
                self.head.weight = self.wte.weight
                shared = nn.Linear(8, 8)
                self.a = shared
                self.b = shared
        """,
    )
    g = parse_source(p)
    assert g.params_total() == 50 * 8 + 8 * 8 + 8
    assert g.node("head").tied == {"weight": "wte.weight"}
    assert g.fact("tieWordEmbeddings") is True


def test_relative_imports_across_a_package(tmp_path):
    pkg = tmp_path / "mypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    write(
        pkg, "import torch.nn as nn\nWIDTH = 12\nclass Layer(nn.Linear):\n    pass\n", "layers.py"
    )
    write(
        pkg,
        """
        import torch.nn as nn
        from .layers import WIDTH
        from . import layers as L

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Linear(WIDTH, 2)
                self.b = L.Layer(2, WIDTH)
        """,
        "model.py",
    )
    g = parse_source(pkg / "model.py")
    assert g.params_total() == (12 * 2 + 2) + (2 * 12 + 12)
    assert parse_source(pkg).params_total() == g.params_total()


def test_missing_path_and_bad_config():
    with pytest.raises(DriftcheckError, match="no such file"):
        parse_source("/nonexistent/model.py")


def test_cli_graph_json_and_errors(tmp_path):
    p = write(
        tmp_path,
        """
        import torch.nn as nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 7)
        """,
    )
    out = subprocess.run(
        [sys.executable, "-m", "driftcheck", "graph", str(p), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert '"params_total": 28' in out.stdout
    bad = write(tmp_path, "def (:\n", "bad.py")
    out = subprocess.run(
        [sys.executable, "-m", "driftcheck", "graph", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert f"{bad}:1:" in out.stderr


def test_oversized_file_is_refused(tmp_path):
    p = tmp_path / "huge.py"
    p.write_text("x = 1\n" * 800_000)  # 4.8 MB
    with pytest.raises(DriftcheckError, match="over the"):
        parse_source(p)


def test_non_utf8_file_is_an_error(tmp_path):
    p = tmp_path / "latin.py"
    p.write_bytes(b"# caf\xe9\nimport torch.nn as nn\n")
    with pytest.raises(DriftcheckError, match="UTF-8"):
        parse_source(p)
