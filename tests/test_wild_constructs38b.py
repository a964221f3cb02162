"""Session 38 (wildfix38b): fresh37 dev's confident wrongs.

1. ``nn.ModuleList(modules=layers)`` (sequence_models' ``ByteNet``): the items given under
   the keyword torch's container ``__init__`` takes them by (``modules`` for ``ModuleList`` /
   ``ModuleDict``, ``values`` for ``ParameterList``, ``parameters`` for ``ParameterDict``) were
   dropped, an empty container and a count short by every layer in it. Now they are the items;
   any other keyword (torch's TypeError) leaves the contents unknown.

Every count is torch's (meta device); a null count is an honest unknown.
"""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _both(tmp_path, code: str, device: str = "meta") -> tuple[int | None, int, list[str]]:
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    r = parse_source(path)
    return r.params_total(), torch_count(path, root="model", device=device), list(r.notes)


KEYWORD_ITEMS = """
import torch
import torch.nn as nn

class Stack(nn.ModuleList):
    def __init__(self, n):
        super().__init__(modules=[nn.Linear(3, 3) for _ in range(n)])

class M(nn.Module):
    def __init__(self):
        super().__init__()
        layers = [nn.Linear(4, 4) for _ in range(3)]
        self.layers = nn.ModuleList(modules=layers)
        self.d = nn.ModuleDict(modules={"a": nn.Linear(2, 2)})
        self.p = nn.ParameterList(values=[nn.Parameter(torch.zeros(3))])
        self.q = nn.ParameterDict(parameters={"w": nn.Parameter(torch.zeros(2, 2))})
        self.none = nn.ModuleList(modules=None)
        self.stack = Stack(2)

    def forward(self, x):
        return x

model = M()
"""


def test_container_items_by_keyword_are_counted(tmp_path):
    got, want, _ = _both(tmp_path, KEYWORD_ITEMS)
    assert want == 3 * 20 + 6 + 3 + 4 + 2 * 12
    assert got == want


def test_container_foreign_keyword_is_unknown(tmp_path):
    # torch raises TypeError for a keyword its container does not take: never a count
    code = """
    import torch.nn as nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList(layers=[nn.Linear(4, 4)])

    model = M()
    """
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    with pytest.raises(TypeError):
        torch_count(path, root="model", device="meta")
    assert parse_source(path).params_total() is None


# 2. pydantic validators (interp/pydvalid.py): they ran nowhere, so a config whose validator
#    clamps or rounds a size gave a confident wrong count


PYD_HEAD = """
import torch.nn as nn
from pydantic import BaseModel, field_validator, model_validator

class Cfg(BaseModel):
    width: int = 250
    heads: int = 6
    depth: int = 0
"""

PYD_TAIL = """
model = nn.Sequential(nn.Embedding(10, cfg.width), *[nn.Linear(cfg.width, 3) for _ in range(cfg.depth)])
"""

CLAMP_AND_ROUND = """
    @model_validator(mode="after")
    def round_width(self):
        self.width = (self.width // self.heads) * self.heads
        return self

    @field_validator("depth")
    @classmethod
    def at_least_one(cls, v):
        return max(v, 1)
"""


@pytest.mark.parametrize(
    "body, call",
    [
        # the wild file's construct: a field validator on a given field, an after validator
        (CLAMP_AND_ROUND, "Cfg(width=250, depth=0)"),
        # the field not given: pydantic does not validate a default (depth stays 0)
        (CLAMP_AND_ROUND, "Cfg(width=250)"),
        # before validators, the field's in reverse order of definition; after ones in order
        (
            """
    @model_validator(mode="before")
    @classmethod
    def fill(cls, data):
        data = dict(data)
        data.setdefault("depth", 3)
        return data

    @field_validator("width", mode="before")
    @classmethod
    def plus_one(cls, v):
        return v + 1

    @field_validator("width", mode="before")
    @classmethod
    def double(cls, v):
        return v * 2

    @field_validator("*")
    @classmethod
    def halve(cls, v):
        return v // 2 if v > 4 else v
""",
            "Cfg(width=10)",
        ),
    ],
)
def test_pydantic_validators_run(tmp_path, body, call):
    pytest.importorskip("pydantic")
    got, want, _ = _both(tmp_path, PYD_HEAD + body + f"\ncfg = {call}\n" + PYD_TAIL)
    assert got == want


@pytest.mark.parametrize(
    "body",
    [
        # a wrap validator: not modelled
        """
    @field_validator("depth", mode="wrap")
    @classmethod
    def w(cls, v, handler):
        return handler(v) + 1
""",
        # defaults validated: not modelled
        """
    model_config = {"validate_default": True}

    @field_validator("depth")
    @classmethod
    def at_least_one(cls, v):
        return max(v, 1)
""",
        # the info argument: not modelled
        """
    @field_validator("depth")
    @classmethod
    def at_least_one(cls, v, info):
        return max(v, 2)
""",
    ],
)
def test_pydantic_unmodelled_validators_are_unknown(tmp_path, body):
    pytest.importorskip("pydantic")
    got, want, notes = _both(tmp_path, PYD_HEAD + body + "\ncfg = Cfg(depth=0)\n" + PYD_TAIL)
    assert want != 2500  # the validator moved the count: ignoring it would be a wrong
    assert got is None, notes
