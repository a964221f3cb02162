"""Turn a check's example into the graph it describes (graph, JSON dict or source snippet)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from driftcheck.graph.model import Graph
from driftcheck.graph.shapes import parse_shape
from driftcheck.verifier.base import Example, Source
from driftcheck.verifier.options import VerifyOptions
from driftcheck.verifier.report import Report
from driftcheck.verifier.runner import graph_from_data, verify


def example_graph(ex: Example) -> Graph:
    m = ex.model
    if isinstance(m, Graph):
        return m.model_copy(deep=True)
    if isinstance(m, Source):
        from driftcheck.parsers.source import parse_source

        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "model.py"
            path.write_text(m.code, encoding="utf-8")
            cfg = dict(m.config) if m.config is not None else None
            return parse_source(str(path), entry=m.entry, config=cfg)
    return graph_from_data(dict(m))


def run_example(ex: Example) -> Report:
    opts = dict(ex.options)
    if ex.input_shape is not None:
        shape = ex.input_shape
        shape = parse_shape(shape) if isinstance(shape, str) else tuple(shape)
        opts["input_shapes"] = {"x": shape}
    return verify(example_graph(ex), VerifyOptions.make(**opts))
