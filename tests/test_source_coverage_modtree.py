"""Module-tree walks in __init__ (children, named_children, modules, _modules), isinstance on
torch classes, property setters and recursion over unknown values: counts against torch."""

from __future__ import annotations

from driftcheck.parsers.source import parse_source
from tests.source_coverage import same_as_torch

REPLACE_BN = """
import torch
import torch.nn as nn


class FrozenBN(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("weight", torch.ones(n))
        self.register_buffer("bias", torch.zeros(n))


def replace_batch_norm(model):
    for name, module in model.named_children():
        if isinstance(module, nn.BatchNorm2d):
            new_module = FrozenBN(module.num_features)
            model._modules[name] = new_module
        if len(list(module.children())) > 0:
            replace_batch_norm(module)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, bias=False)
        self.norm = nn.BatchNorm2d(c)
        self.act = nn.ReLU()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        body = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), Block(8), Block(8))
        replace_batch_norm(body)
        self.body = body
        self.head = nn.Linear(8, 4)
        n = sum(1 for m in self.modules() if isinstance(m, nn.Conv2d))
        self.per_conv = nn.Parameter(torch.zeros(n))
        self.named = nn.Parameter(torch.zeros(len(list(self.named_modules()))))
"""


def test_replace_batch_norm_walks_and_swaps_children(tmp_path):
    g = same_as_torch(tmp_path, REPLACE_BN, "Net")
    assert not any(n.type == "BatchNorm2d" for n in g.nodes)


def test_isinstance_of_torch_layers_is_decided_for_layers_and_user_classes(tmp_path):
    code = """
    import torch
    import torch.nn as nn


    class MyLinear(nn.Linear):
        pass


    class Plain(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(2, 2)


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            kinds = [nn.Conv1d(2, 2, 1), nn.LayerNorm(3), MyLinear(3, 3), Plain(), nn.Sequential()]
            keep = [isinstance(m, nn.Linear) for m in kinds]
            self.layers = nn.ModuleList([m for m, k in zip(kinds, keep) if k])
            self.w = nn.Parameter(torch.zeros(sum(isinstance(m, nn.Module) for m in kinds)))
    """
    same_as_torch(tmp_path, code, "Net")


def test_property_with_setter_reads_the_getter(tmp_path):
    code = """
    import torch.nn as nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self._width = 6
            self.fc = nn.Linear(self.width, 2)

        @property
        def width(self):
            return self._width

        @width.setter
        def width(self, value):
            self._width = value
    """
    same_as_torch(tmp_path, code, "Net")


def test_recursion_over_unknown_values_ends(tmp_path):
    """``walk(m)`` over a module we cannot see would recurse forever; it ends, counts stay."""
    p = tmp_path / "m.py"
    p.write_text(
        "import torch.nn as nn\n"
        "from somewhere_missing import load\n"
        "def walk(m):\n"
        "    for name, c in m.named_children():\n"
        "        walk(c)\n"
        "class Net(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        walk(load())\n"
        "        self.fc = nn.Linear(3, 4)\n"
    )
    assert parse_source(p, entry="Net").params_total() == 16


def test_empty_module_filled_by_attributes(tmp_path):
    """``down = nn.Module(); down.block = ...`` (VQ-VAE encoders) registers like a user module."""
    code = """
    import numpy as np
    import torch.nn as nn


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.down = nn.ModuleList()
            strides = [32, 8, 16]
            order = np.argsort(strides, axis=0).tolist()
            for i in [strides[j] for j in order]:
                down = nn.Module()
                down.block = nn.Linear(i, 2)
                if i > 8:
                    down.extra = nn.Conv1d(2, 2, int(np.log2(i)))
                self.down.append(down)
    """
    same_as_torch(tmp_path, code, "Net")
