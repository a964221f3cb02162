"""Forward-crash rules of session 33 (crashfix33b: fresh25's training-loop constructors, made
general) against torch (``driftcheck/parsers/source/forward/dataflow_fix33b.py``).

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin. The tables the
rules read (``OPT_RANGES`` positions, ``OPTIMIZERS``, ``SCHEDULERS``, ``PROBS_LOGITS``) are
asked of torch item by item.

``opt``: an optimizer's range checks and its empty parameter list; ``sched``: a scheduler given
no Optimizer, LinearLR / CosineAnnealingWarmRestarts ranges; ``seqlr``: SequentialLR's
milestones; ``loader``: DataLoader's option clashes; ``tds``: TensorDataset sizes; ``split``:
random_split lengths; ``autocast``: the device type; ``dist``: probs and logits both;
``agrad``: ``autograd.grad`` / ``backward`` with an empty ``inputs``; ``groups``: one parameter in
two groups (at construction or ``add_param_group``); ``closure``: ``step``'s closure missing
(LBFGS) or not callable; ``state``: an optimizer's ``load_state_dict`` of other groups, or of a
model's state; ``cycle``: ``OneCycleLR.step()`` past its total steps;
``collate``: a loop over a DataLoader whose first batch holds tensors of other sizes.
"""

from __future__ import annotations

import inspect

import pytest

from driftcheck.parsers.source.forward import dataflow_fix33b as rules
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "from torch.utils.data import DataLoader, TensorDataset, random_split\n\n"
)

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def fwd(name: str, body: str, shape: tuple[int, ...] = (4, 8), init: str = "",
        layers: tuple[str, ...] = ("self.fc = nn.Linear(8, 8)",)) -> None:  # fmt: skip
    """A model whose forward is ``h = self.<first layer>(x)`` then ``body``."""
    model(name, shape, net_source(layers, body, init))


STEP = (
    "with torch.enable_grad():\n            self.fc(x).pow(2).mean().backward()\n"
    "        opt.step()\n        return h"
)

# optimizer ranges and the empty parameter list
fwd("opt_module_params", f"opt = torch.optim.Adam(self, lr=0.1)\n        {STEP}")
fwd("opt_layer_params", "opt = torch.optim.SGD(self.fc, lr=0.1)\n        return h")
fwd("opt_tensor_params", f"opt = torch.optim.SGD(self.fc.weight, lr=0.1)\n        {STEP}")
fwd(
    "opt_adam_beta2",
    f"opt = torch.optim.Adam(self.parameters(), lr=0.01, betas=(0.9, 1.0))\n        {STEP}",
)
fwd(
    "opt_rmsprop_eps",
    f"opt = torch.optim.RMSprop(self.parameters(), 1e-3, 0.99, -1e-8)\n        {STEP}",
)
fwd(
    "opt_sgd_momentum",
    f"opt = torch.optim.SGD(self.parameters(), lr=0.1, momentum=-0.9)\n        {STEP}",
)
fwd("opt_adamw_lr", f"opt = torch.optim.AdamW(self.fc.parameters(), lr=-1e-3)\n        {STEP}")
fwd(
    "opt_adagrad_decay",
    f"opt = torch.optim.Adagrad(self.parameters(), weight_decay=-0.1)\n        {STEP}",
)
fwd("opt_adadelta_rho", f"opt = torch.optim.Adadelta(self.parameters(), rho=1.5)\n        {STEP}")
fwd(
    "opt_empty_filter",
    "params = [p for n, p in self.named_parameters() if n.startswith('heads')]\n"
    "        opt = torch.optim.SGD(params, lr=0.1)\n        return h",
)
fwd("opt_empty_literal", "opt = torch.optim.Adam([], lr=0.1)\n        return h")
fwd(
    "opt_ok_ranges",
    f"opt = torch.optim.Adam(self.parameters(), lr=0.0, betas=(0.0, 0.999), eps=0.0)\n        {STEP}",
)
fwd(
    "opt_ok_rmsprop",
    f"opt = torch.optim.RMSprop(self.parameters(), 1e-3, 0.0, 1e-8, 0.0, 0.9)\n        {STEP}",
)
fwd("opt_ok_adadelta", f"opt = torch.optim.Adadelta(self.parameters(), rho=1.0)\n        {STEP}")
fwd(
    "opt_ok_filter",
    "params = [p for n, p in self.named_parameters() if n.startswith('fc')]\n"
    "        opt = torch.optim.SGD(params, lr=0.1)\n        return h",
)

# schedulers
OPT = "opt = torch.optim.SGD(self.parameters(), lr=0.1)\n        "
fwd("sched_model", f"{OPT}s = torch.optim.lr_scheduler.StepLR(self, step_size=2)\n        return h")
fwd(
    "sched_params",
    f"{OPT}s = torch.optim.lr_scheduler.ExponentialLR(self.parameters(), 0.9)\n        return h",
)
fwd(
    "sched_layer",
    f"{OPT}s = torch.optim.lr_scheduler.CosineAnnealingLR(self.fc, T_max=4)\n        return h",
)
fwd(
    "sched_linear_zero",
    f"{OPT}s = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.0)\n        return h",
)
fwd("sched_linear_above", f"{OPT}s = torch.optim.lr_scheduler.LinearLR(opt, 2.0)\n        return h")
fwd(
    "sched_linear_end",
    f"{OPT}s = torch.optim.lr_scheduler.LinearLR(opt, end_factor=1.5)\n        return h",
)
fwd(
    "sched_restart_mult",
    f"{OPT}s = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=1.5)\n        return h",
)
fwd(
    "sched_restart_t0",
    f"{OPT}s = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, 0)\n        return h",
)
fwd("sched_ok", f"{OPT}s = torch.optim.lr_scheduler.StepLR(opt, step_size=2)\n        return h")
fwd(
    "sched_ok_linear",
    f"{OPT}s = torch.optim.lr_scheduler.LinearLR(opt, start_factor=1.0, end_factor=0.0)\n        return h",
)
fwd(
    "sched_ok_restart",
    f"{OPT}s = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, 3, 2)\n        return h",
)
S = f"{OPT}s = torch.optim.lr_scheduler."
fwd("sched_constant_factor", f"{S}ConstantLR(opt, factor=1.5)\n        return h")
fwd("sched_plateau_factor", f"{S}ReduceLROnPlateau(opt, 'min', 1.0)\n        return h")
fwd("sched_plateau_mode", f"{S}ReduceLROnPlateau(opt, mode='minimum')\n        return h")
fwd("sched_cyclic_mode", f"{S}CyclicLR(opt, 0.01, 0.1, mode='cosine')\n        return h")
fwd(
    "sched_cycle_pct_int", f"{S}OneCycleLR(opt, 0.1, total_steps=10, pct_start=0)\n        return h"
)
fwd("sched_cycle_no_total", f"{S}OneCycleLR(opt, 0.1, epochs=3)\n        return h")
fwd("sched_cycle_float_total", f"{S}OneCycleLR(opt, 0.1, total_steps=10.0)\n        return h")
fwd(
    "sched_cycle_anneal",
    f"{S}OneCycleLR(opt, 0.1, total_steps=10, anneal_strategy='cosine')\n        return h",
)
fwd("sched_ok_constant", f"{S}ConstantLR(opt, factor=1.0)\n        return h")
fwd(
    "sched_ok_plateau",
    f"{S}ReduceLROnPlateau(opt, 'max', 0.5, threshold_mode='abs')\n        return h",
)
fwd("sched_ok_cyclic", f"{S}CyclicLR(opt, 0.01, 0.1, mode='exp_range')\n        return h")
fwd(
    "sched_ok_cycle",
    f"{S}OneCycleLR(opt, 0.1, epochs=2, steps_per_epoch=5, pct_start=0.0, anneal_strategy='linear')\n        return h",
)


# SequentialLR
LR = "torch.optim.lr_scheduler"
TWO = f"{OPT}a = {LR}.LinearLR(opt, 0.1, total_iters=3)\n        b = {LR}.ExponentialLR(opt, 0.9)\n        "
fwd(
    "seqlr_two_miles",
    f"{TWO}s = {LR}.SequentialLR(opt, [a, b], milestones=[3, 12])\n        return h",
)
fwd(
    "seqlr_bare_int",
    f"{TWO}s = {LR}.SequentialLR(opt, schedulers=[a, b], milestones=3)\n        return h",
)
fwd("seqlr_empty", f"{OPT}s = {LR}.SequentialLR(opt, [], milestones=[])\n        return h")
fwd("seqlr_ok", f"{TWO}s = {LR}.SequentialLR(opt, [a, b], milestones=[3])\n        return h")

# DataLoader
DS = "ds = TensorDataset(x, x.sum(-1))\n        "
fwd(
    "loader_sampler_shuffle",
    f"{DS}dl = DataLoader(ds, batch_size=2, shuffle=True, sampler=torch.utils.data.SequentialSampler(ds))\n        return h",
)
fwd(
    "loader_batch_sampler_size",
    f"{DS}bs = torch.utils.data.BatchSampler(torch.utils.data.SequentialSampler(ds), 2, False)\n        dl = DataLoader(ds, batch_sampler=bs, batch_size=2)\n        return h",
)
fwd(
    "loader_batch_sampler_shuffle",
    f"{DS}bs = torch.utils.data.BatchSampler(torch.utils.data.SequentialSampler(ds), 2, False)\n        dl = DataLoader(ds, batch_sampler=bs, shuffle=True)\n        return h",
)
fwd("loader_workers", f"{DS}dl = DataLoader(ds, batch_size=2, num_workers=-1)\n        return h")
fwd(
    "loader_prefetch", f"{DS}dl = DataLoader(ds, batch_size=2, prefetch_factor=2)\n        return h"
)
fwd("loader_persistent", f"{DS}dl = DataLoader(ds, persistent_workers=True)\n        return h")
fwd(
    "loader_ok_sampler",
    f"{DS}dl = DataLoader(ds, batch_size=2, shuffle=False, sampler=torch.utils.data.SequentialSampler(ds))\n        return h",
)
fwd(
    "loader_ok_batch_sampler",
    f"{DS}bs = torch.utils.data.BatchSampler(torch.utils.data.SequentialSampler(ds), 2, False)\n        dl = DataLoader(ds, batch_sampler=bs, batch_size=1, shuffle=False)\n        return h",
)
fwd("loader_half_batch", f"{DS}dl = DataLoader(ds, batch_size=x.shape[0] / 2)\n        return h")
fwd("loader_zero_batch", f"{DS}dl = DataLoader(ds, batch_size=0)\n        return h")
fwd(
    "loader_none_drop",
    f"{DS}dl = DataLoader(ds, batch_size=None, drop_last=True)\n        return h",
)
fwd("loader_drop_int", f"{DS}dl = DataLoader(ds, batch_size=2, drop_last=1)\n        return h")
fwd(
    "loader_ok_floor",
    f"{DS}dl = DataLoader(ds, batch_size=x.shape[0] // 2, drop_last=True)\n        return h",
)
fwd("loader_ok_none", f"{DS}dl = DataLoader(ds, batch_size=None)\n        return h")


# TensorDataset
fwd("tds_flat", "ds = TensorDataset(x, h.flatten())\n        return h", shape=(3, 8))
fwd("tds_transposed", "ds = TensorDataset(x, h.t())\n        return h", shape=(3, 8))
fwd("tds_ok", "ds = TensorDataset(x, h, h.sum(-1))\n        return h", shape=(3, 8))

# random_split
fwd(
    "split_fractions_short",
    "a, b = random_split(TensorDataset(x), [0.7, 0.2])\n        return h",
    shape=(10, 8),
)
fwd("split_ints_of_tensor", "a, b = random_split(x, [6, 3])\n        return h", shape=(10, 8))
fwd(
    "split_ok_fractions",
    "a, b = random_split(TensorDataset(x), [0.8, 0.2])\n        return h",
    shape=(10, 8),
)
fwd("split_ok_ints", "a, b = random_split(x, [6, 4])\n        return h", shape=(10, 8))

# autocast
fwd(
    "autocast_gpu",
    'with torch.autocast(device_type="gpu", dtype=torch.bfloat16):\n            h = self.fc(x)\n        return h.float()',
)
fwd(
    "autocast_upper",
    'with torch.autocast("CPU"):\n            h = self.fc(x)\n        return h.float()',
)
fwd("autocast_int", "with torch.autocast(0):\n            h = self.fc(x)\n        return h.float()")
fwd(
    "autocast_ok",
    'with torch.autocast(device_type="cpu", dtype=torch.bfloat16):\n            h = self.fc(x)\n        return h.float()',
)
fwd(
    "autocast_tensor_device",
    "with torch.autocast(x.device):\n            h = self.fc(x)\n        return h.float()",
)
fwd(
    "autocast_device_ctor",
    'with torch.autocast(device_type=torch.device("cpu")):\n            h = self.fc(x)\n        return h.float()',
)
fwd(
    "autocast_ok_device_type",
    "with torch.autocast(x.device.type):\n            h = self.fc(x)\n        return h.float()",
)
fwd(
    "autocast_ok_str_device",
    "with torch.autocast(str(x.device)):\n            h = self.fc(x)\n        return h.float()",
)


# probs and logits
fwd(
    "dist_both",
    "d = torch.distributions.Categorical(probs=h.softmax(-1), logits=h)\n        return h",
)
fwd("dist_both_positional", "d = torch.distributions.Bernoulli(h.sigmoid(), h)\n        return h")
fwd("dist_neither", "d = torch.distributions.OneHotCategorical()\n        return h")
fwd(
    "dist_ok",
    "d = torch.distributions.Categorical(logits=h)\n        return h + d.entropy()[:, None]",
)
fwd("dist_ok_binomial", "d = torch.distributions.Binomial(4, logits=h)\n        return h")

# autograd.grad / backward with an empty ``inputs``
GRAD = "with torch.enable_grad():\n            loss = self.fc(x).pow(2).mean()\n            "
fwd(
    "agrad_filter_empty",
    f"{GRAD}g = torch.autograd.grad(loss, [p for p in self.fc.parameters() if p.dim() > 2])\n        return h",
)
fwd("agrad_backward_empty", f"{GRAD}torch.autograd.backward(loss, inputs=[])\n        return h")
fwd(
    "agrad_ok",
    f"{GRAD}g = torch.autograd.grad(loss, [p for p in self.fc.parameters() if p.dim() > 1])\n        return h + g[0].sum()",
)

# parameter groups sharing a parameter (the very same Parameter, listed twice)
TWO_LAYERS = (
    "self.fc = nn.Linear(8, 8)",
    "self.blocks = nn.ModuleList([nn.Linear(8, 8), nn.LayerNorm(8)])",
)
G = "torch.optim.AdamW([dict(params=self.blocks.parameters(), lr=1e-4), dict(params={}, lr=1e-3)])"
fwd(
    "groups_all_params",
    f"opt = {G.format('self.parameters()')}\n        return h",
    layers=TWO_LAYERS,
)
fwd(
    "groups_named_filters",
    "a = [p for n, p in self.named_parameters() if 'weight' in n]\n"
    "        b = [p for n, p in self.named_parameters() if 'bias' in n or 'blocks.1' in n]\n"
    "        opt = torch.optim.SGD([{'params': a}, {'params': b, 'weight_decay': 0.0}], lr=0.1)\n"
    "        return h",
    layers=TWO_LAYERS,
)
fwd(
    "groups_added_again",
    f"opt = {G.format('self.fc.parameters()')}\n"
    "        opt.add_param_group(dict(params=self.blocks[0].parameters()))\n        return h",
    layers=TWO_LAYERS,
)
fwd("groups_ok", f"opt = {G.format('self.fc.parameters()')}\n        return h", layers=TWO_LAYERS)
fwd(
    "groups_ok_filters",
    "a = [p for n, p in self.named_parameters() if p.dim() > 1]\n"
    "        b = [p for n, p in self.named_parameters() if p.dim() == 1]\n"
    "        opt = torch.optim.SGD([{'params': a}, {'params': b, 'weight_decay': 0.0}], lr=0.1)\n"
    "        return h",
    layers=TWO_LAYERS,
)
fwd(
    "groups_ok_added",
    "opt = torch.optim.SGD(self.fc.parameters(), lr=0.1)\n"
    "        opt.add_param_group(dict(params=self.blocks.parameters()))\n        return h",
    layers=TWO_LAYERS,
)
fwd(
    "groups_ok_added_maybe",
    "opt = torch.optim.SGD(self.fc.parameters(), lr=0.1)\n"
    "        if x.sum() > 1e9:\n            opt.add_param_group(dict(params=self.blocks.parameters()))\n"
    "        else:\n            opt.add_param_group(dict(params=self.blocks.parameters()))\n        return h",
    layers=TWO_LAYERS,
)

# optimizer.step's closure
CAL = (
    "opt = torch.optim.{}([self.t], lr=0.01)\n"
    "        def closure():\n            opt.zero_grad()\n"
    "            loss = (self.fc(x) / self.t).pow(2).mean()\n            loss.backward()\n            return loss\n"
    "        with torch.enable_grad():\n            h = self.fc(x)\n            {}\n        return h.detach()"
)
T = ("self.fc = nn.Linear(8, 8)", "self.t = nn.Parameter(torch.ones(1))")
fwd("closure_lbfgs_missing", CAL.format("LBFGS", "closure()\n            opt.step()"), layers=T)
fwd(
    "closure_loss_passed",
    CAL.format("LBFGS", "loss = closure()\n            opt.step(loss)"),
    layers=T,
)
fwd(
    "closure_item_passed",
    CAL.format("SGD", "loss = closure()\n            opt.step(loss.item())"),
    layers=T,
)
fwd("closure_ok_lbfgs", CAL.format("LBFGS", "opt.step(closure)"), layers=T)
fwd("closure_ok_sgd", CAL.format("SGD", "closure()\n            opt.step()"), layers=T)

# an optimizer's load_state_dict: other groups, or a model's state
MK = (
    "def make(split):\n"
    "            if split:\n"
    "                return torch.optim.Adam([dict(params=self.fc.parameters()), "
    "dict(params=self.blocks.parameters(), lr=1e-2)], lr=1e-3)\n"
    "            return torch.optim.Adam([dict(params=self.parameters())], lr=1e-3)\n        "
)
fwd(
    "state_group_count",
    f"{MK}old = make(False)\n        saved = old.state_dict()\n        new = make(True)\n        new.load_state_dict(saved)\n        return h",
    layers=TWO_LAYERS,
)
fwd(
    "state_group_size",
    "old = torch.optim.SGD(self.parameters(), lr=0.1)\n        ck = dict(optim=old.state_dict())\n"
    "        new = torch.optim.SGD(self.blocks.parameters(), lr=0.1)\n"
    "        new.load_state_dict(ck['optim'])\n        return h",
    layers=TWO_LAYERS,
)
fwd(
    "state_model_state",
    f"{MK}new = make(True)\n        saved = self.state_dict()\n        new.load_state_dict(saved)\n        return h",
    layers=TWO_LAYERS,
)
fwd(
    "state_ok",
    f"{MK}old = make(True)\n        saved = old.state_dict()\n        new = make(True)\n        new.load_state_dict(saved)\n        return h",
    layers=TWO_LAYERS,
)
fwd(
    "state_ok_added",
    "old = torch.optim.SGD(self.fc.parameters(), lr=0.1)\n"
    "        old.add_param_group(dict(params=self.blocks.parameters()))\n"
    "        new = torch.optim.SGD(self.fc.parameters(), lr=0.1)\n"
    "        new.add_param_group(dict(params=self.blocks.parameters()))\n"
    "        new.load_state_dict(old.state_dict())\n        return h",
    layers=TWO_LAYERS,
)

# OneCycleLR stepped past its total
OC = (
    "opt = torch.optim.SGD(self.parameters(), lr=0.1)\n"
    "        s = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, {})\n"
    "        for i in range({}):\n            opt.step()\n            s.step()\n        return h"
)
fwd("cycle_extra_step", OC.format("total_steps=4", "5"))
fwd("cycle_epochs", OC.format("epochs=2, steps_per_epoch=3", "7"))
fwd("cycle_ok", OC.format("total_steps=4", "4"))
fwd("cycle_ok_epochs", OC.format("epochs=2, steps_per_epoch=3", "6"))

# a DataLoader over tensors of other sizes (torch's default collate stacks a batch)
RAG = (
    "seqs = [x[i, : {}[i]] for i in range(x.shape[0])]\n        dl = DataLoader(seqs, {})\n        "
)
fwd(
    "collate_ragged",
    RAG.format("[4, 8, 8, 8]", "batch_size=2") + "return torch.cat([b.sum(-1) for b in dl])",
)
fwd(
    "collate_stack_loop",
    RAG.format("[8, 8, 3, 8]", "batch_size=4, collate_fn=torch.stack")
    + "out = []\n        for b in dl:\n            out.append(b.sum(-1))\n        return torch.cat(out)",
)
fwd(
    "collate_ok_pairs",
    RAG.format("[4, 4, 8, 8]", "batch_size=2") + "return torch.cat([b.sum(-1) for b in dl])",
)
fwd(
    "collate_ok_single",
    RAG.format("[4, 8, 8, 8]", "batch_size=1") + "return torch.cat([b.sum(-1) for b in dl])",
)
fwd("collate_ok_unused", RAG.format("[4, 8, 8, 8]", "batch_size=2") + "return h")
fwd(
    "collate_ok_dropped",
    "seqs = [x[0, :4], x[1]]\n        dl = DataLoader(seqs, batch_size=3, drop_last=True)\n"
    "        return h + len([b for b in dl])",
)

# the optimizer built in __init__
INIT_OPT = "self.opt = torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)"
STEP_INIT = (
    "with torch.enable_grad():\n            loss = self.fc(x).pow(2).mean()\n"
    "            self.opt.zero_grad()\n            loss.backward()\n            {}\n        return h"
)
fwd("closure_init_item", STEP_INIT.format("self.opt.step(loss.item())"), init=INIT_OPT)
fwd("closure_init_loss", STEP_INIT.format("self.opt.step(loss)"), init=INIT_OPT)
fwd("closure_ok_init", STEP_INIT.format("self.opt.step()"), init=INIT_OPT)
fwd(
    "closure_ok_init_replaced",
    "self.opt = type('O', (), {'step': lambda self, c: None})()\n        "
    + STEP_INIT.format("self.opt.step(loss)").replace("self.opt.zero_grad()", "pass"),
    init=INIT_OPT.replace("self.opt =", "self.opt = self.optim ="),
)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    names = ("opt_adam_beta2", "sched_model", "seqlr_two_miles", "loader_workers", "autocast_gpu")
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


def test_optimizer_tables_are_torchs():
    torch = pytest.importorskip("torch")
    for name in rules.OPTIMIZERS:
        assert issubclass(getattr(torch.optim, name), torch.optim.Optimizer), name
    for name, checks in rules.OPT_RANGES.items():
        params = list(inspect.signature(getattr(torch.optim, name).__init__).parameters)[1:]
        for key, pos, _ in checks:
            assert params[pos] == key, (name, key, pos, params)


def test_schedulers_refuse_what_is_no_optimizer():
    torch = pytest.importorskip("torch")
    need = {
        "LambdaLR": {"lr_lambda": lambda e: 1.0}, "MultiplicativeLR": {"lr_lambda": lambda e: 1.0},
        "StepLR": {"step_size": 2}, "MultiStepLR": {"milestones": [2]},
        "ExponentialLR": {"gamma": 0.9}, "CosineAnnealingLR": {"T_max": 4},
        "CyclicLR": {"base_lr": 0.01, "max_lr": 0.1}, "CosineAnnealingWarmRestarts": {"T_0": 3},
        "OneCycleLR": {"max_lr": 0.1, "total_steps": 4},
    }  # fmt: skip
    layer = torch.nn.Linear(2, 2)
    for name in rules.SCHEDULERS:
        cls = getattr(torch.optim.lr_scheduler, name)
        kw = need.get(name, {})
        cls(torch.optim.SGD(layer.parameters(), lr=0.1, momentum=0.9), **kw)  # fine
        for bad in (layer, list(layer.parameters()), layer.parameters(), torch.zeros(2)):
            with pytest.raises((TypeError, AttributeError)):
                cls(bad, **kw)


def test_every_optimizer_calls_its_closure():
    torch = pytest.importorskip("torch")
    for name in rules.OPTIMIZERS:
        p = torch.nn.Parameter(torch.ones(2))
        opt = getattr(torch.optim, name)([p], lr=0.01)
        with pytest.raises(TypeError):
            opt.step(torch.tensor(1.0))


def test_listings_yield_the_same_parameter():
    torch = pytest.importorskip("torch")
    m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.LayerNorm(2))
    assert all(a is b for a, b in zip(m.parameters(), m.parameters(), strict=True))
    assert all(a is b for a, b in zip(m[0].parameters(), m.parameters(), strict=False))


def test_probs_logits_positions_are_torchs():
    torch = pytest.importorskip("torch")
    for name, pos in rules.PROBS_LOGITS.items():
        params = list(inspect.signature(getattr(torch.distributions, name).__init__).parameters)
        assert params[1 + pos : 3 + pos] == ["probs", "logits"], (name, params)
        src = inspect.getsource(getattr(torch.distributions, name).__init__)
        # the check itself (or the Categorical / Bernoulli one it builds on)
        assert "but not both" in src or "Categorical(" in src or "Bernoulli(" in src, name
