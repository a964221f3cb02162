"""Session 31 (house31): the "no forward()" note is said only where it changes an answer.

A root module whose classes read from source define no ``forward`` (a standalone file that
builds ``model = M()`` to count it) got "forward: the root module has no forward() in analyzed
code" on every run, its count known and no check skipped. The graph keeps the fact
(``counting.NO_FORWARD_NOTE``: ``opaque_root`` asks it); ``check --format json`` and ``graph``'s
text show it only where the root holds no layers (the count is unknown for it) or an input to
follow was given (``--input-shape``: the forward checks did not run). A forward that exists but
is not followed (torch's own, on a ``Sequential`` root) is still said. Each claim about what
the class defines is asked of torch.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from driftcheck.cli import cli
from driftcheck.graph.counting import NO_FORWARD_NOTE, OPAQUE_NOTE, opaque_root, shown_notes
from driftcheck.graph.model import Graph
from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

torch = pytest.importorskip("torch")

# layers, no forward anywhere in the classes read (a base of the analyzed code included)
NO_FORWARD = """
import torch.nn as nn


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(10, 20)


class M(Base):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(20, 4)


model = M()
"""

# no layers and no forward: the count is unknown (its layers may be built elsewhere)
EMPTY = """
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()


model = M()
"""

# torch's own forward on the root, not traced: a hook may change the call (session 31,
# seqroot31: a plain ``Sequential`` root is chained, tests/test_crash31c.py)
SEQUENTIAL = """
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))
model.register_forward_pre_hook(lambda m, a: None)
"""


def _write(tmp_path, code):
    path = tmp_path / "model.py"
    path.write_text(code)
    return path


def _check(path, *extra):
    res = CliRunner().invoke(cli, ["check", str(path), "--format", "json", *extra])
    assert res.exit_code in (0, 1), res.output
    return json.loads(res.output)


def _torch_model(path):
    import runpy

    return runpy.run_path(str(path), run_name="__counted__")["model"]


def test_no_forward_counted_and_not_said(tmp_path):
    path = _write(tmp_path, NO_FORWARD)
    m = _torch_model(path)
    # torch: no class defines forward, nn.Module's placeholder raises
    assert type(m).forward is torch.nn.Module.forward
    with pytest.raises(NotImplementedError):
        m(torch.zeros(1, 10))
    got = _check(path)
    assert got["params_total"] == torch_count(path, root="model")
    assert not any(OPAQUE_NOTE in n for n in got["notes"]), got["notes"]
    g = parse_source(path)
    assert NO_FORWARD_NOTE in g.notes  # kept in the graph: opaque_root asks it
    assert not opaque_root(g) and NO_FORWARD_NOTE not in shown_notes(g)
    res = CliRunner().invoke(cli, ["graph", str(path)])
    assert OPAQUE_NOTE not in res.output and "notes:" not in res.output, res.output


def test_no_forward_said_with_an_input_to_follow(tmp_path):
    path = _write(tmp_path, NO_FORWARD)
    got = _check(path, "--input-shape", "2,10")
    assert got["params_total"] == torch_count(path, root="model")
    assert "forward: the root module has no forward() in analyzed code" in got["notes"]


def test_empty_root_stays_unknown_and_said(tmp_path):
    path = _write(tmp_path, EMPTY)
    m = _torch_model(path)
    assert type(m).forward is torch.nn.Module.forward and not list(m.children())
    got = _check(path)
    assert got["params_total"] is None  # as before: its layers may be built elsewhere
    assert NO_FORWARD_NOTE in got["notes"]
    assert any(n.startswith("params_total unknown: root (M)") for n in got["notes"])


def test_torch_forward_not_traced_still_said(tmp_path):
    path = _write(tmp_path, SEQUENTIAL)
    m = _torch_model(path)
    assert type(m).forward is not torch.nn.Module.forward  # a forward exists
    got = _check(path)
    assert got["params_total"] == torch_count(path, root="model")
    assert any("torch's own forward, not traced" in n for n in got["notes"]), got["notes"]


def _graph(children: bool, notes: list[str]) -> Graph:
    nodes = [{"id": "root", "type": "Module", "params": {}}]
    if children:
        nodes.append(
            {
                "id": "fc",
                "type": "Linear",
                "parent": "root",
                "params": {"in_features": 2, "out_features": 2},
            }
        )
    return Graph.model_validate({"nodes": nodes, "notes": notes})


def test_shown_notes_only_drop_the_fact_where_no_answer_turns_on_it():
    other = "params_total unknown: something else"
    g = _graph(True, [other, NO_FORWARD_NOTE])
    assert shown_notes(g) == [other] and g.notes == [other, NO_FORWARD_NOTE]
    assert g.params_total() == 6  # the note changes no count where the root holds layers
    empty = _graph(False, [NO_FORWARD_NOTE])
    assert opaque_root(empty) and shown_notes(empty) == [NO_FORWARD_NOTE]
    assert empty.params_total() is None
    plain = "forward: the root module has no forward() in analyzed code"
    assert shown_notes(_graph(True, [plain])) == [plain]  # a forward not read: said
