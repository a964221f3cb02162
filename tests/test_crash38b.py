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


# requires-grad flags per item: freezing one item's weight leaves the other items' alone (run
# with grad mode on, as the model's forward would be in training)
GRAD: dict[str, tuple[str, tuple[int, ...], str]] = {}
grad_model = registrar(GRAD)
BLOCKS = (
    "self.layers = nn.ModuleList([nn.Sequential(nn.Linear(8, 8), nn.ReLU()) for _ in range(3)])"
)
FREEZE_ALL = "for p in self.layers[{}].parameters():\n            p.requires_grad_(False)\n        "


def grad_net(name: str, init: str, body: str) -> None:
    src = (
        "\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        f"        {init}\n\n    def forward(self, x):\n        {body}\n        return x\n"
    )
    grad_model(name, (4, 8), src)


for _i, _ok in ((0, "_ok"), (1, "")):
    grad_net(f"freeze{_ok}_weight_{_i}_grad_1", COMP,
             f"self.layers[{_i}].weight.requires_grad_(False)\n"
             "        g = torch.autograd.grad(self.layers[1](x).sum(), self.layers[1].weight)")  # fmt: skip
    grad_net(f"freeze{_ok}_block_{_i}_grad_1", BLOCKS,
             f"self.layers[{_i}][0].weight.requires_grad_(False)\n"
             "        g = torch.autograd.grad(self.layers[1](x).sum(), self.layers[1][0].weight)")  # fmt: skip
    grad_net(f"freeze{_ok}_listed_{_i}_grad_1", COMP,
             FREEZE_ALL.format(_i)
             + "g = torch.autograd.grad(self.layers[1](x).sum(), self.layers[1].bias)")  # fmt: skip
    grad_net(f"freeze{_ok}_weight_{_i}_grad_listed_1", COMP,
             f"self.layers[{_i}].weight.requires_grad_(False)\n"
             "        g = torch.autograd.grad(self.layers[1](x).sum(), list(self.layers[1].parameters()))")  # fmt: skip


def _torch_grad_crashes(path, shape) -> bool:
    """True when the file's ``Net()`` raises in forward, grad mode on."""
    import runpy

    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    net = runpy.run_path(str(path), run_name="__crash_rule__")["Net"]()
    try:
        net(torch.randn(shape))
    except Exception:  # noqa: BLE001 - any error forward raises is the crash
        return True
    return False


@pytest.mark.parametrize("name", sorted(GRAD))
def test_grad_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, _ = GRAD[name]
    path = write(GRAD, HEAD, name, tmp_path)
    crashes = _torch_grad_crashes(path, shape)
    assert crashes is ("_ok" not in name), name
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


# splatted arguments the pass spreads whole: torch's argument checks see them as torch does
CFG = {
    "cfg_betas_single": "dict(betas=(0.9,))",
    "cfg_beta2_one": "dict(betas=(0.9, 1.0))",
    "cfg_ok_betas": "dict(betas=(0.9, 0.95), eps=1e-8)",
    "cfg_eps_negative": "dict(eps=-1e-8)",
    "cfg_ok_empty": "dict()",
}
for _name, _kw in CFG.items():
    net(_name, "self.fc = nn.Linear(8, 8)",
        f"kw = {_kw}\n        opt = getattr(torch.optim, 'Adam')(self.fc.parameters(), lr=1e-3, **kw)")  # fmt: skip
net(
    "cfg_params_empty",
    "self.fc = nn.Linear(8, 8)",
    "opt = torch.optim.Adam(**dict(params=[], lr=1e-3))",
)
net("cfg_ok_params_listed", "self.fc = nn.Linear(8, 8)",
    "opt = torch.optim.Adam(**dict(params=self.fc.parameters(), lr=1e-3))")  # fmt: skip
net("cfg_momentum_negative_star", "self.fc = nn.Linear(8, 8)",
    "opt = torch.optim.SGD(self.fc.parameters(), *[0.1, -0.9])")  # fmt: skip
net(
    "cfg_ok_momentum_star",
    "self.fc = nn.Linear(8, 8)",
    "opt = torch.optim.SGD(self.fc.parameters(), *[0.1, 0.9])",
)
net("cfg_ok_unknown_kw", "self.fc = nn.Linear(8, 8)",  # a dict the pass cannot see whole: no claim
    "kw = dict(betas=(0.9, 1.0)) if x.sum() > 1e9 else dict(betas=(0.9, 0.99))\n"
    "        opt = torch.optim.Adam(self.fc.parameters(), **kw)")  # fmt: skip


# ``nn.init.uniform_`` / ``trunc_normal_`` bounds (both end in ``t.uniform_(a, b)``)
INIT_LOOP = (
    "with torch.no_grad():\n            for n, p in self.fc.named_parameters():\n                {}"
)
for _name, _call in {
    "init_uniform_swapped": "nn.init.uniform_(p, 2.0, -2.0)",
    "init_ok_uniform_equal": "nn.init.uniform_(p, a=1.0, b=1.0)",
    "init_trunc_swapped": "nn.init.trunc_normal_(p, std=0.02, a=2.0, b=-2.0)",
    "init_trunc_swapped_positional": "nn.init.trunc_normal_(p, 0.0, 1.0, 0.5, -0.5)",
    "init_ok_trunc": "nn.init.trunc_normal_(p, std=0.02, a=-2.0, b=2.0)",
    "init_ok_trunc_far_mean": "nn.init.trunc_normal_(p, mean=5.0, std=1.0, a=-1.0, b=1.0)",
    "init_ok_trunc_point": "nn.init.trunc_normal_(p, std=0.5, a=0.25, b=0.25)",
}.items():
    net(_name, "self.fc = nn.Linear(8, 8)", INIT_LOOP.format(_call))


# ``F.one_hot`` of values the pass knows item by item
for _name, _ids in {
    "onehot_mod_one_short": "torch.arange(x.shape[0]) % 4, num_classes=3",
    "onehot_ok_mod_fits": "torch.arange(x.shape[0]) % 3, num_classes=3",
    "onehot_tensor_negative": "torch.tensor([0, -1, 2]), 3",
    "onehot_ok_tensor": "torch.tensor([0, 1, 2]), 3",
    "onehot_ok_default_classes": "torch.arange(x.shape[0]) % 4",
    "onehot_shifted_arange": "torch.arange(x.shape[0]) + 1, num_classes=4",
}.items():
    net(_name, "self.fc = nn.Linear(8, 8)", f"y = F.one_hot({_ids})")


# ``SWALR(opt, swa_lr=[...])``: one rate per parameter group (``lr_scheduler._format_param``)
SWA_GROUPS = "opt = torch.optim.SGD([dict(params=l.parameters(), lr=0.1) for l in self.layers], lr=0.1)\n        "
for _name, _lrs in {
    "swalr_two_of_three": "[1e-3, 5e-4]",
    "swalr_four_of_three": "(1e-3, 5e-4, 1e-4, 1e-5)",
    "swalr_ok_three": "[1e-3, 5e-4, 1e-4]",
    "swalr_ok_scalar": "1e-3",
}.items():
    net(_name, COMP, SWA_GROUPS + f"sched = torch.optim.swa_utils.SWALR(opt, swa_lr={_lrs})")
net("swalr_one_group_two_rates", "self.fc = nn.Linear(8, 8)",
    "opt = torch.optim.Adam(self.fc.parameters())\n"
    "        sched = torch.optim.swa_utils.SWALR(opt, [0.01, 0.02], anneal_epochs=3)")  # fmt: skip
net("swalr_ok_added_group", COMP,  # a group added before: counted
    "opt = torch.optim.SGD(self.layers[0].parameters(), lr=0.1)\n"
    "        opt.add_param_group(dict(params=self.layers[1].parameters()))\n"
    "        sched = torch.optim.swa_utils.SWALR(opt, swa_lr=[0.01, 0.02])")  # fmt: skip


# ``torch.stft`` / ``torch.istft``: hop length and window checks
STFT = "spec = torch.stft(x, 128, hop_length=32, win_length=64, window=torch.hann_window(64), return_complex=True)\n        "
for _name, _body in {
    "spec_stft_hop_zero": "s = torch.stft(x, 64, hop_length=64 // 128, window=torch.hann_window(64), return_complex=True)",
    "spec_ok_stft_hop_one": "s = torch.stft(x, 64, hop_length=1, window=torch.hann_window(64), return_complex=True)",
    "spec_istft_hop_zero": STFT
    + "y = torch.istft(spec, 128, hop_length=int(128 * 0.005), win_length=64, window=torch.hann_window(64))",
    "spec_istft_hop_over_win": STFT
    + "y = torch.istft(spec, 128, hop_length=96, win_length=64, window=torch.hann_window(64))",
    "spec_istft_window_nfft": STFT
    + "y = torch.istft(spec, 128, hop_length=32, win_length=64, window=torch.hann_window(128), length=512)",
    "spec_ok_istft": STFT
    + "y = torch.istft(spec, 128, hop_length=32, win_length=64, window=torch.hann_window(64), length=512)",
    "spec_ok_istft_default_win": "spec = torch.stft(x, 128, hop_length=32, window=torch.hann_window(128), return_complex=True)\n"
    "        y = torch.istft(spec, 128, hop_length=32, window=torch.hann_window(128), length=512)",
}.items():
    net(_name, "self.fc = nn.Linear(8, 8)", _body, shape=(2, 512))


# ``checkpoint_sequential``: ``len(functions) // segments`` and a range of that step
CKPT = "self.stack = nn.Sequential(*[nn.Sequential(nn.Linear(8, 8), nn.GELU()) for _ in range(3)])"
CKPT_SHARED = "lin = nn.Linear(8, 8)\n        self.stack = nn.Sequential(lin, lin, nn.ReLU())"
for _name, (_init, _seg) in {
    "ckpt_zero_segments": (CKPT, "3 // 4"),
    "ckpt_segments_over_depth": (CKPT, "5"),
    "ckpt_ok_one_per_module": (CKPT, "3"),
    "ckpt_ok_one_segment": (CKPT, "1"),
    "ckpt_shared_counted_once": (CKPT_SHARED, "3"),  # children() yields ``lin`` once: 2 // 3
    "ckpt_ok_shared_two": (CKPT_SHARED, "2"),
}.items():
    net(_name, _init,
        "from torch.utils.checkpoint import checkpoint_sequential\n"
        f"        y = checkpoint_sequential(self.stack, {_seg}, x, use_reentrant=False)")  # fmt: skip
net("ckpt_list_over_length", "self.fc = nn.Linear(8, 8)",
    "y = torch.utils.checkpoint.checkpoint_sequential([self.fc, torch.relu], 3, x, use_reentrant=False)")  # fmt: skip


# distribution methods a family inherits from ``Distribution`` (NotImplementedError)
POS = "a = F.softplus(x) + 1.0\n        "
for _name, _body in {
    "dist_beta_cdf": "d = torch.distributions.Beta(a, a + 1.0)\n        y = d.cdf(torch.full_like(a, 0.5))",
    "dist_ok_beta_entropy": "d = torch.distributions.Beta(a, a + 1.0)\n        y = d.entropy()",
    "dist_ok_normal_cdf": "d = torch.distributions.Normal(x, a)\n        y = d.cdf(x)",
    "dist_vonmises_entropy": "d = torch.distributions.VonMises(x, a)\n        y = d.entropy()",
    "dist_poisson_icdf": "d = torch.distributions.Poisson(a)\n        y = d.icdf(torch.full_like(a, 0.5))",
    "dist_ok_gamma_cdf": "d = torch.distributions.Gamma(a, a)\n        y = d.cdf(a)",
    "dist_normal_support": "d = torch.distributions.Normal(x, a)\n        y = d.enumerate_support()",
}.items():
    net(_name, "self.fc = nn.Linear(8, 8)", POS + _body)


def test_base_only_table_is_torchs():
    """``BASE_ONLY`` is what torch's classes inherit from ``Distribution`` unchanged."""
    D = pytest.importorskip("torch.distributions")
    from driftcheck.parsers.source.forward.dataflow_fix38b import BASE_ONLY

    for family, methods in BASE_ONLY.items():
        cls = getattr(D, family)
        got = tuple(m for m in ("cdf", "icdf", "entropy", "enumerate_support")
                    if getattr(cls, m) is getattr(D.Distribution, m))  # fmt: skip
        assert got == methods, family


# ``torch.masked.masked_tensor(data, mask)``: a bool mask of the data's size
for _name, _mask in {
    "masked_float_mask": "(x > 0).float()",
    "masked_int_mask": "(x > 0).long()",
    "masked_row_mask": "(x > 0).any(1, keepdim=True)",
    "masked_rank_mask": "(x > 0).any(1)",
    "masked_ok_bool": "x > 0",
    "masked_ok_row_expanded": "(x > 0).any(1, keepdim=True).expand_as(x)",
}.items():
    net(_name, "self.fc = nn.Linear(8, 8)",
        f"mt = torch.masked.masked_tensor(x, {_mask})\n        y = mt.sum(1).to_tensor(0.0)")  # fmt: skip


# ``torch.linalg.vander(x, N=n)``: n > 1 (``torch.vander`` takes any n >= 0)
for _name, _call in {
    "vander_linalg_one": "torch.linalg.vander(x[0], N=len([0.5]))",
    "vander_linalg_zero": "torch.linalg.vander(x.sum(-1), N=0)",
    "vander_ok_linalg_two": "torch.linalg.vander(x[0], N=2)",
    "vander_ok_numpy_one": "torch.vander(x[0], N=1)",
}.items():
    net(_name, "self.fc = nn.Linear(8, 8)", f"y = {_call}")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)
