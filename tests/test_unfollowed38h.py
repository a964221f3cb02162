"""Session 38 (house38, review36 item 8): the graph's structured record of the constructs the
parser did not follow (``Graph.unfollowed``, each ``file:line: what``), written where the
interpreter and the forward pass write those notes; the matcher reads that record, not the
notes' wording.

- each producer records its construct (a size over the bound in ``__init__`` and in
  ``forward``, a comprehension over the loop bound, a stored generator expression, a call the
  forward pass cannot follow), and the record is also a note, for users;
- the record survives the graph's JSON and networkx round trips and ``expand``; graph JSON
  written before the record existed has it rebuilt from the notes' old wording;
- a reworded note changes no severity: a graph with no layers read and a recorded construct
  is an info ``incomplete`` whatever the text says, and a note that merely reads like one
  (no record) leaves it minor.

Torch is the ground truth of every count claimed: the models are built and counted in torch.
"""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from driftcheck.graph.match import compare
from driftcheck.graph.model import Graph, Node
from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")

HEAD = (
    "import torch\nimport torch.nn as nn\n\ntry:\n    import mysterylib38h\n"
    "except ImportError:  # not installed: forward is never run here\n    mysterylib38h = None\n"
)

PRODUCERS = {
    # a str over the size bound in ``__init__`` (interp statements.too_big)
    "init_too_big": (
        "        s = 'a' * 10**6\n",
        "        return self.fc(x)\n",
        ":14: str repeated",
    ),
    # a '%' width over the bound (interp statements.too_big, through a helper)
    "init_format_width": (
        "        s = '%*d' % (10**6, 1)\n",
        "        return self.fc(x)\n",
        ":14: '%' formatting",
    ),
    # a comprehension over the loop bound (interp exprs)
    "init_long_comprehension": (
        "        xs = [str(i) for i in range(30000)]\n        self.n = len(xs)\n",
        "        return self.fc(x)\n",
        ":14: comprehension over 30,000 items",
    ),
    # a generator expression stored for later (interp frameintro.stored_genexp)
    "init_stored_genexp": (
        "        self.gen = (nn.Linear(4, 4) for _ in range(2))\n        g = self.gen\n",
        "        return self.fc(x)\n",
        "a generator expression stored at m.py:14",
    ),
    # a call of a library the pass does not read, in forward (forward dataflow_call)
    "forward_unknown_call": (
        "",
        "        return mysterylib38h.go(self.fc(x))\n",
        ": unknown call mysterylib38h.go",
    ),
    # a str over the size bound in forward (forward dataflow_eval.binop)
    "forward_too_big": (
        "",
        "        s = 'b' * 10**6\n        return self.fc(x)\n",
        ": str repeated 1,000,000 times",
    ),
}


def _source(init: str, forward: str) -> str:
    return (
        HEAD
        + "\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.fc = nn.Linear(4, 4)\n"
        + init
        + "\n    def forward(self, x):\n"
        + forward
        + "\n\nmodel = Net()\n"
    )


def _torch_count(path) -> int | None:
    spec = importlib.util.spec_from_file_location(f"unf38h_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.modules.pop(spec.name, None)
    return sum(p.numel() for p in mod.model.parameters())


@pytest.mark.parametrize("name", sorted(PRODUCERS))
def test_each_producer_records_its_construct(tmp_path, name, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    init, forward, needle = PRODUCERS[name]
    path = tmp_path / "m.py"
    path.write_text(_source(init, forward))
    g = parse_source(path)
    got = [x for x in g.unfollowed if needle in x]
    assert got, (name, g.unfollowed, g.notes)
    assert all(x in g.notes for x in g.unfollowed)  # the note is kept for users
    assert all(x.split(":", 1)[0].endswith(".py") or "m.py:" in x for x in got)  # file:line
    count = g.params_total()
    if count is not None:  # an exact count the parser claims is torch's
        assert count == _torch_count(path)


def test_a_plain_model_records_nothing(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(_source("", "        return self.fc(x)\n"))
    g = parse_source(path)
    assert g.unfollowed == []
    assert g.params_total() == _torch_count(path) == 20


def test_record_survives_json_networkx_and_expand(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(_source(*PRODUCERS["init_too_big"][:2]))
    g = parse_source(path)
    assert g.unfollowed
    assert Graph.from_json(g.to_json()).unfollowed == g.unfollowed
    assert Graph.from_networkx(g.to_networkx()).unfollowed == g.unfollowed
    assert g.expand().unfollowed == g.unfollowed


def test_json_written_before_the_record_is_read_by_the_old_wording():
    data = {
        "nodes": [],
        "notes": ["m.py:3: not interpreted (KeyError: 'x')", "the root module has no forward()"],
    }
    assert Graph.from_data(data).unfollowed == ["m.py:3: not interpreted (KeyError: 'x')"]
    data["unfollowed"] = []  # written since: the record, whatever the notes say
    assert Graph.from_data(data).unfollowed == []


def _right(tmp_path) -> Graph:
    path = tmp_path / "right.py"
    path.write_text(_source("", "        return self.fc(x)\n"))
    g = parse_source(path)
    assert g.params_total() == _torch_count(path)  # the other side's layers, as torch has them
    return g


def _no_layers(notes: list[str], unfollowed: list[str]) -> Graph:
    return Graph(
        name="left",
        nodes=[Node(id="root", type="Module", name="model")],
        notes=notes,
        unfollowed=unfollowed,
    )


def _incomplete(findings: list) -> list:
    return [f for f in findings if f.kind == "incomplete" and "no layers" in f.message]


@pytest.mark.parametrize(
    "text",
    [
        "m.py:7: unknown call build_layers",  # the forward pass's wording
        "m.py:7: build_layers() was skipped",  # reworded: no fragment of the old wording
    ],
)
def test_recorded_construct_is_info_whatever_its_wording(tmp_path, text):
    got = _incomplete(compare(_no_layers([text], [text]), _right(tmp_path)))
    assert [f.severity.value for f in got] == ["info"], [(f.message, f.evidence) for f in got]
    assert text in (got[0].evidence or "")


def test_note_that_reads_like_one_but_is_not_recorded_stays_minor(tmp_path):
    text = "m.py:7: a value unknown to the user: value unknown"
    got = _incomplete(compare(_no_layers([text], []), _right(tmp_path)))
    assert [f.severity.value for f in got] == ["minor"], [(f.message, f.evidence) for f in got]


def test_published_schema_names_the_record():
    from pathlib import Path

    schema = json.loads(
        (Path(__file__).parent.parent / "driftcheck" / "schema" / "graph-1.json").read_text()
    )
    assert "unfollowed" in schema["properties"]
