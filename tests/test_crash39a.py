"""Session 39 (crashgen39): crash classes the rules already caught, in other spellings, where
the values flow through plain Python objects (``forward/dataflow_fix39a.py``); every verdict
checked against torch (CPU, seeded): a blocker exactly when torch raises, the ``_ok`` twins
clean.

- ``plain_*``: an object of a plain class of the code's own built in forward, whose method
  calls a layer / views a tensor by an attribute its ``__init__`` stored; the stores the pass
  cannot place (through a list item) make its attributes unknown (clean twins).
- ``amp_*``: ``GradScaler`` order (``step`` twice, ``unscale_`` twice) with the scaler and the
  optimizer held by a local, a plain ``Trainer`` built in ``__init__`` or in forward, a dict,
  a helper function's parameters.
- ``iterds_*``: ``DataLoader`` over an ``IterableDataset`` of the code's own with ``shuffle`` /
  ``sampler`` / ``batch_sampler``.
- ``seed_*``: ``torch.Generator().manual_seed(v)`` of a tensor / float / str / out-of-range int
  (``torch.manual_seed`` itself takes ``int(v)``: clean), the generator held by a plain object.
- ``multi_*``: ``register_multi_grad_hook(..., mode=m)`` with ``m`` held by a plain object.
- ``sched_*``: ``ChainedScheduler`` / ``SequentialLR`` of schedulers made on another optimizer
  (or a ``ReduceLROnPlateau``), the optimizers held by a plain object.
- ``parse_*``: ``einops.parse_shape(t, pattern)`` of another rank, the pattern held by a plain
  object.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, registrar, torch_crashes, write

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)

# ---------------------------------------------------------------- plain objects built in forward
_HELPER = """
class Head:
    def __init__(self, fc, width):
        self.fc = fc
        self.width = width

    def run(self, x):
        return self.fc(x[:, : self.width])


class Splitter:
    def __init__(self, heads):
        self.heads = heads

    def set(self, heads):
        self.heads = heads

    def split(self, x):
        return x.reshape(x.shape[0], self.heads, -1, 2)


class Filler:
    def __init__(self, n):
        self.buf = torch.zeros(4, 8)
        self.n = n

    def grow(self, k):
        self.n += k
        return self.buf[:, : self.n]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        {body}
        return x
"""


def plain(name: str, body: str) -> None:
    model(name, (4, 8), _HELPER.replace("{body}", body))


plain("plain_linear_narrow", "x = Head(self.fc, 4).run(x)")
plain("plain_ok_linear_full", "x = Head(self.fc, 8).run(x)")
plain("plain_linear_kw", "h = Head(width=6, fc=self.fc)\n        x = h.run(x)")
plain("plain_split_odd", "x = Splitter(3).split(x)")
plain("plain_ok_split", "x = Splitter(2).split(x)")
plain("plain_split_set_odd", "s = Splitter(2)\n        s.set(3)\n        x = s.split(x)")
plain("plain_ok_split_set", "s = Splitter(3)\n        s.set(4)\n        x = s.split(x)")
plain("plain_split_attr_store", "s = Splitter(2)\n        s.heads = 3\n        x = s.split(x)")
plain("plain_ok_split_alias", "s = Splitter(3)\n        [s][0].heads = 2\n        x = s.split(x)")
# ``self.n += k`` in a method stores the sum back (lead, session 39: it kept the old value, a
# false blocker on a KV cache's fill count)
plain("plain_ok_aug_attr", "f = Filler(2)\n        x = self.fc(f.grow(6) + x)")
plain("plain_aug_attr_short", "f = Filler(2)\n        x = self.fc(f.grow(3) + x)")
plain(
    "plain_ok_aug_local",
    "f = Filler(2)\n        f.n += 6\n        x = self.fc(f.buf[:, : f.n] + x)",
)
plain(
    "plain_aug_local_short",
    "f = Filler(2)\n        f.n += 2\n        x = self.fc(f.buf[:, : f.n] + x)",
)
plain(
    "plain_ok_split_held",
    "self.sp = Splitter(3)\n        self.sp.heads = 2\n        x = self.sp.split(x)",
)

# ---------------------------------------------------------------- GradScaler order by value
_AMP_HEAD = """
class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.01)
        self.scaler = torch.amp.GradScaler("cpu")

    def step(self, x):
        loss = self.model(x).pow(2).mean()
        self.scaler.scale(loss).backward()
        {steps}
        self.scaler.update()
"""
_STEP2 = "self.scaler.step(self.opt)\n        self.scaler.step(self.opt)"
_STEP1 = "self.scaler.step(self.opt)"
_UNSCALE2 = (
    "self.scaler.unscale_(self.opt)\n        self.scaler.unscale_(self.opt)\n        " + _STEP1
)


def amp_trainer(name: str, steps: str, built_in_init: bool) -> None:
    net = (
        "\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))\n"
    )
    if built_in_init:
        net += "        self.tr = Trainer(self.model)\n"
        call = "self.tr.step(x)"
    else:
        call = "Trainer(self.model).step(x)"
    net += f"\n    def forward(self, x):\n        with torch.enable_grad():\n            {call}\n"
    net += "        return self.model(x)\n"
    model(name, (4, 8), _AMP_HEAD.replace("{steps}", steps) + net)


amp_trainer("amp_init_trainer_step_twice", _STEP2, True)
amp_trainer("amp_ok_init_trainer", _STEP1, True)
amp_trainer("amp_init_trainer_unscale_twice", _UNSCALE2, True)
amp_trainer("amp_fwd_trainer_unscale_twice", _UNSCALE2, False)
amp_trainer("amp_ok_fwd_trainer", _STEP1, False)

_AMP_NET = """
def amp_step(scaler, opt, loss, times):
    scaler.scale(loss).backward()
    for _ in range(times):
        scaler.step(opt)
    scaler.update()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        {setup}
        with torch.enable_grad():
            loss = self.model(x).pow(2).mean()
            {run}
        return self.model(x)
"""
_LOCALS = (
    "opt = torch.optim.SGD(self.model.parameters(), lr=0.01)\n"
    '        scaler = torch.amp.GradScaler("cpu")'
)
_DICT = (
    "parts = {'opt': torch.optim.SGD(self.model.parameters(), lr=0.01),\n"
    "                 'scaler': torch.amp.GradScaler(device='cpu')}"
)


def amp_net(name: str, setup: str, run: str) -> None:
    model(name, (4, 8), _AMP_NET.replace("{setup}", setup).replace("{run}", run))


amp_net("amp_locals_step_twice", _LOCALS,
        "scaler.scale(loss).backward()\n            scaler.step(opt)\n            scaler.step(opt)")  # fmt: skip
amp_net("amp_ok_locals", _LOCALS,
        "scaler.scale(loss).backward()\n            scaler.step(opt)\n            scaler.update()")  # fmt: skip
amp_net("amp_helper_step_twice", _LOCALS, "amp_step(scaler, opt, loss, 2)")
amp_net("amp_ok_helper", _LOCALS, "amp_step(scaler, opt, loss, 1)")
amp_net("amp_dict_unscale_twice", _DICT,
        "parts['scaler'].scale(loss).backward()\n            parts['scaler'].unscale_(parts['opt'])\n"
        "            parts['scaler'].unscale_(parts['opt'])")  # fmt: skip
amp_net("amp_ok_dict", _DICT,
        "parts['scaler'].scale(loss).backward()\n            parts['scaler'].unscale_(parts['opt'])\n"
        "            parts['scaler'].step(parts['opt'])")  # fmt: skip
amp_net("amp_ok_disabled", 'opt = torch.optim.SGD(self.model.parameters(), lr=0.01)\n'
        '        scaler = torch.amp.GradScaler("cpu", enabled=False)',
        "scaler.scale(loss).backward()\n            scaler.step(opt)\n            scaler.step(opt)")  # fmt: skip

_MODULE_HELD = """
def amp_step(scaler, opt, loss, times):
    scaler.scale(loss).backward()
    for _ in range(times):
        scaler.step(opt)
    scaler.update()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=1e-3)
        self.scaler = torch.amp.GradScaler("cpu")

    def forward(self, x):
        with torch.enable_grad():
            loss = self.model(x).pow(2).mean()
            amp_step(self.scaler, self.opt, loss, {times})
        return self.model(x)
"""
model("amp_module_helper_step_twice", (4, 8), _MODULE_HELD.replace("{times}", "2"))
model("amp_ok_module_helper", (4, 8), _MODULE_HELD.replace("{times}", "1"))

# ---------------------------------------------------------------- IterableDataset options
_ITER = """
from torch.utils.data import BatchSampler, DataLoader, IterableDataset, SequentialSampler


class Rows(IterableDataset):
    def __init__(self, rows):
        self.rows = rows

    def __iter__(self):
        return iter(self.rows)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        {body}
        return torch.cat([self.fc(b) for b in loader])
"""


def iterds(name: str, body: str) -> None:
    model(name, (4, 8), _ITER.replace("{body}", body))


iterds("iterds_shuffle_positional", "loader = DataLoader(Rows(x), 2, True)")
iterds("iterds_ok_shuffle_none", "loader = DataLoader(Rows(x), batch_size=2, shuffle=None)")
iterds("iterds_sampler_list", "loader = DataLoader(Rows(x), batch_size=2, sampler=[0, 1, 2, 3])")
iterds("iterds_ok_sampler_none", "ds = Rows(x)\n        loader = DataLoader(ds, sampler=None)")
iterds("iterds_batch_sampler_local",
       "bs = BatchSampler(SequentialSampler(range(4)), 2, False)\n"
       "        loader = DataLoader(Rows(x), batch_sampler=bs)")  # fmt: skip
iterds("iterds_ok_batch_sampler_map",
       "bs = BatchSampler(SequentialSampler(range(4)), 2, False)\n"
       "        loader = DataLoader(x, batch_sampler=bs)")  # fmt: skip


# ---------------------------------------------------------------- Generator seeds, multi-grad hooks
_GEN = """
class Noise:
    def __init__(self, seed):
        self.gen = torch.Generator()
        self.seed = seed

    def reset(self):
        self.gen.manual_seed(self.seed)
        return self.gen


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.register_buffer("step", torch.tensor(3))

    def forward(self, x):
        {body}
        return self.fc(x + torch.rand(x.shape, generator=g))
"""


def gen(name: str, body: str) -> None:
    model(name, (4, 8), _GEN.replace("{body}", body))


gen("seed_tensor_held", "g = Noise(self.step).reset()")
gen("seed_ok_int_held", "g = Noise(int(self.step)).reset()")
gen("seed_float_chain", "g = torch.Generator('cpu').manual_seed(0.5 * 4)")
gen("seed_ok_item", "g = torch.Generator('cpu').manual_seed(self.step.item())")
gen("seed_string_kw", "g = torch.Generator()\n        g.manual_seed(seed='7')")
gen("seed_ok_max", "g = torch.Generator()\n        g.manual_seed(2 ** 64 - 1)")
gen("seed_past_64_bits", "g = torch.Generator()\n        g.manual_seed(2 ** 64)")
gen("seed_ok_global_tensor", "torch.manual_seed(self.step)\n        g = None")

_MULTI = """
class Watch:
    def __init__(self, mode):
        self.mode = mode
        self.seen = []

    def attach(self, ts):
        return torch.autograd.graph.register_multi_grad_hook(ts, self.seen.append, mode=self.mode)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8, 8)
        self.b = nn.Linear(8, 8)

    def forward(self, x):
        with torch.enable_grad():
            ha, hb = self.a(x), self.b(x)
            Watch({mode!r}).attach([ha, hb])
            (ha * hb).sum().backward()
        return x
"""
for _name, _mode in (("multi_mode_first", "first"), ("multi_ok_any", "any"),
                     ("multi_mode_upper", "ANY"), ("multi_ok_all", "all")):  # fmt: skip
    model(_name, (4, 8), _MULTI.replace("{mode!r}", repr(_mode)))


# ---------------------------------------------------------------- schedulers' optimizers
_SCHED = """
from torch.optim import lr_scheduler as S


class Plan:
    def __init__(self, model, shared):
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.other = torch.optim.SGD(model.parameters(), lr=0.1)
        self.shared = shared

    def warm(self):
        return S.LinearLR(self.opt, start_factor=0.5, total_iters=2)

    def decay(self):
        return S.ExponentialLR(self.opt if self.shared else self.other, gamma=0.9)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        {body}
        return self.fc(x)
"""


def sched(name: str, body: str) -> None:
    model(name, (4, 8), _SCHED.replace("{body}", body))


sched(
    "sched_chain_two_optims",
    "p = Plan(self.fc, False)\n        S.ChainedScheduler([p.warm(), p.decay()])",
)
sched(
    "sched_ok_chain_shared",
    "p = Plan(self.fc, True)\n        S.ChainedScheduler([p.warm(), p.decay()])",
)
sched("sched_seq_two_optims",
      "p = Plan(self.fc, False)\n        S.SequentialLR(p.opt, [p.warm(), p.decay()], milestones=[1])")  # fmt: skip
sched("sched_ok_seq_shared",
      "p = Plan(self.fc, True)\n        S.SequentialLR(p.opt, [p.warm(), p.decay()], milestones=[1])")  # fmt: skip
sched("sched_seq_explicit_other",
      "p = Plan(self.fc, True)\n        S.SequentialLR(p.other, [p.warm(), p.decay()], [1])")  # fmt: skip
sched("sched_chain_plateau",
      "p = Plan(self.fc, True)\n        S.ChainedScheduler([p.warm(), S.ReduceLROnPlateau(p.opt)])")  # fmt: skip
sched("sched_ok_chain_local_opt",
      "opt = torch.optim.Adam(self.fc.parameters())\n        scheds = (S.StepLR(opt, 2), S.LinearLR(opt))\n"
      "        S.ChainedScheduler(scheds, optimizer=opt)")  # fmt: skip


# ---------------------------------------------------------------- einops.parse_shape
_PARSE = """
from einops import parse_shape


class Spec:
    def __init__(self, pattern):
        self.pattern = pattern

    def sizes(self, t):
        return parse_shape(t, self.pattern)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        d = Spec({pattern!r}).sizes(x)
        return self.fc(x) * d["b"]
"""
for _name, _pat in (("parse_rank_three", "b t c"), ("parse_ok_two", "b c"),
                    ("parse_ok_ellipsis", "b ... c"), ("parse_ellipsis_too_many", "b ... t c"),
                    ("parse_ok_underscore", "b _"), ("parse_rank_one", "b")):  # fmt: skip
    model(_name, (4, 8), _PARSE.replace("{pattern!r}", repr(_pat)))


def _torch_crashes(path, shape, kind) -> bool:
    """torch's verdict; the amp models run under ``enable_grad`` themselves."""
    return torch_crashes(path, shape, kind)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = _torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


@pytest.mark.parametrize(
    "name", ["plain_linear_narrow", "amp_locals_step_twice", "iterds_shuffle_positional"]
)
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """``DRIFTCHECK_NO_FIX39A=1``: these spellings are not followed again."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_FIX39A", "1")
    assert not blockers(path, shape, capsys)


def test_static_path_has_no_plain_objects(tmp_path, capsys):
    """Without an input shape nothing of this runs (the static path is unchanged)."""
    from driftcheck.cli import main

    path = write(MODELS, HEAD, "amp_locals_step_twice", tmp_path)
    main(["check", f"{path}::Net", "--format", "json"])
    assert "step() has already been called" not in capsys.readouterr().out
