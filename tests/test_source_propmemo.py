"""Config property results reused while the fields they read are unchanged (``propmemo.py``).

One config class with three properties: one reading only its own fields (reused), one reading
a module constant (run at every read), and a layer that writes a field between reads (the
reused value must follow the write). Checked against torch, against the graph parsed with
reuse off, and by counting how often each getter body ran.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")

from driftcheck.parsers.source.interp.objmodel import Calls  # noqa: E402
from driftcheck.speed import current, use  # noqa: E402
from tests.source_coverage import same_as_torch  # noqa: E402

CODE = """
import torch.nn as nn
from transformers import PreTrainedConfig

SCALE = 2


class Cfg(PreTrainedConfig):
    model_type = "toy_propmemo"

    def __init__(self, hidden=8, layers=6, kinds=("a", "b", "a", "a", "b", "a"), **kwargs):
        self.hidden = hidden
        self.layers = layers
        self.kinds = list(kinds)
        super().__init__(**kwargs)

    @property
    def widths(self):
        out = [self.hidden * (2 if k == "b" else 1) for k in self.kinds]
        later = [j for j in range(self.layers) if self.kinds[j] == "b"][1:]
        for i in range(self.layers):
            if i in later:
                out[i] = out[i] + 1
        return out

    @property
    def scaled(self):
        return self.hidden * SCALE


class Layer(nn.Module):
    def __init__(self, config, idx):
        super().__init__()
        widths = config.widths
        widths[idx] = widths[idx] + 100  # a copy per read: the next layer must not see this
        self.proj = nn.Linear(config.hidden, config.widths[idx])
        self.extra = nn.Linear(config.scaled, 2)


class Grow(nn.Module):
    def __init__(self, config):
        super().__init__()
        config.hidden = config.hidden + 1  # the fields change: the next read recomputes
        self.proj = nn.Linear(config.widths[0], 3)


class Net(nn.Module):
    def __init__(self, config: Cfg):
        super().__init__()
        self.layers = nn.ModuleList([Layer(config, i) for i in range(config.layers)])
        self.grow = Grow(config)
        self.last = nn.Linear(config.widths[-1], 1)
"""


def _parse(tmp_path, memo: bool):
    runs: dict[str, int] = {}
    orig = Calls.call_func

    def call_func(self, f, args, kwargs):  # noqa: ANN001
        name = getattr(f.node, "name", "")
        runs[name] = runs.get(name, 0) + 1
        return orig(self, f, args, kwargs)

    Calls.call_func = call_func
    sp = current() if memo else current().without("layer_memo", "propmemo")
    try:
        from transformers import PreTrainedConfig  # noqa: F401 - the snippet's import

        with use(sp):
            g = same_as_torch(tmp_path, CODE, "Net", torch_args=(_torch_cfg(tmp_path),))
    finally:
        Calls.call_func = orig
    return g, runs


def _torch_cfg(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("propmemo_cfg", tmp_path / "snippet.py")
    mod = importlib.util.module_from_spec(spec)
    (tmp_path / "snippet.py").write_text(CODE)
    spec.loader.exec_module(mod)
    return mod.Cfg()


def test_property_reused_until_its_fields_change(tmp_path):
    g, runs = _parse(tmp_path, True)
    plain, plain_runs = _parse(tmp_path, False)
    assert json.loads(g.to_json()) == json.loads(plain.to_json())
    assert plain_runs["widths"] == 6 * 2 + 2  # every read runs the getter
    assert runs["widths"] == 2  # once before Grow's write, once after it
    assert runs["scaled"] == plain_runs["scaled"] == 6  # reads a module constant: not reused
