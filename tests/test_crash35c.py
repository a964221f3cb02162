"""Session 35 (crashfix35c): loss arguments and ``pad_sequence`` misuse (``dataflow_fix35c``).
Each model is run by torch (CPU, seeded): a blocker exactly when torch raises; the clean twins
(``_ok``) show what the rules must not claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import blockers, net_source, registrar, torch_crashes, write

HEAD = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
    "from dataclasses import dataclass\nfrom torch.nn.utils.rnn import pad_sequence\n\n"
    "CFG = {'w': [1.0, 2.0, 0.5, 1.0], 'red': None, 'side': 'end'}\n\n"
    "@dataclass\nclass LossCfg:\n    reduction: object = None\n    mode: object = 'mean'\n\n"
)
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(6, 4)",)
TGT = "t = h.argmax(-1)\n        "


def loss(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, TGT + body, init))


# a weight list / tuple given to a loss module that keeps it as a buffer (built in forward)
loss("weight_list_ce", "return nn.CrossEntropyLoss(weight=CFG['w'])(h, t)")
loss("weight_tuple_nll", "return nn.NLLLoss(weight=(1.0, 1.0, 1.0, 1.0))(h.log_softmax(-1), t)")
loss(
    "weight_list_lazy",
    "if self.crit is None:\n            self.crit = nn.CrossEntropyLoss(weight=[1.0] * 4)\n"
    "        return self.crit(h, t)",
    "self.crit = None",
)
loss("weight_list_bce_pos", "return nn.BCEWithLogitsLoss(pos_weight=[2.0] * 4)(h, h.sigmoid())")
loss("weight_list_multimargin", "return nn.MultiMarginLoss(weight=CFG['w'])(h, t)")
loss("weight_ok_tensor", "return nn.CrossEntropyLoss(weight=torch.tensor(CFG['w']))(h, t)")
loss("weight_ok_none", "return nn.CrossEntropyLoss(weight=None)(h, t)")
loss("weight_ok_list_to_tensor", "return nn.NLLLoss(weight=torch.as_tensor((1.0,) * 4))(h, t)")
loss(
    "weight_ok_not_reached",
    "if h.shape[0] > 100:\n            return nn.CrossEntropyLoss(weight=CFG['w'])(h, t)\n"
    "        return F.cross_entropy(h, t)",
)
# reduction=None / ignore_index=None given to a functional loss
loss("reduction_none_literal", "return F.cross_entropy(h, t, reduction=None)")
loss("reduction_none_cfg_attr", "return F.mse_loss(h, h * 2, reduction=self.cfg.reduction)",
     "self.cfg = LossCfg()")  # fmt: skip
loss("reduction_none_local", "red = None\n        return F.l1_loss(h, h, reduction=red)")
loss("reduction_none_kl", "return F.kl_div(h.log_softmax(-1), h.softmax(-1), reduction=None)")
loss("ignore_none_literal", "return F.nll_loss(h.log_softmax(-1), t, ignore_index=None)")
loss("reduction_ok_string", "return F.cross_entropy(h, t, reduction=self.cfg.mode)",
     "self.cfg = LossCfg()")  # fmt: skip
loss("reduction_ok_legacy", "return F.cross_entropy(h, t, reduction=None, reduce=True)")
loss(
    "reduction_ok_attr_rewritten",  # forward sets the field first: the __init__ None is stale
    "self.cfg.reduction = 'sum'\n        return F.mse_loss(h, h * 2, reduction=self.cfg.reduction)",
    "self.cfg = LossCfg()",
)
loss("reduction_ok_or_default", "return F.cross_entropy(h, t, reduction=CFG['red'] or 'sum')")
loss("ignore_ok_int", "return F.nll_loss(h.log_softmax(-1), t, ignore_index=-1)")


def pad(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, "seqs = [r[: 1 + i] for i, r in enumerate(h)]\n        "
                                   + body, init))  # fmt: skip


pad("side_end", "return pad_sequence(seqs, batch_first=True, padding_side='end')")
pad("side_cfg", "return pad_sequence(seqs, padding_side=CFG['side'])")
pad("side_upper", "return pad_sequence(seqs, True, 0.0, 'Left')")
pad("side_ok_left", "return pad_sequence(seqs, batch_first=True, padding_side='left')")
pad("side_ok_default", "return pad_sequence(seqs, batch_first=True)")
pad("elems_tolist", "return pad_sequence([s.tolist() for s in seqs], batch_first=True)")
pad("elems_tuple", "return pad_sequence([tuple(s.tolist()) for s in seqs])")
pad("elems_literal", "return pad_sequence([seqs[0], list(seqs[1])])")
pad("elems_ok_tensor", "return pad_sequence([torch.tensor(s.tolist()) for s in seqs])")
pad("elems_ok_plain", "return pad_sequence([s * 2 for s in seqs], batch_first=True)")

SQ = "a = h.T @ h + torch.eye(4)\n        "


def lin(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, SQ + body, init))


lin("linalg_cholesky_half", "return torch.linalg.cholesky(a.half()).float()")
lin("linalg_solve_bf16_to", "return torch.linalg.solve(a.to(torch.bfloat16), a.bfloat16()).float()")
lin("linalg_inv_half_local", "b = a.half()\n        return torch.inverse(b).float()")
lin(
    "linalg_eigh_autocast_outside",  # autocast in the file, but the op runs after the block
    "with torch.autocast('cpu', dtype=torch.bfloat16):\n            z = h * 2\n"
    "        return torch.linalg.eigh(a.half())[0].float() + z.float().sum()",
)
lin("linalg_ok_float", "return torch.linalg.cholesky(a)")
lin(
    "linalg_ok_autocast_inside",  # CPU autocast runs cholesky in float32
    "with torch.autocast('cpu', dtype=torch.bfloat16):\n"
    "            return torch.linalg.cholesky(a.half()).float()",
)
lin("linalg_ok_matrix_exp", "return torch.linalg.matrix_exp(a.half()).float()")
lin("linalg_ok_cast_back", "return torch.linalg.cholesky(a.half().float())")

# a module method's result (a RemovableHandle, load_state_dict's key report) over a child
KEEP = (
    "class Keep(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.lin = nn.Linear(4, 4)\n\n    def forward(self, x):\n        return self.lin(x)\n\n"
    "    def load_state_dict(self, sd, strict=True):\n        super().load_state_dict(sd, strict)\n"
    "        return self\n\n"
)
BODY = "return self.fc2(h)"


def res(name: str, stmt: str, init: str = "", extra: str = "") -> None:
    layers = ("self.fc = nn.Linear(6, 4)", "self.fc2 = nn.Linear(4, 2)")
    model(name, (3, 6), extra + net_source(layers, stmt + "\n        " + BODY, init))


res("child_hook_handle", "self.fc2 = self.fc2.register_forward_hook(lambda m, i, o: None)")
res("child_pre_hook_lazy",
    "if not self.done:\n            self.fc2 = self.fc2.register_forward_pre_hook(lambda m, a: None)"
    "\n            self.done = True", "self.done = False")  # fmt: skip
res("child_load_result", "self.fc2 = self.fc2.load_state_dict(self.fc2.state_dict())")
res("child_ok_plain_attr", "self.handle = self.fc2.register_forward_hook(lambda m, i, o: None)")
res("child_ok_local", "handle = self.fc2.register_forward_hook(lambda m, i, o: None)\n"
    "        handle.remove()")  # fmt: skip
res("child_ok_own_load", "self.keep = self.keep.load_state_dict(self.keep.state_dict())",
    "self.keep = Keep()", KEEP)  # fmt: skip

# vmap of a function of the code's own: non-tensor outputs, random ops under randomness="error"
VM = "from torch.func import vmap, grad\n\n"


def vm(name: str, fn: str, call: str) -> None:
    src = net_source(FC, call, "")
    src = src.replace("    def forward(self, x):", f"    {fn}\n\n    def forward(self, x):")
    model(name, (3, 6), VM + src)


ONE = "def one(self, r):\n        return self.fc(r) * 2, 1"
vm("vmap_tuple_int", ONE, "return vmap(self.one)(x)[0]")
vm("vmap_none_out", "def one(self, r):\n        return self.fc(r), None",
   "return vmap(self.one, in_dims=0)(x)[0]")  # fmt: skip
vm("vmap_ok_out_dims", ONE, "return vmap(self.one, out_dims=(0, None))(x)[0]")
vm("vmap_ok_tensors", "def one(self, r):\n        return self.fc(r), r.sum()",
   "return vmap(self.one)(x)[0]")  # fmt: skip
vm("vmap_ok_branch", "def one(self, r):\n        if r.dim() > 5:\n            return r, 1\n"
   "        return self.fc(r), r", "return vmap(self.one)(x)[0]")  # fmt: skip
RND = (
    "def one(self, r):\n        n = torch.randn_like(r)\n        return (self.fc(r + n) ** 2).sum()"
)
vm("vmap_random_default", RND, "return vmap(self.one)(x)")
vm("vmap_random_grad", RND, "return vmap(grad(self.one))(x)")
vm("vmap_random_dropout",
   "def one(self, r):\n        return F.dropout(self.fc(r), 0.2, training=True)",
   "return vmap(self.one)(x)")  # fmt: skip
vm("vmap_ok_random_different", RND, "return vmap(self.one, randomness='different')(x)")
vm("vmap_ok_dropout_eval", "def one(self, r):\n        return F.dropout(self.fc(r), 0.2, False)",
   "return vmap(self.one)(x)")  # fmt: skip
vm("vmap_ok_random_in_branch",
   "def one(self, r):\n        if r.shape[0] > 100:\n            r = r + torch.randn_like(r)\n"
   "        return self.fc(r)", "return vmap(self.one)(x)")  # fmt: skip

# a forward hook whose signature cannot take torch's positional arguments, then the module runs
res("hooksig_two_args", "self.fc2.register_forward_hook(lambda m, out: None)")
res("hooksig_pre_three", "self.fc2.register_forward_pre_hook(lambda m, a, b: None)")
model("hooksig_sequential", (3, 6), net_source(
    ("self.body = nn.Sequential(nn.Linear(6, 4), nn.ReLU())",),
    "self.body.register_forward_hook(lambda m, i: None)\n        return self.body(x)"))  # fmt: skip
res("hooksig_ok_three", "self.fc2.register_forward_hook(lambda m, i, o: None)")
res("hooksig_ok_varargs", "self.fc2.register_forward_hook(lambda *a: None)")
res("hooksig_ok_default", "self.fc2.register_forward_pre_hook(lambda m, a, extra=1: None)")
res("hooksig_ok_registered_after_run", "self.fc.register_forward_hook(lambda m, o: None)")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)


@pytest.mark.parametrize("name", ["weight_list_ce", "reduction_none_cfg_attr", "side_end"])
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """The rules are what flag these: with ``DRIFTCHECK_NO_FIX35C=1`` nothing does (crashfix35b's
    constructor checks, switched off too, also know a loss's list ``weight``)."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_CTORS_35B", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_FIX35C", "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_FIX35C")
    assert blockers(path, shape, capsys)
