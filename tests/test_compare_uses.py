"""Drift in values no weight shows (``Graph.uses``): norm eps, rotary length and base, heads
split only in ``forward``.

The hand-written decoder (tests/data/uses/tiny_decoder.py) is edited in one place; torch
builds both versions and confirms the edit leaves every weight as it was and changes exactly
the module attribute the finding names, so the structure alone could not have shown it.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from driftcheck.findings import Severity
from driftcheck.graph.match import compare
from driftcheck.graph.model import Graph, Use
from driftcheck.parsers.source import parse_source

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "tests" / "data" / "uses" / "tiny_decoder.py"
# (text to replace, replacement, fact, torch class, attribute, old value, new value)
EDITS = [
    ("self.norm1 = Norm(DIM, EPS)", "self.norm1 = Norm(DIM, 1e-05)", "normEps", "Norm", "eps",
     1e-06, 1e-05),
    ("self.max_seq_len_cached = CONTEXT", "self.max_seq_len_cached = 512",
     "maxPositionEmbeddings", "Rotary", "max_seq_len_cached", 256, 512),
    ("self.rope_theta = THETA", "self.rope_theta = 500000.0", "ropeTheta", "Rotary",
     "rope_theta", 10000.0, 500000.0),
    ("self.num_heads = HEADS", "self.num_heads = 8", "numHeads", "SelfAttention", "num_heads",
     4, 8),
]  # fmt: skip


def torch_model(path: Path):
    """Build the file's TinyDecoder in torch (test data: importing it here is fine)."""
    import torch

    spec = importlib.util.spec_from_file_location(f"tiny_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        return mod.TinyDecoder()


def shapes(model) -> list:
    return sorted((k, tuple(p.shape)) for k, p in model.named_parameters())


def held(model, cls: str, attr: str) -> set:
    return {getattr(m, attr) for m in model.modules() if type(m).__name__ == cls}


def edited(tmp_path: Path, old: str, new: str) -> Path:
    text = TINY.read_text()
    assert text.count(old) == 1, old
    out = tmp_path / "edited.py"
    out.write_text(text.replace(old, new))
    return out


def test_uses_are_what_torch_holds():
    g = parse_source(TINY)
    model = torch_model(TINY)
    keys = {u.key for u in g.uses}
    assert {"normEps", "maxPositionEmbeddings", "ropeTheta", "numHeads"} <= keys
    for u in g.uses:
        cls, attr = u.via.split(".")
        if u.key == "rotaryDim":  # computed in a method: two per frequency torch keeps
            assert {2 * len(m.inv_freq) for m in model.modules() if type(m).__name__ == cls} == {
                u.value
            }, u
            continue
        assert held(model, cls, attr) == {u.value}, u
        # the line that wrote the value: the assignment, or the call that passed it
        line = TINY.read_text().splitlines()[u.loc.line - 1]
        assert f"self.{attr} =" in line or f"{cls}(" in line, (u, line)


def test_clean_copy_has_no_drift(tmp_path):
    copy = tmp_path / "copy.py"
    copy.write_text(TINY.read_text())
    assert compare(parse_source(copy), parse_source(TINY)) == []


@pytest.mark.parametrize("edit", EDITS, ids=[e[2] for e in EDITS])
def test_value_no_weight_shows_is_drift(tmp_path, edit):
    old, new, key, cls, attr, before, after = edit
    path = edited(tmp_path, old, new)
    # torch: the same weights, and the attribute really changed
    a, b = torch_model(path), torch_model(TINY)
    assert shapes(a) == shapes(b)
    assert after in held(a, cls, attr) and after not in held(b, cls, attr)
    findings = compare(parse_source(path), parse_source(TINY))
    got = [f for f in findings if f.attribute == f"model.{key}"]
    assert len(got) == 1, [f.message for f in findings]
    f = got[0]
    assert f.values == {"left": after, "right": before}
    assert f.severity.rank >= Severity.minor.rank
    where = {loc.side: loc for loc in f.locations}
    line = path.read_text().splitlines()[where["left"].line - 1]
    assert new in line or f"self.{attr} =" in line, line
    assert where["right"].file == str(TINY)


def test_one_of_several_norms_is_drift(tmp_path):
    """Only the first norm of each block changes: the edited side holds both values."""
    path = edited(tmp_path, "self.norm1 = Norm(DIM, EPS)", "self.norm1 = Norm(DIM, 1e-05)")
    g = parse_source(path)
    assert {u.value for u in g.uses if u.key == "normEps"} == {1e-05, 1e-06}
    assert held(torch_model(path), "Norm", "eps") == {1e-05, 1e-06}
    f = next(f for f in compare(g, parse_source(TINY)) if f.attribute == "model.normEps")
    assert f.values == {"left": 1e-05, "right": 1e-06}


def _graph(*uses: tuple) -> Graph:
    return Graph(uses=[Use(key=k, value=v, via=via) for k, v, via in uses])


def test_use_sets_rules():
    from driftcheck.graph.match.uses import use_diffs

    a = _graph(("normEps", 1e-6, "N.eps"), ("normEps", 1e-5, "V.eps"), ("ropeTheta", 1e4, "R.b"))
    b = _graph(("normEps", 1e-6, "Other.eps"), ("normEps", 1e-5, "V.eps"))
    assert use_diffs(a, b, set()) == []  # same values, held by other classes: no drift
    c = _graph(("normEps", 1e-6, "N.eps"))
    (d,) = use_diffs(a, c, set())  # a holds a value c never does
    assert (d.key, d.values) == ("normEps", {"left": 1e-5, "right": 1e-6})
    assert d.held == {"left": ["V.eps"], "right": ["N.eps"]}
    assert use_diffs(a, c, {"normEps"}) == []  # already reported by the fact comparison
    assert use_diffs(a, Graph(), set()) == []  # a side that says nothing is not drift
    e = _graph(("normEps", 1e-6, "N.eps"), ("normEps", 1e-3, "X.eps"))
    (d,) = use_diffs(a, e, set())
    assert d.values == {"left": 1e-5, "right": 0.001}


def test_llama_copy_with_literal_eps_and_context(tmp_path):
    """The drift benchmark's mechanism on llama: values only forward() uses."""
    sys.path.insert(0, str(ROOT))
    import transformers

    from benchmarks.bench_drift import Mirror, literal, replace, run_compare, sites

    cfg = transformers.LlamaConfig(
        hidden_size=64, intermediate_size=128, num_attention_heads=4, num_key_value_heads=4,
        num_hidden_layers=2, vocab_size=100, max_position_embeddings=256,
    ).to_dict()  # fmt: skip
    cfg_path = tmp_path / "config.json"
    cfg_path.write_text(json.dumps(cfg))
    modeling = Path(transformers.models.llama.modeling_llama.__file__)
    text = modeling.read_text()
    tree = Mirror(tmp_path / "m")
    found = {s[0]: s for s in sites(text, {"LlamaDecoderLayer", "LlamaRotaryEmbedding"})}
    for attr, key in (
        ("rms_norm_eps", "normEps"),
        ("max_position_embeddings", "maxPositionEmbeddings"),
    ):
        _, line, c0, c1 = found[attr]
        new = literal(cfg[attr])
        rc, findings, err, _ = run_compare(
            tree.write(modeling, replace(text, line, c0, c1, new), attr), cfg_path
        )
        assert rc == 1, (attr, err)
        f = next(f for f in findings if f.attribute == f"model.{key}")
        assert f.values == {"left": json.loads(new), "right": cfg[attr]}
        right = next(loc for loc in f.locations if loc.side == "right")
        assert right.key == attr


def test_llama_copy_with_literal_kv_groups(tmp_path):
    """``num_key_value_groups`` is only used in forward (repeat_kv): no weight shows it."""
    sys.path.insert(0, str(ROOT))
    import torch
    import transformers

    from benchmarks.bench_drift import Mirror, run_compare

    cfg = transformers.LlamaConfig(
        hidden_size=64, intermediate_size=128, num_attention_heads=4, num_key_value_heads=2,
        num_hidden_layers=2, vocab_size=100, max_position_embeddings=256,
    )  # fmt: skip
    with torch.device("meta"):
        attn = transformers.models.llama.modeling_llama.LlamaAttention(cfg, 0)
    assert attn.num_key_value_groups == 2  # what torch holds for this config
    cfg_path = tmp_path / "config.json"
    cfg_path.write_text(json.dumps(cfg.to_dict()))
    modeling = Path(transformers.models.llama.modeling_llama.__file__)
    text = modeling.read_text()
    old = "self.num_key_value_groups = config.num_attention_heads // config.num_key_value_heads"
    assert text.count(old) == 1
    tree = Mirror(tmp_path / "m")
    rc, findings, err, _ = run_compare(
        tree.write(modeling, text.replace(old, "self.num_key_value_groups = 1"), "kv"), cfg_path
    )
    assert rc == 1, err
    f = next(f for f in findings if f.attribute == "model.numKvGroups")
    assert f.values == {"left": 1, "right": 2}


HELD = """import torch
from torch import nn
{imports}

{define}


class Attention(nn.Module):
    def __init__(self, h):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(h.dim, 3 * h.heads * h.head_dim)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h.heads, self.h.head_dim).unbind(2)
        return torch.softmax(q @ k.transpose(-1, -2), -1) @ v


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(Attention(H) for _ in range(2))
"""
HOLDERS = {
    "NamedTuple class": ("from typing import NamedTuple",
                         "class Hyper(NamedTuple):\n    dim: int = 32\n    heads: int = 4\n"
                         "    head_dim: int = 8\n\n\nH = Hyper()"),
    "namedtuple": ("from collections import namedtuple",
                   "H = namedtuple('Hyper', 'dim heads head_dim')(32, 4, 8)"),
    "SimpleNamespace": ("from types import SimpleNamespace",
                        "H = SimpleNamespace(dim=32, heads=4, head_dim=8)"),
}  # fmt: skip


@pytest.mark.parametrize("holder", list(HOLDERS))
def test_fields_of_an_object_a_module_keeps_are_values_it_holds(tmp_path, holder):
    """``self.h = h`` of a NamedTuple or namespace, read in ``forward`` as ``h.heads``: the
    module holds those sizes (as torch's module does, through ``self.h``)."""
    imports, define = HOLDERS[holder]
    path = tmp_path / "m.py"
    path.write_text(HELD.format(imports=imports, define=define))
    spec = importlib.util.spec_from_file_location("held_case", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    att = mod.M().layers[0]  # torch: the values the module reads in forward
    g = parse_source(str(path), entry="M")
    got = {(u.key, u.value) for u in g.uses if u.via and u.via.startswith("Attention.h.")}
    assert got == {("numHeads", att.h.heads), ("headDim", att.h.head_dim)}
