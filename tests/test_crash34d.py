"""Session 34 (crashfix34d): sampling at temperature zero (``dataflow_fix34d``). Each model is
run by torch (CPU, seeded): a blocker exactly when torch raises; the clean twins (``_ok``) show
what the rule must not claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, net_source, registrar, torch_crashes, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(6, 10)",)


def samp(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, body, init))


samp("temp0_softmax", "return torch.multinomial(F.softmax(h / 0.0, -1), 1).float()")
samp("temp0_int_zero", "return torch.multinomial((h / 0).softmax(-1), 2).float()")
samp("temp0_attr", "return torch.multinomial(torch.softmax(h / self.t, 1), 1).float()",
     "self.t = 0.0")  # fmt: skip
samp(
    "temp0_scaled_method",
    "p = ((h / 0.0) * 2.0 - 1.0).softmax(dim=-1)\n        return p.multinomial(1).float()",
)
samp(
    "temp0_topk_mask",
    "l = h / 0.0\n        kth = l.topk(3, -1).values[:, -1:]\n"
    "        l = l.masked_fill(l < kth, float('-inf'))\n"
    "        return torch.multinomial(l.softmax(-1), 1).float()",
)
samp(
    "temp0_loop_schedule",
    "out = []\n        for t in range(2):\n            tau = self.temps[t]\n"
    "            out.append(torch.multinomial(F.softmax(h / tau, -1), 1))\n"
    "        return torch.cat(out, 1).float()",
    "self.temps = (1.0, 0.0)",
)
samp("temp0_ok_floor", "return torch.multinomial(F.softmax(h / max(0.0, 1e-5), -1), 1).float()")
samp("temp0_ok_times_zero", "return torch.multinomial(F.softmax(h * 0.0, -1), 1).float()")
samp(
    "temp0_ok_nan_to_num",
    "return torch.multinomial(F.softmax(torch.nan_to_num(h / 0.0), -1), 1).float()",
)
samp(
    "temp0_ok_finite_fill",  # every element replaced by a finite value: uniform rows
    "l = (h / 0.0).masked_fill(torch.ones(3, 10, dtype=torch.bool), 0.0)\n"
    "        return torch.multinomial(l.softmax(-1), 1).float()",
)
samp(
    "temp0_ok_inplace_reset",  # an in-place write after the division: values unknown again
    "l = h / 0.0\n        l.zero_()\n        return torch.multinomial(l.softmax(-1), 1).float()",
)
samp("temp0_ok_schedule_nonzero", "return torch.multinomial(F.softmax(h / self.t, -1), 1).float()",
     "self.t = 0.5")  # fmt: skip


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


@pytest.mark.parametrize("name", ["temp0_softmax", "temp0_topk_mask"])
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """The rule is what flags these: with ``DRIFTCHECK_NO_TEMP0_34D=1`` nothing does."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_TEMP0_34D", "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_TEMP0_34D")
    found = blockers(path, shape, capsys)
    assert any("no finite element" in f.get("message", "") for f in found), found


# remove_parametrizations of a layer whose tensor holds none (torch's ValueError)
HEAD_P = (
    HEAD
    + "import torch.nn.utils.prune\n"
    + "import torch.nn.utils.parametrize as P\nfrom torch.nn.utils import parametrizations\n\n"
)
PARAMS: dict[str, tuple[str, tuple[int, ...], str]] = {}
pmodel = registrar(PARAMS)
SCALE = "\nclass Scale(nn.Module):\n    def forward(self, w):\n        return w * 0.5\n"


def prm(name: str, init: str, body: str) -> None:
    src = SCALE + net_source(("self.fc = nn.Linear(6, 6)", "self.g = nn.Linear(6, 6)"), body, init)
    pmodel(name, (2, 6), src)


RM = 'P.remove_parametrizations(self.fc, "{}")\n        return self.g(h)'
prm(
    "prm_ok_registered",
    'P.register_parametrization(self.fc, "weight", Scale())',
    RM.format("weight"),
)
prm("prm_never", "pass", RM.format("weight"))
prm("prm_other_name", 'P.register_parametrization(self.fc, "weight", Scale())', RM.format("bias"))
prm("prm_other_layer", 'P.register_parametrization(self.g, "weight", Scale())', RM.format("weight"))
prm("prm_old_api", "nn.utils.spectral_norm(self.fc)", RM.format("weight"))
prm("prm_ok_new_api", "parametrizations.spectral_norm(self.fc)", RM.format("weight"))
prm("prm_ok_orthogonal", "parametrizations.orthogonal(self.fc)", RM.format("weight"))
prm(  # a second removal crashes in torch but is not judged (see dataflow_fix34d.called)
    "prm_twice_unjudged",
    'P.register_parametrization(self.fc, "weight", Scale())',
    'P.remove_parametrizations(self.fc, "weight")\n        ' + RM.format("weight"),
)
prm(
    "prm_ok_in_forward",
    "pass",
    'P.register_parametrization(self.fc, "weight", Scale())\n        ' + RM.format("weight"),
)
prm(
    "prm_ok_guarded",
    "pass",
    'if P.is_parametrized(self.fc, "weight"):\n            '
    + RM.format("weight").replace("\n", "\n    "),
)
prm(  # a condition not decided statically (always true in torch): the removal is not judged
    "prm_ok_undecided",
    'if torch.rand(1).item() < 2:\n            P.register_parametrization(self.fc, "weight", Scale())',
    RM.format("weight"),
)


PARAMS["prm_ok_loop_all"] = (  # every layer removed once: clean
    SCALE
    + """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(6, 6) for _ in range(3))
        for layer in self.layers:
            P.register_parametrization(layer, "weight", Scale())

    def forward(self, x):
        for layer in self.layers:
            P.remove_parametrizations(layer, "weight")
        for layer in self.layers:
            x = layer(x)
        return x
""",
    (2, 6),
    "float",
)


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_remove_parametrization(name, tmp_path, capsys):
    _, shape, kind = PARAMS[name]
    path = write(PARAMS, HEAD_P, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name
    found = blockers(path, shape, capsys)
    if name.endswith("_unjudged"):  # an honest unknown: torch raises, no verdict claimed
        assert crashes and not found, (name, found)
        return
    assert bool(found) is crashes, (name, found)


# a parametrization on a tensor name the layer does not hold
NAMES: dict[str, tuple[str, tuple[int, ...], str]] = {}
nmodel = registrar(NAMES)


def pname(name: str, layer: str, call: str) -> None:
    nmodel(name, (2, 6), SCALE + net_source((f"self.fc = {layer}",), f"{call}\n        return h"))


pname(
    "pname_orthogonal_nobias",
    "nn.Linear(6, 6, bias=False)",
    'parametrizations.orthogonal(self.fc, name="bias")',
)
pname(
    "pname_ok_orthogonal_bias",
    "nn.Linear(6, 6)",
    'parametrizations.spectral_norm(self.fc, name="bias")',
)
pname(
    "pname_register_typo",
    "nn.Linear(6, 6)",
    'P.register_parametrization(self.fc, "weights", Scale())',
)
pname(
    "pname_register_none_bias",
    "nn.Linear(6, 6, bias=False)",
    'P.register_parametrization(self.fc, "bias", Scale())',
)
pname(
    "pname_ok_register", "nn.Linear(6, 6)", 'P.register_parametrization(self.fc, "bias", Scale())'
)
pname(
    "pname_weight_norm_attr",
    "nn.Linear(6, 6)",
    'parametrizations.weight_norm(self.fc, name="in_features")',
)
pname(  # a buffer the code adds: the name is there
    "pname_ok_own_buffer",
    "nn.Linear(6, 6)",
    'self.fc.register_buffer("scale", torch.ones(6))\n        '
    'P.register_parametrization(self.fc, "scale", Scale())',
)
pname(  # pruning renames the weight: not judged (torch: fine)
    "pname_ok_pruned",
    "nn.Linear(6, 6)",
    'torch.nn.utils.prune.l1_unstructured(self.fc, "weight", 0.5)\n        '
    'P.register_parametrization(self.fc, "weight_orig", Scale())',
)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_parametrized_name(name, tmp_path, capsys):
    _, shape, kind = NAMES[name]
    path = write(NAMES, HEAD_P, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


def test_no_buffer_layers():
    """``NO_BUFFERS``: torch builds these layers without buffers, and their tensors are the
    catalogue's weights (``torchsurgery._weight_names``) for the arguments given."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_fix34d import NO_BUFFERS
    from driftcheck.parsers.source.library.torchsurgery import _weight_names
    from driftcheck.parsers.source.values.abstract import Leaf

    made = {
        "Linear": [(4, 3), (4, 3, False)],
        "Bilinear": [(4, 5, 3), (4, 5, 3, False)],
        "Embedding": [(7, 3)],
        "Conv1d": [(2, 3, 3), (2, 3, 3, 1, 0, 1, 1, False)],
        "Conv2d": [(2, 3, 3), (2, 3, 3, 1, 0, 1, 1, False)],
        "Conv3d": [(2, 3, 3)],
        "ConvTranspose1d": [(2, 3, 3), (2, 3, 3, 1, 0, 0, 1, False)],
        "ConvTranspose2d": [(2, 3, 3)],
        "ConvTranspose3d": [(2, 3, 3)],
    }
    assert set(made) == NO_BUFFERS
    for kind, arglists in made.items():
        cls = getattr(torch.nn, kind)
        import inspect

        sig = list(inspect.signature(cls.__init__).parameters)[1:]
        for a in arglists:
            m = cls(*a)
            assert not dict(m.named_buffers()), kind
            want = {n for n, p in m._parameters.items() if p is not None}
            leaf = Leaf(type=kind, params=dict(zip(sig, a)), loc=None, torch=f"torch.nn.{kind}")
            assert _weight_names(leaf) == want, (kind, a)
