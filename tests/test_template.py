"""Config-parametric templates (``driftcheck/parsers/template.py``): a graph traced from one
config serves another config of the same model type without interpreting it, and what it serves
is exactly what interpreting that config gives, and what torch counts.

The oracle for every served graph is a fresh interpretation of the same config with templates
off (``Graph.to_json`` equal, byte for byte) and, for parameter counts, torch on the meta device.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from transformers import AutoConfig, AutoModel, LlamaConfig

from benchmarks.bench_template import PERTURB, run_one
from driftcheck.parsers import template
from driftcheck.parsers.hf import load_config_graph
from driftcheck.parsers.source import parse_source
from driftcheck.parsers.source.speed import symbolic
from driftcheck.speed import current

pytestmark = pytest.mark.usefixtures("no_result_cache")


@pytest.fixture
def no_result_cache(monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.delenv("DRIFTCHECK_TEMPLATE", raising=False)
    template.clear()
    yield
    template.clear()


def fresh(path: Path, monkeypatch) -> str:
    """The graph of ``path`` interpreted with templates off."""
    monkeypatch.setenv("DRIFTCHECK_TEMPLATE", "0")
    try:
        return load_config_graph(str(path)).to_json()
    finally:
        monkeypatch.delenv("DRIFTCHECK_TEMPLATE")


def torch_count(cfg) -> int:
    with torch.device("meta"):
        model = AutoModel.from_config(cfg)
    return sum(p.numel() for p in model.parameters())


SMALL = dict(
    hidden_size=64,
    intermediate_size=160,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    vocab_size=300,
)


def test_llama_template_serves_other_widths_exactly_as_torch_counts(tmp_path, monkeypatch):
    """Traced from one Llama, served for three others (widths, heads, vocabulary, eps): no
    interpretation, the fresh graph byte for byte, torch's count."""
    path = tmp_path / "config.json"
    LlamaConfig(**SMALL).to_json_file(path)
    load_config_graph(str(path))
    assert template.stats["kept"] == 1
    others = [
        dict(SMALL, hidden_size=128, intermediate_size=352),
        dict(SMALL, num_attention_heads=8, num_key_value_heads=4, vocab_size=1000),
        dict(SMALL, hidden_size=96, intermediate_size=200, rms_norm_eps=1e-5),
    ]
    for i, keys in enumerate(others, 1):
        cfg = LlamaConfig(**keys)
        cfg.to_json_file(path)
        graph = load_config_graph(str(path))
        assert template.stats["hits"] == i, keys
        assert graph.to_json() == fresh(path, monkeypatch)
        assert graph.params_total() == torch_count(cfg)


def test_a_guard_that_fails_falls_back_to_interpretation(tmp_path, monkeypatch):
    """More layers: ``range(num_hidden_layers)`` pins the count, the template does not apply,
    the config is interpreted (and traced for a template of its own)."""
    path = tmp_path / "config.json"
    LlamaConfig(**SMALL).to_json_file(path)
    load_config_graph(str(path))
    cfg = LlamaConfig(**dict(SMALL, num_hidden_layers=3))
    cfg.to_json_file(path)
    graph = load_config_graph(str(path))
    assert template.stats["hits"] == 0 and template.stats["misses"] == 2
    assert graph.to_json() == fresh(path, monkeypatch)
    assert graph.params_total() == torch_count(cfg)


def test_a_config_of_another_shape_gets_its_own_template(tmp_path, monkeypatch):
    """A key the traced config lacks (or a bool that differs) is another template's business."""
    path = tmp_path / "config.json"
    LlamaConfig(**SMALL).to_json_file(path)
    load_config_graph(str(path))
    cfg = LlamaConfig(**SMALL, mlp_bias=True)
    cfg.to_json_file(path)
    graph = load_config_graph(str(path))
    assert template.stats["hits"] == 0
    assert graph.params_total() == torch_count(cfg)


def test_templates_off(tmp_path, monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_TEMPLATE", "0")
    path = tmp_path / "config.json"
    LlamaConfig(**SMALL).to_json_file(path)
    load_config_graph(str(path))
    assert template.stats["traced"] == 0 and not current().stores.templates


def test_a_trace_leaves_no_state_behind(tmp_path, monkeypatch):
    """The same config interpreted before and after a trace gives the same graph."""
    path = tmp_path / "config.json"
    LlamaConfig(**dict(SMALL, hidden_size=128)).to_json_file(path)
    before = fresh(path, monkeypatch)
    other = tmp_path / "other" / "config.json"
    other.parent.mkdir()
    LlamaConfig(**SMALL).to_json_file(other)
    load_config_graph(str(other))
    assert template.stats["kept"] == 1
    assert symbolic.trace_of(symbolic.symbolize({"n": 1}, symbolic.Trace())) is not None
    assert fresh(path, monkeypatch) == before


MODEL = """
import torch
from torch import nn


class Cfg:
    def __init__(self, width=64, heads=4, depth=2, wide_head=False, eps=1e-5):
        self.width = width
        self.heads = heads
        self.depth = depth
        self.wide_head = wide_head
        self.eps = eps


class Net(nn.Module):
    def __init__(self, config: Cfg):
        super().__init__()
        self.head_dim = config.width // config.heads
        self.proj = nn.Linear(config.width, self.head_dim * config.heads * 3)
        self.norm = nn.LayerNorm(config.width, eps=config.eps)
        if config.width > 100:
            self.extra = nn.Linear(config.width, config.width)
        self.blocks = nn.ModuleList([nn.Linear(config.width, config.width) for _ in range(config.depth)])
        self.scale = nn.Parameter(torch.ones(int(config.width / 2)))

    def forward(self, x):
        x = self.norm(x)
        for b in self.blocks:
            x = b(x)
        return self.proj(x)
"""


def _served(tmp_path, monkeypatch, traced: dict, served: dict) -> tuple[int, str, str]:
    """(hits, graph through the templates, fresh graph) for ``served`` after tracing ``traced``."""
    src = tmp_path / "model.py"
    src.write_text(MODEL)

    def parse(c):
        return parse_source(str(src), entry="Net", config=c, config_path="config.json")

    key = (str(src), "Net", "config.json", "test")
    template.parse_config(key, traced, parse)
    got = template.parse_config(key, served, parse).to_json()
    return template.stats["hits"], got, parse(served).to_json()


@pytest.mark.parametrize(
    ("traced", "served", "hit"),
    [
        ({"width": 64, "heads": 4}, {"width": 96, "heads": 8}, True),  # arithmetic: expressions
        ({"width": 64, "heads": 4}, {"width": 128, "heads": 4}, False),  # width > 100 flips
        ({"width": 128, "heads": 4}, {"width": 256, "heads": 8}, True),  # ... or holds
        ({"width": 64, "depth": 2}, {"width": 64, "depth": 3}, False),  # range(depth): pinned
        ({"width": 64, "eps": 1e-5}, {"width": 64, "eps": 1e-6}, True),  # a float attribute
    ],
)
def test_guards_on_a_model_written_here(tmp_path, monkeypatch, traced, served, hit):
    hits, got, want = _served(tmp_path, monkeypatch, traced, served)
    assert got == want
    assert hits == int(hit)


def test_expressions_evaluate_as_python():
    e = ("//", ("*", ("$", "a"), 3), ("+", ("$", "b"), 1))
    assert symbolic.evaluate(e, {"a": 10, "b": 4}) == 6
    assert symbolic.evaluate(("ceil", ("/", ("$", "a"), 16)), {"a": 100}) == 7
    with pytest.raises(ZeroDivisionError):
        symbolic.evaluate(("//", 1, ("$", "a")), {"a": 0})


def test_hole_arithmetic_keeps_the_expression_and_comparisons_guard():
    tr = symbolic.Trace()
    h = symbolic.hole(symbolic.SymVal(8, ("$", "n"), None, None, None, True, tr))
    y = (h * 2 + 1) // 3
    assert y == 5 and y.expr == ("//", ("+", ("*", ("$", "n"), 2), 1), 3)
    assert y.trace is tr  # the result carries the trace of its operands
    assert h > 4
    assert int(h) == 8  # a read in C: pinned
    tr.close()
    n = len(tr.guards)
    assert h < 100 and int(y) == 5 and len(tr.guards) == n  # a closed trace records nothing
    assert (y.expr, "==", 5, True) in tr.guards
    assert (("$", "n"), ">", 4, True) in tr.guards
    assert (("$", "n"), "==", 8, True) in tr.guards


# a corpus sample: width, vocabulary and depth changes of real transformers configs
SAMPLE = ["bert", "gpt2", "t5", "bart", "clip", "mixtral", "qwen2_moe", "vit"]


@pytest.mark.parametrize("model_type", SAMPLE)
def test_corpus_sample_never_serves_a_wrong_graph(tmp_path, model_type):
    classes = {}
    for how in PERTURB:
        row = run_one(model_type, how, tmp_path / "config.json")
        assert row["class"] != "WRONG", row
        classes[how] = row["class"]
    assert classes["layers"] in ("miss", "unchanged"), classes  # layer counts pin (for now)
    if model_type != "vit":  # vit has no width field by those names
        assert classes["width"] == "exact", classes


def test_corpus_sample_counts_match_torch_when_served(tmp_path):
    """A served default config counts what torch counts (the template was traced from the
    widened config)."""
    for mt in ("bert", "t5", "mixtral"):
        cfg = AutoConfig.for_model(mt)
        base = json.loads(cfg.to_json_string(use_diff=False))
        path = tmp_path / f"{mt}.json"
        path.write_text(json.dumps(PERTURB["width"](base)))
        template.clear()
        load_config_graph(str(path))
        path.write_text(json.dumps(base))
        graph = load_config_graph(str(path))
        assert template.stats["hits"] == 1, mt
        assert graph.params_total() == torch_count(cfg), mt


def test_the_command_line_passes_its_choice_templates_off(tmp_path, monkeypatch, capsys):
    """A CLI process builds one config: a trace would never be reused (a second interpretation
    for nothing), so the command line builds its ``Speed`` with templates off unless
    DRIFTCHECK_TEMPLATE says, puts it in force for the command only, and changes no
    environment variable."""
    import os

    from driftcheck.cli import main

    path = tmp_path / "config.json"
    LlamaConfig(**SMALL).to_json_file(path)
    for env, traced in ((None, 0), ("1", 1)):
        template.clear()
        if env is None:
            monkeypatch.delenv("DRIFTCHECK_TEMPLATE", raising=False)
        else:
            monkeypatch.setenv("DRIFTCHECK_TEMPLATE", env)
        assert main(["graph", str(path)]) == 0
        capsys.readouterr()
        assert template.stats["traced"] == traced
        assert os.environ.get("DRIFTCHECK_TEMPLATE") == env  # the CLI changed no environment
    monkeypatch.delenv("DRIFTCHECK_TEMPLATE")
    assert current().template  # the command's choice ended with the command


def _holed(v: int, tr=None):
    return symbolic.hole(symbolic.SymVal(v, ("$", "n"), None, None, None, True, tr))


def test_slice_lengths_of_traced_bounds_are_pythons():
    """``slice.indices()`` reads an int subclass in C: slice lengths with a traced bound are
    computed in Python, and must equal Python's own for every sign and default."""
    import itertools

    from driftcheck.graph.catalogue._helpers import slice_length

    bounds = [None, -7, -3, -1, 0, 1, 2, 3, 5, 9]
    for n in range(9):
        for a, b, c in itertools.product(bounds, bounds, [None, -3, -2, -1, 1, 2, 3]):
            want = len(range(*slice(a, b, c).indices(n)))
            h = [None if x is None else _holed(x) for x in (a, b, c)]
            assert slice_length(*h, _holed(n)) == want, (a, b, c, n)


def test_arange_lengths_of_traced_bounds_are_pythons():
    from driftcheck.parsers.source.library.torchlib import _traced_len

    for args in [(5,), (0, 7), (2, 9, 3), (9, 2), (0, 10, 4), (3, 3)]:
        got = _traced_len(_holed(args[0]), *args[1:])
        assert got == len(range(*args)), args
        assert getattr(got, "expr", None) is not None or got == 0


def test_hole_operators_keep_expressions():
    import math

    h = _holed(12)
    env = {"n": 20}
    for got, want in [
        (h + 3, 23),
        (3 - h, -17),
        (h * h, 400),
        (h / 8, 2.5),
        (50 // h, 2),
        (h % 7, 6),
        (h**2, 400),
        (h & 6, 4),
        (5 | h, 21),
        (h ^ 1, 21),
        (h << 2, 80),
        (h >> 1, 10),
        (-h, -20),
        (abs(-h), 20),
        (math.ceil(h / 8), 3),
        (math.floor(h / 8), 2),
        (round(h / 8), 2),
    ]:
        assert symbolic.evaluate(got.expr, env) == want, got.expr


@pytest.mark.parametrize("model_type", ["convnext", "segformer"])
def test_lists_of_widths_are_traced_item_by_item(tmp_path, model_type):
    """``hidden_sizes: [96, 192, 384, 768]``: each item is a traced number, so a CNN with other
    widths is served too, and counts what torch counts."""
    row = run_one(model_type, "lists", tmp_path / "config.json")
    assert row["class"] == "exact", row
    cfg = AutoConfig.for_model(model_type)
    base = json.loads(cfg.to_json_string(use_diff=False))
    path = tmp_path / "served.json"
    path.write_text(json.dumps(PERTURB["lists"](base)))
    template.clear()
    load_config_graph(str(path))
    path.write_text(json.dumps(base))
    graph = load_config_graph(str(path))
    assert template.stats["hits"] == 1
    assert graph.params_total() == torch_count(cfg)


def test_a_power_the_trace_cannot_model_is_pinned():
    """``2 ** n`` (a traced exponent) is computed as a plain number: both sides are pinned,
    never left unguarded."""
    tr = symbolic.Trace()
    h = _holed(3, tr)
    assert 2**h == 8 and not hasattr(2**h, "expr")
    assert 1 << h == 8 and not hasattr(1 << h, "expr")  # a traced shift: pinned too
    assert (("$", "n"), "==", 3, True) in tr.guards
