"""`driftcheck check / checks / explain`, suppression comments, [tool.driftcheck], docs, score."""

import json
import subprocess
import sys
import textwrap

import pytest

from driftcheck.cli import main
from driftcheck.verifier import VerifyOptions, all_checks, verify
from driftcheck.verifier.build import L, seq
from driftcheck.verifier.docs import markdown
from tests.conftest import ROOT

EXAMPLE = str(ROOT / "examples" / "tiny_mlp.graph.json")


def run(capsys, *args):
    rc = main(list(args))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_clean_graph_exits_0_and_bad_input_shape_exits_1(capsys):
    rc, out, _ = run(capsys, "check", EXAMPLE)
    assert rc == 0 and "score" in out
    rc, out, _ = run(capsys, "check", EXAMPLE, "--input-shape", "2,100")
    assert rc == 1
    assert "SHP001" in out and "mlp.fc1 (Linear)" in out and "x (Input)" in out
    assert "(2, 100)" in out and "in_features=784" in out


def test_hand_built_graph_with_duplicate_ids_is_a_finding_not_a_crash(tmp_path, capsys):
    data = json.loads(open(EXAMPLE).read())
    data["nodes"].append(dict(data["nodes"][2]))  # fc1 again
    path = tmp_path / "dup.graph.json"
    path.write_text(json.dumps(data))
    rc, out, err = run(capsys, "check", str(path), "--format", "json")
    assert rc == 1, err
    ids = [f["check_id"] for f in json.loads(out)["findings"]]
    assert "STR003" in ids


def test_input_errors_exit_2_with_one_line(tmp_path, capsys):
    rc, _, err = run(capsys, "check", str(tmp_path / "missing.py"))
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "no such file" in err
    rc, _, err = run(capsys, "check", EXAMPLE, "--input-shape", "2,x,,")
    assert rc in (1, 2)  # a symbol is a valid dim; the check then runs
    rc, _, err = run(capsys, "explain", "NOPE123")
    assert rc == 2 and "no check" in err


@pytest.mark.parametrize("fmt", ["sarif", "github", "markdown", "json"])
def test_formats(fmt, capsys):
    rc, out, _ = run(capsys, "check", EXAMPLE, "--input-shape", "2,100", "--format", fmt)
    assert rc == 1
    if fmt == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        assert any(r["ruleId"] == "SHP001" for r in results)
    elif fmt == "github":
        assert any(line.startswith("::error") and "SHP001" in line for line in out.splitlines())
    else:
        assert "SHP001" in out


MODEL = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 32)
        self.drop = nn.Dropout(1.5){comment}
        self.head = nn.Linear(32, 4)
"""


def _model(tmp_path, comment=""):
    path = tmp_path / "model.py"
    path.write_text(MODEL.format(comment=comment))
    return str(path)


def test_source_file_blocker_and_suppression_comment(tmp_path, capsys):
    rc, out, _ = run(capsys, "check", _model(tmp_path))
    assert rc == 1 and "LAY001" in out and "model.py:8" in out
    rc, out, _ = run(capsys, "check", _model(tmp_path, "  # driftcheck: ignore[LAY001]"))
    assert rc == 0 and "LAY001" not in out and "1 suppressed" in out
    rc, out, _ = run(capsys, "check", _model(tmp_path, "  # driftcheck: ignore[SHP001]"))
    assert rc == 1  # another id does not silence it
    rc, out, _ = run(capsys, "check", _model(tmp_path, "  # driftcheck: ignore"))
    assert rc == 0


def _project(tmp_path, section):
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent(section))
    return _model(tmp_path)


def test_pyproject_section_disables_and_overrides(tmp_path, capsys):
    path = _project(tmp_path, '[tool.driftcheck]\ndisable = ["dropout-probability-range"]\n')
    rc, out, _ = run(capsys, "check", path)
    assert rc == 0 and "LAY001" not in out
    path = _project(tmp_path, '[tool.driftcheck.severity]\nLAY001 = "warning"\n')
    rc, out, _ = run(capsys, "check", path)
    assert rc == 0 and "warning" in out and "LAY001" in out
    path = _project(
        tmp_path,
        '[tool.driftcheck]\nfail-on = "warning"\n[tool.driftcheck.severity]\nLAY001 = "warning"\n',
    )
    assert run(capsys, "check", path)[0] == 1


@pytest.mark.parametrize(
    "section,needle",
    [
        ('[tool.driftcheck]\ndisabel = ["X"]\n', "unknown key 'disabel'"),
        ('[tool.driftcheck]\ndisable = ["NOPE999"]\n', "no check 'NOPE999'"),
        ('[tool.driftcheck]\ngpu = "Z80"\n', "unknown GPU"),
        ('[tool.driftcheck.severity]\nLAY001 = "loud"\n', "unknown severity"),
        ("[tool.driftcheck.thresholds]\nmax_dropot = 1\n", "unknown threshold"),
        ("[tool.driftcheck\n", "invalid TOML"),
    ],
)
def test_pyproject_typos_are_errors(tmp_path, capsys, section, needle):
    path = _project(tmp_path, section)
    rc, _, err = run(capsys, "check", path)
    assert rc == 2 and needle in err and "pyproject.toml" in err


def test_checks_and_explain(capsys):
    rc, out, _ = run(capsys, "checks")
    assert rc == 0 and f"{len(all_checks())} checks" in out and len(all_checks()) >= 60
    rc, out, _ = run(capsys, "checks", "--format", "json")
    assert {c["id"][:3] for c in json.loads(out)} == {
        "SHP",
        "STR",
        "ATT",
        "MOE",
        "LAY",
        "CST",
        "CFG",
        "SML",
        "IMP",
    }
    for key in ("SHP002", "conv-into-linear", "shp002"):
        rc, out, _ = run(capsys, "explain", key)
        assert rc == 0
        for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
            assert heading in out
        assert "SHP002: " in out  # the finding the example produces


def test_docs_page_is_generated_from_the_checks():
    assert (ROOT / "docs" / "checks.md").read_text() == markdown(), (
        "regenerate: python -m driftcheck.verifier.docs > docs/checks.md"
    )


def test_check_command_stays_light():
    code = (
        "import sys; from driftcheck.cli import main; "
        f"main(['check', {EXAMPLE!r}, '--format', 'json']); "
        "print('HEAVY' if any(m in sys.modules for m in ('torch', 'transformers')) else 'LIGHT',"
        " file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stderr.strip().endswith("LIGHT"), out.stderr


def test_verify_is_deterministic_and_scores():
    g = seq((2, 8), *(L("LayerNorm", normalized_shape=8) for _ in range(4)))
    a, b = verify(g), verify(g)
    assert a.model_dump() == b.model_dump()
    # the seed's bench gave a chain of layer norms 100; it is not a clean model
    assert a.score < 100 and "SML003" in a.ids()
    clean = seq((2, 8), L("Linear", in_features=8, out_features=8), L("ReLU"))
    assert verify(clean).score == 100 and verify(clean).reward == 1.0
    broken = seq((2, 8), L("Linear", in_features=9, out_features=8))
    r = verify(broken)
    assert not r.ok and r.score <= 40 and r.components["buildable"] == 0.0
    assert verify(broken, VerifyOptions.make(disable=["SHP"])).ok


def test_gqa_attention_counts_parameters():
    g = seq((2, 5, 64), L("Attention", hidden_size=64, num_heads=8, num_kv_heads=2))
    from driftcheck.graph.cost import estimate

    # q (64x64) + k, v (64x16 each) + o (64x64), no bias
    assert estimate(g).params == 64 * 64 + 2 * 64 * 16 + 64 * 64 == g.params_total()


def test_config_json_through_the_hf_route(tmp_path, capsys):
    cfg = {
        "model_type": "llama",
        "architectures": ["LlamaForCausalLM"],
        "hidden_size": 256,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "num_hidden_layers": 2,
        "intermediate_size": 512,
        "vocab_size": 1000,
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    rc, out, _ = run(capsys, "check", str(path))
    assert rc == 0, out
    cfg["num_key_value_heads"] = 3  # 8 heads cannot share 3 KV heads
    path.write_text(json.dumps(cfg))
    rc, out, _ = run(capsys, "check", str(path))
    assert rc == 1 and "CFG008" in out
