"""Tensors built in __init__ (indexing, expand) and ties declared on the instance."""

from __future__ import annotations

import pytest

from tests.source_coverage import same_as_torch

INDEXING = """
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
