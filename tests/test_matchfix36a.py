"""Session 36 (matchfix36): review35's compare findings on session 35's unknown rules.

- a side with no layers read is an info ``incomplete`` only where a node of its graph is
  marked unknown (the parser's signal), never for a graph note alone ("the root module has no
  forward()"): a comparison that did not happen stays minor;
- an unknown layer elsewhere does not demote a fully known pair of layers that differ (a
  nested level whose own totals are known on both sides), nor a value each side holds that the
  other, fully known there, holds nowhere;
- ``_under_one_weight``: an axis ``dim=-1`` against ``dim=1`` is no layout where no op size
  moved with the weight;
- one note, said once (a multi-part note is no duplicate ``incomplete``);
- ``DRIFTCHECK_NO_UNKNOWN35=1`` / ``DRIFTCHECK_NO_ONE_WEIGHT35=1`` switch the rules off.

Torch is the ground truth for every verdict: the code's model and transformers' model built
from the config are compared on the meta device.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from driftcheck.drift import compare_sources

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

CODE = """
import os
import torch
import torch.nn as nn
import torch.nn.functional as F

D = 32
HEADS, KV = 4, 2
FF = 64
DEPTH = 2
VOCAB = 96
EPS = 1e-6
WIDTH = int(os.environ["MATCHFIX36_WIDTH"])


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        hd = D // HEADS
        self.q_proj = nn.Linear(D, HEADS * hd, bias=True)
        self.k_proj = nn.Linear(D, KV * hd, bias=True)
        self.v_proj = nn.Linear(D, KV * hd, bias=True)
        self.o_proj = nn.Linear(HEADS * hd, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, -1).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV, -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV, -1).transpose(1, 2)
        k = k.repeat_interleave(HEADS // KV, dim=1)
        v = v.repeat_interleave(HEADS // KV, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(D, FF, bias=False)
        self.up_proj = nn.Linear(D, FF, bias=False)
        self.down_proj = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(D, eps=EPS)
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.RMSNorm(D, eps=EPS)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList([Layer() for _ in range(DEPTH)])
        self.norm = nn.RMSNorm(D, eps=EPS)
        EXTRA

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
"""

# a probe of the sizes the environment gives (the one layer of unknown size, outside the layers)
EXTRA = "self.probe = nn.Linear(D, WIDTH, bias=False)"


def _config_dict() -> dict:
    cfg = transformers.Qwen2Config(
        vocab_size=96,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
        rms_norm_eps=1e-6,
        tie_word_embeddings=False,
    )
    d = cfg.to_dict()
    d["architectures"] = ["Qwen2Model"]
    return d


def _write(tmp_path: Path, extra: str = EXTRA, **sub: str) -> tuple[Path, Path]:
    code = CODE.replace("EXTRA", extra or "pass")
    for name, value in sub.items():
        code = code.replace(f"\n{name} = ", f"\n{name} = {value}  # was: ", 1)
    path = tmp_path / "qwen2_matchfix36.py"
    path.write_text(code)
    config = tmp_path / "config.json"
    config.write_text(json.dumps(_config_dict()))
    return path, config


def _code_model(path: Path, monkeypatch) -> torch.nn.Module:
    monkeypatch.setenv("MATCHFIX36_WIDTH", "48")  # any width: the probe is no part of Qwen2
    name = f"mf36_{path.stat().st_mtime_ns}"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    with torch.device("meta"):
        return mod.Qwen2()


def _hf_model() -> torch.nn.Module:
    with torch.device("meta"):
        return transformers.Qwen2Model(transformers.Qwen2Config(**_config_dict()))


def _shapes(m: torch.nn.Module, skip: str = "probe.") -> Counter:
    return Counter(tuple(p.shape) for n, p in m.named_parameters() if not n.startswith(skip))


@pytest.fixture
def env(monkeypatch):
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.setenv("DRIFTCHECK_MEMO", "0")
    monkeypatch.delenv("MATCHFIX36_WIDTH", raising=False)  # the analyzer reads it unknown
    return monkeypatch


def _compare(code: Path, config: Path, env) -> list:
    env.delenv("MATCHFIX36_WIDTH", raising=False)
    return compare_sources(str(code), str(config))


def _loud(findings: list) -> list:
    return [f for f in findings if f.severity.rank >= 1]


# -- item 2: an unknown layer elsewhere demotes no known difference -----------------------


def test_clean_pair_with_unknown_probe_is_clean(tmp_path, env):
    code, config = _write(tmp_path)
    assert _shapes(_code_model(code, env)) == _shapes(_hf_model())  # torch: all but the probe
    found = _compare(code, config, env)
    assert _loud(found) == [], [f.message for f in _loud(found)]
    # the probe of unknown width is said (info naming it), not silently passed
    assert any("probe" in (f.evidence or "") for f in found)


def test_known_mlp_width_drift_beside_unknown_probe_stays_loud(tmp_path, env):
    code, config = _write(tmp_path, FF="80")
    code_shapes, hf_shapes = _shapes(_code_model(code, env)), _shapes(_hf_model())
    assert code_shapes != hf_shapes  # torch: the MLP weights differ
    assert code_shapes[(80, 32)] == 2 * 2 and hf_shapes[(64, 32)] == 2 * 2
    loud = _loud(_compare(code, config, env))
    assert any("80" in json.dumps(f.values) and "64" in json.dumps(f.values) for f in loud), [
        (f.severity.value, f.message) for f in loud
    ]


def test_switch_off_is_the_matcher_before_session_35(tmp_path, env):
    """``DRIFTCHECK_NO_UNKNOWN35=1``: none of session 35's demotions (the drift is loud)."""
    code, config = _write(tmp_path, FF="80")
    env.setenv("DRIFTCHECK_NO_UNKNOWN35", "1")
    loud = _loud(_compare(code, config, env))
    assert loud  # pre-unknown35: no demotion at all


def test_norm_eps_each_side_holds_alone_stays_loud(tmp_path, env):
    code, config = _write(tmp_path, EPS="1e-5")
    m = _code_model(code, env)
    assert m.norm.eps == 1e-5 and _hf_model().norm.variance_epsilon == 1e-6  # torch
    loud = _loud(_compare(code, config, env))
    assert any("1e-05" in f.message or "1e-5" in f.message for f in loud), [
        (f.severity.value, f.message, f.evidence) for f in _compare(code, config, env)
    ]


# -- item 1: no layers read ------------------------------------------------------------------

NO_FORWARD = """
import torch.nn as nn
from matchfix36_unread_lib import build


class Qwen2(nn.Module):
    def __init__(self):
        super().__init__()
        build(self)
"""

UNREAD_LAYERS = """
import torch
from matchfix36_unread_lib import nn


class Qwen2(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(96, 32)
        self.norm = nn.RMSNorm(32)

    def forward(self, ids):
        return self.norm(self.embed_tokens(ids))
"""


def _incomplete(findings: list) -> list:
    return [f for f in findings if f.kind == "incomplete" and "no layers" in f.message]


def test_no_layers_and_only_a_note_stays_minor(tmp_path, env):
    """No node is marked unknown: the graph only notes that the root has no forward(). The
    config's model holds weights (torch), none were compared: minor, as before session 35."""
    assert sum(p.numel() for p in _hf_model().parameters()) > 0
    code = tmp_path / "qwen2_noforward.py"
    code.write_text(NO_FORWARD)
    _, config = _write(tmp_path)
    got = _incomplete(_compare(code, config, env))
    assert [f.severity.value for f in got] == ["minor"], [(f.message, f.evidence) for f in got]
    assert "forward()" in (got[0].evidence or "")  # what the graph said, for the reader


def test_no_layers_because_layers_unread_is_info_naming_them(tmp_path, env):
    """Every layer is built by a class of a library not read (an ``Unknown`` node each): the
    honest unknown names the first, with its file:line."""
    assert sum(p.numel() for p in _hf_model().parameters()) > 0
    code = tmp_path / "qwen2_unreadlayers.py"
    code.write_text(UNREAD_LAYERS)
    _, config = _write(tmp_path)
    got = _incomplete(_compare(code, config, env))
    assert [f.severity.value for f in got] == ["info"]
    assert "embed_tokens" in got[0].evidence and "qwen2_unreadlayers.py" in got[0].evidence
    env.setenv("DRIFTCHECK_NO_UNKNOWN35", "1")
    got = _incomplete(_compare(code, config, env))
    assert [f.severity.value for f in got] == ["minor"]  # the switch: as before session 35


# -- item 7: one note, said once ------------------------------------------------------------


def test_multi_part_note_is_said_once(tmp_path, env):
    """A probe with two unresolved sizes (its note joins both with "; "): the note is in at
    most one finding's evidence."""
    code, config = _write(tmp_path, extra="self.probe = nn.Linear(WIDTH, WIDTH)")
    assert _shapes(_code_model(code, env)) == _shapes(_hf_model())
    found = _compare(code, config, env)
    assert _loud(found) == []
    notes = [f.evidence for f in found if f.evidence and "probe" in f.evidence]
    assert notes and "; " in notes[0]  # multi-part
    assert len(notes) == 1, notes


# -- item 3: an axis change with no op size moving is no layout -------------------------------


def test_axis_change_without_moved_size_is_not_layout(monkeypatch):
    from driftcheck.graph.match.diff import Diff
    from driftcheck.graph.match.semantic import _under_one_weight

    # torch: at rank 3, dim=-1 and dim=1 are different axes (different results)
    x = torch.arange(24.0).reshape(2, 3, 4)
    assert not torch.equal(torch.softmax(x, dim=-1), torch.softmax(x, dim=1))

    def diffs():
        weight = Diff("shape", "linear.weight", [64, 32], [96, 32], weights_change=True)
        axis = Diff("param", "softmax.dim", -1, 1, soft=True)
        return weight, axis

    weight, axis = diffs()
    out = _under_one_weight([weight, axis], True)
    assert axis in out and not axis.layout  # nothing moved: the axis stays as seen
    # with an op size that moves with the weight (64 -> 96), the axis index is layout
    weight, axis = diffs()
    size = Diff("param", "view.size", 64, 96, soft=True)
    out = _under_one_weight([weight, axis, size], True)
    assert axis.layout and size in out and size.weights_change
    # the rule's switch: nothing is moved or marked
    monkeypatch.setenv("DRIFTCHECK_NO_ONE_WEIGHT35", "1")
    weight, axis = diffs()
    size = Diff("param", "view.size", 64, 96, soft=True)
    out = _under_one_weight([weight, axis, size], True)
    assert out == [weight, axis, size] and not axis.layout and not size.weights_change
