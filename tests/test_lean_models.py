"""driftcheck's models without pydantic on the static path (``driftcheck/lean.py``, the
``lean_models`` switch). The CLI's output is byte-identical with the lean models and with
pydantic's (``DRIFTCHECK_SPEED_OFF=lean_models``) over corpus files and commands, on the core
install (what the hook and the Action install) and the full one; a ``check`` of a source file
imports no pydantic; and the lean models agree with their pydantic twins where the analysis
and the reports use them (construction, dumps, copies, equality, text, validation, schema).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

from benchmarks import installs
from driftcheck import lean
from driftcheck.findings import Finding, Location, Severity
from driftcheck.graph.model import Edge, Fact, Graph, Node, Origin, Use
from driftcheck.verifier.report import Report
from tests.conftest import ROOT

VENDOR = ROOT / "benchmarks" / "wild" / ".vendor"
TINY = "examples/drift/tiny_encoder.py"
BERT = "examples/drift/bert-base-uncased.config.json"

# dev-part files of the wild corpus (library models read as source, standalone files), the
# shipped examples (a graph JSON file: validated by the twins; a config against code), with
# every report format the finding commands write
RUNS = [
    ("check", "benchmarks/wild/cases/diffusers/unet1d.py", "--format", "json"),
    ("check", "benchmarks/wild/cases/timm/create_resnet10t.py", "--format", "json"),
    ("check", "benchmarks/wild/standalone/nanogpt_train_args.py", "--format", "json"),
    ("check", "benchmarks/wild/standalone/nanogpt_train_args.py", "--format", "sarif"),
    ("check", "benchmarks/wild/standalone/nanogpt_train_args.py"),
    ("graph", "benchmarks/wild/standalone/lora_linear.py", "--format", "json"),
    ("graph", "benchmarks/wild/standalone/lora_linear.py"),
    ("check", "examples/tiny_mlp.graph.json", "--format", "json"),
    ("compare", BERT, TINY, "--format", "json"),
    ("compare", BERT, TINY, "--format", "markdown"),
    ("check", "examples/drift/no_such_file.py"),
]


def _run(mode: str, args: tuple[str, ...], lean_on: bool, tail: str = "") -> tuple:
    env = dict(os.environ, DRIFTCHECK_NO_CACHE="1", PYTHONPATH=str(ROOT))
    if VENDOR.is_dir():
        env["PYTHONPATH"] += os.pathsep + str(VENDOR)
    env.pop("DRIFTCHECK_SPEED_OFF", None)
    if not lean_on:
        env["DRIFTCHECK_SPEED_OFF"] = "lean_models"
    prog = installs.cli(mode)
    if tail:
        prog = prog.replace("sys.exit(rc)\n", tail + "sys.exit(rc)\n")
    p = subprocess.run(
        [sys.executable, "-c", prog, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    return p.returncode, p.stdout, p.stderr


@pytest.mark.parametrize("mode", ["core", "full"])
@pytest.mark.parametrize("args", RUNS, ids=lambda a: " ".join(a))
def test_cli_output_identical_with_pydantics_models(mode, args):
    if mode == "full" and not VENDOR.is_dir():
        pytest.skip("wild libraries' vendored sources absent")
    on = _run(mode, args, lean_on=True)
    off = _run(mode, args, lean_on=False)
    assert on == off
    if args[-1] != "examples/drift/no_such_file.py":
        assert on[0] in (0, 1), on[2][-500:]
        assert on[1].strip()
    else:
        assert on[0] == 2 and on[2].count("\n") == 1


_PYDANTIC = (
    "import sys as _s\n"
    "print('pydantic:', sorted(m for m in _s.modules if m.split('.')[0].startswith('pydantic')),"
    " file=_s.stderr)\n"
)


@pytest.mark.parametrize(
    "args",
    [
        ("check", "benchmarks/wild/standalone/nanogpt_train_args.py", "--format", "json"),
        ("check", "benchmarks/wild/cases/timm/create_resnet10t.py"),
        ("graph", "benchmarks/wild/standalone/lora_linear.py", "--format", "json"),
    ],
)
def test_the_static_path_imports_no_pydantic_on_core(args):
    rc, out, err = _run("core", args, lean_on=True, tail=_PYDANTIC)
    assert rc in (0, 1), err[-500:]  # 3: torch or transformers imported (installs.cli)
    assert "pydantic: []" in err.splitlines()
    # the switch off: pydantic's models, imported as before (the check above can fail)
    rc, out, err = _run("core", args, lean_on=False, tail=_PYDANTIC)
    assert rc in (0, 1) and "pydantic: []" not in err.splitlines()


def test_graph_json_input_is_validated_by_pydantic():
    rc, out, err = _run("core", ("check", "examples/tiny_mlp.graph.json"), True, _PYDANTIC)
    assert rc in (0, 1) and "pydantic: []" not in err.splitlines()


# ------------------------------------------------------------------ lean against the twins
needs_lean = pytest.mark.skipif(not lean.LEAN, reason="lean_models switched off")


def _twin_dumps(m, **kw):
    return lean._to_twin(m).model_dump(**kw)


def _sample_graph() -> Graph:
    g = Graph(name="m", origin={"kind": "source", "path": "m.py"})
    loc = Location(file="m.py", line=3)
    g.add(Node(id="in", type="Input", params={"shape": ("B", 4)}))
    g.add(
        Node(
            id="l",
            type="Linear",
            params={"in_features": 4, "out_features": 8.0, "bias": True, "dims": [1, (2, 3)]},
            repeat=2.0,
            loc=loc,
            param_locs={"in_features": {"file": "m.py", "line": 4}},
            notes=["n"],
        )
    )
    g.connect("in", "l", 0)
    g.outputs.append("l")
    g.facts["hiddenSize"] = Fact(value=8, loc=loc)
    g.uses.append(Use(key="hiddenSize", value=8, loc=loc, via="M.h"))
    return g


@needs_lean
def test_lean_objects_are_not_pydantics_and_convert_as_pydantic_does():
    g = _sample_graph()
    assert "pydantic" not in type(g).__mro__[-2].__module__
    kw = {
        "id": "l",
        "type": "Linear",
        "params": {"in_features": 4, "dims": [1, (2, 3)]},
        "repeat": 2.0,
        "param_locs": {"in_features": {"file": "m.py", "line": 4}},
        "loc": {"file": "m.py", "line": True},
    }
    node, tw = Node(**kw), lean._twin(Node)(**kw)
    # lax conversions: 2.0 -> 2 for an int field, a dict -> Location
    assert node.repeat == 2 and type(node.repeat) is int
    assert node.param_locs["in_features"] == Location(file="m.py", line=4)
    assert node.model_dump() == tw.model_dump()
    f = Finding(check_id="X1", name="x", severity="major", message="m", locations=[{"line": 1}])
    assert f.severity is Severity.major and f.locations[0] == Location(line=1)
    r = Report(score=100, components={"a": 1})
    assert type(r.score) is float and type(r.components["a"]) is float
    # a caller's list is copied, as pydantic copies it
    notes = ["a"]
    n = Node(id="x", type="Linear", notes=notes)
    notes.append("b")
    assert n.notes == ["a"]
    with pytest.raises(TypeError):
        Node(id="x", type="Linear", bogus=1)
    with pytest.raises(TypeError):
        Node(type="Linear")
    with pytest.raises(TypeError):
        Location(file="a").line = 3  # frozen


@needs_lean
@pytest.mark.parametrize("kw", [{}, {"exclude_none": True}, {"exclude": {"id"}}])
@pytest.mark.parametrize("mode", ["python", "json"])
def test_dumps_are_pydantics(mode, kw):
    g = _sample_graph()
    assert g.model_dump(mode=mode) == _twin_dumps(g, mode=mode)
    for n in g.nodes:
        assert n.model_dump(mode=mode, **kw) == _twin_dumps(n, mode=mode, **kw)
    f = Finding(
        check_id="X1",
        name="x",
        severity=Severity.warning,
        message="m",
        values={"left": (1, 2), "right": None, "e": Severity.info},
        locations=[Location(file="a.py", line=2, side="left")],
    )
    assert f.model_dump(mode=mode, **kw) == _twin_dumps(f, mode=mode, **kw)
    r = Report(findings=[f], score=60.0, checks_run=3)
    assert r.model_dump(mode=mode) == _twin_dumps(r, mode=mode)
    assert g.to_json() == lean._to_twin(g).model_dump_json(indent=2)
    # ``graph --format json`` reads the json dump where it read the text back (commands/graph.py)
    assert g.model_dump(mode="json") == json.loads(g.to_json())


@needs_lean
@pytest.mark.parametrize(
    "value",
    [{1: "a"}, {3, 4}, math.inf, [math.nan], object(), {"k": frozenset({1})}, Location(line=1)],
    ids=["int-key", "set", "inf", "nan", "object", "frozenset", "model"],
)
def test_values_the_lean_dump_does_not_know_are_dumped_by_pydantic(value):
    fact = Fact(value=value)
    assert fact.model_dump() == _twin_dumps(fact)
    try:
        want = _twin_dumps(fact, mode="json")
    except Exception as e:  # pydantic cannot write it: the lean dump raises the same
        with pytest.raises(type(e)):
            fact.model_dump(mode="json")
    else:
        assert fact.model_dump(mode="json") == want


@needs_lean
def test_copies_equality_and_text_are_pydantics():
    g = _sample_graph()
    tw = lean._to_twin(g)
    loc = Location(file="a.py", line=2)
    assert repr(loc) == repr(lean._to_twin(loc)) and str(loc) == "a.py:2"
    n = g.node("l")
    assert repr(n) == repr(lean._to_twin(n)) and str(n) == str(lean._to_twin(n))
    assert repr(Edge(src="a", dst="b")) == repr(lean._to_twin(Edge(src="a", dst="b")))
    assert str(Origin()) == str(lean._to_twin(Origin()))
    c = loc.model_copy(update={"side": "left"})
    assert c.side == "left" and loc.side is None and c != loc
    assert hash(loc) == hash(Location(file="a.py", line=2)) and {loc, c} == {c, loc}
    d = g.model_copy(deep=True)
    assert d == g and d.nodes[1] is not g.nodes[1] and d.index["l"] is d.nodes[1]
    s = g.model_copy()
    assert s.nodes is g.nodes  # shallow, as pydantic's
    assert Graph.from_json(g.to_json()).to_json() == g.to_json()
    assert json.loads(g.to_json()) == json.loads(tw.model_dump_json(indent=2))


@needs_lean
def test_validation_errors_and_schema_are_pydantics():
    import pydantic

    from driftcheck.errors import DriftcheckError

    bad = {"nodes": [{"id": "a", "type": "Linear", "repeat": 0}]}
    with pytest.raises(pydantic.ValidationError):
        Graph.model_validate(bad)
    with pytest.raises(DriftcheckError, match="not a driftcheck graph: nodes.0.repeat"):
        Graph.from_data(bad)
    with pytest.raises(DriftcheckError, match="unknown parent"):
        Graph.from_data({"nodes": [{"id": "a", "type": "Linear", "parent": "z"}]})
    ok = Graph.from_data({"nodes": [{"id": "a", "type": "Linear", "params": {"x": 1}}]})
    assert type(ok) is Graph and type(ok.nodes[0]) is Node and ok.index["a"] is ok.nodes[0]
    schema = json.loads((ROOT / "driftcheck" / "schema" / "graph-1.json").read_text())
    assert Graph.json_schema() == schema


@pytest.mark.parametrize(
    "doc",
    [
        {"nodes": [{"id": "a", "type": "Linear", "repeat": 0}]},
        {"nodes": [{"id": "a", "type": "Linear", "parent": "z"}]},
        {"nodes": [{"id": "a", "type": "Linear", "bogus": 1}], "params_total": 5},
    ],
    ids=["constraint", "validator", "extra"],
)
def test_bad_graph_json_is_the_same_one_line(tmp_path, doc):
    path = tmp_path / "bad.graph.json"
    path.write_text(json.dumps({"schema_version": "driftcheck.graph/1", **doc}))
    on = _run("core", ("check", str(path)), lean_on=True)
    assert on == _run("core", ("check", str(path)), lean_on=False)
    assert on[0] == 2 and on[2].startswith("driftcheck: error: ") and on[2].count("\n") == 1
    assert "not a driftcheck graph: " in on[2]


@needs_lean
def test_fields_set_is_pydantics():
    kw = {"id": "a", "type": "Linear", "params": {}}
    n, tw = Node(**kw), lean._twin(Node)(**kw)
    assert n.model_fields_set == tw.model_fields_set == {"id", "type", "params"}
    c = n.model_copy(update={"name": "x"})
    assert c.model_fields_set == tw.model_copy(update={"name": "x"}).model_fields_set
    assert n.model_fields_set == {"id", "type", "params"}
    back = Graph.model_validate({"nodes": [kw]})
    assert back.nodes[0].model_fields_set == {"id", "type", "params"}
    assert back.model_fields_set == {"nodes"}
