"""Forward reuse (``dataflow_reuse``): replaying a recorded module call gives exactly the graph
that interpreting it gives, on hand-written models checked against torch.

Each model in ``tests/zoo_reuse`` is parsed with reuse on and off: the graphs must be identical
(nodes, edges, outputs, notes), the output shape inferred over the graph must be torch's, and
the parameter count torch's. The counters show that the replay path actually ran (or, where a
block reads its own index, that it was refused).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.dataflow_reuse import STATS, Reuse
from tests.zoo_io import load_module, static_output_shapes, torch_output_shapes

ZOO = Path(__file__).parent / "zoo_reuse"
MODELS = sorted(p.name for p in ZOO.glob("*.py"))


def _dump(g) -> str:
    return json.dumps(g.model_dump(), sort_keys=True, default=lambda v: type(v).__name__)


def _parse(path: Path, on: bool):
    was = Reuse.on
    Reuse.on = on
    STATS.clear()
    try:
        g = parse_source(str(path), entry="Net")
    finally:
        Reuse.on = was
    return g, dict(STATS)


@pytest.mark.parametrize("name", MODELS)
def test_graph_identical_with_and_without_reuse(name):
    plain, _ = _parse(ZOO / name, False)
    reused, stats = _parse(ZOO / name, True)
    assert _dump(reused) == _dump(plain)
    assert stats.get("recordings", 0) >= 1


@pytest.mark.parametrize("name", MODELS)
def test_output_shape_and_params_equal_torch_with_reuse(name):
    mod = load_module(ZOO / name, "zoo_reuse")
    g, _ = _parse(ZOO / name, True)
    res = static_output_shapes(g, mod)
    assert res.errors == []
    assert res.output_shapes == torch_output_shapes(mod.Net(), mod)
    assert g.params_total() == sum(p.numel() for p in mod.Net().parameters())


def test_alternating_blocks_are_replayed():
    """8 blocks, two kinds alternating: the first of each kind is recorded (the first block
    also sees the raw input), the rest replayed."""
    g, stats = _parse(ZOO / "alternating.py", True)
    assert stats["replays"] >= 4
    assert sum(n.type == "Softmax" for n in g.nodes) == 4  # one per attention block


def test_block_reading_its_index_is_not_replayed_across_indices():
    """``if self.layer_idx % 4 == 0`` in forward: the index is read, so a Gated block is never
    replayed onto one with another index, and exactly blocks 0 and 4 get the ReLU."""
    mod = load_module(ZOO / "layer_index.py", "zoo_reuse")
    g, stats = _parse(ZOO / "layer_index.py", True)
    relus = [n for n in g.nodes if n.type == "ReLU"]
    assert len(relus) == mod.RELU_BLOCKS
    assert {n.parent for n in relus} == {"layers/0", "layers/4"}
    assert stats["replays"] >= 2  # the Plain blocks, which do not read their index


def test_sliding_and_full_layers_replay_only_onto_their_own_type():
    mod = load_module(ZOO / "sliding.py", "zoo_reuse")
    g, stats = _parse(ZOO / "sliding.py", True)
    tanh_parents = {n.parent for n in g.nodes if n.type == "Tanh"}
    sliding = {f"layers/{2 * i}/attn" for i, t in enumerate(mod.LAYER_TYPES) if t == "sliding"}
    assert tanh_parents == sliding
    assert stats["replays"] >= 2


def test_corpus_sample_identical_with_and_without_reuse():
    """Real hybrid decoders (attention and linear-attention layers alternating) from the
    installed transformers: identical graphs, and the replay path ran."""
    from benchmarks.corpus import built, load_oracle

    recs = built(load_oracle())
    for mt in ("qwen3_next", "dots3_note"):
        if mt not in recs:
            continue
        r = recs[mt]
        outs = []
        for on in (False, True):
            was = Reuse.on
            Reuse.on = on
            STATS.clear()
            try:
                g = parse_source(r["modeling_file"], entry=r["model_class"], config=r["config"])
            finally:
                Reuse.on = was
            outs.append(_dump(g))
        assert outs[0] == outs[1], mt
        assert STATS["replays"] > 0, mt
        assert g.params_total() == r["params"]


def test_interpreter_reaches_pass_state_only_through_recorded_methods():
    """A recording logs the interpreter's calls to ``Flow``; state read or written past them
    (``run.f.some_set.add``) would be missed, so the recording is dropped (``Tape.broken``).
    Keep every access a method ``TapeFlow`` records, so that reuse stays possible."""
    import re

    from driftcheck.parsers.source import dataflow_reuse

    src = Path(dataflow_reuse.__file__).parent
    # add_input: the root's inputs, made by run_root before any module call is recorded
    logged = {n for n in vars(dataflow_reuse.TapeFlow) if not n.startswith("_")}
    logged |= {"interp", "add_input"}
    used = set()
    for name in ("call", "eval", "ops", "torch", "views", "pyops"):
        text = (src / f"dataflow_{name}.py").read_text()
        used |= set(re.findall(r"\b(?:run|self)\.f\.([a-z_]+)", text))
    assert used and used <= logged, sorted(used - logged)
