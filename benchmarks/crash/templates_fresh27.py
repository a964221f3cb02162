"""A twenty-seventh fresh batch of crash cases (session 35, split ``fresh27``), written blind: the
analyzer was never run on them while they were written, and the analyzer's source was not read.
The cases are code users write around a model: training steps with optimizers and schedulers
built from a config, DDP-style code run without a process group, data collation and samplers,
losses built from config values, attention backends, checkpoint save / load in memory and on
disk, hooks and ``load_state_dict`` results, ``torch.func`` ensembles, mixed precision (float8
storage, half / bfloat16 linear algebra) and generation loops. About half the crash classes are new
(an optimizer given a module or a non-leaf tensor, ``lr=None``, ``param_groups`` indexed by key,
``add_param_group`` given a list, Nesterov without momentum, ``LambdaLR`` lambda count or a factor
that is not callable, a scheduler mode name, ``ReduceLROnPlateau.step()`` without a metric,
``OneCycleLR`` without a length, an anneal strategy name, ``SequentialLR`` / ``ChainedScheduler``
over another optimizer, ``torch.distributed`` without ``init_process_group``, a
``DistributedSampler`` rank out of range, ``default_collate`` of ``None`` or of dicts whose keys
differ, a ``pad_sequence`` padding side name or list elements, a sampler size of zero,
``next(loader)``, ``len`` of an iterable-dataset loader, a loss given ``None`` or a list, an sdpa
backend the CPU does not have, the result of ``load_state_dict`` / a hook handle used as the
module, a state-dict post hook that returns, extra state without a setter, ``torch.save`` into a
missing folder, ``torch.load`` of a buffer not rewound or with ``mmap``, reentrant checkpoint with
keyword arguments, ``functional_call`` strict with missing names, ``vmap`` random ops or non-tensor
outputs, float8 arithmetic, half-precision linear algebra, ``Tensor.type`` given a dtype name, an
RNN ``num_layers`` of zero or a float, adaptive softmax cutoffs, a pruning mask of the wrong
shape); the others are classes earlier batches have, written as whole models whose sizes come
through configs, loops and helpers. Several clean variants look risky (``RISKY_CLEAN``). Same
format as ``templates.py``; every case name starts ``f27_``. Whether a case crashes is torch's
verdict (``build_truth.py``), not the defect label's.
"""

from __future__ import annotations

from templates import registry

T, template = registry()
V: list = []
VARIANTS = V  # the same list: every add() below lands in it


def add(tname: str, *rows: tuple[str, str, dict]) -> None:
    for suffix, defect, sizes in rows:
        V.append((tname, suffix, defect, sizes))


# ---------------------------------------------------------------- optimizers built in the step (new)
template("warmup_adam_trainer", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, lr={lr}):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
        self.lr = lr
        self.opt = None

    def configure(self):
        return torch.optim.Adam({params}, lr=self.lr, betas=(0.9, 0.999))

    def forward(self, x):
        if self.opt is None:
            self.opt = self.configure()
        with torch.enable_grad():
            loss = self.body(x).pow(2).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return self.body(x)
"""
)
add(
    "warmup_adam_trainer",
    ("ok", "clean", {"lr": "1e-3", "params": "self.body.parameters()"}),
    ("ok_param_list", "clean", {"lr": "1e-3", "params": "list(self.parameters())"}),
    (
        "ok_named_values",
        "clean",
        {"lr": "3e-4", "params": "[p for _, p in self.named_parameters()]"},
    ),
    ("module_given", "optimizer_params_module", {"lr": "1e-3", "params": "self.body"}),
    (
        "lr_from_missing_cfg",
        "optimizer_lr_none",
        {"lr": "None", "params": "self.body.parameters()"},
    ),
)

template("finetune_param_groups", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, head_lr={head_lr}):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 12), nn.GELU())
        self.head = nn.Linear(12, 3)
        self.head_lr = head_lr
        self.opt = torch.optim.SGD(
            [{{"params": self.backbone.parameters(), "lr": 1e-4}}], lr=1e-4, momentum=0.9
        )
        self.ready = False

    def forward(self, x):
        if not self.ready:
            {extra}
            self.ready = True
        with torch.enable_grad():
            loss = self.head(self.backbone(x)).logsumexp(-1).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return self.head(self.backbone(x))
"""
)
add(
    "finetune_param_groups",
    (
        "ok",
        "clean",
        {
            "head_lr": "1e-3",
            "extra": 'self.opt.add_param_group({"params": self.head.parameters(), "lr": self.head_lr})',
        },
    ),
    (
        "ok_loop_groups",
        "clean",
        {
            "head_lr": "1e-3",
            "extra": 'for g in self.opt.param_groups:\n                g["lr"] = self.head_lr',
        },
    ),
    (
        "ok_first_group",
        "clean",
        {"head_lr": "1e-3", "extra": 'self.opt.param_groups[0]["lr"] = self.head_lr'},
    ),
    (
        "groups_by_key",
        "param_groups_indexed_by_key",
        {"head_lr": "1e-3", "extra": 'self.opt.param_groups["lr"] = self.head_lr'},
    ),
    (
        "head_group_as_list",
        "add_param_group_not_dict",
        {"head_lr": "1e-3", "extra": "self.opt.add_param_group(list(self.head.parameters()))"},
    ),
    (
        "ok_head_weight_scaled_no_grad",
        "clean",
        {
            "head_lr": "1e-3",
            "extra": 'self.opt.add_param_group({"params": [self.head.weight * 1.0], "lr": self.head_lr})',
        },
    ),
)

template("sgd_momentum_cfg", "(6, 10)")(
    """
from dataclasses import dataclass


@dataclass
class OptimCfg:
    lr: float = 0.05
    momentum: float = {momentum}
    dampening: float = {dampening}
    nesterov: bool = {nesterov}


class Net(nn.Module):
    def __init__(self, cfg=OptimCfg()):
        super().__init__()
        self.cfg = cfg
        self.enc = nn.Linear(10, 16)
        self.dec = nn.Linear(16, 10)
        self.opt = None

    def build_optimizer(self):
        c = self.cfg
        params = [{params}]
        return torch.optim.SGD(
            params, lr=c.lr, momentum=c.momentum, dampening=c.dampening, nesterov=c.nesterov
        )

    def forward(self, x):
        if self.opt is None:
            self.opt = self.build_optimizer()
        with torch.enable_grad():
            loss = F.mse_loss(self.dec(torch.relu(self.enc(x))), x)
            loss.backward()
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
        return self.dec(torch.relu(self.enc(x)))
"""
)
_P = "p for p in self.parameters()"
add(
    "sgd_momentum_cfg",
    ("ok", "clean", {"momentum": "0.9", "dampening": "0.0", "nesterov": "True", "params": _P}),
    (
        "ok_plain",
        "clean",
        {"momentum": "0.0", "dampening": "0.0", "nesterov": "False", "params": _P},
    ),
    (
        "ok_float_cast_leaf",
        "clean",
        {
            "momentum": "0.9",
            "dampening": "0.0",
            "nesterov": "True",
            "params": "p.float() for p in self.parameters()",
        },
    ),
    (
        "nesterov_no_momentum",
        "sgd_nesterov_no_momentum",
        {"momentum": "0.0", "dampening": "0.0", "nesterov": "True", "params": _P},
    ),
    (
        "nesterov_dampened",
        "sgd_nesterov_no_momentum",
        {"momentum": "0.9", "dampening": "0.1", "nesterov": "True", "params": _P},
    ),
    (
        "ok_double_cast_no_grad",
        "clean",
        {
            "momentum": "0.9",
            "dampening": "0.0",
            "nesterov": "False",
            "params": "p.double() for p in self.parameters()",
        },
    ),
)

template("ema_teacher_optim", "(4, 6)")(
    """
import copy


class Student(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 4))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = Student()
        self.teacher = copy.deepcopy(self.student).requires_grad_(False)
        self.opt = None

    def forward(self, x):
        if self.opt is None:
            self.opt = torch.optim.{opt}({params}, lr={lr}{extra})
        with torch.enable_grad():
            loss = F.kl_div(
                self.student(x).log_softmax(-1), self.teacher(x).softmax(-1), reduction="batchmean"
            )
            loss.backward()
            self.opt.step()
        for t, s in zip(self.teacher.parameters(), self.student.parameters()):
            t.mul_(0.99).add_(s, alpha=0.01)
        return self.teacher(x)
"""
)
add(
    "ema_teacher_optim",
    (
        "ok",
        "clean",
        {"opt": "AdamW", "params": "self.student.parameters()", "lr": "1e-3", "extra": ""},
    ),
    (
        "ok_nesterov",
        "clean",
        {
            "opt": "SGD",
            "params": "self.student.parameters()",
            "lr": "0.1",
            "extra": ", momentum=0.5, nesterov=True",
        },
    ),
    (
        "student_module",
        "optimizer_params_module",
        {"opt": "AdamW", "params": "self.student", "lr": "1e-3", "extra": ""},
    ),
    (
        "sgd_nesterov_default_v2",
        "sgd_nesterov_no_momentum",
        {
            "opt": "SGD",
            "params": "self.student.parameters()",
            "lr": "0.1",
            "extra": ", nesterov=True",
        },
    ),
    (
        "lr_none_kw",
        "optimizer_lr_none",
        {
            "opt": "SGD",
            "params": "self.student.parameters()",
            "lr": "None",
            "extra": ", momentum=0.9",
        },
    ),
    (
        "teacher_params_empty",
        "optimizer_empty_params",
        {
            "opt": "AdamW",
            "params": "[p for p in self.teacher.parameters() if p.requires_grad]",
            "lr": "1e-3",
            "extra": "",
        },
    ),
)


# ---------------------------------------------------------------- schedulers (new)
template("lambda_warmup_sched", "(4, 8)")(
    """
import math


def warmup(step, n=4):
    return min(1.0, (step + 1) / n)


def cosine(step, total=20):
    return 0.5 * (1 + math.cos(math.pi * min(step, total) / total))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(8, 8)
        self.head = nn.Linear(8, 2)
        self.sched = None

    def forward(self, x):
        if self.sched is None:
            self.opt = torch.optim.AdamW({groups}, lr=1e-3)
            self.sched = torch.optim.lr_scheduler.LambdaLR(self.opt, {lam})
        for _ in range(3):
            with torch.enable_grad():
                self.head(self.enc(x)).square().mean().backward()
            self.opt.step()
            self.opt.zero_grad()
            self.sched.step()
        return self.head(self.enc(x))
"""
)
_ONE = "self.parameters()"
_TWO = '[{"params": self.enc.parameters()}, {"params": self.head.parameters(), "lr": 1e-2}]'
add(
    "lambda_warmup_sched",
    ("ok", "clean", {"groups": _ONE, "lam": "warmup"}),
    ("ok_two_groups_two_fns", "clean", {"groups": _TWO, "lam": "[warmup, cosine]"}),
    ("ok_lambda_expr", "clean", {"groups": _ONE, "lam": "lambda s: 0.95**s"}),
    ("two_fns_one_group", "scheduler_lambda_count", {"groups": _ONE, "lam": "[warmup, cosine]"}),
    ("factor_not_fn", "lr_lambda_not_callable", {"groups": _ONE, "lam": "0.95"}),
    (
        "one_fn_in_list_two_groups_first",
        "scheduler_lambda_count",
        {"groups": _TWO, "lam": "[warmup]"},
    ),
)

template("plateau_scheduler_loop", "(8, 5)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(5, 16), nn.SiLU(), nn.Linear(16, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.sched = None

    def validate(self, x):
        return F.mse_loss(self.model(x), x[:, :1]).item()

    def forward(self, x):
        if self.sched is None:
            self.sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
                self.opt, mode="{mode}", factor=0.5, patience=1, threshold_mode="{tmode}"
            )
        for epoch in range(3):
            with torch.enable_grad():
                F.mse_loss(self.model(x), x[:, :1]).backward()
            self.opt.step()
            self.opt.zero_grad()
            val = self.validate(x)
            {step}
        return self.model(x)
"""
)
add(
    "plateau_scheduler_loop",
    ("ok", "clean", {"mode": "min", "tmode": "rel", "step": "self.sched.step(val)"}),
    ("ok_max_abs", "clean", {"mode": "max", "tmode": "abs", "step": "self.sched.step(-val)"}),
    (
        "ok_metrics_kw",
        "clean",
        {"mode": "min", "tmode": "rel", "step": "self.sched.step(metrics=val)"},
    ),
    (
        "mode_minimum",
        "scheduler_mode_name",
        {"mode": "minimum", "tmode": "rel", "step": "self.sched.step(val)"},
    ),
    (
        "threshold_relative",
        "scheduler_mode_name",
        {"mode": "min", "tmode": "relative", "step": "self.sched.step(val)"},
    ),
    (
        "step_like_others",
        "plateau_step_no_metric",
        {"mode": "min", "tmode": "rel", "step": "self.sched.step()"},
    ),
)

template("early_stop_trainer", "(6, 4)")(
    """
class EarlyStop:
    def __init__(self, patience=2):
        self.best, self.bad, self.patience = float("inf"), 0, patience

    def __call__(self, value):
        self.bad = 0 if value < self.best else self.bad + 1
        self.best = min(self.best, value)
        return self.bad > self.patience


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.norm = nn.LayerNorm(4)
        self.opt = torch.optim.Adam(self.parameters(), lr=1e-2)
        self.sched = None
        self.stop = EarlyStop()

    def epoch(self, x):
        with torch.enable_grad():
            loss = (self.norm(self.lin(x)) - x).pow(2).mean()
            loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return loss.item()

    def forward(self, x):
        if self.sched is None:
            self.sched = {sched}
        for _ in range(4):
            loss = self.epoch(x)
            {step}
            if self.stop(loss):
                break
        return self.norm(self.lin(x))
"""
)
_PL = "torch.optim.lr_scheduler.ReduceLROnPlateau(self.opt, {})"
add(
    "early_stop_trainer",
    ("ok", "clean", {"sched": _PL.format('mode="min"'), "step": "self.sched.step(loss)"}),
    (
        "ok_step_lr",
        "clean",
        {"sched": "torch.optim.lr_scheduler.StepLR(self.opt, 2)", "step": "self.sched.step()"},
    ),
    (
        "plateau_stepped_bare_cfg",
        "plateau_step_no_metric",
        {"sched": _PL.format('mode="min"'), "step": "self.sched.step()"},
    ),
    (
        "mode_lower_is_better",
        "scheduler_mode_name",
        {"sched": _PL.format('mode="lower"'), "step": "self.sched.step(loss)"},
    ),
    (
        "factor_above_one",
        "scheduler_hparam_range",
        {"sched": _PL.format("factor=1.5"), "step": "self.sched.step(loss)"},
    ),
)

template("onecycle_trainer", "(4, 12)")(
    """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        return x + self.fc(self.norm(x))


class Net(nn.Module):
    def __init__(self, epochs={epochs}, steps={steps}):
        super().__init__()
        self.blocks = nn.Sequential(Block(12), Block(12))
        self.opt = torch.optim.SGD(self.parameters(), lr=0.01, momentum=0.9)
        self.epochs, self.steps = epochs, steps
        self.sched = None

    def forward(self, x):
        if self.sched is None:
            epochs = self.epochs
            self.sched = torch.optim.lr_scheduler.OneCycleLR(
                self.opt, max_lr=0.1, {length}, anneal_strategy="{anneal}"
            )
        for _ in range(self.steps):
            with torch.enable_grad():
                self.blocks(x).pow(2).mean().backward()
            self.opt.step()
            self.opt.zero_grad()
            self.sched.step()
        return self.blocks(x)
"""
)
add(
    "onecycle_trainer",
    (
        "ok",
        "clean",
        {
            "epochs": "2",
            "steps": "3",
            "length": "epochs=epochs, steps_per_epoch=3",
            "anneal": "cos",
        },
    ),
    (
        "ok_total_linear",
        "clean",
        {"epochs": "2", "steps": "6", "length": "total_steps=epochs * 3 + 1", "anneal": "linear"},
    ),
    (
        "ok_exact_total",
        "clean",
        {"epochs": "1", "steps": "5", "length": "total_steps=6", "anneal": "cos"},
    ),
    (
        "epochs_only_init",
        "onecycle_total_steps_missing",
        {"epochs": "2", "steps": "3", "length": "epochs=epochs", "anneal": "cos"},
    ),
    (
        "anneal_cosine_word",
        "anneal_strategy_name",
        {"epochs": "2", "steps": "3", "length": "total_steps=10", "anneal": "cosine"},
    ),
    (
        "steps_past_total",
        "scheduler_steps_exhausted",
        {"epochs": "1", "steps": "6", "length": "total_steps=4", "anneal": "cos"},
    ),
)

template("swa_finetune", "(5, 6)")(
    """
from torch.optim.swa_utils import SWALR, AveragedModel


class Net(nn.Module):
    def __init__(self, swa_start={start}):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 10), nn.ReLU(), nn.Linear(10, 3))
        self.swa = AveragedModel(self.model)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)
        self.swa_sched = None
        self.swa_start = swa_start

    def forward(self, x):
        if self.swa_sched is None:
            self.swa_sched = SWALR(self.opt, swa_lr=0.01, anneal_epochs=2, anneal_strategy="{anneal}")
        for epoch in range(4):
            with torch.enable_grad():
                self.model(x).logsumexp(-1).mean().backward()
            self.opt.step()
            self.opt.zero_grad()
            if epoch >= self.swa_start:
                self.swa.update_parameters(self.model)
                self.swa_sched.step()
        return self.swa(x)
"""
)
add(
    "swa_finetune",
    ("ok", "clean", {"start": "1", "anneal": "cos"}),
    ("ok_linear", "clean", {"start": "2", "anneal": "linear"}),
    ("ok_never_starts", "clean", {"start": "9", "anneal": "linear"}),
    ("anneal_exp", "anneal_strategy_name", {"start": "1", "anneal": "exp"}),
    ("anneal_cosine_late", "anneal_strategy_name", {"start": "3", "anneal": "cosine"}),
)

template("cyclic_lr_trainer", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(1, 4, 3, padding=1)
        self.head = nn.Linear(32, 2)
        self.sched = None

    def configure(self):
        self.opt = torch.optim.{opt}(self.parameters(), lr=0.01{okw})
        self.sched = torch.optim.lr_scheduler.CyclicLR(
            self.opt, base_lr=0.001, max_lr=0.01, step_size_up=2, mode="{mode}"{skw}
        )

    def features(self, x):
        return self.conv(x.unsqueeze(1)).flatten(1)

    def forward(self, x):
        if self.sched is None:
            self.configure()
        for _ in range(3):
            with torch.enable_grad():
                self.head(self.features(x)).pow(2).mean().backward()
            self.opt.step()
            self.opt.zero_grad()
            self.sched.step()
        return self.head(self.features(x))
"""
)
add(
    "cyclic_lr_trainer",
    ("ok", "clean", {"opt": "SGD", "okw": ", momentum=0.9", "mode": "triangular", "skw": ""}),
    (
        "ok_exp_range",
        "clean",
        {"opt": "SGD", "okw": ", momentum=0.9", "mode": "exp_range", "skw": ", gamma=0.9"},
    ),
    (
        "ok_adam_no_cycle",
        "clean",
        {"opt": "Adam", "okw": "", "mode": "triangular2", "skw": ", cycle_momentum=False"},
    ),
    (
        "mode_tri",
        "scheduler_mode_name",
        {"opt": "SGD", "okw": ", momentum=0.9", "mode": "tri", "skw": ""},
    ),
    (
        "mode_exp",
        "scheduler_mode_name",
        {"opt": "SGD", "okw": ", momentum=0.9", "mode": "exp", "skw": ", gamma=0.9"},
    ),
)

template("warmup_then_cosine", "(4, 8)")(
    """
from torch.optim.lr_scheduler import CosineAnnealingLR, LinearLR, SequentialLR, ChainedScheduler


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Linear(8, 16)
        self.out = nn.Linear(16, 8)
        self.opt = torch.optim.AdamW(self.parameters(), lr=1e-3)
        self.sched = None

    def make_warmup(self):
        return LinearLR({warm_opt}, start_factor=0.1, total_iters=2)

    def make_schedule(self):
        warm = self.make_warmup()
        cos = CosineAnnealingLR(self.opt, T_max=8)
        return {combine}

    def forward(self, x):
        if self.sched is None:
            self.sched = self.make_schedule()
        for _ in range(4):
            with torch.enable_grad():
                F.mse_loss(self.out(self.emb(x)), x).backward()
            self.opt.step()
            self.opt.zero_grad()
            self.sched.step()
        return self.out(self.emb(x))
"""
)
_FRESH = "torch.optim.AdamW(self.parameters(), lr=1e-3)"
add(
    "warmup_then_cosine",
    (
        "ok",
        "clean",
        {"warm_opt": "self.opt", "combine": "SequentialLR(self.opt, [warm, cos], milestones=[2])"},
    ),
    ("ok_chained", "clean", {"warm_opt": "self.opt", "combine": "ChainedScheduler([warm, cos])"}),
    (
        "warmup_own_optimizer",
        "sequential_lr_optimizer_mismatch",
        {"warm_opt": _FRESH, "combine": "SequentialLR(self.opt, [warm, cos], milestones=[2])"},
    ),
    (
        "chained_own_optimizer",
        "sequential_lr_optimizer_mismatch",
        {"warm_opt": _FRESH, "combine": "ChainedScheduler([warm, cos])"},
    ),
    (
        "two_milestones",
        "scheduler_milestones_count",
        {
            "warm_opt": "self.opt",
            "combine": "SequentialLR(self.opt, [warm, cos], milestones=[2, 6])",
        },
    ),
)


# ---------------------------------------------------------------- DDP-style code without a process group (new)
template("ddp_style_trainer", "(4, 8)")(
    """
import torch.distributed as dist


def world_info():
    {info}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def sync_grads(self, world):
        for p in self.model.parameters():
            if p.grad is not None and world > 1:
                dist.all_reduce(p.grad)
                p.grad /= world

    def forward(self, x):
        rank, world = world_info()
        with torch.enable_grad():
            self.model(x).pow(2).mean().backward()
        self.sync_grads(world)
        self.opt.step()
        self.opt.zero_grad()
        return self.model(x) * (rank + 1)
"""
)
add(
    "ddp_style_trainer",
    (
        "ok",
        "clean",
        {
            "info": "if dist.is_available() and dist.is_initialized():\n        return dist.get_rank(), dist.get_world_size()\n    return 0, 1"
        },
    ),
    (
        "ok_env_fallback",
        "clean",
        {
            "info": 'import os\n\n    return int(os.environ.get("RANK", 0)), int(os.environ.get("WORLD_SIZE", 1))'
        },
    ),
    (
        "available_is_not_initialized",
        "dist_not_initialized",
        {
            "info": "if dist.is_available():\n        return dist.get_rank(), dist.get_world_size()\n    return 0, 1"
        },
    ),
    ("rank_unguarded", "dist_not_initialized", {"info": "return dist.get_rank(), 1"}),
)

template("ddp_metric_reduce", "(6, 5)")(
    """
import torch.distributed as dist


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(5, 8)
        self.cls = nn.Linear(8, 3)

    def reduce_mean(self, t):
        {reduce}

    def forward(self, x):
        logits = self.cls(torch.relu(self.enc(x)))
        conf = logits.softmax(-1).amax(-1).mean()
        conf = self.reduce_mean(conf)
        return logits * conf
"""
)
add(
    "ddp_metric_reduce",
    (
        "ok",
        "clean",
        {
            "reduce": "if not (dist.is_available() and dist.is_initialized()):\n            return t\n        t = t.clone()\n        dist.all_reduce(t)\n        return t / dist.get_world_size()"
        },
    ),
    (
        "ok_world_one",
        "clean",
        {
            "reduce": "world = dist.get_world_size() if dist.is_initialized() else 1\n        return t / world"
        },
    ),
    (
        "all_reduce_always",
        "dist_not_initialized",
        {
            "reduce": "t = t.clone()\n        dist.all_reduce(t)\n        return t / dist.get_world_size()"
        },
    ),
    ("barrier_first", "dist_not_initialized", {"reduce": "dist.barrier()\n        return t"}),
    (
        "gather_objects",
        "dist_not_initialized",
        {
            "reduce": "out = [None]\n        dist.all_gather_object(out, t.item())\n        return t.new_tensor(sum(out) / len(out))"
        },
    ),
)

template("ddp_sampler_loader", "(8, 4)")(
    """
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


class Net(nn.Module):
    def __init__(self, world={world}, rank={rank}):
        super().__init__()
        self.world, self.rank = world, rank
        self.mlp = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))

    def loader(self, x):
        ds = TensorDataset(x, x.sum(-1, keepdim=True))
        sampler = DistributedSampler({sampler_args}, shuffle=False)
        return DataLoader(ds, batch_size=2, sampler=sampler)

    def forward(self, x):
        total = x.new_zeros(())
        for xb, yb in self.loader(x):
            total = total + F.mse_loss(self.mlp(xb), yb)
        return self.mlp(x) + total
"""
)
add(
    "ddp_sampler_loader",
    (
        "ok",
        "clean",
        {"world": "2", "rank": "1", "sampler_args": "ds, num_replicas=self.world, rank=self.rank"},
    ),
    (
        "ok_single",
        "clean",
        {"world": "1", "rank": "0", "sampler_args": "ds, num_replicas=self.world, rank=self.rank"},
    ),
    (
        "ok_last_rank",
        "clean",
        {"world": "4", "rank": "3", "sampler_args": "ds, num_replicas=self.world, rank=self.rank"},
    ),
    (
        "rank_equals_world",
        "dist_sampler_rank_range",
        {"world": "2", "rank": "2", "sampler_args": "ds, num_replicas=self.world, rank=self.rank"},
    ),
    (
        "rank_one_based",
        "dist_sampler_rank_range",
        {"world": "4", "rank": "4", "sampler_args": "ds, num_replicas=self.world, rank=self.rank"},
    ),
    (
        "replicas_from_group",
        "dist_not_initialized",
        {"world": "2", "rank": "0", "sampler_args": "ds, rank=self.rank"},
    ),
)

template("ddp_wrapped_eval", "(3, 6)")(
    """
import torch.distributed as dist
from torch.utils.data import DistributedSampler


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 6), nn.GELU(), nn.Linear(6, 2))

    def forward(self, x):
        return self.net(x)


class Net(nn.Module):
    def __init__(self, local_rank={local_rank}, world={world}):
        super().__init__()
        self.encoder = Encoder()
        self.local_rank, self.world = local_rank, world
        self.wrapped = None

    def setup(self, n):
        {setup}

    def forward(self, x):
        if self.wrapped is None:
            self.setup(x.shape[0])
        return self.wrapped(x)
"""
)
add(
    "ddp_wrapped_eval",
    (
        "ok",
        "clean",
        {
            "local_rank": "0",
            "world": "1",
            "setup": "self.wrapped = self.encoder\n        self.order = list(DistributedSampler(range(n), num_replicas=self.world, rank=self.local_rank))",
        },
    ),
    (
        "ok_rank_last",
        "clean",
        {
            "local_rank": "1",
            "world": "2",
            "setup": "self.wrapped = self.encoder\n        self.order = list(DistributedSampler(range(n), num_replicas=self.world, rank=self.local_rank))",
        },
    ),
    (
        "ddp_wrap_no_group",
        "dist_not_initialized",
        {
            "local_rank": "0",
            "world": "1",
            "setup": "self.wrapped = nn.parallel.DistributedDataParallel(self.encoder)",
        },
    ),
    (
        "sampler_rank_negative",
        "dist_sampler_rank_range",
        {
            "local_rank": "-1",
            "world": "2",
            "setup": "self.wrapped = self.encoder\n        self.order = list(DistributedSampler(range(n), num_replicas=self.world, rank=self.local_rank))",
        },
    ),
    (
        "world_from_group",
        "dist_not_initialized",
        {
            "local_rank": "0",
            "world": "1",
            "setup": "self.wrapped = self.encoder\n        self.world = dist.get_world_size()",
        },
    ),
)


# ---------------------------------------------------------------- collation, samplers and loaders (new)
template("collate_dict_batches", "(4, 6)")(
    """
from torch.utils.data import default_collate


def make_samples(x):
    out = []
    for i, row in enumerate(x):
        {sample}
    return out


def collate(samples):
    {collate}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 4)
        self.cls = nn.Linear(4, 2)

    def forward(self, x):
        batch = collate(make_samples(x))
        h = torch.relu(self.proj(batch["feat"]))
        return self.cls(h)
"""
)
_S_FULL = 'out.append({"feat": row, "label": i % 2})'
_S_NONE = 'out.append({"feat": row, "label": None if i % 2 else 1})'
_S_KEYS = 'out.append({"feat": row, "label": 1} if i % 2 else {"feat": row})'
add(
    "collate_dict_batches",
    ("ok", "clean", {"sample": _S_FULL, "collate": "return default_collate(samples)"}),
    (
        "ok_drop_none",
        "clean",
        {
            "sample": _S_NONE,
            "collate": 'keep = [{k: v for k, v in s.items() if v is not None} for s in samples]\n    return {"feat": torch.stack([s["feat"] for s in keep])}',
        },
    ),
    (
        "ok_feat_only",
        "clean",
        {
            "sample": _S_KEYS,
            "collate": 'return default_collate([{"feat": s["feat"]} for s in samples])',
        },
    ),
    (
        "unlabelled_none",
        "collate_none_element",
        {"sample": _S_NONE, "collate": "return default_collate(samples)"},
    ),
    (
        "ok_label_key_missing_first",
        "clean",
        {"sample": _S_KEYS, "collate": "return default_collate(samples)"},
    ),
)

template("multimodal_collator", "(4, 8)")(
    """
from torch.utils.data import DataLoader, Dataset


class Pairs(Dataset):
    def __init__(self, x):
        self.x = x

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        {item}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.img = nn.Linear(8, 6)
        self.txt = nn.Embedding(10, 6)

    def forward(self, x):
        loader = DataLoader(Pairs(x), batch_size=2)
        outs = []
        for b in loader:
            outs.append(self.img(b["image"]) + self.txt(b["ids"]).mean(1))
        return torch.cat(outs)
"""
)
add(
    "multimodal_collator",
    ("ok", "clean", {"item": 'return {"image": self.x[i], "ids": torch.tensor([i % 10, 1])}'}),
    (
        "ok_caption_strings",
        "clean",
        {"item": 'return {"image": self.x[i], "ids": torch.tensor([i, 2]), "caption": "a photo"}'},
    ),
    (
        "caption_none",
        "collate_none_element",
        {"item": 'return {"image": self.x[i], "ids": torch.tensor([i, 2]), "mask": None}'},
    ),
    (
        "mask_only_odd",
        "collate_dict_keys_mismatch",
        {
            "item": 'd = {"image": self.x[i], "ids": torch.tensor([i, 2])}\n        if i % 2 == 0:\n            d["mask"] = torch.ones(2)\n        return d'
        },
    ),
    (
        "ids_ragged",
        "collate_unequal_sizes",
        {"item": 'return {"image": self.x[i], "ids": torch.arange(i + 1) % 10}'},
    ),
)

template("text_collator_pad", "(4, 6)", "tokens")(
    """
from torch.nn.utils.rnn import pad_sequence


class Collator:
    def __init__(self, pad_id=0):
        self.pad_id = pad_id

    def __call__(self, seqs):
        return pad_sequence({seqs}, batch_first=True, padding_value=self.pad_id{side})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(8, 16, padding_idx=0)
        self.rnn = nn.GRU(16, 16, batch_first=True)
        self.collate = Collator()

    def forward(self, ids):
        seqs = [row[: 2 + i] for i, row in enumerate(ids)]
        batch = self.collate(seqs)
        out, h = self.rnn(self.emb(batch))
        return h[-1]
"""
)
add(
    "text_collator_pad",
    ("ok", "clean", {"seqs": "seqs", "side": ""}),
    ("ok_left", "clean", {"seqs": "seqs", "side": ', padding_side="left"'}),
    (
        "ok_right_explicit",
        "clean",
        {"seqs": "[s.clone() for s in seqs]", "side": ', padding_side="right"'},
    ),
    ("side_end", "pad_sequence_side_name", {"seqs": "seqs", "side": ', padding_side="end"'}),
    ("side_pre", "pad_sequence_side_name", {"seqs": "seqs", "side": ', padding_side="pre"'}),
    (
        "token_lists",
        "pad_sequence_list_elements",
        {"seqs": "[s.tolist() for s in seqs]", "side": ""},
    ),
)

template("seq2seq_batcher", "(3, 5)", "tokens")(
    """
from torch.nn.utils import rnn as rnn_utils


def batchify(pairs, side):
    src = rnn_utils.pad_sequence({src}, batch_first=True, padding_side=side)
    tgt = rnn_utils.pad_sequence([p[1] for p in pairs], batch_first=True, padding_side=side)
    return src, tgt


class Net(nn.Module):
    def __init__(self, side="{side}"):
        super().__init__()
        self.side = side
        self.emb = nn.Embedding(6, 12)
        self.out = nn.Linear(12, 6)

    def forward(self, ids):
        pairs = [(row[: 1 + i] + 2, row.flip(0)[: 2 + i]) for i, row in enumerate(ids)]
        src, tgt = batchify(pairs, self.side)
        return self.out(self.emb(src).mean(1) + self.emb(tgt).mean(1))
"""
)
add(
    "seq2seq_batcher",
    ("ok", "clean", {"src": "[p[0] for p in pairs]", "side": "right"}),
    ("ok_left_pad", "clean", {"src": "[p[0] for p in pairs]", "side": "left"}),
    ("side_post_run", "pad_sequence_side_name", {"src": "[p[0] for p in pairs]", "side": "post"}),
    (
        "src_lists",
        "pad_sequence_list_elements",
        {"src": "[p[0].tolist() for p in pairs]", "side": "right"},
    ),
    (
        "src_tuples",
        "pad_sequence_list_elements",
        {"src": "[tuple(p[0].tolist()) for p in pairs]", "side": "left"},
    ),
)

template("weighted_sampler_loader", "(8, 3)")(
    """
from torch.utils.data import BatchSampler, DataLoader, TensorDataset, WeightedRandomSampler


class Net(nn.Module):
    def __init__(self, frac={frac}, bs={bs}):
        super().__init__()
        self.frac, self.bs = frac, bs
        self.fc = nn.Sequential(nn.Linear(3, 6), nn.ReLU(), nn.Linear(6, 1))

    def forward(self, x):
        weights = {weights}
        sampler = WeightedRandomSampler(weights, num_samples=int(len(x) * self.frac))
        batches = BatchSampler(sampler, batch_size=self.bs, drop_last=False)
        loader = DataLoader(TensorDataset(x), batch_sampler=batches)
        return sum(self.fc(xb).sum() for (xb,) in loader) + self.fc(x)
"""
)
add(
    "weighted_sampler_loader",
    ("ok", "clean", {"frac": "0.5", "bs": "2", "weights": "x.abs().sum(-1)"}),
    ("ok_full_pass", "clean", {"frac": "1.0", "bs": "8", "weights": "torch.ones(len(x))"}),
    (
        "frac_rounds_to_zero",
        "sampler_arg_invalid",
        {"frac": "0.1", "bs": "2", "weights": "x.abs().sum(-1)"},
    ),
    (
        "per_feature_weights",
        "sampler_arg_invalid",
        {"frac": "0.5", "bs": "2", "weights": "x.abs()"},
    ),
    (
        "batch_size_from_int_div",
        "sampler_arg_invalid",
        {"frac": "0.5", "bs": "2 // 4", "weights": "x.abs().sum(-1)"},
    ),
)

template("loader_peek_batch", "(6, 4)")(
    """
from torch.utils.data import DataLoader, IterableDataset, TensorDataset


class Stream(IterableDataset):
    def __init__(self, x):
        self.x = x

    def __iter__(self):
        return iter(self.x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.bn = nn.BatchNorm1d(4)

    def forward(self, x):
        loader = DataLoader({ds}, batch_size=2)
        {peek}
        return self.bn(self.lin(x)) * steps + first.mean()
"""
)
add(
    "loader_peek_batch",
    (
        "ok",
        "clean",
        {
            "ds": "TensorDataset(x)",
            "peek": "(first,) = next(iter(loader))\n        steps = len(loader)",
        },
    ),
    (
        "ok_stream_count",
        "clean",
        {
            "ds": "Stream(x)",
            "peek": "first = next(iter(loader))\n        steps = sum(1 for _ in loader)",
        },
    ),
    (
        "next_on_loader",
        "dataloader_next_without_iter",
        {"ds": "TensorDataset(x)", "peek": "(first,) = next(loader)\n        steps = len(loader)"},
    ),
    (
        "stream_len",
        "iterable_dataset_len",
        {"ds": "Stream(x)", "peek": "first = next(iter(loader))\n        steps = len(loader)"},
    ),
)

template("stream_pretrain_sched", "(8, 5)")(
    """
from torch.utils.data import DataLoader, IterableDataset


class Chunks(IterableDataset):
    def __init__(self, x):
        self.x = x

    def __iter__(self):
        yield from self.x


class Net(nn.Module):
    def __init__(self, epochs=2):
        super().__init__()
        self.epochs = epochs
        self.net = nn.Sequential(nn.Linear(5, 5), nn.ReLU(), nn.Linear(5, 5))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.01)

    def forward(self, x):
        loader = DataLoader(Chunks(x), batch_size=4)
        total = {total}
        sched = torch.optim.lr_scheduler.LinearLR(self.opt, total_iters=total)
        it = {it}
        batch = next(it)
        with torch.enable_grad():
            F.mse_loss(self.net(batch), batch).backward()
        self.opt.step()
        sched.step()
        return self.net(x)
"""
)
add(
    "stream_pretrain_sched",
    ("ok", "clean", {"total": "self.epochs * 2", "it": "iter(loader)"}),
    (
        "ok_counted",
        "clean",
        {"total": "self.epochs * sum(1 for _ in loader)", "it": "iter(loader)"},
    ),
    (
        "len_of_stream",
        "iterable_dataset_len",
        {"total": "self.epochs * len(loader)", "it": "iter(loader)"},
    ),
    (
        "len_of_dataset",
        "iterable_dataset_len",
        {"total": "self.epochs * len(loader.dataset)", "it": "iter(loader)"},
    ),
    (
        "loader_as_iterator",
        "dataloader_next_without_iter",
        {"total": "self.epochs * 2", "it": "loader"},
    ),
)


# ---------------------------------------------------------------- losses built from config values (new)
template("seg_loss_cfg", "(2, 3, 8, 8)")(
    """
CFG = {{"num_classes": 4, "class_weights": {weights}, "ignore_index": {ignore}}}


class Net(nn.Module):
    def __init__(self, cfg=CFG):
        super().__init__()
        self.head = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, cfg["num_classes"], 1))
        self.cfg = cfg
        self.loss = None

    def forward(self, x):
        if self.loss is None:
            cfg = self.cfg
            self.loss = nn.CrossEntropyLoss({loss_args})
        logits = self.head(x)
        target = logits.argmax(1)
        return logits, self.loss(logits, target)
"""
)
add(
    "seg_loss_cfg",
    (
        "ok",
        "clean",
        {
            "weights": "[1.0, 2.0, 2.0, 0.5]",
            "ignore": "255",
            "loss_args": 'weight=torch.tensor(cfg["class_weights"]), ignore_index=cfg["ignore_index"]',
        },
    ),
    (
        "ok_no_weights",
        "clean",
        {
            "weights": "None",
            "ignore": "-100",
            "loss_args": 'weight=cfg["class_weights"], ignore_index=cfg["ignore_index"]',
        },
    ),
    (
        "weights_list",
        "loss_weight_list",
        {
            "weights": "[1.0, 2.0, 2.0, 0.5]",
            "ignore": "255",
            "loss_args": 'weight=cfg["class_weights"], ignore_index=cfg["ignore_index"]',
        },
    ),
    (
        "ignore_none",
        "loss_arg_none",
        {
            "weights": "None",
            "ignore": "None",
            "loss_args": 'weight=None, ignore_index=cfg["ignore_index"]',
        },
    ),
    (
        "weights_short_run",
        "loss_weight_size",
        {
            "weights": "[1.0, 2.0, 2.0]",
            "ignore": "255",
            "loss_args": 'weight=torch.tensor(cfg["class_weights"])',
        },
    ),
)

template("multilabel_loss_cfg", "(6, 10)")(
    """
from dataclasses import dataclass


@dataclass
class LossCfg:
    pos_weight: object = {pw}
    smoothing: object = {ls}
    reduction: object = {red}


class Net(nn.Module):
    def __init__(self, cfg=LossCfg()):
        super().__init__()
        self.cfg = cfg
        self.body = nn.Sequential(nn.Linear(10, 16), nn.ReLU())
        self.tags = nn.Linear(16, 3)
        self.cls = nn.Linear(16, 5)
        self.bce = None

    def forward(self, x):
        if self.bce is None:
            cfg = self.cfg
            self.bce = nn.BCEWithLogitsLoss({bce})
        h = self.body(x)
        tags, cls = self.tags(h), self.cls(h)
        l1 = self.bce(tags, (tags > 0).float())
        l2 = F.cross_entropy(cls, cls.argmax(-1), label_smoothing={ls_arg}, reduction={red_arg})
        return tags, l1 + l2.mean()
"""
)
_BCE_T = "pos_weight=torch.as_tensor(cfg.pos_weight)"
add(
    "multilabel_loss_cfg",
    (
        "ok",
        "clean",
        {
            "pw": "(2.0, 1.0, 1.0)",
            "ls": "0.1",
            "red": '"mean"',
            "bce": _BCE_T,
            "ls_arg": "self.cfg.smoothing",
            "red_arg": "self.cfg.reduction",
        },
    ),
    (
        "ok_defaults_guarded",
        "clean",
        {
            "pw": "None",
            "ls": "None",
            "red": "None",
            "bce": "",
            "ls_arg": "self.cfg.smoothing or 0.0",
            "red_arg": 'self.cfg.reduction or "mean"',
        },
    ),
    (
        "pos_weight_tuple_first",
        "loss_weight_list",
        {
            "pw": "(2.0, 1.0, 1.0)",
            "ls": "0.1",
            "red": '"mean"',
            "bce": "pos_weight=cfg.pos_weight",
            "ls_arg": "self.cfg.smoothing",
            "red_arg": "self.cfg.reduction",
        },
    ),
    (
        "smoothing_none",
        "loss_arg_none",
        {
            "pw": "(2.0, 1.0, 1.0)",
            "ls": "None",
            "red": '"mean"',
            "bce": _BCE_T,
            "ls_arg": "self.cfg.smoothing",
            "red_arg": "self.cfg.reduction",
        },
    ),
    (
        "reduction_none_obj",
        "loss_arg_none",
        {
            "pw": "(2.0, 1.0, 1.0)",
            "ls": "0.0",
            "red": "None",
            "bce": _BCE_T,
            "ls_arg": "self.cfg.smoothing",
            "red_arg": "self.cfg.reduction",
        },
    ),
    (
        "smoothing_above_one",
        "label_smoothing_range",
        {
            "pw": "(2.0, 1.0, 1.0)",
            "ls": "1.5",
            "red": '"mean"',
            "bce": _BCE_T,
            "ls_arg": "self.cfg.smoothing",
            "red_arg": "self.cfg.reduction",
        },
    ),
)

template("token_loss_masked", "(2, 6)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=7, pad={pad}):
        super().__init__()
        self.pad = pad
        self.emb = nn.Embedding(vocab, 8)
        self.lm = nn.Linear(8, vocab)
        self.vocab = vocab
        self.crit = None

    def forward(self, ids):
        if self.crit is None:
            vocab, pad = self.vocab, self.pad
            self.crit = nn.NLLLoss({crit})
        logp = self.lm(self.emb(ids)).log_softmax(-1)
        loss = self.crit(logp.flatten(0, 1), ids.flatten())
        return logp, loss
"""
)
add(
    "token_loss_masked",
    ("ok", "clean", {"pad": "0", "crit": "ignore_index=pad"}),
    (
        "ok_weight_tensor",
        "clean",
        {"pad": "0", "crit": "weight=torch.ones(vocab), ignore_index=pad"},
    ),
    ("pad_unset", "loss_arg_none", {"pad": "None", "crit": "ignore_index=pad"}),
    ("weight_python_list", "loss_weight_list", {"pad": "0", "crit": "weight=[1.0] * vocab"}),
    ("weight_short", "loss_weight_size", {"pad": "0", "crit": "weight=torch.ones(vocab - 1)"}),
)


# ---------------------------------------------------------------- attention backends (new)
template("attention_backend_select", "(2, 5, 16)")(
    """
from torch.nn.attention import SDPBackend, sdpa_kernel


class SelfAttn(nn.Module):
    def __init__(self, d=16, heads=4, backends={backends}):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.backends = backends

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        with sdpa_kernel(self.backends):
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SelfAttn()
        self.norm = nn.LayerNorm(16)

    def forward(self, x):
        return x + self.attn(self.norm(x))
"""
)
add(
    "attention_backend_select",
    ("ok", "clean", {"backends": "[SDPBackend.MATH]"}),
    ("ok_flash", "clean", {"backends": "[SDPBackend.FLASH_ATTENTION]"}),
    (
        "ok_flash_or_efficient",
        "clean",
        {"backends": "[SDPBackend.FLASH_ATTENTION, SDPBackend.EFFICIENT_ATTENTION]"},
    ),
    (
        "efficient_only",
        "sdpa_backend_unavailable",
        {"backends": "[SDPBackend.EFFICIENT_ATTENTION]"},
    ),
    ("cudnn_only", "sdpa_backend_unavailable", {"backends": "SDPBackend.CUDNN_ATTENTION"}),
)

template("fast_attention_cfg", "(2, 6, 24)")(
    """
from dataclasses import dataclass

from torch.nn.attention import SDPBackend, sdpa_kernel


@dataclass
class AttnCfg:
    d: int = 24
    heads: int = {heads}
    kernel: str = "{kernel}"


KERNELS = {{
    "math": [SDPBackend.MATH],
    "flash": [SDPBackend.FLASH_ATTENTION],
    "mem_efficient": [SDPBackend.EFFICIENT_ATTENTION],
    "cudnn": [SDPBackend.CUDNN_ATTENTION, SDPBackend.EFFICIENT_ATTENTION],
}}


class Net(nn.Module):
    def __init__(self, cfg=AttnCfg()):
        super().__init__()
        self.cfg = cfg
        self.q = nn.Linear(cfg.d, cfg.d)
        self.kv = nn.Linear(cfg.d, 2 * cfg.d)
        self.o = nn.Linear(cfg.d, cfg.d)

    def split(self, t):
        b, n, _ = t.shape
        return t.view(b, n, self.cfg.heads, -1).transpose(1, 2)

    def forward(self, x):
        q = self.split(self.q(x))
        k, v = map(self.split, self.kv(x).chunk(2, -1))
        with sdpa_kernel(KERNELS[self.cfg.kernel]):
            y = F.scaled_dot_product_attention(q, k, v)
        return self.o(y.transpose(1, 2).flatten(2))
"""
)
add(
    "fast_attention_cfg",
    ("ok", "clean", {"heads": "4", "kernel": "math"}),
    ("ok_flash_cpu", "clean", {"heads": "6", "kernel": "flash"}),
    ("mem_efficient_cpu", "sdpa_backend_unavailable", {"heads": "4", "kernel": "mem_efficient"}),
    ("cudnn_then_efficient", "sdpa_backend_unavailable", {"heads": "4", "kernel": "cudnn"}),
    ("heads_5", "head_split", {"heads": "5", "kernel": "math"}),
)


# ---------------------------------------------------------------- results of in-place APIs used as modules (new)
template("ckpt_restore_inplace", "(3, 8)")(
    """
import io


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))

    def forward(self, x):
        return self.layers(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.head = nn.Linear(8, 2)
        buf = io.BytesIO()
        torch.save(Backbone().state_dict(), buf)
        self.blob = buf.getvalue()

    def restore(self):
        sd = torch.load(io.BytesIO(self.blob))
        {restore}

    def forward(self, x):
        self.restore()
        return self.head(self.backbone(x))
"""
)
add(
    "ckpt_restore_inplace",
    ("ok", "clean", {"restore": "self.backbone.load_state_dict(sd)"}),
    (
        "ok_keys_checked",
        "clean",
        {
            "restore": "missing, unexpected = self.backbone.load_state_dict(sd, strict=False)\n        assert not missing and not unexpected"
        },
    ),
    (
        "reassigned_result",
        "load_state_dict_result_as_module",
        {"restore": "self.backbone = self.backbone.load_state_dict(sd)"},
    ),
    (
        "reassigned_nonstrict",
        "load_state_dict_result_as_module",
        {"restore": "self.backbone = self.backbone.load_state_dict(sd, strict=False)"},
    ),
    (
        "prefixed_keys",
        "load_state_dict_mismatch",
        {"restore": 'self.backbone.load_state_dict({"model." + k: v for k, v in sd.items()})'},
    ),
)

template("warm_start_loader", "(2, 4, 6)")(
    """
import copy


class Encoder(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.rnn = nn.LSTM(d, d, batch_first=True)
        self.proj = nn.Linear(d, 3)

    def forward(self, x):
        out, _ = self.rnn(x)
        return self.proj(out[:, -1])


def warm_start(model, source):
    {body}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = Encoder()
        self.pretrained = copy.deepcopy(self.model)

    def forward(self, x):
        model = warm_start(self.model, self.pretrained)
        return model(x)
"""
)
add(
    "warm_start_loader",
    ("ok", "clean", {"body": "model.load_state_dict(source.state_dict())\n    return model"}),
    (
        "ok_train_returns_self",
        "clean",
        {"body": "model.load_state_dict(source.state_dict())\n    return model.train(False)"},
    ),
    ("ok_requires_grad_chain", "clean", {"body": "return model.requires_grad_(False)"}),
    (
        "returns_load_result",
        "load_state_dict_result_as_module",
        {"body": "return model.load_state_dict(source.state_dict())"},
    ),
    (
        "returns_hook_handle",
        "hook_handle_as_module",
        {"body": "return model.register_forward_hook(lambda m, i, o: None)"},
    ),
)

template("feature_probe_handle", "(2, 3, 16, 16)")(
    """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 5)
        self.feats = {{}}
        self.attached = False

    def save(self, name):
        def hook(module, inputs, output):
            self.feats[name] = output.detach()

        return hook

    def forward(self, x):
        if not self.attached:
            {attach}
            self.attached = True
        return self.fc(self.pool(self.stem(x)).flatten(1))
"""
)
add(
    "feature_probe_handle",
    ("ok", "clean", {"attach": 'self.handle = self.stem.register_forward_hook(self.save("stem"))'}),
    (
        "ok_pre_hook_kept",
        "clean",
        {
            "attach": 'self.handles = [self.fc.register_forward_pre_hook(lambda m, a: None), self.pool.register_forward_hook(self.save("pool"))]'
        },
    ),
    (
        "stem_is_handle",
        "hook_handle_as_module",
        {"attach": 'self.stem = self.stem.register_forward_hook(self.save("stem"))'},
    ),
    (
        "fc_pre_handle",
        "hook_handle_as_module",
        {"attach": "self.fc = self.fc.register_forward_pre_hook(lambda m, a: None)"},
    ),
    (
        "hook_two_args",
        "hook_signature",
        {"attach": "self.handle = self.stem.register_forward_hook(lambda m, out: None)"},
    ),
)

template("state_migration_posthook", "(4, 10)")(
    """
class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 4)
        self.register_load_state_dict_post_hook(self.report)

    @staticmethod
    def report(module, incompatible):
        {hook}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(10)
        self.head = Head()

    def forward(self, x):
        self.head.load_state_dict(Head().state_dict())
        return self.head.fc(self.norm(x))
"""
)
add(
    "state_migration_posthook",
    ("ok", "clean", {"hook": "incompatible.missing_keys.clear()"}),
    (
        "ok_log_only",
        "clean",
        {"hook": "print(len(incompatible.missing_keys), len(incompatible.unexpected_keys))"},
    ),
    ("returns_keys", "load_state_dict_post_hook_return", {"hook": "return incompatible"}),
    (
        "returns_module",
        "load_state_dict_post_hook_return",
        {"hook": "incompatible.missing_keys.clear()\n        return module"},
    ),
)

template("tokenizer_extra_state", "(3, 6)")(
    """
class Vocab(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Embedding(12, 6)
        self.words = ["<pad>", "<s>", "</s>"]

    def get_extra_state(self):
        return {{"words": list(self.words)}}
{setter}
    def forward(self, x):
        return self.table.weight[: x.shape[-1]] @ x.T


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.vocab = Vocab()
        self.fc = nn.Linear(6, 3)

    def forward(self, x):
        self.vocab.load_state_dict({source}.state_dict())
        return self.fc(self.vocab(x).T)
"""
)
_SET = '\n    def set_extra_state(self, state):\n        self.words = list(state["words"])\n'
add(
    "tokenizer_extra_state",
    ("ok", "clean", {"setter": _SET, "source": "Vocab()"}),
    ("ok_self_copy", "clean", {"setter": _SET, "source": "self.vocab"}),
    ("no_setter", "extra_state_setter_missing", {"setter": "", "source": "Vocab()"}),
    ("no_setter_self", "extra_state_setter_missing", {"setter": "", "source": "self.vocab"}),
)

template("running_stats_extra_state", "(5, 4)")(
    """
class RunningNorm(nn.Module):
    def __init__(self, d=4):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(d))
        self.count = 0

    def get_extra_state(self):
        return self.count
{setter}
    def forward(self, x):
        self.count += 1
        return x / (x.std(0, keepdim=True) + 1e-5) * self.scale


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RunningNorm()
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        snap = {{k: v for k, v in self.state_dict().items()}}
        y = self.out(self.norm(x))
        self.load_state_dict(snap{strict})
        return y
"""
)
_SET2 = "\n    def set_extra_state(self, state):\n        self.count = int(state)\n"
add(
    "running_stats_extra_state",
    ("ok", "clean", {"setter": _SET2, "strict": ""}),
    ("ok_nonstrict", "clean", {"setter": _SET2, "strict": ", strict=False"}),
    ("getter_only_v2", "extra_state_setter_missing", {"setter": "", "strict": ""}),
    ("ok_getter_only_nonstrict", "clean", {"setter": "", "strict": ", strict=False"}),
)


# ---------------------------------------------------------------- saving and loading checkpoints (new)
template("epoch_checkpointer", "(4, 6)")(
    """
import os
import tempfile


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 6))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.root = tempfile.mkdtemp()

    def save(self, epoch):
        path = {path}
        {prep}
        torch.save({{"model": self.model.state_dict(), "opt": self.opt.state_dict(), "epoch": epoch}}, path)
        return path

    def forward(self, x):
        with torch.enable_grad():
            F.mse_loss(self.model(x), x).backward()
        self.opt.step()
        path = self.save(1)
        state = torch.load(path)
        self.model.load_state_dict(state["model"])
        return self.model(x)
"""
)
_PATH = 'os.path.join(self.root, "checkpoints", f"epoch_{epoch:03d}.pt")'
add(
    "epoch_checkpointer",
    ("ok", "clean", {"path": _PATH, "prep": "os.makedirs(os.path.dirname(path), exist_ok=True)"}),
    ("ok_flat", "clean", {"path": 'os.path.join(self.root, f"epoch_{epoch}.pt")', "prep": "pass"}),
    ("subdir_not_made", "save_parent_dir_missing", {"path": _PATH, "prep": "pass"}),
    (
        "run_dir_made_not_ckpt",
        "save_parent_dir_missing",
        {
            "path": 'os.path.join(self.root, "run1", "ckpt", "last.pt")',
            "prep": 'os.makedirs(os.path.join(self.root, "run1"), exist_ok=True)',
        },
    ),
    (
        "opt_state_strict_keys",
        "optimizer_state_dict_mismatch",
        {
            "path": _PATH,
            "prep": "os.makedirs(os.path.dirname(path), exist_ok=True)\n        torch.optim.Adam([nn.Parameter(torch.ones(1))]).load_state_dict(self.opt.state_dict())",
        },
    ),
)

template("best_model_saver", "(3, 5)")(
    """
import pathlib
import tempfile


class Net(nn.Module):
    def __init__(self, run="{run}"):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 5), nn.Tanh(), nn.Linear(5, 1))
        self.out_dir = pathlib.Path(tempfile.mkdtemp()) / run
        self.best = float("inf")

    def maybe_save(self, score):
        if score < self.best:
            self.best = score
            {mk}
            torch.save(self.net.state_dict(), self.out_dir / "best.pt")

    def forward(self, x):
        y = self.net(x)
        self.maybe_save(y.abs().mean().item())
        return y
"""
)
add(
    "best_model_saver",
    ("ok", "clean", {"run": "exp1", "mk": "self.out_dir.mkdir(parents=True, exist_ok=True)"}),
    (
        "ok_nested_parents",
        "clean",
        {"run": "sweep/lr_3e-4", "mk": "self.out_dir.mkdir(parents=True, exist_ok=True)"},
    ),
    ("dir_never_made_step", "save_parent_dir_missing", {"run": "exp1", "mk": "pass"}),
    (
        "nested_no_parents",
        "save_parent_dir_missing",
        {"run": "sweep/lr_3e-4", "mk": "self.out_dir.parent.parent.mkdir(exist_ok=True)"},
    ),
)

template("inmemory_snapshot", "(4, 7)")(
    """
import io


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(7, 14), nn.GELU(), nn.Linear(14, 7))
        self.head = nn.Linear(7, 2)

    def snapshot(self):
        buf = io.BytesIO()
        torch.save(self.enc.state_dict(), buf)
        {rewind}
        return buf

    def forward(self, x):
        buf = self.snapshot()
        sd = torch.load(buf{load_kw})
        self.enc.load_state_dict(sd)
        return self.head(self.enc(x))
"""
)
add(
    "inmemory_snapshot",
    ("ok", "clean", {"rewind": "buf.seek(0)", "load_kw": ""}),
    ("ok_weights_only", "clean", {"rewind": "buf.seek(0)", "load_kw": ", weights_only=True"}),
    ("ok_copy_buffer", "clean", {"rewind": "buf = io.BytesIO(buf.getvalue())", "load_kw": ""}),
    ("not_rewound", "load_buffer_not_rewound", {"rewind": "pass", "load_kw": ""}),
    (
        "not_rewound_trusted",
        "load_buffer_not_rewound",
        {"rewind": "pass", "load_kw": ", weights_only=False"},
    ),
    ("mmap_on_buffer", "load_mmap_buffer", {"rewind": "buf.seek(0)", "load_kw": ", mmap=True"}),
)

template("ema_snapshot_swap", "(2, 3, 8, 8)")(
    """
import io


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, 6, 3), nn.GroupNorm(2, 6), nn.SiLU())
        self.fc = nn.Linear(6, 4)
        self.shadow = io.BytesIO()

    def store(self):
        self.shadow = io.BytesIO()
        torch.save(self.state_dict(), self.shadow)
        {after}

    def restore(self):
        self.load_state_dict(torch.load(self.shadow{kw}))

    def forward(self, x):
        self.store()
        y = self.fc(self.conv(x).mean((2, 3)))
        self.restore()
        return y
"""
)
add(
    "ema_snapshot_swap",
    ("ok", "clean", {"after": "self.shadow.seek(0)", "kw": ""}),
    ("ok_mmap_off", "clean", {"after": "self.shadow.seek(0)", "kw": ", mmap=False"}),
    ("tell_not_zero_late", "load_buffer_not_rewound", {"after": "pass", "kw": ""}),
    (
        "mmap_buffer_restore",
        "load_mmap_buffer",
        {"after": "self.shadow.seek(0)", "kw": ", mmap=True, weights_only=True"},
    ),
    (
        "mmap_after_rewind_late",
        "load_mmap_buffer",
        {"after": "self.shadow.seek(0)", "kw": ", mmap=True"},
    ),
)


# ---------------------------------------------------------------- optimizers and schedulers from a config (new, more shapes)
template("lazy_trainer_grad_init", "(4, 6)")(
    """
class Net(nn.Module):
    def __init__(self, scale=1.0):
        super().__init__()
        self.scale = scale
        self.enc = nn.Linear(6, 6)
        self.dec = nn.Linear(6, 6)
        self.opt = None

    def forward(self, x):
        with torch.enable_grad():
            if self.opt is None:
                self.opt = torch.optim.Adam([{enc_params}], lr=1e-3)
                {extra}
            loss = F.smooth_l1_loss(self.dec(torch.relu(self.enc(x))), x)
            loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        return self.dec(self.enc(x))
"""
)
_ENC = "p for p in self.enc.parameters()"
add(
    "lazy_trainer_grad_init",
    (
        "ok",
        "clean",
        {
            "enc_params": _ENC,
            "extra": 'self.opt.add_param_group({"params": list(self.dec.parameters()), "lr": 1e-4})',
        },
    ),
    (
        "ok_float_is_leaf",
        "clean",
        {
            "enc_params": "p.float() for p in self.enc.parameters()",
            "extra": 'self.opt.add_param_group({"params": self.dec.parameters()})',
        },
    ),
    (
        "ok_group_zero",
        "clean",
        {
            "enc_params": _ENC,
            "extra": 'self.opt.add_param_group({"params": self.dec.parameters()})\n                self.opt.param_groups[1]["lr"] = 1e-4',
        },
    ),
    (
        "double_params_late",
        "optimizer_nonleaf_param",
        {
            "enc_params": "p.double() for p in self.enc.parameters()",
            "extra": 'self.opt.add_param_group({"params": self.dec.parameters()})',
        },
    ),
    (
        "scaled_params",
        "optimizer_nonleaf_param",
        {
            "enc_params": "p * self.scale for p in self.enc.parameters()",
            "extra": 'self.opt.add_param_group({"params": self.dec.parameters()})',
        },
    ),
    (
        "dec_group_list_cfg",
        "add_param_group_not_dict",
        {"enc_params": _ENC, "extra": "self.opt.add_param_group([*self.dec.parameters()])"},
    ),
    (
        "lr_by_name_cfg",
        "param_groups_indexed_by_key",
        {
            "enc_params": _ENC,
            "extra": 'self.opt.add_param_group({"params": self.dec.parameters()})\n                self.opt.param_groups["lr"] = 1e-4',
        },
    ),
)

template("optimizer_factory_cfg", "(3, 9)")(
    """
CFG = {{"name": "{name}", "lr": {lr}, "momentum": {momentum}, "wd": 0.01}}


def make_optimizer(model, cfg):
    name = cfg["name"].lower()
    if name == "sgd":
        return torch.optim.SGD({target}, lr=cfg["lr"], momentum=cfg["momentum"], nesterov=True)
    if name == "adamw":
        return torch.optim.AdamW({target}, lr=cfg["lr"], weight_decay=cfg["wd"])
    raise ValueError(name)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(9, 9) for _ in range(3)])
        self.opt = None

    def run(self, x):
        for layer in self.layers:
            x = x + torch.tanh(layer(x))
        return x

    def forward(self, x):
        if self.opt is None:
            self.opt = make_optimizer(self, CFG)
        with torch.enable_grad():
            self.run(x).square().mean().backward()
        self.opt.step()
        for g in self.opt.param_groups:
            g["lr"] *= 0.5
        return self.run(x)
"""
)
add(
    "optimizer_factory_cfg",
    (
        "ok",
        "clean",
        {"name": "AdamW", "lr": "1e-3", "momentum": "0.0", "target": "model.parameters()"},
    ),
    (
        "ok_sgd",
        "clean",
        {"name": "sgd", "lr": "0.01", "momentum": "0.9", "target": "model.parameters()"},
    ),
    (
        "ok_layers_params",
        "clean",
        {"name": "adamw", "lr": "1e-3", "momentum": "0.0", "target": "model.layers.parameters()"},
    ),
    (
        "model_not_params",
        "optimizer_params_module",
        {"name": "AdamW", "lr": "1e-3", "momentum": "0.0", "target": "model"},
    ),
    (
        "lr_unset",
        "optimizer_lr_none",
        {"name": "adamw", "lr": "None", "momentum": "0.0", "target": "model.parameters()"},
    ),
    (
        "sgd_zero_momentum",
        "sgd_nesterov_no_momentum",
        {"name": "SGD", "lr": "0.01", "momentum": "0", "target": "model.parameters()"},
    ),
    (
        "layers_list_not_params",
        "optimizer_params_module",
        {"name": "sgd", "lr": "0.01", "momentum": "0.9", "target": "model.layers"},
    ),
)

template("scheduler_factory_cfg", "(4, 5)")(
    """
import math

SCHED = {{"kind": "{kind}", "warmup": 2, "total": 8}}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 5))
        self.opt = torch.optim.SGD(
            [{{"params": self.net[0].parameters()}}, {{"params": self.net[2].parameters(), "lr": 0.01}}],
            lr=0.1,
            momentum=0.9,
        )
        self.sched = None

    def build(self, cfg):
        kind = cfg["kind"]
        opt = self.opt
        {build}

    def forward(self, x):
        if self.sched is None:
            self.sched = self.build(SCHED)
        for _ in range(3):
            with torch.enable_grad():
                loss = F.mse_loss(self.net(x), x)
                loss.backward()
            self.opt.step()
            self.opt.zero_grad()
            {step}
        return self.net(x)
"""
)
_WARM = "lambda s: min(1.0, (s + 1) / cfg['warmup'])"
add(
    "scheduler_factory_cfg",
    (
        "ok",
        "clean",
        {
            "kind": "lambda",
            "build": f"return torch.optim.lr_scheduler.LambdaLR(opt, [{_WARM}, {_WARM}])",
            "step": "self.sched.step()",
        },
    ),
    (
        "ok_one_fn_all_groups",
        "clean",
        {
            "kind": "lambda",
            "build": f"return torch.optim.lr_scheduler.LambdaLR(opt, {_WARM})",
            "step": "self.sched.step()",
        },
    ),
    (
        "ok_plateau",
        "clean",
        {
            "kind": "plateau",
            "build": "return torch.optim.lr_scheduler.ReduceLROnPlateau(opt)",
            "step": "self.sched.step(loss.item())",
        },
    ),
    (
        "ok_onecycle_total",
        "clean",
        {
            "kind": "onecycle",
            "build": 'return torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=[0.1, 0.01], total_steps=cfg["total"])',
            "step": "self.sched.step()",
        },
    ),
    (
        "one_fn_in_list",
        "scheduler_lambda_count",
        {
            "kind": "lambda",
            "build": f"return torch.optim.lr_scheduler.LambdaLR(opt, [{_WARM}])",
            "step": "self.sched.step()",
        },
    ),
    (
        "factor_constant",
        "lr_lambda_not_callable",
        {
            "kind": "lambda",
            "build": "return torch.optim.lr_scheduler.LambdaLR(opt, [1.0, 0.5])",
            "step": "self.sched.step()",
        },
    ),
    (
        "plateau_no_metric",
        "plateau_step_no_metric",
        {
            "kind": "plateau",
            "build": "return torch.optim.lr_scheduler.ReduceLROnPlateau(opt)",
            "step": "self.sched.step()",
        },
    ),
    (
        "onecycle_epochs_no_steps",
        "onecycle_total_steps_missing",
        {
            "kind": "onecycle",
            "build": 'return torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, epochs=cfg["total"])',
            "step": "self.sched.step()",
        },
    ),
    (
        "onecycle_total_none",
        "onecycle_total_steps_missing",
        {
            "kind": "onecycle",
            "build": 'return torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=cfg.get("steps"))',
            "step": "self.sched.step()",
        },
    ),
    (
        "warmup_on_copy",
        "sequential_lr_optimizer_mismatch",
        {
            "kind": "seq",
            "build": "warm = torch.optim.lr_scheduler.LinearLR(torch.optim.SGD(self.parameters(), lr=0.1), 0.1, total_iters=2)\n        cos = torch.optim.lr_scheduler.CosineAnnealingLR(opt, 6)\n        return torch.optim.lr_scheduler.SequentialLR(opt, [warm, cos], milestones=[2])",
            "step": "self.sched.step()",
        },
    ),
    (
        "lambda_factor_lambda_list",
        "lr_lambda_not_callable",
        {
            "kind": "lambda",
            "build": "return torch.optim.lr_scheduler.LambdaLR(opt, [0.9, 0.9])",
            "step": "self.sched.step()",
        },
    ),
)


# ---------------------------------------------------------------- collation and loaders (more shapes)
template("collate_fn_pipeline", "(6, 4)")(
    """
from torch.utils.data import DataLoader, Dataset


class Records(Dataset):
    def __init__(self, x):
        self.x = x

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        rec = {{"x": self.x[i], "y": self.x[i].sum()}}
        {extra}
        return rec


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        loader = DataLoader(Records(x), batch_size=3, shuffle=False)
        loss = x.new_zeros(())
        for batch in loader:
            loss = loss + F.mse_loss(self.mlp(batch["x"]).squeeze(-1), batch["y"])
        return self.mlp(x) + loss
"""
)
add(
    "collate_fn_pipeline",
    ("ok", "clean", {"extra": "pass"}),
    ("ok_weight_every_record", "clean", {"extra": 'rec["w"] = 1.0 if i % 2 else 0.5'}),
    ("ok_extra_key_on_later_records", "clean", {"extra": 'if i % 3:\n            rec["w"] = 1.0'}),
    (
        "weight_first_only",
        "collate_dict_keys_mismatch",
        {"extra": 'if i % 3 == 0:\n            rec["w"] = 1.0'},
    ),
    (
        "weight_none_odd",
        "collate_none_element",
        {"extra": 'rec["w"] = 1.0 if i % 2 == 0 else None'},
    ),
    (
        "meta_even_only_loop",
        "collate_dict_keys_mismatch",
        {"extra": 'if i % 2 == 0:\n            rec["meta"] = torch.zeros(2)'},
    ),
)

template("eval_loop_first_batch", "(8, 3)")(
    """
from torch.utils.data import DataLoader, RandomSampler, TensorDataset


class Net(nn.Module):
    def __init__(self, n_eval={n_eval}):
        super().__init__()
        self.n_eval = n_eval
        self.body = nn.Sequential(nn.Linear(3, 6), nn.LayerNorm(6), nn.Linear(6, 2))

    def forward(self, x):
        ds = TensorDataset(x, x.argmax(-1))
        sampler = RandomSampler(ds, replacement=True, num_samples=self.n_eval)
        loader = DataLoader(ds, batch_size=2, sampler=sampler)
        {first}
        logits = self.body(xb)
        return logits, F.cross_entropy(logits, yb % 2)
"""
)
add(
    "eval_loop_first_batch",
    ("ok", "clean", {"n_eval": "4", "first": "xb, yb = next(iter(loader))"}),
    (
        "ok_loop_break",
        "clean",
        {"n_eval": "1", "first": "for xb, yb in loader:\n            break"},
    ),
    (
        "next_loader",
        "dataloader_next_without_iter",
        {"n_eval": "4", "first": "xb, yb = next(loader)"},
    ),
    (
        "zero_eval_samples_cfg",
        "sampler_arg_invalid",
        {"n_eval": "8 // 10", "first": "xb, yb = next(iter(loader))"},
    ),
    (
        "next_loader_late",
        "dataloader_next_without_iter",
        {"n_eval": "2", "first": "it = iter(ds)\n        xb, yb = next(loader)"},
    ),
)

template("adapter_merge_posthook", "(2, 12)")(
    """
class Adapter(nn.Module):
    def __init__(self, d=12, r=2):
        super().__init__()
        self.down = nn.Linear(d, r, bias=False)
        self.up = nn.Linear(r, d, bias=False)
        self.merged = False
        self.register_load_state_dict_post_hook(self.after_load)

    def after_load(self, module, incompatible):
        module.merged = False
        {ret}

    def forward(self, x):
        return x + self.up(self.down(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.adapter = Adapter()
        self.norm = nn.LayerNorm(12)

    def forward(self, x):
        self.adapter.load_state_dict(Adapter().state_dict())
        return self.adapter(self.norm(x))
"""
)
add(
    "adapter_merge_posthook",
    ("ok", "clean", {"ret": "pass"}),
    ("ok_return_none", "clean", {"ret": "return None"}),
    ("returns_flag", "load_state_dict_post_hook_return", {"ret": "return module.merged"}),
    (
        "returns_keys_tuple",
        "load_state_dict_post_hook_return",
        {"ret": "return incompatible.missing_keys, incompatible.unexpected_keys"},
    ),
)


# ---------------------------------------------------------------- activation checkpointing (new)
template("grad_checkpoint_blocks", "(2, 6, 16)")(
    """
from torch.utils.checkpoint import checkpoint


class Block(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x, scale=1.0):
        return x + scale * self.ff(self.norm(x))


class Net(nn.Module):
    def __init__(self, reentrant={reentrant}):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(3)])
        self.reentrant = reentrant

    def forward(self, x):
        for i, blk in enumerate(self.blocks):
            x = {call}
        return x
"""
)
add(
    "grad_checkpoint_blocks",
    (
        "ok",
        "clean",
        {
            "reentrant": "False",
            "call": "checkpoint(blk, x, scale=0.5, use_reentrant=self.reentrant)",
        },
    ),
    (
        "ok_positional",
        "clean",
        {"reentrant": "True", "call": "checkpoint(blk, x, 0.5, use_reentrant=self.reentrant)"},
    ),
    (
        "ok_no_kwargs",
        "clean",
        {"reentrant": "True", "call": "checkpoint(blk, x, use_reentrant=self.reentrant)"},
    ),
    (
        "reentrant_kwarg",
        "checkpoint_reentrant_kwargs",
        {
            "reentrant": "True",
            "call": "checkpoint(blk, x, scale=0.5, use_reentrant=self.reentrant)",
        },
    ),
    (
        "reentrant_kwarg_depth",
        "checkpoint_reentrant_kwargs",
        {
            "reentrant": "True",
            "call": "checkpoint(blk, x, scale=1.0 / (i + 1), use_reentrant=True)",
        },
    ),
)

template("checkpointed_encoder_cfg", "(2, 5, 12)")(
    """
from dataclasses import dataclass

import torch.utils.checkpoint as cp


@dataclass
class EncCfg:
    d: int = 12
    heads: int = {heads}
    reentrant: bool = {reentrant}


class Layer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.attn = nn.MultiheadAttention(cfg.d, cfg.heads, batch_first=True)
        self.ff = nn.Linear(cfg.d, cfg.d)

    def forward(self, x, key_padding_mask=None):
        a, _ = self.attn(x, x, x, key_padding_mask=key_padding_mask, need_weights=False)
        return x + self.ff(x + a)


class Net(nn.Module):
    def __init__(self, cfg=EncCfg()):
        super().__init__()
        self.cfg = cfg
        self.layers = nn.ModuleList([Layer(cfg), Layer(cfg)])

    def forward(self, x):
        pad = torch.zeros(x.shape[:2], dtype=torch.bool)
        for layer in self.layers:
            x = {call}
        return x
"""
)
add(
    "checkpointed_encoder_cfg",
    (
        "ok",
        "clean",
        {
            "heads": "4",
            "reentrant": "False",
            "call": "cp.checkpoint(layer, x, key_padding_mask=pad, use_reentrant=self.cfg.reentrant)",
        },
    ),
    (
        "ok_reentrant_positional",
        "clean",
        {
            "heads": "4",
            "reentrant": "True",
            "call": "cp.checkpoint(layer, x, pad, use_reentrant=self.cfg.reentrant)",
        },
    ),
    (
        "reentrant_mask_kwarg",
        "checkpoint_reentrant_kwargs",
        {
            "heads": "4",
            "reentrant": "True",
            "call": "cp.checkpoint(layer, x, key_padding_mask=pad, use_reentrant=self.cfg.reentrant)",
        },
    ),
    (
        "reentrant_heads_3_kwarg",
        "checkpoint_reentrant_kwargs",
        {
            "heads": "3",
            "reentrant": "True",
            "call": "cp.checkpoint(layer, x, key_padding_mask=pad)",
        },
    ),
)


# ---------------------------------------------------------------- torch.func ensembles (new)
template("functional_ensemble", "(4, 6)")(
    """
import copy

from torch.func import functional_call, stack_module_state, vmap


class Member(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 8)
        self.drop = nn.Dropout(0.1)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc2(self.drop(torch.relu(self.fc1(x))))


class Net(nn.Module):
    def __init__(self, n=3):
        super().__init__()
        self.members = nn.ModuleList([Member() for _ in range(n)])
        self.base = copy.deepcopy(self.members[0]).to("meta")

    def forward(self, x):
        params, buffers = stack_module_state(list(self.members))
        {prep}

        def one(p, b, xx):
            return functional_call(self.base, {state}, (xx,){strict})

        return vmap(one, in_dims=(0, 0, None){rand})(params, buffers, x).mean(0)
"""
)
add(
    "functional_ensemble",
    ("ok", "clean", {"prep": "pass", "state": "(p, b)", "strict": "", "rand": ""}),
    (
        "ok_strict_all",
        "clean",
        {"prep": "pass", "state": "(p, b)", "strict": ", strict=True", "rand": ""},
    ),
    (
        "ok_train_mode_different",
        "clean",
        {
            "prep": "self.base.train()",
            "state": "(p, b)",
            "strict": "",
            "rand": ', randomness="different"',
        },
    ),
    (
        "strict_without_bias_late",
        "functional_call_strict_missing",
        {
            "prep": 'params = {k: v for k, v in params.items() if not k.endswith("bias")}',
            "state": "(p, b)",
            "strict": ", strict=True",
            "rand": "",
        },
    ),
    (
        "train_mode_dropout",
        "vmap_randomness_error",
        {"prep": "self.base.train()", "state": "(p, b)", "strict": "", "rand": ""},
    ),
)

template("per_sample_grads_vmap", "(5, 4)")(
    """
from torch.func import functional_call, grad, vmap


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 1))

    def forward(self, x):
        params = {{k: v.detach() for k, v in self.model.named_parameters()}}
        {sel}

        def loss_fn(p, xi):
            out = functional_call(self.model, p, (xi.unsqueeze(0),){strict})
            {loss}

        g = vmap(grad(loss_fn), in_dims=(None, 0){rand})(params, x)
        norms = torch.stack([v.flatten(1).norm(dim=1) for v in g.values()]).sum(0)
        return self.model(x) * norms.unsqueeze(1)
"""
)
add(
    "per_sample_grads_vmap",
    ("ok", "clean", {"sel": "pass", "strict": "", "loss": "return out.pow(2).sum()", "rand": ""}),
    (
        "ok_noise_different",
        "clean",
        {
            "sel": "pass",
            "strict": "",
            "loss": "return (out + 0.01 * torch.randn_like(out)).pow(2).sum()",
            "rand": ', randomness="different"',
        },
    ),
    (
        "ok_strict_full",
        "clean",
        {"sel": "pass", "strict": ", strict=True", "loss": "return out.pow(2).sum()", "rand": ""},
    ),
    (
        "noise_default_randomness",
        "vmap_randomness_error",
        {
            "sel": "pass",
            "strict": "",
            "loss": "return (out + 0.01 * torch.randn_like(out)).pow(2).sum()",
            "rand": "",
        },
    ),
    (
        "first_layer_frozen_strict",
        "functional_call_strict_missing",
        {
            "sel": 'params = {k: v for k, v in params.items() if not k.startswith("0.")}',
            "strict": ", strict=True",
            "loss": "return out.pow(2).sum()",
            "rand": "",
        },
    ),
    (
        "last_layer_only_strict",
        "functional_call_strict_missing",
        {
            "sel": 'params = {k: v for k, v in params.items() if k.startswith("2.")}',
            "strict": ", strict=True",
            "loss": "return out.pow(2).sum()",
            "rand": "",
        },
    ),
)

template("mc_dropout_vmap", "(3, 8)")(
    """
from torch.func import vmap


class Net(nn.Module):
    def __init__(self, samples=4):
        super().__init__()
        self.samples = samples
        self.enc = nn.Linear(8, 16)
        self.head = nn.Linear(16, 3)

    def stochastic(self, seed_row, x):
        h = F.dropout(torch.relu(self.enc(x)), p=0.2, training=True)
        {ret}

    def forward(self, x):
        seeds = torch.arange(self.samples, dtype=torch.float32)
        out = vmap(self.stochastic, in_dims=(0, None){rand})(seeds, x)
        return {use}
"""
)
add(
    "mc_dropout_vmap",
    (
        "ok",
        "clean",
        {
            "ret": "return self.head(h) + 0 * seed_row",
            "rand": ', randomness="different"',
            "use": "out.mean(0)",
        },
    ),
    (
        "ok_same_mask",
        "clean",
        {
            "ret": "return self.head(h) + 0 * seed_row",
            "rand": ', randomness="same"',
            "use": "out.mean(0)",
        },
    ),
    (
        "default_error_mode",
        "vmap_randomness_error",
        {"ret": "return self.head(h) + 0 * seed_row", "rand": "", "use": "out.mean(0)"},
    ),
    (
        "returns_count",
        "vmap_non_tensor_output",
        {
            "ret": "return self.head(h) + 0 * seed_row, 1",
            "rand": ', randomness="different"',
            "use": "out[0].mean(0)",
        },
    ),
    (
        "returns_float_entropy",
        "vmap_non_tensor_output",
        {
            "ret": "p = self.head(h).softmax(-1)\n        return p, float(p.shape[-1])",
            "rand": ', randomness="different"',
            "use": "out[0].mean(0)",
        },
    ),
)

template("ensemble_stats_vmap", "(4, 5)")(
    """
from torch.func import vmap


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 5, 2))
        self.norm = nn.LayerNorm(5)

    def member(self, w, x):
        y = self.norm(x) @ w
        {ret}

    def forward(self, x):
        out = vmap(self.member, in_dims=(0, None))(self.w, x)
        return {use}
"""
)
add(
    "ensemble_stats_vmap",
    ("ok", "clean", {"ret": "return y, y.std()", "use": "out[0].mean(0) + out[1].mean()"}),
    (
        "ok_dict_tensors",
        "clean",
        {"ret": 'return {"y": y, "n": torch.tensor(y.shape[0])}', "use": 'out["y"].mean(0)'},
    ),
    (
        "dict_with_int",
        "vmap_non_tensor_output",
        {"ret": 'return {"y": y, "n": y.shape[0]}', "use": 'out["y"].mean(0)'},
    ),
    ("item_inside", "vmap_non_tensor_output", {"ret": "return y, None", "use": "out[0].mean(0)"}),
)


# ---------------------------------------------------------------- mixed precision: float8 storage, low-precision linalg, dtype names (new)
template("fp8_weight_storage", "(4, 8)")(
    """
class Fp8Linear(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        w = torch.randn(d_out, d_in) * 0.1
        self.scale = w.abs().amax() / 448.0
        self.register_buffer("w8", (w / self.scale).to(torch.float8_e4m3fn))
        self.bias = nn.Parameter(torch.zeros(d_out))

    def weight(self):
        {deq}

    def forward(self, x):
        return F.linear(x, self.weight(), self.bias)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = Fp8Linear(8, 16)
        self.l2 = Fp8Linear(16, 4)

    def forward(self, x):
        return self.l2(torch.relu(self.l1(x)))
"""
)
add(
    "fp8_weight_storage",
    ("ok", "clean", {"deq": "return self.w8.to(torch.float32) * self.scale"}),
    ("ok_float_then_scale", "clean", {"deq": "return self.w8.float().mul(self.scale)"}),
    ("scale_in_fp8", "float8_op_unsupported", {"deq": "return (self.w8 * self.scale).float()"}),
    ("no_dequant", "dtype_mismatch", {"deq": "return self.w8"}),
    (
        "renorm_in_fp8",
        "float8_op_unsupported",
        {"deq": "w = self.w8 / self.w8.abs().amax()\n        return w.float()"},
    ),
)

template("fp8_kv_cache_decode", "(1, 4, 16)")(
    """
class Net(nn.Module):
    def __init__(self, d=16, steps=3):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.steps = steps
        self.fp8 = torch.float8_e5m2

    def attend(self, q, k8, v8):
        {attend}
        return att @ v

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, -1)
        k8, v8 = k.to(self.fp8), v.to(self.fp8)
        h = x[:, -1:]
        for _ in range(self.steps):
            qn, kn, vn = self.qkv(h).chunk(3, -1)
            k8 = torch.cat([k8, kn.to(self.fp8)], 1)
            v8 = torch.cat([v8, vn.to(self.fp8)], 1)
            h = self.out(self.attend(qn, k8, v8))
        return h
"""
)
add(
    "fp8_kv_cache_decode",
    (
        "ok",
        "clean",
        {
            "attend": "k, v = k8.to(q.dtype), v8.to(q.dtype)\n        att = (q @ k.transpose(1, 2) / 4.0).softmax(-1)"
        },
    ),
    (
        "ok_float_method",
        "clean",
        {
            "attend": "k, v = k8.float(), v8.float()\n        att = torch.softmax(q @ k.mT * 0.25, dim=-1)"
        },
    ),
    (
        "scores_from_fp8_keys_again",
        "float8_op_unsupported",
        {
            "attend": "v = v8.float()\n        att = (k8 @ k8.transpose(1, 2)).sum(1, keepdim=True).float().softmax(-1)"
        },
    ),
    (
        "values_scaled_fp8",
        "float8_op_unsupported",
        {
            "attend": "k = k8.float()\n        v = (v8 * 0.5).float()\n        att = (q @ k.transpose(1, 2)).softmax(-1)"
        },
    ),
    (
        "query_times_fp8_keys",
        "dtype_mismatch",
        {"attend": "v = v8.float()\n        att = (q @ k8.transpose(1, 2)).softmax(-1)"},
    ),
)

template("whitening_mixed_precision", "(16, 6)")(
    """
class Whiten(nn.Module):
    def __init__(self, d=6, eps=1e-3):
        super().__init__()
        self.eps = eps
        self.register_buffer("eye", torch.eye(d))

    def forward(self, x):
        xc = x - x.mean(0, keepdim=True)
        cov = xc.T @ xc / (x.shape[0] - 1) + self.eps * self.eye
        {whiten}
        return xc @ w.to(x.dtype)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 6)
        self.white = Whiten()

    def forward(self, x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            h = self.proj(x)
        return self.white(h.float(){cast})
"""
)
add(
    "whitening_mixed_precision",
    ("ok", "clean", {"whiten": "w = torch.linalg.inv(torch.linalg.cholesky(cov)).T", "cast": ""}),
    (
        "ok_eigh_float",
        "clean",
        {
            "whiten": "e, u = torch.linalg.eigh(cov.float())\n        w = u @ torch.diag(e.rsqrt()) @ u.T",
            "cast": ".bfloat16()",
        },
    ),
    (
        "ok_inv_after_float_cholesky",
        "clean",
        {
            "whiten": "w = torch.linalg.inv(torch.linalg.cholesky(cov.float())).T",
            "cast": ".bfloat16()",
        },
    ),
    (
        "cholesky_half",
        "linalg_low_precision",
        {"whiten": "w = torch.linalg.cholesky(cov.half()).float().T", "cast": ""},
    ),
    (
        "ok_eigh_cov_promoted_by_eye",
        "clean",
        {
            "whiten": "e, u = torch.linalg.eigh(cov)\n        w = u @ torch.diag(e.rsqrt()) @ u.T",
            "cast": ".bfloat16()",
        },
    ),
)

template("gp_head_half_solve", "(6, 4)")(
    """
class Net(nn.Module):
    def __init__(self, dtype={dtype}):
        super().__init__()
        self.feat = nn.Sequential(nn.Linear(4, 8), nn.Tanh())
        self.noise = 0.1
        self.dtype = dtype

    def forward(self, x):
        z = self.feat(x).to(self.dtype)
        k = z @ z.T + self.noise * torch.eye(len(z), dtype=z.dtype)
        y = x[:, :1].to(z.dtype)
        {solve}
        return (k @ alpha).float()
"""
)
add(
    "gp_head_half_solve",
    ("ok", "clean", {"dtype": "torch.float32", "solve": "alpha = torch.linalg.solve(k, y)"}),
    (
        "ok_upcast_solve",
        "clean",
        {
            "dtype": "torch.float16",
            "solve": "alpha = torch.linalg.solve(k.float(), y.float()).to(z.dtype)",
        },
    ),
    (
        "ok_half_matmul_only",
        "clean",
        {"dtype": "torch.bfloat16", "solve": "alpha = y / k.diagonal().unsqueeze(1)"},
    ),
    (
        "solve_half",
        "linalg_low_precision",
        {"dtype": "torch.float16", "solve": "alpha = torch.linalg.solve(k, y)"},
    ),
    (
        "cholesky_solve_bf16_loop",
        "linalg_low_precision",
        {
            "dtype": "torch.bfloat16",
            "solve": "l = torch.linalg.cholesky(k)\n        alpha = torch.cholesky_solve(y, l)",
        },
    ),
)

template("dtype_cast_helper", "(2, 3, 8, 8)")(
    """
DTYPE_NAME = "{name}"


def cast(t, name=DTYPE_NAME):
    {cast}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(2)
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        h = self.pool(self.conv(x))
        h = cast(h).float()
        return self.fc(h.flatten(1))
"""
)
add(
    "dtype_cast_helper",
    ("ok", "clean", {"name": "torch.HalfTensor", "cast": "return t.type(name)"}),
    (
        "ok_getattr_dtype",
        "clean",
        {"name": "bfloat16", "cast": "return t.to(getattr(torch, name))"},
    ),
    (
        "ok_dtype_object",
        "clean",
        {"name": "float16", "cast": "return t.type(getattr(torch, name))"},
    ),
    ("type_short_name", "tensor_type_string", {"name": "half", "cast": "return t.type(name)"}),
    (
        "type_dtype_repr",
        "tensor_type_string",
        {"name": "torch.bfloat16", "cast": "return t.type(name)"},
    ),
)

template("amp_precision_cfg", "(2, 6, 10)")(
    """
from dataclasses import dataclass


@dataclass
class PrecisionCfg:
    compute: str = "{compute}"
    storage: str = "{storage}"


class Net(nn.Module):
    def __init__(self, cfg=PrecisionCfg()):
        super().__init__()
        self.cfg = cfg
        self.rnn = nn.GRU(10, 10, batch_first=True)
        self.out = nn.Linear(10, 4)

    def forward(self, x):
        h, _ = self.rnn(x)
        stored = {store}
        with torch.autocast("cpu", dtype=getattr(torch, self.cfg.compute)):
            y = self.out(stored.float())
        return y.float()
"""
)
add(
    "amp_precision_cfg",
    (
        "ok",
        "clean",
        {
            "compute": "bfloat16",
            "storage": "torch.BFloat16Tensor",
            "store": "h.type(self.cfg.storage)",
        },
    ),
    (
        "ok_to_dtype",
        "clean",
        {
            "compute": "bfloat16",
            "storage": "float16",
            "store": "h.to(getattr(torch, self.cfg.storage))",
        },
    ),
    (
        "storage_short_name",
        "tensor_type_string",
        {"compute": "bfloat16", "storage": "bf16", "store": "h.type(self.cfg.storage)"},
    ),
    (
        "storage_dtype_str",
        "tensor_type_string",
        {"compute": "bfloat16", "storage": "float16", "store": "h.type(self.cfg.storage)"},
    ),
    (
        "compute_short_name",
        "attr_missing",
        {
            "compute": "bf16",
            "storage": "float16",
            "store": "h.to(getattr(torch, self.cfg.storage))",
        },
    ),
)


# ---------------------------------------------------------------- modules built by config: RNN depth, adaptive softmax, pruning masks (new)
template("rnn_depth_cfg", "(2, 7, 6)")(
    """
from dataclasses import dataclass


@dataclass
class RnnCfg:
    d: int = 6
    hidden: int = 8
    depth: int = {depth}
    stem_layers: int = {stem}


class Net(nn.Module):
    def __init__(self, cfg=RnnCfg()):
        super().__init__()
        self.cfg = cfg
        self.stem = nn.Linear(cfg.d, cfg.hidden)
        self.rnn = None
        self.head = nn.Linear(cfg.hidden, 2)

    def forward(self, x):
        if self.rnn is None:
            self.rnn = nn.GRU(self.cfg.hidden, self.cfg.hidden, num_layers={layers}, batch_first=True)
        out, h = self.rnn(torch.relu(self.stem(x)))
        return self.head(h[-1])
"""
)
add(
    "rnn_depth_cfg",
    ("ok", "clean", {"depth": "4", "stem": "1", "layers": "self.cfg.depth - self.cfg.stem_layers"}),
    ("ok_half_depth_floor", "clean", {"depth": "3", "stem": "1", "layers": "self.cfg.depth // 2"}),
    (
        "depth_all_stem",
        "rnn_num_layers_invalid",
        {"depth": "2", "stem": "2", "layers": "self.cfg.depth - self.cfg.stem_layers"},
    ),
    (
        "half_depth_true_div",
        "rnn_num_layers_invalid",
        {"depth": "4", "stem": "1", "layers": "self.cfg.depth / 2"},
    ),
    (
        "one_layer_floor_zero",
        "rnn_num_layers_invalid",
        {"depth": "1", "stem": "1", "layers": "self.cfg.depth // 2"},
    ),
)

template("lstm_stack_builder", "(3, 5, 4)")(
    """
def build_rnn(kind, d, hidden, layers, dropout):
    cls = {{"lstm": nn.LSTM, "gru": nn.GRU}}[kind]
    return cls(d, hidden, num_layers=layers, dropout=dropout, batch_first=True)


class Net(nn.Module):
    def __init__(self, n_layers={n}, enc_share={share}):
        super().__init__()
        self.n_layers, self.enc_share = n_layers, enc_share
        self.enc = None
        self.cls = nn.Linear(6, 3)

    def forward(self, x):
        if self.enc is None:
            self.enc = build_rnn("lstm", 4, 6, {layers}, dropout={drop})
        out, _ = self.enc(x)
        return self.cls(out[:, -1])
"""
)
add(
    "lstm_stack_builder",
    (
        "ok",
        "clean",
        {"n": "4", "share": "0.5", "layers": "int(self.n_layers * self.enc_share)", "drop": "0.1"},
    ),
    (
        "ok_one_layer_no_dropout",
        "clean",
        {"n": "2", "share": "0.5", "layers": "int(self.n_layers * self.enc_share)", "drop": "0.0"},
    ),
    (
        "share_product_float",
        "rnn_num_layers_invalid",
        {"n": "4", "share": "0.5", "layers": "self.n_layers * self.enc_share", "drop": "0.1"},
    ),
    (
        "share_rounds_to_zero",
        "rnn_num_layers_invalid",
        {"n": "1", "share": "0.5", "layers": "int(self.n_layers * self.enc_share)", "drop": "0.0"},
    ),
    (
        "dropout_percent",
        "dropout_prob",
        {"n": "4", "share": "0.5", "layers": "int(self.n_layers * self.enc_share)", "drop": "10"},
    ),
)

template("adaptive_lm_head_cfg", "(2, 6)", "tokens")(
    """
VOCAB = 40


class Net(nn.Module):
    def __init__(self, cutoffs={cutoffs}):
        super().__init__()
        self.cutoffs = cutoffs
        self.emb = nn.Embedding(VOCAB, 16)
        self.rnn = nn.GRU(16, 16, batch_first=True)
        self.head = None

    def forward(self, ids):
        if self.head is None:
            self.head = nn.AdaptiveLogSoftmaxWithLoss(16, VOCAB, cutoffs={cut_expr}, div_value=2.0)
        h, _ = self.rnn(self.emb(ids))
        h = h.reshape(-1, 16)
        return self.head(h, ids.reshape(-1)).loss
"""
)
add(
    "adaptive_lm_head_cfg",
    ("ok", "clean", {"cutoffs": "[10, 25]", "cut_expr": "self.cutoffs"}),
    ("ok_sorted_copy", "clean", {"cutoffs": "[25, 10]", "cut_expr": "sorted(self.cutoffs)"}),
    ("ok_last_below_vocab", "clean", {"cutoffs": "[10, 39]", "cut_expr": "self.cutoffs"}),
    (
        "cutoffs_unsorted",
        "adaptive_softmax_cutoffs",
        {"cutoffs": "[25, 10]", "cut_expr": "self.cutoffs"},
    ),
    (
        "vocab_as_last_cutoff",
        "adaptive_softmax_cutoffs",
        {"cutoffs": "[10, 25]", "cut_expr": "self.cutoffs + [VOCAB]"},
    ),
)

template("adaptive_softmax_from_counts", "(3, 5)", "tokens")(
    """
class Net(nn.Module):
    def __init__(self, vocab=30, shares={shares}):
        super().__init__()
        self.vocab, self.shares = vocab, shares
        self.emb = nn.Embedding(vocab, 12)
        self.head = None

    def cutoffs(self):
        return {expr}

    def forward(self, ids):
        if self.head is None:
            self.head = nn.AdaptiveLogSoftmaxWithLoss(12, self.vocab, cutoffs=self.cutoffs())
        h = self.emb(ids).mean(1)
        return self.head.log_prob(h)
"""
)
add(
    "adaptive_softmax_from_counts",
    ("ok", "clean", {"shares": "(0.2, 0.6)", "expr": "[int(self.vocab * s) for s in self.shares]"}),
    (
        "ok_dedup",
        "clean",
        {
            "shares": "(0.2, 0.21, 0.6)",
            "expr": "sorted({int(self.vocab * s) for s in self.shares})",
        },
    ),
    (
        "shares_collide",
        "adaptive_softmax_cutoffs",
        {"shares": "(0.2, 0.21, 0.6)", "expr": "[int(self.vocab * s) for s in self.shares]"},
    ),
    (
        "share_one",
        "adaptive_softmax_cutoffs",
        {"shares": "(0.3, 1.0)", "expr": "[int(self.vocab * s) for s in self.shares]"},
    ),
    (
        "zero_share",
        "adaptive_softmax_cutoffs",
        {"shares": "(0.0, 0.5)", "expr": "[int(self.vocab * s) for s in self.shares]"},
    ),
)

template("magnitude_mask_prune", "(4, 10)")(
    """
import torch.nn.utils.prune as prune


class Net(nn.Module):
    def __init__(self, keep={keep}):
        super().__init__()
        self.keep = keep
        self.fc1 = nn.Linear(10, 6)
        self.fc2 = nn.Linear(6, 3)
        self.pruned = False

    def mask_for(self, w):
        k = max(1, int(w.numel() * self.keep))
        thr = w.abs().flatten().kthvalue(w.numel() - k + 1).values
        {mask}

    def forward(self, x):
        if not self.pruned:
            for layer in (self.fc1, self.fc2):
                prune.custom_from_mask(layer, "weight", self.mask_for(layer.weight))
            self.pruned = True
        return self.fc2(torch.relu(self.fc1(x)))
"""
)
add(
    "magnitude_mask_prune",
    ("ok", "clean", {"keep": "0.5", "mask": "return (w.abs() >= thr).float()"}),
    ("ok_bool_mask", "clean", {"keep": "0.3", "mask": "return w.abs() >= thr"}),
    (
        "mask_transposed_cfg",
        "prune_custom_mask_shape",
        {"keep": "0.5", "mask": "return (w.abs() >= thr).float().T"},
    ),
    (
        "row_mask",
        "prune_custom_mask_shape",
        {"keep": "0.5", "mask": "return (w.abs().amax(1) >= thr).float()"},
    ),
)

template("structured_mask_prune_conv", "(2, 3, 10, 10)")(
    """
import torch.nn.utils.prune as prune


class Net(nn.Module):
    def __init__(self, ratio={ratio}):
        super().__init__()
        self.ratio = ratio
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Conv2d(8, 8, 3), nn.ReLU())
        self.head = nn.Linear(8, 2)
        self.done = False

    def channel_mask(self, conv):
        norms = conv.weight.flatten(1).norm(dim=1)
        keep = norms >= norms.quantile(self.ratio)
        {mask}

    def forward(self, x):
        if not self.done:
            for m in self.features:
                if isinstance(m, nn.Conv2d):
                    prune.custom_from_mask(m, "weight", self.channel_mask(m))
            self.done = True
        return self.head(self.features(x).mean((2, 3)))
"""
)
add(
    "structured_mask_prune_conv",
    (
        "ok",
        "clean",
        {
            "ratio": "0.25",
            "mask": "return keep[:, None, None, None].expand_as(conv.weight).float()",
        },
    ),
    (
        "ok_broadcast_mul",
        "clean",
        {"ratio": "0.5", "mask": "return torch.ones_like(conv.weight) * keep.view(-1, 1, 1, 1)"},
    ),
    (
        "channel_vector_mask",
        "prune_custom_mask_shape",
        {"ratio": "0.25", "mask": "return keep.float()"},
    ),
    (
        "kernel_only_mask",
        "prune_custom_mask_shape",
        {"ratio": "0.25", "mask": "return torch.ones(conv.weight.shape[1:])"},
    ),
    (
        "amount_as_ratio_percent",
        "prune_amount_range",
        {
            "ratio": "0.25",
            "mask": "prune.l1_unstructured(conv, 'bias', amount=25.0)\n        return torch.ones_like(conv.weight)",
        },
    ),
)


# ---------------------------------------------------------------- generation utilities and training steps (earlier classes)
template("sampling_generate_cfg", "(2, 4)", "tokens")(
    """
from dataclasses import dataclass


@dataclass
class GenCfg:
    max_new: int = {max_new}
    temperature: float = {temp}
    top_k: int = {top_k}
    ctx: int = 10


class TinyLM(nn.Module):
    def __init__(self, vocab=12, d=16, ctx=10):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(ctx, d)
        self.block = nn.TransformerEncoderLayer(d, 4, 32, batch_first=True)
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1])
        return self.lm(self.block(self.tok(ids) + self.pos(pos)))


class Net(nn.Module):
    def __init__(self, cfg=GenCfg()):
        super().__init__()
        self.cfg = cfg
        self.lm = TinyLM(ctx=cfg.ctx)

    def forward(self, ids):
        for _ in range(self.cfg.max_new):
            ctx = {ctx}
            logits = self.lm(ctx)[:, -1] / self.cfg.temperature
            v, _ = logits.topk(self.cfg.top_k)
            logits = logits.masked_fill(logits < v[:, -1:], float("-inf"))
            nxt = torch.multinomial(logits.softmax(-1), 1)
            ids = torch.cat([ids, nxt], 1)
        return ids
"""
)
add(
    "sampling_generate_cfg",
    (
        "ok",
        "clean",
        {"max_new": "4", "temp": "0.8", "top_k": "5", "ctx": "ids[:, -self.cfg.ctx :]"},
    ),
    ("ok_exact_ctx", "clean", {"max_new": "7", "temp": "1.0", "top_k": "12", "ctx": "ids"}),
    (
        "ok_long_cropped",
        "clean",
        {"max_new": "9", "temp": "1.0", "top_k": "3", "ctx": "ids[:, -self.cfg.ctx :]"},
    ),
    (
        "uncropped_past_ctx",
        "pos_table_length",
        {"max_new": "8", "temp": "1.0", "top_k": "3", "ctx": "ids"},
    ),
    (
        "top_k_over_vocab",
        "topk_k",
        {"max_new": "3", "temp": "1.0", "top_k": "16", "ctx": "ids[:, -self.cfg.ctx :]"},
    ),
    (
        "greedy_as_temp_zero",
        "temperature_zero_sampling",
        {"max_new": "3", "temp": "0.0", "top_k": "3", "ctx": "ids[:, -self.cfg.ctx :]"},
    ),
)

template("amp_clip_train_step", "(4, 8)")(
    """
class Net(nn.Module):
    def __init__(self, max_norm={max_norm}, norm_type={norm_type}):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 8))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-3)
        self.scaler = torch.amp.GradScaler("cpu")
        self.max_norm, self.norm_type = max_norm, norm_type

    def forward(self, x):
        with torch.enable_grad():
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = F.mse_loss(self.model(x).float(), x)
            self.scaler.scale(loss).backward()
        {unscale}
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm, norm_type=self.norm_type)
        self.scaler.step(self.opt)
        self.scaler.update()
        self.opt.zero_grad()
        return self.model(x)
"""
)
add(
    "amp_clip_train_step",
    (
        "ok",
        "clean",
        {"max_norm": "1.0", "norm_type": "2.0", "unscale": "self.scaler.unscale_(self.opt)"},
    ),
    (
        "ok_inf_norm",
        "clean",
        {"max_norm": "1.0", "norm_type": '"inf"', "unscale": "self.scaler.unscale_(self.opt)"},
    ),
    (
        "unscale_twice",
        "grad_scaler_order",
        {
            "max_norm": "1.0",
            "norm_type": "2.0",
            "unscale": "self.scaler.unscale_(self.opt)\n        self.scaler.unscale_(self.opt)",
        },
    ),
    (
        "norm_type_l2_name",
        "clip_grad_norm_type",
        {"max_norm": "1.0", "norm_type": '"l2"', "unscale": "self.scaler.unscale_(self.opt)"},
    ),
)

template("beam_decode_gru", "(2, 5, 8)")(
    """
class Net(nn.Module):
    def __init__(self, beams={beams}, vocab=9, hidden=8):
        super().__init__()
        self.beams, self.vocab = beams, vocab
        self.enc = nn.GRU(8, hidden, batch_first=True)
        self.emb = nn.Embedding(vocab, hidden)
        self.cell = nn.GRUCell(hidden, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, x):
        _, h = self.enc(x)
        b = x.shape[0]
        h = h[0].repeat_interleave(self.beams, 0)
        tok = torch.zeros(b * self.beams, dtype=torch.long)
        score = torch.zeros(b, self.beams)
        for _ in range(3):
            h = self.cell(self.emb(tok), {state})
            logp = self.out(h).log_softmax(-1).view(b, self.beams, -1)
            total = (score.unsqueeze(-1) + logp).view(b, -1)
            score, idx = total.topk(self.beams, dim=-1)
            beam = idx // self.vocab
            tok = (idx % self.vocab).view(-1)
            h = h.view(b, self.beams, -1).gather(1, beam.unsqueeze(-1).expand(-1, -1, h.shape[-1])).view(b * self.beams, -1)
        return score
"""
)
add(
    "beam_decode_gru",
    ("ok", "clean", {"beams": "3", "state": "h"}),
    ("ok_beams_equal_vocab", "clean", {"beams": "9", "state": "h"}),
    ("ok_beams_90_of_810", "clean", {"beams": "90", "state": "h"}),
    ("state_unrepeated", "rnn_hidden", {"beams": "3", "state": "h[: x.shape[0]]"}),
)

template("two_tower_trainer", "(4, 6)")(
    """
class Tower(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, 4))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


class Net(nn.Module):
    def __init__(self, temp=0.1):
        super().__init__()
        self.query, self.doc = Tower(), Tower()
        self.log_temp = nn.Parameter(torch.tensor(temp).log())
        self.opt = None

    def setup(self):
        self.opt = torch.optim.SGD(self.query.parameters(), lr=0.1, momentum=0.9)
        {setup}

    def forward(self, x):
        with torch.enable_grad():
            if self.opt is None:
                self.setup()
            sim = self.query(x) @ self.doc(x.flip(0)).T / self.log_temp.exp()
            F.cross_entropy(sim, torch.arange(len(x))).backward()
        self.opt.step()
        return self.query(x)
"""
)
add(
    "two_tower_trainer",
    (
        "ok",
        "clean",
        {
            "setup": 'self.opt.add_param_group({"params": [*self.doc.parameters(), self.log_temp], "lr": 0.01})'
        },
    ),
    (
        "ok_temp_detached_leaf",
        "clean",
        {
            "setup": 'self.opt.add_param_group({"params": list(self.doc.parameters())})\n        self.opt.param_groups[-1]["lr"] = 0.01'
        },
    ),
    (
        "temp_exp_param",
        "optimizer_nonleaf_param",
        {"setup": 'self.opt.add_param_group({"params": [self.log_temp.exp()], "lr": 0.01})'},
    ),
    (
        "doc_tower_list",
        "add_param_group_not_dict",
        {"setup": "self.opt.add_param_group([*self.doc.parameters(), self.log_temp])"},
    ),
    (
        "doc_lr_by_key",
        "param_groups_indexed_by_key",
        {
            "setup": 'self.opt.add_param_group({"params": self.doc.parameters()})\n        self.opt.param_groups["lr"] = 0.01'
        },
    ),
)


# clean variants that look risky: an edge value, a spelling that works, a near-miss torch runs
# (the ok_ names written as crashes that torch runs are listed in the report and docs)
RISKY_CLEAN = (
    "warmup_adam_trainer__ok_param_list",
    "warmup_adam_trainer__ok_named_values",
    "finetune_param_groups__ok_loop_groups",
    "finetune_param_groups__ok_first_group",
    "finetune_param_groups__ok_head_weight_scaled_no_grad",
    "sgd_momentum_cfg__ok_plain",
    "sgd_momentum_cfg__ok_float_cast_leaf",
    "sgd_momentum_cfg__ok_double_cast_no_grad",
    "ema_teacher_optim__ok_nesterov",
    "lambda_warmup_sched__ok_two_groups_two_fns",
    "lambda_warmup_sched__ok_lambda_expr",
    "plateau_scheduler_loop__ok_max_abs",
    "plateau_scheduler_loop__ok_metrics_kw",
    "early_stop_trainer__ok_step_lr",
    "onecycle_trainer__ok_total_linear",
    "onecycle_trainer__ok_exact_total",
    "swa_finetune__ok_linear",
    "swa_finetune__ok_never_starts",
    "cyclic_lr_trainer__ok_exp_range",
    "cyclic_lr_trainer__ok_adam_no_cycle",
    "warmup_then_cosine__ok_chained",
    "ddp_style_trainer__ok_env_fallback",
    "ddp_metric_reduce__ok_world_one",
    "ddp_sampler_loader__ok_single",
    "ddp_sampler_loader__ok_last_rank",
    "ddp_wrapped_eval__ok_rank_last",
    "collate_dict_batches__ok_drop_none",
    "collate_dict_batches__ok_feat_only",
    "collate_dict_batches__ok_label_key_missing_first",
    "multimodal_collator__ok_caption_strings",
    "text_collator_pad__ok_left",
    "text_collator_pad__ok_right_explicit",
    "seq2seq_batcher__ok_left_pad",
    "weighted_sampler_loader__ok_full_pass",
    "loader_peek_batch__ok_stream_count",
    "stream_pretrain_sched__ok_counted",
    "seg_loss_cfg__ok_no_weights",
    "multilabel_loss_cfg__ok_defaults_guarded",
    "token_loss_masked__ok_weight_tensor",
    "attention_backend_select__ok_flash",
    "attention_backend_select__ok_flash_or_efficient",
    "fast_attention_cfg__ok_flash_cpu",
    "ckpt_restore_inplace__ok_keys_checked",
    "warm_start_loader__ok_train_returns_self",
    "warm_start_loader__ok_requires_grad_chain",
    "feature_probe_handle__ok_pre_hook_kept",
    "state_migration_posthook__ok_log_only",
    "tokenizer_extra_state__ok_self_copy",
    "running_stats_extra_state__ok_nonstrict",
    "running_stats_extra_state__ok_getter_only_nonstrict",
    "epoch_checkpointer__ok_flat",
    "best_model_saver__ok_nested_parents",
    "inmemory_snapshot__ok_weights_only",
    "inmemory_snapshot__ok_copy_buffer",
    "ema_snapshot_swap__ok_mmap_off",
    "lazy_trainer_grad_init__ok_float_is_leaf",
    "lazy_trainer_grad_init__ok_group_zero",
    "optimizer_factory_cfg__ok_sgd",
    "optimizer_factory_cfg__ok_layers_params",
    "scheduler_factory_cfg__ok_one_fn_all_groups",
    "scheduler_factory_cfg__ok_plateau",
    "scheduler_factory_cfg__ok_onecycle_total",
    "collate_fn_pipeline__ok_weight_every_record",
    "collate_fn_pipeline__ok_extra_key_on_later_records",
    "eval_loop_first_batch__ok_loop_break",
    "adapter_merge_posthook__ok_return_none",
    "grad_checkpoint_blocks__ok_positional",
    "grad_checkpoint_blocks__ok_no_kwargs",
    "checkpointed_encoder_cfg__ok_reentrant_positional",
    "functional_ensemble__ok_strict_all",
    "functional_ensemble__ok_train_mode_different",
    "per_sample_grads_vmap__ok_noise_different",
    "per_sample_grads_vmap__ok_strict_full",
    "mc_dropout_vmap__ok_same_mask",
    "ensemble_stats_vmap__ok_dict_tensors",
    "fp8_weight_storage__ok_float_then_scale",
    "fp8_kv_cache_decode__ok_float_method",
    "whitening_mixed_precision__ok_eigh_float",
    "whitening_mixed_precision__ok_inv_after_float_cholesky",
    "whitening_mixed_precision__ok_eigh_cov_promoted_by_eye",
    "gp_head_half_solve__ok_upcast_solve",
    "gp_head_half_solve__ok_half_matmul_only",
    "dtype_cast_helper__ok_getattr_dtype",
    "dtype_cast_helper__ok_dtype_object",
    "amp_precision_cfg__ok_to_dtype",
    "rnn_depth_cfg__ok_half_depth_floor",
    "lstm_stack_builder__ok_one_layer_no_dropout",
    "adaptive_lm_head_cfg__ok_sorted_copy",
    "adaptive_lm_head_cfg__ok_last_below_vocab",
    "adaptive_softmax_from_counts__ok_dedup",
    "magnitude_mask_prune__ok_bool_mask",
    "structured_mask_prune_conv__ok_broadcast_mul",
    "sampling_generate_cfg__ok_exact_ctx",
    "sampling_generate_cfg__ok_long_cropped",
    "amp_clip_train_step__ok_inf_norm",
    "beam_decode_gru__ok_beams_equal_vocab",
    "beam_decode_gru__ok_beams_90_of_810",
    "two_tower_trainer__ok_temp_detached_leaf",
)

# the templates that are whole small models (several layers or blocks), not one layer
WHOLE_MODELS = (
    "warmup_adam_trainer",
    "finetune_param_groups",
    "sgd_momentum_cfg",
    "ema_teacher_optim",
    "plateau_scheduler_loop",
    "early_stop_trainer",
    "onecycle_trainer",
    "swa_finetune",
    "warmup_then_cosine",
    "ddp_style_trainer",
    "ddp_sampler_loader",
    "ddp_wrapped_eval",
    "multimodal_collator",
    "text_collator_pad",
    "weighted_sampler_loader",
    "loader_peek_batch",
    "stream_pretrain_sched",
    "seg_loss_cfg",
    "multilabel_loss_cfg",
    "token_loss_masked",
    "attention_backend_select",
    "fast_attention_cfg",
    "ckpt_restore_inplace",
    "warm_start_loader",
    "feature_probe_handle",
    "state_migration_posthook",
    "tokenizer_extra_state",
    "running_stats_extra_state",
    "epoch_checkpointer",
    "best_model_saver",
    "inmemory_snapshot",
    "ema_snapshot_swap",
    "optimizer_factory_cfg",
    "scheduler_factory_cfg",
    "collate_fn_pipeline",
    "eval_loop_first_batch",
    "adapter_merge_posthook",
    "grad_checkpoint_blocks",
    "checkpointed_encoder_cfg",
    "functional_ensemble",
    "per_sample_grads_vmap",
    "fp8_weight_storage",
    "whitening_mixed_precision",
    "gp_head_half_solve",
    "dtype_cast_helper",
    "amp_precision_cfg",
    "rnn_depth_cfg",
    "adaptive_lm_head_cfg",
    "structured_mask_prune_conv",
    "sampling_generate_cfg",
    "amp_clip_train_step",
    "beam_decode_gru",
    "two_tower_trainer",
)
