"""Import forms and transformers plumbing: star imports, backbones, from_config keywords."""

from __future__ import annotations

import textwrap

from tests.source_coverage import same_as_torch


def test_name_from_a_star_import_of_a_package(tmp_path):
    pkg = tmp_path / "starpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from .layers import *\n")
    (pkg / "layers.py").write_text(
        textwrap.dedent(
            """
            import torch.nn as nn


            class Block(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    self.fc = nn.Linear(n, 2 * n)
            """
        )
    )
    code = f"""
    import sys
    import torch.nn as nn
    sys.path.insert(0, {str(tmp_path)!r})
    from starpkg import Block


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = Block(3)
            self.b = Block(5)
    """
    same_as_torch(tmp_path, code, "Net")


BACKBONE = """
import torch.nn as nn
from transformers import ResNetConfig
from transformers.backbone_utils import load_backbone


class Det(nn.Module):
    def __init__(self, config: ResNetConfig):
        super().__init__()
        self.backbone = load_backbone(config)
        self.proj = nn.ModuleList([nn.Conv2d(c, 8, 1) for c in self.backbone.channels])
"""


def test_load_backbone_and_its_channels_property(tmp_path):
    """BackboneMixin read from transformers' source; ``channels`` follows ``out_features``
    (saved in the dict under its public name, read by the mixin as ``_out_features``)."""
    from transformers import ResNetConfig

    cfg = ResNetConfig(
        embedding_size=8,
        hidden_sizes=[8, 16, 24, 32],
        depths=[1, 1, 2, 1],
        out_features=["stage2", "stage4"],
    )
    same_as_torch(tmp_path, BACKBONE, "Det", config=cfg.to_dict(), torch_args=(cfg,))


def test_from_config_passes_model_keywords_to_init(tmp_path):
    code = """
    import torch.nn as nn
    from transformers import AutoModel
    from transformers.models.bert.configuration_bert import BertConfig


    class Wrap(nn.Module):
        def __init__(self):
            super().__init__()
            cfg = BertConfig(
                vocab_size=50, hidden_size=16, num_hidden_layers=1,
                num_attention_heads=2, intermediate_size=24,
            )
            self.text = AutoModel.from_config(cfg, add_pooling_layer=False)
    """
    g = same_as_torch(tmp_path, code, "Wrap")
    assert not any("pooler" in (n.name or "") for n in g.nodes)


REMOTE_CODE = """
import torch.nn as nn
from transformers import BertConfig, LlamaConfig, PretrainedConfig, PreTrainedModel
from transformers.activations import ACT2FN
from transformers.models.bert.modeling_bert import BertLayer


class TinyConfig(PretrainedConfig):
    model_type = "tiny"

    def __init__(self, hidden=64, layers=3, act="gelu", **kwargs):
        self.hidden = hidden
        self.layers = layers
        self.act = act
        super().__init__(**kwargs)


class TinyModel(PreTrainedModel):
    config_class = TinyConfig

    def __init__(self, config):
        super().__init__(config)
        self.blocks = nn.ModuleList(
            nn.Linear(config.hidden, config.hidden) for _ in range(config.layers)
        )
        self.act = ACT2FN[config.act]
        self.emb = nn.Embedding(LlamaConfig().vocab_size, config.hidden)
        bert = BertConfig(
            num_hidden_layers=1, hidden_size=config.hidden, num_attention_heads=4, intermediate_size=96
        )
        self.bert = BertLayer(bert)


class Root(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = TinyModel(TinyConfig(layers=2))
"""


def test_names_from_the_transformers_top_level(tmp_path):
    """A trust_remote_code-style file: ``from transformers import LlamaConfig, BertConfig``
    (the package reaches them through ``from .models import *`` of lazy packages) resolves
    to the defining files, and the config classes' defaults are read from source."""
    same_as_torch(tmp_path, REMOTE_CODE, "Root")
