"""Config shapes: transformers' heterogeneous per-layer configs (``per_layer_config``)."""

from __future__ import annotations

import pytest

from driftcheck.parsers.source import parse_source

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


def _meta_count(model_cls, cfg) -> int:
    with torch.device("meta"):
        m = model_cls(cfg)
    return sum(p.numel() for p in m.parameters())


def test_per_layer_config_overrides_one_layer(tmp_path):
    """Gemma 4 gives its full-attention layers another head_dim through ``per_layer_config``."""
    from transformers import Gemma4TextConfig, Gemma4TextModel
    from transformers.models.gemma4 import modeling_gemma4

    cfg = Gemma4TextConfig(
        vocab_size=64,
        hidden_size=32,
        intermediate_size=48,
        num_hidden_layers=4,
        num_attention_heads=2,
        num_key_value_heads=1,
        head_dim=8,
        global_head_dim=16,
        layer_types=["sliding_attention", "full_attention"] * 2,
        num_kv_shared_layers=0,
        hidden_size_per_layer_input=4,
        vocab_size_per_layer_input=64,
    )
    want = _meta_count(Gemma4TextModel, cfg)
    g = parse_source(modeling_gemma4.__file__, entry="Gemma4TextModel", config=cfg.to_dict())
    assert g.params_total() == want


def test_per_layer_config_from_class_defaults():
    """No config dict: the config class's ``__post_init__`` builds the overrides itself."""
    from transformers import Gemma4TextConfig, Gemma4TextModel
    from transformers.models.gemma4 import modeling_gemma4

    want = _meta_count(Gemma4TextModel, Gemma4TextConfig())
    g = parse_source(modeling_gemma4.__file__, entry="Gemma4TextModel")
    assert g.params_total() == want


SETTER = """
import torch.nn as nn
from transformers import PreTrainedConfig


class Cfg(PreTrainedConfig):
    model_type = "toy_setter"

    def __init__(self, widths=(4, 8, 16), out_features=None, **kwargs):
        self.widths = list(widths)
        self._out = None
        self.out_features = out_features
        super().__init__(**kwargs)

    @property
    def out_features(self):
        return self._out

    @out_features.setter
    def out_features(self, names):
        self._out = list(names) if names is not None else [len(self.widths) - 1]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Cfg.from_dict(Cfg(widths=(2, 3, 5, 7), width=3, t2u_width=6).to_dict())
        cfg.out_features = [0, 2]
        for key, val in cfg.to_dict().items():
            if key.startswith("t2u_"):
                cfg.__setattr__(key[4:], val)
        self.t2u = nn.Linear(cfg.width, 2)
        self.heads = nn.ModuleList([nn.Linear(cfg.widths[i], 1) for i in cfg.out_features])
        self.last = nn.Linear(Cfg().widths[Cfg().out_features[0]], 1)
"""


def test_config_property_setter_and_from_dict(tmp_path):
    from tests.source_coverage import same_as_torch

    same_as_torch(tmp_path, SETTER, "Net")
