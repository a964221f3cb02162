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
