"""Tensors built in __init__ (indexing, expand) and ties declared on the instance."""

from __future__ import annotations

import pytest

from tests.source_coverage import same_as_torch

INDEXING = """
import math

import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        A = torch.arange(1, 17)[None, :]
        A = A.expand(32, -1).contiguous()
        self.A_log = nn.Parameter(torch.log(A))
        B = torch.zeros(4, 6, 8)
        self.b1 = nn.Parameter(B[..., 2:5])
        self.b2 = nn.Parameter(B[1, :, None, ::3])
        self.b3 = nn.Parameter(torch.ones(3)[:, None].expand(2, 3, 5))
        self.b4 = nn.Parameter(B[-1][1:-1])
        self.n = nn.Parameter(torch.normal(0, 0.1, size=(7,)))
        dt = torch.exp(torch.rand(5) * (math.log(0.1) - math.log(0.001)) + math.log(0.001))
        dt = torch.clamp(dt, min=1e-4)
        self.dt_bias = nn.Parameter(dt + torch.log(-torch.expm1(-dt)))
        pe = torch.zeros(9, 6)
        pos = torch.arange(0, 9).unsqueeze(1)
        div = torch.exp(torch.arange(0, 6, 2) * -(math.log(10000.0) / 6))
        pe[:, 0::2] = torch.sin(pos * div)
        pe = pe - pe.mean()
        pe = pe / (pe.std() * 10)
        self.pe = nn.Parameter(pe, requires_grad=False)
        self.outer = nn.Parameter(pos * div)
        self.rows = nn.Parameter(B.sum(1))
        self.keep = nn.Parameter(B.mean(-1, keepdim=True))
        depths = [2, 1, 3]
        rates = [x.tolist() for x in torch.linspace(0, 0.1, sum(depths)).split(depths)]
        self.stages = nn.ModuleList(
            [nn.Sequential(*[nn.Linear(4, 4) for _ in r]) for d, r in zip(depths, rates)]
        )
        self.halves = nn.ParameterList([nn.Parameter(t) for t in torch.zeros(7, 3).split(2)])
"""


def test_tensor_indexing_and_expand_shapes(tmp_path):
    same_as_torch(tmp_path, INDEXING, "Net")


SHARED = """
import torch.nn as nn
from transformers import PreTrainedConfig, PreTrainedModel


class Cfg(PreTrainedConfig):
    model_type = "toy_shared"

    def __init__(self, hidden_size=8, num_layers=4, **kwargs):
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        {tie}
        super().__init__(**kwargs)


class Block(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.shared = nn.Linear(n, n)
        self.own = nn.Linear(n, 2)


class Inner(PreTrainedModel):
    config_class = Cfg

    def __init__(self, config):
        super().__init__(config)
        self.layers = nn.ModuleList([Block(config.hidden_size) for _ in range(config.num_layers)])
        self._tied_weights_keys = {{r"layers.(?!0\\.)\\d+.shared": "layers.0.shared"}}
        self.post_init()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner._from_config(Cfg())
"""


@pytest.mark.parametrize("tie", [True, False, None])
def test_tied_weights_keys_set_on_the_instance(tmp_path, tie):
    """Ties declared on the instance apply when the config class says to tie; a config class
    without ``tie_word_embeddings`` does not tie in transformers 5."""
    line = "" if tie is None else f"self.tie_word_embeddings = {tie}"
    g = same_as_torch(tmp_path, SHARED.format(tie=line), "Net")
    shared = 8 * 8 + 8
    assert g.params_total() == (shared if tie else 4 * shared) + 4 * (8 * 2 + 2)


ROPE = """
import torch
import torch.nn as nn
from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS
from transformers.models.llama.configuration_llama import LlamaConfig


class Rot(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = LlamaConfig(
            hidden_size=64,
            num_attention_heads=4,
            rope_parameters={{
                "rope_type": "{kind}",
                "rope_theta": 10000.0,
                "factor": 4.0,
                "original_max_position_embeddings": 32,
            }},
        )
        inv_freq, _ = ROPE_INIT_FUNCTIONS["{kind}"](cfg)
        self.alpha = nn.Parameter(torch.zeros_like(inv_freq, dtype=torch.float32))
"""


@pytest.mark.parametrize("kind", ["yarn", "linear", "dynamic"])
def test_rope_init_functions_read_from_transformers_source(tmp_path, kind):
    """A learned tensor shaped like the inverse frequencies (mistral_large4's ``alpha``)."""
    same_as_torch(tmp_path, ROPE.format(kind=kind), "Rot")


TABLE = """
import numpy as np
import torch
import torch.nn as nn


def sinusoid_table(n_position, d_hid):
    def angles(position):
        return [position / np.power(10000, 2 * (j // 2) / d_hid) for j in range(d_hid)]

    table = np.array([angles(p) for p in range(n_position)])
    table[:, 0::2] = np.sin(table[:, 0::2])
    return torch.FloatTensor(table).unsqueeze(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = sinusoid_table(1000, 800)  # 800k numbers: a buffer, never a size
        self.proj = nn.Linear(800, 8)
"""


def test_big_numeric_table_is_not_computed(tmp_path):
    """Computing it value by value would exhaust the analysis budget (an error)."""
    same_as_torch(tmp_path, TABLE, "Net")
