"""Every value the source parser puts into a graph (layer and op params, facts) is one graph JSON
can hold: ``values.graph_value`` turns anything the interpreter made (an unknown, a symbolic
size, a weight reference) into None where values enter the graph, so ``Graph.to_json`` never
raises and the JSON round-trips. sam2_video, sam3_vision_model, swin2sr and zamba2 raised (an
unknown or symbolic size in an Interpolate's or Pad's params) before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftcheck.graph.model import Graph
from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.values.abstract import Sourced, Unknown, graph_value
from driftcheck.parsers.source.values.dataflow_values import UNK, Sym

CODE = """
import torch
from torch import nn
import torch.nn.functional as F
from somewhere_unknown import window_size


class Resize(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Conv2d(3, 8, 3)
        self.scale = nn.Parameter(torch.zeros(window_size()))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = window_size(x)
        y = F.interpolate(self.proj(x), size=(h, w), mode="bilinear")
        pad = (64 - x.shape[-1] % 64) % 64
        return F.pad(y, (0, pad, 0, pad))
"""

# the transformers folder of a model type whose modeling file is named after another
FOLDERS = {"sam3_vision_model": "sam3"}


def test_graph_value_keeps_plain_values_and_drops_internal_ones():
    sym = Sym(("%", ("-", 64, ("dim", 1, 3)), 64))
    assert graph_value(Sourced(4, "hidden_size", None, None)) == 4
    assert graph_value((1, Unknown("x"), (UNK, 2.5))) == (1, None, (None, 2.5))
    assert graph_value([0, sym, "same", True]) == [0, None, "same", True]
    assert graph_value({"a": sym, "b": [1]}) == {"a": None, "b": [1]}
    assert graph_value({1: 2}) is None  # not a JSON object
    assert graph_value(object()) is None


def test_unknown_sizes_in_op_params_serialize(tmp_path):
    path = tmp_path / "resize.py"
    path.write_text(CODE)
    g = parse_source(path)
    by_type = {n.type: n for n in g.nodes}
    assert by_type["Interpolate"].params["size"] == [None, None]
    assert by_type["Pad"].params["pad"] == [0, None, 0, None]
    assert by_type["Conv2d"].params["out_channels"] == 8
    text = g.to_json()
    assert Graph.from_json(text).to_json() == text
    json.loads(text)


@pytest.mark.parametrize("model_type", ["swin2sr", "sam2_video", "sam3_vision_model", "zamba2"])
def test_corpus_models_round_trip_as_json(model_type):
    """The four model types that raised, parsed from their installed modeling file with the
    default config transformers builds (as benchmarks/corpus.py records them)."""
    transformers = pytest.importorskip("transformers")
    from transformers import AutoConfig
    from transformers.models.auto.modeling_auto import MODEL_MAPPING_NAMES

    config = json.loads(json.dumps(AutoConfig.for_model(model_type).to_dict(), default=str))
    cls = MODEL_MAPPING_NAMES[model_type]
    folder = FOLDERS.get(model_type, model_type)
    path = Path(transformers.__file__).parent / "models" / folder / f"modeling_{folder}.py"
    g = parse_source(path, entry=cls, config=config)
    assert g.params_total() is not None
    text = g.to_json()
    assert Graph.from_json(text).to_json() == text
