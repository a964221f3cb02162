"""Session 35 (crashfix35): ``prune.remove`` of a tensor that is not pruned
(``dataflow_fix35``), and the call-site hook registry (``dataflow_called``). Each model is run
by torch (CPU, seeded): a blocker exactly when torch raises; the clean twins (``_ok``) show what
the rule must not claim (a pruning the pass cannot see: no verdict)."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, net_source, registrar, torch_crashes, write

HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "import torch.nn.utils.prune as prune\n\n"
)
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(6, 10)", "self.out = nn.Linear(10, 4)")


def net(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, body, init))


RET = "return self.out(h)"
net("rm_never_pruned", f"prune.remove(self.out, 'weight')\n        {RET}")
net("rm_other_layer", f"prune.remove(self.out, 'weight')\n        {RET}",
    "prune.l1_unstructured(self.fc, 'weight', amount=0.3)")  # fmt: skip
net("rm_other_name", f"prune.remove(self.fc, 'bias')\n        {RET}",
    "prune.l1_unstructured(self.fc, 'weight', amount=0.3)")  # fmt: skip
net("rm_twice", f"prune.remove(self.fc, 'weight')\n        prune.remove(self.fc, 'weight')\n        {RET}",
    "prune.random_unstructured(self.fc, 'weight', amount=0.3)")  # fmt: skip
net(
    "rm_zero_rounds",
    "for r in range(self.rounds):\n            prune.random_unstructured(self.out, 'weight', 0.2)\n"
    f"        prune.remove(self.out, 'weight')\n        {RET}",
    "self.rounds = 0",
)
net(
    "rm_global_bias",
    "ps = [(self.fc, 'weight'), (self.out, 'weight')]\n"
    "        prune.global_unstructured(ps, pruning_method=prune.L1Unstructured, amount=0.5)\n"
    f"        prune.remove(self.out, 'bias')\n        {RET}",
)
net("ok_init_pruned", f"prune.remove(self.fc, 'weight')\n        {RET}",
    "prune.l1_unstructured(self.fc, 'weight', amount=0.3)")  # fmt: skip
net(
    "ok_forward_pruned",
    "for r in range(self.rounds):\n            prune.random_unstructured(self.out, 'weight', 0.2)\n"
    f"        prune.remove(self.out, 'weight')\n        {RET}",
    "self.rounds = 2",
)
net(
    "ok_global_pruned",
    "ps = [(self.fc, 'weight'), (self.out, 'weight')]\n"
    "        prune.global_unstructured(ps, pruning_method=prune.L1Unstructured, amount=0.5)\n"
    f"        prune.remove(self.out, 'weight')\n        {RET}",
)
net(
    "ok_reprune",
    "prune.remove(self.fc, 'weight')\n        prune.l1_unstructured(self.fc, 'weight', 0.1)\n"
    f"        prune.remove(self.fc, 'weight')\n        {RET}",
    "prune.l1_unstructured(self.fc, 'weight', amount=0.3)",
)
net(  # pruned by a class method's apply: a spelling the rule does not follow
    "ok_method_apply",
    f"prune.remove(self.out, 'weight')\n        {RET}",
    "prune.L1Unstructured.apply(self.out, 'weight', amount=0.3)",
)
net(  # pruned in a helper __init__ runs on a module the interpreter cannot pick: unsure
    "ok_unread_module",
    f"prune.remove(self.out, 'weight')\n        {RET}",
    "for m in [self.fc, self.out][int(torch.rand(1).item() >= 0)::1]:\n"
    "            prune.l1_unstructured(m, 'weight', amount=0.3)",
)
net(  # pruned through an alias of the function: no verdict
    "ok_alias",
    f"prune.remove(self.out, 'weight')\n        {RET}",
    "p = prune.l1_unstructured\n        p(self.out, 'weight', amount=0.3)",
)


# ``load_state_dict`` of a dict the pass holds whole (``dataflow_fix35.state_loaded``)
BB = ("self.bb = nn.Sequential(nn.Linear(6, 10), nn.ReLU(), nn.Linear(10, 4))",)


def lsd(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(BB, body, init))


CK = "self.ck = {'state_dict': nn.Linear(6, 10).state_dict(), 'epoch': 9}"
OUT = "return h"
lsd("lsd_whole_ckpt", f"self.bb.load_state_dict(self.ck)\n        {OUT}", CK)
lsd("lsd_local_ckpt", f"sd = {{'model': torch.zeros(2), 'step': 3}}\n"
    f"        self.bb.load_state_dict(sd, strict=True)\n        {OUT}")  # fmt: skip
lsd("lsd_shape_nonstrict", f"self.bb.load_state_dict({{'0.weight': torch.zeros(3, 6)}}, "
    f"strict=False)\n        {OUT}")  # fmt: skip
lsd("ok_lsd_nonstrict", f"self.bb.load_state_dict(self.ck, strict=False)\n        {OUT}", CK)
lsd("ok_lsd_inner", f"self.bb.load_state_dict(self.ck['state_dict'])\n        {OUT}",
    "self.ck = {'state_dict': nn.Sequential(nn.Linear(6, 10), nn.ReLU(), "
    "nn.Linear(10, 4)).state_dict(), 'epoch': 9}")  # fmt: skip
lsd("ok_lsd_spread", f"sd = {{**self.bb.state_dict(), 'x_extra': 1}}\n        del sd['x_extra']\n"
    f"        self.bb.load_state_dict(sd)\n        {OUT}")  # fmt: skip
lsd("ok_lsd_update", f"sd = {{}}\n        sd.update(self.bb.state_dict())\n"
    f"        self.bb.load_state_dict(sd)\n        {OUT}")  # fmt: skip
lsd("ok_lsd_items", f"sd = {{k: v for k, v in self.bb.state_dict().items()}}\n"
    f"        self.bb.load_state_dict(sd)\n        {OUT}")  # fmt: skip
lsd("ok_lsd_setitem", f"sd = {{}}\n        for k, v in self.bb.named_parameters():\n"
    f"            sd[k] = v.detach()\n        self.bb.load_state_dict(sd)\n        {OUT}")  # fmt: skip
lsd("lsd_prefixed", f"sd = {{'bb.0.weight': torch.zeros(10, 6)}}\n"
    f"        self.bb.load_state_dict(sd)\n        {OUT}")  # fmt: skip
lsd("ok_lsd_popped", f"sd = {{'epoch': 3, '0.weight': torch.zeros(10, 6)}}\n"
    f"        sd.pop(list(sd)[int(torch.rand(1).item() >= 0) - 1])\n"
    f"        self.bb.load_state_dict(sd, strict=False)\n        {OUT}")  # fmt: skip
lsd("ok_lsd_popped_unknown", f"sd = {{'epoch': 3}}\n        for k in [k for k in sd if k.startswith('ep')]:\n"
    f"            sd.pop(k)\n        sd.update(self.bb.state_dict())\n"
    f"        self.bb.load_state_dict(sd)\n        {OUT}")  # fmt: skip
lsd("ok_lsd_fill_nonstrict", f"self.bb.load_state_dict({{'0.weight': torch.zeros(10, 6)}}, "
    f"strict=False)\n        {OUT}")  # fmt: skip


# a forward pre-hook ``with_kwargs=True`` returning another form (``dataflow_fix35.prehook_form``)
PRE_FN = "\n\ndef {name}_hook(module, args, kwargs=None):\n    {body}\n"


def pre(name: str, body: str, opts: str = "with_kwargs=True", fwd: str = "") -> None:
    src = net_source(
        FC, f"{fwd}return self.out(h)", f"self.out.register_forward_pre_hook({name}_hook, {opts})"
    )
    model(name, (3, 6), PRE_FN.format(name=name, body=body).lstrip() + "\n\n" + src)


pre("pre_tensor", "return args[0] * 0.5")
pre("pre_args_only", "return (args[0] * 0.5,)")
pre("pre_kwargs_only", "return dict(kwargs)")
pre("pre_list", "return [args, kwargs]")
pre("ok_pre_none", "args[0].mul(2)")
pre("ok_pre_pair", "return (args[0] * 0.5,), kwargs")
pre("ok_pre_plain_tensor", "return args[0] * 0.5", "")  # no kwargs: a tensor is wrapped
pre(
    "ok_pre_unknown_branch", "if torch.rand(1).item() < 2:\n        return None\n    return args[0]"
)
pre(  # the handle removed in forward: the hook no longer runs
    "ok_pre_removed",
    "return args[0] * 0.5",
    "with_kwargs=True)\n        self.hh = self.out.register_forward_pre_hook(lambda m, a: None",
    "self.hh.remove()\n        for hd in list(self.out._forward_pre_hooks):\n"
    "            self.out._forward_pre_hooks.pop(hd)\n        ",
)


BLOCKS = """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x, scale=1.0):
        return x + scale * self.fc(x)


def rescale(module, args, kwargs):
    {body}


class Net(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d) for _ in range(3))
        for i, b in enumerate(self.blocks):
            if i > 0:
                b.register_forward_pre_hook(rescale, with_kwargs=True)

    def forward(self, x):
        for b in self.blocks:
            x = b(x, scale=1.0)
        return x
"""
# repeated blocks: the hook sits on blocks 1 and 2 only, the graph's stand-in is block 0
model("pre_later_blocks", (3, 6), BLOCKS.format(body="return dict(kwargs, scale=0.5)"))
model("ok_pre_later_blocks", (3, 6), BLOCKS.format(body="return args, dict(kwargs, scale=0.5)"))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is not name.startswith("ok_"), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


SWITCHES = {
    "rm_never_pruned": ("DRIFTCHECK_NO_PRUNE_REMOVE_35", "has to be pruned"),
    "rm_global_bias": ("DRIFTCHECK_NO_PRUNE_REMOVE_35", "has to be pruned"),
    "lsd_whole_ckpt": ("DRIFTCHECK_NO_LOAD_STATE_35", "loading state_dict"),
    "lsd_shape_nonstrict": ("DRIFTCHECK_NO_LOAD_STATE_35", "size mismatch"),
    "pre_tensor": ("DRIFTCHECK_NO_PREHOOK_FORM_35", "forward pre-hook must return"),
}


@pytest.mark.parametrize("name", sorted(SWITCHES))
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """The rule is what flags these: with its switch set nothing does."""
    _, shape, _ = MODELS[name]
    env, text = SWITCHES[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv(env, "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv(env)
    found = blockers(path, shape, capsys)
    assert any(text in f.get("message", "") for f in found), found


def test_silent_without_shape(tmp_path, capsys):
    from driftcheck.cli import main

    path = write(MODELS, HEAD, "rm_never_pruned", tmp_path)
    main(["check", f"{path}::Net", "--format", "json"])
    assert "has to be pruned" not in capsys.readouterr().out


def test_hook_registry_order():
    """Every rule module's hooks are registered, each phase in one order (unique numbers)."""
    from driftcheck.parsers.source.forward import dataflow_called

    rows = dataflow_called.table()
    before = [r for r in rows if r.startswith("before ")]
    after = [r for r in rows if r.startswith("after ")]
    assert before[0].endswith("dataflow_fix30b._called_hook")
    assert before[-1].endswith("dataflow_fix31._none_hook")  # last before the call
    # ``_made_hook`` replaces the result: only session 36's table check (it reads no result
    # and returns None) and session 37's crashfix37 hooks (orders 181-189, given them by the
    # lead: ``dataflow_fix37c`` keeps an ``sdpa_kernel`` call's backends, answers
    # ``dist.is_available()`` / ``get_worker_info()`` / ``len(ds)`` where the result is still
    # unknown, and stands an instance for a dataset of the code's own built in forward) run
    # after it
    made = [i for i, r in enumerate(after) if r.endswith("dataflow_fix30b._made_hook")]
    # (session 37: the fix37c / fix37d hooks, given orders 181-199, read or replace only
    # results of calls ``made`` never handles: softmax, Categorical, vmap)
    # (session 38: dataflow_fix38a's after-hooks 201-202 replace only an unknown result of
    # ``m.eval()`` / ``m.train()`` ... by the module, and re-key a ``ChainDataset``)
    # (session 39: dataflow_fix39a's after-hooks 210-213 replace only results of calls ``made``
    # never handles: a class of the code's own, GradScaler, torch's samplers, DataLoader)
    # (session 40: dataflow_fix40b's after-hooks 260-266 read or replace only results of
    # calls ``made`` never handles or leaves unknown: nested/jagged makers, distributions,
    # polygamma, sparse conversions, tensor_split, dtypes of shape ops, a FreshModule's mode)
    late = ("dataflow_torchchecks.checked", "dataflow_fix37c", "dataflow_fix37d", "dataflow_fix38a",
            "dataflow_fix39a", "dataflow_fix40b")  # fmt: skip
    assert made and all(r.split()[2].startswith(late) for r in after[made[0] + 1 :])
    assert any(r.endswith("dataflow_fix35.prune_called") for r in before)
    for part in (before, after):
        orders = [int(r.split()[1]) for r in part]
        assert orders == sorted(set(orders))
    with pytest.raises(ValueError):
        dataflow_called.before(10)(lambda *a: None)
