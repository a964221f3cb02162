"""The typed graph: JSON and networkx round trips, repeats, tying, bad input."""

import json

import pytest

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph, Node
from tests.conftest import ROOT, run_cli

EXAMPLE = ROOT / "examples" / "tiny_mlp.graph.json"


def test_example_counts_and_round_trips():
    g = Graph.from_json(EXAMPLE.read_text())
    want = 784 * 256 + 256 + 3 * (256 * 256 + 256) + 256 * 10 + 10
    assert g.params_total() == want
    again = Graph.from_json(g.to_json())
    assert again == g
    nxg = g.to_networkx()
    assert Graph.from_networkx(nxg) == g


def test_expand_writes_out_repeats_and_keeps_the_count():
    g = Graph.from_json(EXAMPLE.read_text())
    e = g.expand()
    assert all(n.repeat == 1 for n in e.nodes)
    assert e.params_total() == g.params_total()
    # the three copies are chained in dataflow order
    pairs = {(x.src, x.dst) for x in e.edges}
    assert {("fc1", "fc_h"), ("fc_h", "fc_h#1"), ("fc_h#1", "fc_h#2"), ("fc_h#2", "head")} <= pairs


def test_tied_weight_counted_once():
    g = Graph()
    g.add(
        Node(id="emb", type="Linear", params={"in_features": 10, "out_features": 4, "bias": False})
    )
    g.add(
        Node(
            id="head",
            type="Linear",
            params={"in_features": 4, "out_features": 10, "bias": False},
            tied={"weight": "emb.weight"},
        )
    )
    assert g.params_total() == 40


def test_unresolved_gives_null_total():
    g = Graph()
    g.add(
        Node(
            id="a",
            type="Linear",
            params={"in_features": None, "out_features": 3},
            unresolved=["in_features"],
        )
    )
    assert g.params_total() is None
    g2 = Graph()
    g2.add(Node(id="a", type="SomethingNobodyKnows"))
    assert g2.params_total() is None


@pytest.mark.parametrize(
    "text,needle",
    [
        ("{", "invalid JSON"),
        ("[]", "must be an object"),
        ('{"nodes": [{"id": "a"}]}', "nodes.0.type"),
        (
            '{"nodes": [{"id": "a", "type": "Linear"}, {"id": "a", "type": "Linear"}]}',
            "duplicate node id",
        ),
        (
            '{"nodes": [{"id": "a", "type": "X"}], "edges": [{"src": "a", "dst": "b"}]}',
            "unknown node",
        ),
        ('{"nodes": [{"id": "a", "type": "X", "repeat": 0}]}', "repeat"),
        ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ],
)
def test_bad_graph_json_is_one_clear_error(text, needle):
    with pytest.raises(DriftcheckError) as e:
        Graph.from_json(text, where="g.json")
    assert needle in e.value.one_line()
    assert "\n" not in e.value.one_line()


@pytest.mark.parametrize(
    "content",
    [
        '{"schema_version": "driftcheck.graph/1", "nodes": [{"id": 1}]}',
        '{"schema_version": "driftcheck.graph/1", "nodes": [], "outputs": ["ghost"]}',
        '{"schema_version": "driftcheck.graph/2", "nodes": []}',
        '{"schema_version": "driftcheck.graph/1", "nodes": [{"id": "a", "type": "L", "parent": "a"}]}',
    ],
)
def test_cli_bad_graph_exit_2_one_line(tmp_path, content):
    p = tmp_path / "bad.json"
    p.write_text(content)
    r = run_cli("graph", str(p), "--format", "json")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("driftcheck: error: ") and str(p) in lines[0]
    assert "Traceback" not in r.stderr


def test_cli_graph_json_has_params_total():
    r = run_cli("graph", str(EXAMPLE), "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["params_total"] == Graph.from_json(EXAMPLE.read_text()).params_total()


@pytest.mark.parametrize(
    "fmt,needle", [("text", "params_total"), ("mermaid", "flowchart"), ("dot", "digraph")]
)
def test_cli_graph_renders(fmt, needle):
    r = run_cli("graph", str(EXAMPLE), "--format", fmt)
    assert r.returncode == 0 and needle in r.stdout


def test_published_schema_matches_model():
    published = json.loads((ROOT / "driftcheck" / "schema" / "graph-1.json").read_text())
    assert published == Graph.json_schema()
