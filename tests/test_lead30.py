"""``type(nn.Module)`` is ``type`` (torch gives nn.Module no metaclass), so a metaclass
written as ``class Meta(type(nn.Module))`` whose ``__new__`` calls ``super().__new__`` makes
the class as ``type.__new__`` does (session 30: reimpl fresh6's blenderbot_small_metaclass
case had become "no nn.Module subclass found" after session 29's metaclass hooks)."""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source

TYPE_OF_MODULE = """
import torch.nn as nn

W = 8 if type(nn.Module) is type else 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(W, 4)

    def forward(self, x):
        return self.lin(x)


model = M()
"""

META_FROM_TYPE_OF_MODULE = """
import torch.nn as nn

H = {"width": 8}


class Sized(type(nn.Module)):
    def __new__(mcls, name, bases, ns):
        ns.update(H)
        return super().__new__(mcls, name, bases, ns)


class M(nn.Module, metaclass=Sized):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(self.width, 4)

    def forward(self, x):
        return self.lin(x)


model = M()
"""


def _torch_count(src: str) -> int:
    ns: dict = {}
    exec(compile(src, "<case>", "exec"), ns)  # noqa: S102 - the test's own source, for truth
    return sum(p.numel() for p in ns["model"].parameters())


@pytest.mark.parametrize("src", [TYPE_OF_MODULE, META_FROM_TYPE_OF_MODULE], ids=["type", "meta"])
def test_type_of_nn_module_is_type(tmp_path, src):
    f = tmp_path / "case.py"
    f.write_text(textwrap.dedent(src))
    g = parse_source(f)
    assert g.params_total() == _torch_count(src) == 36
