"""One generic test for every rule of every command (``driftcheck.rules``), and ``explain``
for every id any output can contain.

Every rule's examples run through the command the rule belongs to (the verifier for checks,
the drift service for DRF and SRV): an invalid example must report the rule's id, a valid one
must not. A check's invalid example must fire no other check at warning level or above (one
bug, one finding) and a valid one none at all; a compare rule's finding has one of the
severities its record lists.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from driftcheck.cli import main
from driftcheck.findings import Severity
from driftcheck.rules import all_rules, example_findings, explain, get_rule, is_check

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

CASES = [
    pytest.param(r, kind, k, ex, id=f"{r.id}-{r.name}-{kind}{k}")
    for r in all_rules()
    for kind, exs in (("valid", r.valid), ("invalid", r.invalid))
    for k, ex in enumerate(exs)
]


def _loud(findings):
    return sorted({f.check_id for f in findings if f.severity.rank >= Severity.warning.rank})


@pytest.mark.parametrize("rule,kind,k,ex", CASES)
def test_rule_example(rule, kind, k, ex):
    found = example_findings(rule, ex)
    fired = {f.check_id for f in found}
    if kind == "invalid":
        assert rule.id in fired, [f"{f.check_id}: {f.message}" for f in found]
        mine = next(f for f in found if f.check_id == rule.id)
        assert mine.message
        if is_check(rule):
            others = [i for i in _loud(found) if i != rule.id]
            assert not others, [f"{f.check_id}: {f.message}" for f in found]
            assert mine.severity == rule.severity
        else:
            assert all(f.severity in rule.severities for f in found if f.check_id == rule.id)
    else:
        assert rule.id not in fired, [f.message for f in found if f.check_id == rule.id]
        if is_check(rule):
            assert not _loud(found), [f"{f.check_id}: {f.message}" for f in found]


def test_every_rule_has_examples_and_docs():
    rules = all_rules()
    assert {r.id[:3] for r in rules} >= {"SHP", "CFG", "DRF", "SRV"}
    for r in rules:
        assert r.valid and r.invalid, r.id
        assert r.what and r.why and r.fix, r.id


def test_every_drift_kind_has_a_rule():
    """The matcher's kind -> id table and the records agree: no kind reaches a report without
    a record ``explain`` can print."""
    from driftcheck.drift import unread
    from driftcheck.drift.kinds import DRIFT_RULES
    from driftcheck.graph.match.policy import KIND_IDS

    kinds = {v: k for k, v in KIND_IDS.items()} | {unread.CHECK_ID: unread.KIND}  # the drift
    # service's own kind besides the matcher's (drift/unread.py holds its id)
    assert {r.id: r.name for r in DRIFT_RULES} == kinds


def test_explain_finds_rules_by_id_name_kind_and_old_id(capsys):
    for key in ("SRV001", "srv001", "max-model-len-exceeds-context", "DRF005", "param"):
        assert get_rule(key).id in ("SRV001", "DRF005")
    assert get_rule("DRIFT-LAYER-COUNT").id == "DRF001"
    assert main(["explain", "SRV001"]) == 0
    out = capsys.readouterr().out
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
        assert heading in out
    assert "SRV001: vLLM serves" in out  # the finding the invalid example produces


def test_every_rule_name_is_one_rule(capsys):
    """No name twice across checks and compare rules: ``explain NAME`` and the selectors find
    one rule (CST006 and SRV002 once shared ``tp-not-dividing-heads``)."""
    names = [r.name for r in all_rules()]
    assert len(names) == len(set(names))
    for rid in ("CST006", "SRV002"):
        r = get_rule(rid)
        assert get_rule(r.name).id == rid
        assert main(["explain", r.name]) == 0
        assert rid in capsys.readouterr().out


_ID = re.compile(r"\b([A-Z]{3}\d{3}|DRIFT-[A-Z-]+|DC-[A-Z]+\d+)\b")


def _ids_in_goldens() -> set[str]:
    out: set[str] = set()
    for path in (ROOT / "tests" / "golden").iterdir():
        text = path.read_text(encoding="utf-8")
        if path.suffix in (".json", ".sarif"):
            data = json.loads(text)
            if "findings" in data:
                out |= {f["check_id"] for f in data["findings"]}
            for run in data.get("runs", []):
                out |= {r["id"] for r in run["tool"]["driver"].get("rules", [])}
                out |= {r["ruleId"] for r in run.get("results", [])}
        out |= set(_ID.findall(text))
    return out


def _ids_of_runs(capsys) -> set[str]:
    """Every id ``compare`` prints over the shipped examples and ``check`` over the test data."""
    serving = EXAMPLES / "serving"
    pairs = [
        (
            EXAMPLES / "drift" / "bert-base-uncased.config.json",
            EXAMPLES / "drift" / "tiny_encoder.py",
        )
    ]
    pairs += [
        (serving / "config.json", p) for p in sorted(serving.iterdir()) if p.name != "config.json"
    ]
    runs = [["compare", str(a), str(b)] for a, b in pairs]
    zoo = sorted((ROOT / "tests" / "zoo").glob("*.py")) + sorted(
        (ROOT / "tests" / "data").rglob("*.py")
    )
    runs += [
        [
            "check",
            str(EXAMPLES / "tiny_mlp.graph.json"),
            str(EXAMPLES / "drift" / "tiny_encoder.py"),
            *map(str, zoo),
        ]
    ]
    out: set[str] = set()
    capsys.readouterr()
    for args in runs:
        assert main([*args, "--format", "json"]) in (0, 1), args
        out |= {f["check_id"] for f in json.loads(capsys.readouterr().out)["findings"]}
    return out


def test_explain_knows_every_id_any_output_contains(capsys):
    from driftcheck.errors import DriftcheckError

    golden = _ids_in_goldens()
    ran = _ids_of_runs(capsys)
    assert {"SRV001", "DRF001", "DRF005"} <= ran, ran  # the runs reach compare's rules
    unknown = []
    for rule_id in sorted(golden | ran):
        try:
            assert get_rule(rule_id).id == rule_id
        except (DriftcheckError, AssertionError):
            unknown.append(rule_id)
    assert not unknown, unknown


def test_explain_knows_the_ids_of_every_linter_output(capsys, tmp_path):
    """The linter's outputs (concise, html, a baseline file) carry the same registry ids as
    json, for compare and check alike: no format prints an id ``explain`` does not know."""
    drift = EXAMPLES / "drift"
    runs = [
        ["compare", str(drift / "bert-base-uncased.config.json"), str(drift / "tiny_encoder.py")],
        ["check", str(drift / "tiny_encoder.py"), str(ROOT / "tests" / "zoo")],
    ]
    capsys.readouterr()
    for k, args in enumerate(runs):
        assert main([*args, "--format", "json"]) in (0, 1), args
        want = {f["check_id"] for f in json.loads(capsys.readouterr().out)["findings"]}
        assert want, args
        outputs = {}
        for fmt in ("concise", "html") if args[0] == "compare" else ("concise",):
            assert main([*args, "--format", fmt]) in (0, 1), (args, fmt)
            outputs[fmt] = capsys.readouterr().out
        base = tmp_path / f"baseline{k}.json"
        assert main([*args, "--baseline", str(base)]) == 0  # the first run writes it
        capsys.readouterr()
        outputs["baseline"] = base.read_text()
        rules = {e["rule"] for e in json.loads(outputs["baseline"])["findings"]}
        assert rules == want, (args, rules)
        for fmt, text in outputs.items():
            got = set(_ID.findall(text))
            assert got == want, (args, fmt, sorted(got ^ want))
            assert all(get_rule(i).id == i for i in got), (args, fmt)


def test_rules_page_is_generated_from_the_records():
    from driftcheck.rules import markdown

    assert (ROOT / "docs" / "rules.md").read_text() == markdown(), (
        "regenerate: python -m driftcheck.rules > docs/rules.md"
    )


def test_explain_prints_every_compare_rule():
    for r in all_rules():
        if not is_check(r):
            text = explain(r)
            assert text.startswith(f"# {r.id} {r.name} ") and f"{r.id}: " in text, r.id


def test_one_metadata_model_and_one_family_table():
    """Checks and compare rules are one kind of record (``RuleMeta``): the same fields, the same
    ``doc()``, families (title, command) from the one table."""
    from driftcheck.rules import FAMILY_TABLE, RuleMeta, families
    from driftcheck.verifier.base import FAMILIES as CHECK_FAMILIES

    rules = all_rules()
    assert all(isinstance(r, RuleMeta) for r in rules)
    assert {r.family for r in rules} <= {f.code for f in FAMILY_TABLE}
    assert families() == {f.code: f.title for f in FAMILY_TABLE}
    assert CHECK_FAMILIES == {f.code: f.title for f in FAMILY_TABLE if f.command == "check"}
    keys = {tuple(r.doc()) for r in rules}
    assert len(keys) == 1, keys
    for r in rules:
        assert r.severity in r.severities, r.id
        assert r.command == ("check" if r.family in CHECK_FAMILIES else "compare"), r.id


def _literal_ids() -> list[tuple[str, int, str, str | None, str | None]]:
    """Every string literal in the package that is a rule id, with the name and severity
    written beside it when a call passes them positionally (``_finding("SRV005", "name",
    Severity.blocker, ...)``)."""
    import ast

    id_re = re.compile(r"^[A-Z]{3}\d{3}$")
    out = []
    for path in sorted((ROOT / "driftcheck").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = str(path.relative_to(ROOT))
        in_call: set[int] = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            a = node.args
            if isinstance(a[0], ast.Constant) and isinstance(a[0].value, str):
                if id_re.match(a[0].value):
                    in_call.add(id(a[0]))
                    name = a[1].value if len(a) > 1 and isinstance(a[1], ast.Constant) else None
                    sev = a[2].attr if len(a) > 2 and isinstance(a[2], ast.Attribute) else None
                    out.append((rel, node.lineno, a[0].value, name, sev))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id_re.match(node.value) and id(node) not in in_call:
                    out.append((rel, node.lineno, node.value, None, None))
    return out


def test_every_hard_coded_id_is_a_registered_rule():
    """A finding id written as a literal anywhere in the package (the serving rules'
    ``_finding("SRV005", ...)``, a check's ``@check("SHP001", ...)``) is a registry id, and
    the name and severity written beside it agree with the record."""
    lits = _literal_ids()
    assert any(i.startswith("SRV") for _, _, i, _, _ in lits)
    bad = []
    for where, line, rule_id, name, sev in lits:
        try:
            r = get_rule(rule_id)
        except Exception:  # noqa: BLE001 - collected, reported below
            bad.append(f"{where}:{line} {rule_id} unknown")
            continue
        if name is not None and NAME_RE.match(name) and name != r.name:
            bad.append(f"{where}:{line} {rule_id} named {name!r}, registry {r.name!r}")
        if sev is not None and sev in Severity.__members__ and Severity[sev] not in r.severities:
            bad.append(f"{where}:{line} {rule_id} {sev} not in {r.severities}")
    assert not bad, bad


NAME_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def test_explain_knows_every_id_the_gym_reports():
    """The gym's reward payload names verifier checks (``findings[].check``, ``blockers``):
    every one of them is a registry id, over the curated tasks' reference plans, empty plans
    and partial plans (a first action alone leaves real defects)."""
    import driftcheck_gym as G

    seen: set[str] = set()
    for t in G.curated_tasks():
        for plan in (t.reference_plan, [], t.reference_plan[:1]):
            r = G.grade(t, plan).to_dict()
            seen |= {f["check"] for f in r["findings"]}
            seen |= {b.split()[0] for b in r["blockers"] if _ID.match(b.split()[0])}
    assert seen, "the gym reported no finding at all"
    assert all(get_rule(i).id == i for i in seen), sorted(seen)
