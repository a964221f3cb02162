"""A size forward() derives from the input (``pad = (64 - x.shape[1] % 64) % 64``) is symbolic
inside the dataflow pass; in the graph it is unknown (null), so the graph serializes (the HF
route's result cache and ``graph --format json`` write it) instead of raising."""

from __future__ import annotations

import json

from driftcheck.cli import main
from driftcheck.graph.model import Graph
from driftcheck.parsers.source import parse_source

CODE = """
import torch
from torch import nn
import torch.nn.functional as F


class PadToChunk(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pad = (64 - x.shape[1] % 64) % 64
        return F.pad(self.proj(x), (0, 0, 0, pad))
"""


def test_symbolic_size_is_unknown_in_graph_json(tmp_path, capsys):
    path = tmp_path / "pad.py"
    path.write_text(CODE)
    g = parse_source(path)
    pads = [n for n in g.nodes if n.type == "Pad"]
    assert [n.params["pad"] for n in pads] == [[0, 0, 0, None]]
    assert Graph.model_validate_json(g.model_dump_json()) == g
    assert main(["graph", str(path), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert any(n["type"] == "Pad" and n["params"]["pad"][-1] is None for n in doc["nodes"])
