"""Session 31 (seqroot31): a root that is a torch ``nn.Sequential`` is chained as torch runs it.

``model = nn.Sequential(nn.Linear(4, 8), nn.Linear(9, 2))`` got no finding (the note "torch's
own forward, not traced") although torch raises on every call. The root's items are now chained
as a ``Sequential`` called in a source forward is; a ``ModuleList`` root (no forward) is torch's
NotImplementedError where an input is given. Each file here is run in torch (train and eval
mode, seeded ``randn`` of the given shape) and ``driftcheck check FILE --input-shape`` must
report a blocker exactly when torch raised. Crash and clean twins per family (the name's first
word). Roots whose call may run other code (a forward hook, an assigned ``forward``, a ``None``
item, a subclass's own ``forward``) stay unknown: no blocker either way.
"""

from __future__ import annotations

import json
import runpy

import pytest

from driftcheck.cli import main

HEAD = "import torch\nimport torch.nn as nn\nfrom collections import OrderedDict\n\n"

# name -> (source after HEAD, input shape)
MODELS: dict[str, tuple[str, tuple[int, ...]]] = {
    "widths_chain": ("model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))", (2, 4)),
    "widths_break": ("model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(9, 2))", (2, 4)),
    "widths_input": ("model = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))", (2, 5)),
    "acts_clean": (
        "model = nn.Sequential(nn.Linear(6, 16), nn.GELU(), nn.Dropout(0.2), nn.SiLU(),\n"
        "                      nn.Tanh(), nn.Linear(16, 3), nn.Softmax(dim=-1))",
        (3, 6),
    ),
    "acts_crash": (
        "model = nn.Sequential(nn.Linear(6, 16), nn.GELU(), nn.Dropout(0.2), nn.Linear(15, 3))",
        (3, 6),
    ),
    "norm_clean": (
        "model = nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(8), nn.BatchNorm1d(8), nn.Linear(8, 2))",
        (4, 4),
    ),
    "norm_layer": ("model = nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(9))", (4, 4)),
    "norm_batch": ("model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(7))", (4, 4)),
    "flatten_clean": (
        "model = nn.Sequential(nn.Linear(12, 24), nn.Unflatten(1, (4, 6)), nn.ReLU(),\n"
        "                      nn.Flatten(), nn.Linear(24, 3))",
        (2, 12),
    ),
    "flatten_crash": (
        "model = nn.Sequential(nn.Unflatten(1, (3, 4)), nn.Flatten(), nn.Linear(11, 3))",
        (2, 12),
    ),
    "conv_clean": (
        "model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),\n"
        "                      nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8 * 8 * 8, 10))",
        (2, 3, 16, 16),
    ),
    "conv_crash": (
        "model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Flatten(), nn.Linear(8 * 16 * 16, 10))",
        (2, 3, 16, 16),
    ),
    "conv_channels": (
        "model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Conv2d(6, 4, 3))",
        (2, 3, 16, 16),
    ),
    "odict_clean": (
        "model = nn.Sequential(OrderedDict([('fc1', nn.Linear(5, 7)), ('act', nn.ReLU()),\n"
        "                                   ('fc2', nn.Linear(7, 1))]))",
        (2, 5),
    ),
    "odict_crash": (
        "model = nn.Sequential(OrderedDict([('fc1', nn.Linear(5, 7)), ('act', nn.ReLU()),\n"
        "                                   ('fc2', nn.Linear(5, 1))]))",
        (2, 5),
    ),
    "nested_clean": (
        "stem = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU())\n"
        "head = nn.Sequential(nn.Flatten(), nn.Sequential(nn.Linear(4 * 6 * 6, 5)))\n"
        "model = nn.Sequential(stem, head)",
        (2, 1, 8, 8),
    ),
    "nested_crash": (
        "stem = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU())\n"
        "head = nn.Sequential(nn.Flatten(), nn.Sequential(nn.Linear(4 * 8 * 8, 5)))\n"
        "model = nn.Sequential(stem, head)",
        (2, 1, 8, 8),
    ),
    "star_clean": (
        "layers = [nn.Linear(4, 8)]\nfor _ in range(3):\n    layers += [nn.ReLU(), nn.Linear(8, 8)]\n"
        "model = nn.Sequential(*layers, nn.Linear(8, 2))",
        (2, 4),
    ),
    "star_crash": (
        "layers = [nn.Linear(4, 8)]\nfor _ in range(3):\n    layers += [nn.ReLU(), nn.Linear(8, 8)]\n"
        "layers.append(nn.Linear(7, 2))\nmodel = nn.Sequential(*layers)",
        (2, 4),
    ),
    "subclass_clean": (
        "class MLP(nn.Sequential):\n    def __init__(self, d):\n"
        "        super().__init__(nn.Linear(d, 8), nn.ReLU(), nn.Linear(8, d))\n\nmodel = MLP(4)",
        (2, 4),
    ),
    "subclass_crash": (
        "class MLP(nn.Sequential):\n    def __init__(self, d):\n"
        "        super().__init__(nn.Linear(d, 8), nn.ReLU(), nn.Linear(8, d))\n\n"
        "model = nn.Sequential(MLP(4), MLP(5))",
        (2, 4),
    ),
    "modulelist_crash": ("model = nn.ModuleList([nn.Linear(4, 4)])", (2, 4)),
    "modulelist_clean_inside": (
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.blocks = nn.ModuleList([nn.Linear(4, 4)])\n\n"
        "    def forward(self, x):\n        for b in self.blocks:\n            x = b(x)\n"
        "        return x\n\nmodel = Net()",
        (2, 4),
    ),
}

# a chain that would crash on the input, but the call runs other code first: not judged
UNKNOWN: dict[str, tuple[str, tuple[int, ...]]] = {
    "prehook": (
        "model = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))\n"
        "model.register_forward_pre_hook(lambda m, a: (a[0][:, :4],))",
        (2, 6),
    ),
    "assigned_forward": (
        "model = nn.Sequential(nn.Linear(4, 8), nn.Linear(9, 2))\nmodel.forward = lambda x: x",
        (2, 4),
    ),
    "own_forward": (
        "class Crop(nn.Sequential):\n    def forward(self, x):\n"
        "        return super().forward(x[:, :4])\n\nmodel = Crop(nn.Linear(4, 8), nn.ReLU())",
        (2, 6),
    ),
    "own_forward_child": (
        "class Crop(nn.Sequential):\n    def forward(self, x):\n"
        "        return super().forward(x[:, :4])\n\n"
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.body = Crop(nn.Linear(4, 8), nn.ReLU())\n\n"
        "    def forward(self, x):\n        return self.body(x)\n\nmodel = Net()",
        (2, 6),
    ),
    "own_iter": (
        "class Rev(nn.Sequential):\n    def __iter__(self):\n"
        "        return reversed(list(self._modules.values()))\n\n"
        "model = Rev(nn.Linear(8, 2), nn.Linear(4, 8))",
        (2, 4),
    ),
}


def _write(tmp_path, name: str, src: str):
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + src + "\n")
    return path


def _torch_crashes(path, shape, train: bool) -> bool:
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    m = runpy.run_path(str(path), run_name="__seqroot__")["model"]
    m.train(train)
    try:
        with torch.no_grad():
            m(torch.randn(shape))
    except Exception:  # noqa: BLE001 - any error the call raises is the crash
        return True
    return False


def _check(path, capsys, shape=None) -> dict:
    argv = ["check", str(path), "--format", "json"]
    if shape is not None:
        argv += ["--input-shape", ",".join(map(str, shape))]
    main(argv)
    return json.loads(capsys.readouterr().out)


def _blockers(data: dict) -> list[dict]:
    return [f for f in data.get("findings", []) if f.get("severity") == "blocker"]


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    src, shape = MODELS[name]
    path = _write(tmp_path, name, src)
    crashes = _torch_crashes(path, shape, train=False)
    assert _torch_crashes(path, shape, train=True) is crashes
    found = _blockers(_check(path, capsys, shape))
    assert bool(found) is crashes, (name, crashes, found)
    if crashes:
        assert any(loc.get("line") for f in found for loc in f.get("locations", [])), found


def test_both_sides_per_family(tmp_path):
    pytest.importorskip("torch")
    sides: dict[str, set[bool]] = {}
    for name, (src, shape) in MODELS.items():
        path = _write(tmp_path, name, src)
        sides.setdefault(name.split("_")[0], set()).add(_torch_crashes(path, shape, False))
    assert all(v == {True, False} for v in sides.values()), sides


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_other_code_on_the_call_is_not_judged(name, tmp_path, capsys):
    src, shape = UNKNOWN[name]
    path = _write(tmp_path, name, src)
    assert not _torch_crashes(path, shape, train=False)  # the chain alone would crash
    data = _check(path, capsys, shape)
    assert not _blockers(data), data["findings"]


def test_chained_root_traced_without_shape(tmp_path, capsys):
    """Without ``--input-shape``: no blocker (the input's sizes are unknown), the root's forward
    followed (its input named as torch's parameter), no "not traced" note."""
    path = _write(tmp_path, "w", MODELS["widths_break"][0])
    data = _check(path, capsys)
    assert not _blockers(data)
    assert not any("not traced" in n for n in data["notes"]), data["notes"]
    missing = [f for f in data["findings"] if f["check_id"] == "SHP008"]
    assert missing and "input input" in missing[0]["message"], data["findings"]


def test_modulelist_root_said_without_shape(tmp_path, capsys):
    torch = pytest.importorskip("torch")
    path = _write(tmp_path, "ml", MODELS["modulelist_crash"][0])
    m = runpy.run_path(str(path))["model"]
    with pytest.raises(NotImplementedError):
        m(torch.randn(2, 4))
    data = _check(path, capsys)
    assert not _blockers(data)
    assert any("has no forward (calling it raises NotImplementedError)" in n for n in data["notes"])
