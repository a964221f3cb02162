"""Report renderers: golden files for every format, SARIF against the 2.1.0 schema, exit codes.

Regenerate the golden files with ``DRIFTCHECK_UPDATE_GOLDEN=1 pytest tests/test_reports.py``
and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding, Location, Severity
from driftcheck.reports import FORMATS, ReportContext, exit_code, render

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
SUFFIX = {
    "text": "txt",
    "json": "json",
    "markdown": "md",
    "sarif": "sarif",
    "github": "txt",
    "concise": "txt",
}


def sarif_schema() -> dict:
    for base in (ROOT.parent / "shared" / "data", ROOT / "tests" / "data"):
        p = base / "sarif-schema-2.1.0.json"
        if p.is_file():
            return json.loads(p.read_text())
    pytest.fail("SARIF 2.1.0 schema missing from shared/data and tests/data")


def drift_findings() -> list[Finding]:
    cfg = "examples/drift/bert-base-uncased.config.json"
    code = str(ROOT / "examples" / "drift" / "tiny_encoder.py")  # absolute: made relative
    return [
        Finding(
            check_id="DRF005",
            name="param",
            kind="param",
            severity=Severity.major,
            attribute="multiHeadAttention.numHeads",
            message="multiHeadAttention.numHeads is 12 in config but 8 in tiny_encoder.py",
            values={"left": 12, "right": 8},
            locations=[
                Location(file=cfg, key="num_attention_heads", side="left"),
                Location(file=code, line=22, side="right"),
            ],
        ),
        Finding(
            check_id="DRF014",
            name="norm-eps",
            kind="norm-eps",
            severity=Severity.minor,
            attribute="layerNorm.eps",
            message="layerNorm.eps is 1e-12 in config but 1e-05 in code | odd, chars: 100%",
            values={"left": 1e-12, "right": 1e-05},
            locations=[
                Location(key="layer_norm_eps", side="left"),
                Location(file="/opt/models/x/modeling.py", line=7, column=4, side="right"),
            ],
        ),
        Finding(
            check_id="DRF001",
            name="layer-count",
            kind="layer-count",
            severity=Severity.major,
            attribute="model.numLayers",
            message="config has 12 layers, tiny_encoder.py has 3",
            values={"left": 12, "right": 3},
            locations=[
                Location(file=cfg, key="num_hidden_layers", side="left"),
                Location(file=code, line=40, side="right"),
            ],
            node="blocks",
        ),
        Finding(
            check_id="DRF015",
            name="rope",
            kind="rope",
            severity=Severity.info,
            attribute="model.ropeScaling",
            message="model.ropeScaling differs",
            values={"left": {"factor": 8.0, "rope_type": "llama3"}, "right": None},
            locations=[
                Location(file="hf:meta-llama/Llama-3.1-8B", key="rope_scaling", side="left")
            ],
        ),
    ]


def hardcoded_findings() -> list[Finding]:
    """``hardcoded-config`` as ``compare`` reports it for a fork of a transformers modeling
    file: a literal the built model does not use (minor) and one equal to the config (info)."""
    code = "remote/modeling_gemma3.py"
    cfg = "remote/config.json"
    ref = "/site-packages/transformers/models/gemma3/modeling_gemma3.py"
    return [
        Finding(
            check_id="DRF018",
            name="hardcoded-config",
            kind="hardcoded-config",
            severity=Severity.minor,
            attribute="model.hiddenSize",
            message=(
                "modeling_gemma3.py:107 hard-codes 4608 where transformers' "
                "models/gemma3/modeling_gemma3.py:107 reads config.hidden_size; config.json has "
                "text_config.hidden_size = 2304; the graphs built from both sides agree: the "
                "literal is not used by the model this config builds (as driftcheck reads it)"
            ),
            values={"left": 4608, "right": 2304},
            locations=[
                Location(file=code, line=107, column=28, side="left"),
                Location(file=cfg, key="text_config.hidden_size", side="right"),
            ],
            evidence=f"reference: {ref}:107 (Gemma3MLP.__init__)",
        ),
        Finding(
            check_id="DRF018",
            name="hardcoded-config",
            kind="hardcoded-config",
            severity=Severity.info,
            attribute="config.text_config.query_pre_attn_scalar",
            message=(
                "modeling_gemma3.py:260 hard-codes 256 where transformers' "
                "models/gemma3/modeling_gemma3.py:260 reads config.query_pre_attn_scalar; equal to "
                "text_config.query_pre_attn_scalar in config.json, but it will not follow a config "
                "that changes it"
            ),
            values={"left": 256, "right": 256},
            locations=[
                Location(file=code, line=260, column=25, side="left"),
                Location(file=cfg, key="text_config.query_pre_attn_scalar", side="right"),
            ],
            evidence=f"reference: {ref}:260 (Gemma3Attention.__init__)",
        ),
    ]


def check_findings() -> list[Finding]:
    return [
        Finding(
            check_id="SHP001",
            name="shape-mismatch",
            severity=Severity.blocker,
            message="Linear expected in_features=512, got input shape (B, 768)",
            locations=[Location(file="model.py", line=31, column=8)],
            node="head",
            evidence="fc.in_features=512 but the previous layer gives 768",
        ),
        Finding(
            check_id="CFG010",
            name="rope-scaling-invalid",
            severity=Severity.warning,
            message="rope_scaling has factor 0.5, below 1",
            locations=[Location(file="config.json", key="rope_scaling")],
        ),
        Finding(
            check_id="CST004",
            name="params-unknown",
            severity=Severity.info,
            message="the parameter count cannot be computed: 2 layers are unresolved",
        ),
    ]


CASES = {
    "drift": (
        drift_findings,
        ReportContext(
            command="compare",
            sources={"left": "examples/drift/bert-base-uncased.config.json", "right": "tiny.py"},
            root=ROOT,
            version="0.0.0-test",
        ),
    ),
    "check": (
        check_findings,
        ReportContext(command="check", sources={"input": "model.py"}, root=ROOT, version="0.0.0"),
    ),
    "empty": (list, ReportContext(command="compare", root=ROOT, version="0.0.0-test")),
    "hardcoded": (
        hardcoded_findings,
        ReportContext(
            command="compare",
            sources={"left": "remote/modeling_gemma3.py", "right": "remote/config.json"},
            root=ROOT,
            version="0.0.0-test",
        ),
    ),
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_golden(case: str, fmt: str) -> None:
    make, ctx = CASES[case]
    got = render(make(), fmt, ctx)
    path = GOLDEN / f"report_{case}.{fmt}.{SUFFIX[fmt]}"
    if os.environ.get("DRIFTCHECK_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got)
    assert path.is_file(), f"missing golden file {path}; run with DRIFTCHECK_UPDATE_GOLDEN=1"
    assert got == path.read_text()


@pytest.mark.parametrize("case", sorted(CASES))
def test_sarif_validates_against_schema(case: str) -> None:
    import jsonschema

    make, ctx = CASES[case]
    doc = json.loads(render(make(), "sarif", ctx))
    jsonschema.validate(doc, sarif_schema())
    results = doc["runs"][0]["results"]
    assert len(results) == len(make())
    rules = doc["runs"][0]["tool"]["driver"]["rules"]
    for r in results:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]


def test_sarif_places_code_line_first_and_config_key_as_logical_location() -> None:
    _, ctx = CASES["drift"]
    doc = json.loads(render(drift_findings(), "sarif", ctx))
    heads = doc["runs"][0]["results"][0]
    assert heads["level"] == "error"
    phys = heads["locations"][0]["physicalLocation"]
    assert phys == {
        "artifactLocation": {"uri": "examples/drift/tiny_encoder.py"},
        "region": {"startLine": 22},
    }
    rel = heads["relatedLocations"][0]
    assert "region" not in rel["physicalLocation"]
    assert rel["logicalLocations"][0]["fullyQualifiedName"] == "num_attention_heads"
    assert rel["message"]["text"] == "left: 12"


def test_json_roundtrips_findings() -> None:
    _, ctx = CASES["drift"]
    doc = json.loads(render(drift_findings(), "json", ctx))
    assert doc["summary"] == {
        "total": 4,
        "bySeverity": {"info": 1, "minor": 1, "major": 2},
        "worst": "major",
    }
    back = [Finding.model_validate(f) for f in doc["findings"]]
    assert [f.check_id for f in back][:2] == ["DRF005", "DRF001"]
    assert back[0].values == {"left": 12, "right": 8}


def test_github_escapes_properties_and_data() -> None:
    _, ctx = CASES["drift"]
    out = render(drift_findings(), "github", ctx).splitlines()
    eps = next(line for line in out if "norm-eps" in line)
    assert eps.startswith("::warning file=/opt/models/x/modeling.py,line=7,title=")
    assert "100%25" in eps and "odd, chars" in eps
    title = eps.split("title=", 1)[1].split("::", 1)[0]
    assert "," not in title and ":" not in title.replace("%3A", "")
    assert out[-1].startswith("::notice ")  # info -> notice, and worst first


def test_text_colour_only_when_asked() -> None:
    _, ctx = CASES["drift"]
    plain = render(drift_findings(), "text", ctx)
    assert "\x1b[" not in plain
    coloured = render(drift_findings(), "text", ReportContext(root=ROOT, color=True))
    assert "\x1b[1;31mmajor" in coloured


@pytest.mark.parametrize(
    ("fail_on", "severities", "want"),
    [
        ("minor", [], 0),
        ("minor", ["info"], 0),
        ("info", ["info"], 1),
        ("minor", ["minor"], 1),
        ("minor", ["warning"], 1),
        ("major", ["minor", "warning"], 0),
        ("major", ["blocker"], 1),
        ("MAJOR", ["major"], 1),
    ],
)
def test_exit_code(fail_on: str, severities: list[str], want: int) -> None:
    fs = [Finding(check_id="X", name="x", severity=Severity(s), message="m") for s in severities]
    assert exit_code(fs, fail_on) == want


def test_bad_format_and_fail_on_are_input_errors() -> None:
    with pytest.raises(DriftcheckError, match="unknown report format"):
        render([], "pdf")
    with pytest.raises(DriftcheckError, match="unknown severity"):
        exit_code([], "fatal")
