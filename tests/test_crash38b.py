"""Session 38 (crashfix38b): crash rules checked against torch (CPU, seeded): a blocker exactly
when torch raises; the clean twins (``_ok``) show what the rules must not claim.

Module identity: identical items of a ModuleList / Sequential are one repeat node in the graph
(``Flow.resolve`` maps them to the first item), but torch holds a module, and parameters, per
item. ``m.parameters()`` in forward lists each item's own tensors: an optimizer given one group
per item has no shared parameter, and ``len(list(layers.parameters()))`` counts every item.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, registrar, torch_crashes, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def net(name: str, init: str, body: str, shape: tuple[int, ...] = (4, 8)) -> None:
    src = (
        "\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        {init}\n\n    def forward(self, x):\n        {body}\n        return x\n"
    )
    model(name, shape, src)


COMP = "self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])"
LIT = "self.layers = nn.ModuleList([nn.Linear(8, 8),\n                                     nn.Linear(8, 8)])"
SEQ = "self.layers = nn.Sequential(*[nn.Sequential(nn.Linear(8, 8), nn.ReLU()) for _ in range(3)])"
SHARED = "lin = nn.Linear(8, 8)\n        self.layers = nn.ModuleList([lin, lin])"
REPEAT = "self.layers = nn.ModuleList([nn.Linear(8, 8)] * 2)"
PER_ITEM = "opt = torch.optim.Adam([dict(params=l.parameters(), lr=1e-2) for l in self.layers])"

# one parameter group per item: distinct modules (clean), one module twice (torch's ValueError)
net("groups_ok_comprehension", COMP, PER_ITEM)
net("groups_ok_literal", LIT, PER_ITEM)
net(
    "groups_ok_listed",
    COMP,
    "opt = torch.optim.Adam([dict(params=list(l.parameters())) for l in self.layers])",
)
net("groups_ok_indexed", COMP,
    "opt = torch.optim.SGD([dict(params=self.layers[0].parameters()),\n"
    "                               dict(params=self.layers[2].parameters())], lr=0.1)")  # fmt: skip
net("groups_ok_enumerate_lr", COMP,
    "groups = [dict(params=l.parameters(), lr=1e-2 / (i + 1)) for i, l in enumerate(self.layers)]\n"
    "        opt = torch.optim.Adam(groups)\n"
    "        sched = torch.optim.swa_utils.SWALR(opt, swa_lr=1e-3, anneal_strategy='cos')\n"
    "        sched.step()")  # fmt: skip
net(
    "groups_ok_nested_blocks",
    SEQ,
    "opt = torch.optim.SGD([dict(params=b.parameters()) for b in self.layers], lr=0.1)",
)
net("groups_shared_module", SHARED, PER_ITEM)
net("groups_repeated_module", REPEAT, PER_ITEM)
net("groups_item_and_all", COMP,
    "opt = torch.optim.SGD([dict(params=self.layers[2].parameters()),\n"
    "                               dict(params=self.layers.parameters())], lr=0.1)")  # fmt: skip
net("groups_block_and_its_layer", SEQ,
    "opt = torch.optim.SGD([dict(params=self.layers[1].parameters()),\n"
    "                               dict(params=self.layers[1][0].parameters())], lr=0.1)")  # fmt: skip

# the count of a container's parameters: every item's own
for _k in (2, 3, 6):
    net(f"count{'_ok' if _k == 6 else ''}_linear_items_{_k}", COMP,
        f"n = len(list(self.layers.parameters()))\n        assert n == {_k}")  # fmt: skip
for _k in (2, 6):
    net(f"count{'_ok' if _k == 6 else ''}_block_items_{_k}", SEQ,
        f"n = len(list(self.layers.parameters()))\n        assert n == {_k}")  # fmt: skip
net(
    "count_ok_shared_twice",
    SHARED,
    "n = len(list(self.layers.parameters()))\n        assert n == 2",
)
net(
    "count_shared_twice_4", SHARED, "n = len(list(self.layers.parameters()))\n        assert n == 4"
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)
