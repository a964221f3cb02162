"""fresh9's development unknowns (issue #16, session 16), each construct in a small model
written here and built in real torch.

Module truthiness: ``nn.Module`` defines neither ``__bool__`` nor ``__len__`` (a layer is
truthy) but torch's containers define ``__len__`` (an empty ``nn.Sequential()`` is falsy).
``bool(norm_layer)`` was unknown (a projection head's ``bias=not bool(batch_norm)``), and
``if self.extra:`` on an empty container took the branch: a silent wrong count."""

from __future__ import annotations

import functools
import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
torch_count = functools.partial(_count, root="model", device="cpu")

HEAD = """
import torch
import torch.nn as nn
"""


def check(tmp_path, body: str):
    f = tmp_path / "m.py"
    f.write_text(HEAD + textwrap.dedent(body))
    return parse_source(f).params_total(), torch_count(f)


HEADS = """
class Head(nn.Module):
    def __init__(self, specs):
        super().__init__()
        layers = []
        for spec in specs:
            fan_in, fan_out, norm, act, *flags = spec
            layers.append(nn.Linear(fan_in, fan_out, bias=flags[0] if flags else not bool(norm)))
            if norm:
                layers.append(norm)
            if act:
                layers.append(act)
        self.layers = nn.Sequential(*layers)

    def forward(self, x):
        return self.layers(x)


model = Head([(6, 10, nn.BatchNorm1d(10), nn.ReLU()), (10, 4, None, None), (4, 4, None, None, False)])
"""


def test_bool_of_a_layer_is_true(tmp_path):
    got, want = check(tmp_path, HEADS)
    assert got == want == 6 * 10 + 20 + 10 * 4 + 4 + 4 * 4


CONTAINERS = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.extra = nn.Sequential()
        self.more = nn.ModuleList([nn.Identity()])
        self.gates = nn.ParameterList()
        self.stem = nn.Linear(3, 5, bias=bool(self.more))
        self.tail = nn.Linear(5, 2, bias=bool(self.gates))
        if self.extra:
            self.skip = nn.Linear(5, 5)
        if not self.gates:
            self.gate = nn.Parameter(torch.zeros(7))
        if self.more:
            self.proj = nn.Linear(2, 2)

    def forward(self, x):
        return self.tail(self.stem(x))


model = Net()
"""


def test_container_truth_is_its_length(tmp_path):
    got, want = check(tmp_path, CONTAINERS)
    assert got == want == 3 * 5 + 5 + 5 * 2 + 7 + 2 * 2 + 2


SIZED = """
class Bag(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.lin = nn.Linear(2, 2)

    def __len__(self):
        return self.n

    def forward(self, x):
        return self.lin(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = Bag(0)
        self.out = nn.Linear(2, 2, bias=bool(self.bag))

    def forward(self, x):
        return self.out(self.bag(x))


model = Net()
"""


def test_bool_of_a_module_with_len_is_not_guessed(tmp_path):
    got, want = check(tmp_path, SIZED)
    assert want == 6 + 4
    assert got in (None, want)


MEMORY = """
class Stateful(nn.Module):
    def __init__(self):
        super().__init__()
        self._state = {}
        self.remember("v", 0.0)

    def remember(self, name, value):
        self._state[name] = value

    def __getattr__(self, name):
        if "_state" in self.__dict__:
            state = self.__dict__["_state"]
            if name in state:
                return state[name]
        return super().__getattr__(name)

    def __setattr__(self, name, value):
        state = self.__dict__.get("_state")
        if state is not None and name in state:
            state[name] = value
        else:
            super().__setattr__(name, value)


class Cell(Stateful):
    def __init__(self, act, width):
        super().__init__()
        self.act = act
        self.v = 1.0
        self.decay = nn.Parameter(torch.zeros(width))

    def forward(self, x):
        return self.act(x) * self.decay


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.cell = Cell(nn.PReLU(4), 4)
        if self.cell.v == 1.0 and "decay" not in self.cell.__dict__:
            self.extra = nn.Linear(2, 2)

    def forward(self, x):
        return self.cell(self.fc(x))


model = Net()
"""


def test_module_dict_holds_plain_attributes_only(tmp_path):
    # ``__setattr__`` reading ``self.__dict__``: the layer and the parameter it passes on are
    # registered (not in ``__dict__``), the state value is written through the dict
    got, want = check(tmp_path, MEMORY)
    assert got == want == 4 * 4 + 4 + 4 + 4 + 2 * 2 + 2


OUTPUT = """
from collections import OrderedDict


class Output(OrderedDict):
    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        super().__setattr__(key, value)


class Keep(dict):
    def keep(self, key, value):
        super().__setattr__(key, value)


class Plain:
    def keep(self, key, value):
        super().__setattr__(key, value)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(12, 7)

    def forward(self, x):
        out = Output()
        out["code"] = self.body(x.reshape(x.shape[0], -1))
        return out


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        z = self.encoder(torch.randn(2, 3, 4)).code
        k = Keep()
        k.keep("width", 5)
        p = Plain()
        p.keep("extra", 3)
        self.head = nn.Linear(z.shape[-1], k.width)
        self.side = nn.Linear(p.extra, 1)

    def forward(self, x):
        return self.head(self.encoder(x).code)


model = Net()
"""


def test_object_setattr_through_super_in_a_dict_subclass(tmp_path):
    # ``super().__setattr__`` in an OrderedDict / dict subclass is ``object.__setattr__``:
    # the attribute is there to read (``encoder(x).code``)
    got, want = check(tmp_path, OUTPUT)
    assert got == want == 12 * 7 + 7 + 7 * 5 + 5 + 3 + 1


NESTED = """
import math
from copy import deepcopy
from dataclasses import dataclass


@dataclass
class CellConfig:
    width: int = -1
    factor: float = 2.0
    inner: int = None

    def __post_init__(self):
        self.inner = int(math.ceil(self.factor * self.width / 16) * 16)


@dataclass
class StackConfig:
    cell: CellConfig = None
    width: int = 24
    depth: int = 2

    def __post_init__(self):
        self.cell.width = self.width
        self.cell.__post_init__()


class Cell(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.up = nn.Linear(config.width, config.inner)
        self.down = nn.Linear(config.inner, config.width)

    def forward(self, x):
        return self.down(self.up(x))


class Stack(nn.Module):
    def __init__(self, config):
        super().__init__()
        config.cell.factor = 1.0
        self.cells = nn.ModuleList(Cell(deepcopy(config.cell)) for _ in range(config.depth))

    def forward(self, x):
        for c in self.cells:
            x = c(x)
        return x


model = Stack(StackConfig(cell=CellConfig()))
"""


def test_write_to_a_nested_dataclass_field(tmp_path):
    # ``self.cell.width = ...`` on a dataclass held in another's field was dropped: the cell
    # kept ``width=-1`` (a confident wrong count, not an unknown)
    got, want = check(tmp_path, NESTED)
    assert got == want == 2 * (24 * 48 + 48 + 48 * 24 + 24)
