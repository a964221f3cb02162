"""Session 35 (crashfix35b): torch's own argument checks of objects built in forward
(``dataflow_fix35b``): ``SGD(nesterov=True)``, ``nn.RNN/LSTM/GRU`` sizes and dropout,
``AdaptiveLogSoftmaxWithLoss`` cutoffs, ``Tensor.type(str)``; and ``sorted()`` in forward
(it used to return its items unsorted). Each model is run by torch (CPU, seeded): a blocker
exactly when torch raises; the ``_ok`` twins show what the rules must not claim."""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    blockers,
    check_both_sides,
    net_source,
    registrar,
    torch_crashes,
    write,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)
FC = ("self.fc = nn.Linear(6, 6)",)


def net(name: str, body: str, init: str = "") -> None:
    model(name, (3, 6), net_source(FC, body, init))


def lazy(name: str, make: str, use: str = "return h", init: str = "") -> None:
    """``make`` built once, in forward, under ``if self.obj is None`` (as the corpus does)."""
    body = f"if self.obj is None:\n            self.obj = {make}\n        {use}"
    net(name, body, "self.obj = None" + (f"\n        {init}" if init else ""))


# SGD: nesterov needs a momentum and zero dampening
P = "self.parameters()"
lazy("sgd_nesterov_no_momentum", f"torch.optim.SGD({P}, lr=0.1, nesterov=True)")
lazy("sgd_nesterov_momentum_zero", f"torch.optim.SGD({P}, lr=0.1, momentum=0.0, nesterov=True)")
lazy("sgd_nesterov_dampened", f"torch.optim.SGD({P}, 0.1, 0.9, 0.1, nesterov=True)")
lazy("sgd_nesterov_positional", f"torch.optim.SGD({P}, 0.1, 0.0, 0.0, 0.0, True)")
lazy("sgd_nesterov_cfg", f"torch.optim.SGD({P}, lr=0.1, momentum=self.m, nesterov=self.n)",
     init="self.m, self.n = 0, True")  # fmt: skip
lazy("sgd_ok_nesterov", f"torch.optim.SGD({P}, lr=0.1, momentum=0.9, nesterov=True)")
lazy("sgd_ok_dampened_plain", f"torch.optim.SGD({P}, lr=0.1, momentum=0.9, dampening=0.5)")
lazy(
    "sgd_ok_nesterov_false", f"torch.optim.SGD({P}, lr=0.1, nesterov=self.n)", init="self.n = False"
)

# RNNBase: dropout in [0, 1], sizes and num_layers greater than zero
lazy("rnn_gru_zero_layers", "nn.GRU(6, 4, num_layers=0)")
lazy("rnn_lstm_floor_zero", "nn.LSTM(6, 4, num_layers=self.depth // 2)", init="self.depth = 1")
lazy("rnn_lstm_int_share", "nn.LSTM(6, 4, int(self.depth * 0.5))", init="self.depth = 1")
lazy("rnn_lstm_dropout_percent", "nn.LSTM(6, 4, 2, dropout=10)")
lazy("rnn_gru_dropout_negative", "nn.GRU(6, 4, num_layers=2, dropout=-0.1)")
lazy("rnn_rnn_hidden_zero", "nn.RNN(6, 0)")
lazy("rnn_rnn_positional_layers", 'nn.RNN(6, 4, 0, "tanh")')
lazy("rnn_ok_rnn_positional", 'nn.RNN(6, 4, 2, "relu", True, True, 0.5)')
lazy("rnn_ok_dropout_one", "nn.LSTM(6, 4, 2, dropout=1)")
lazy("rnn_ok_single_layer_dropout", "nn.GRU(6, 4, dropout=0.5)")  # a warning only
lazy("rnn_ok_used", "nn.LSTM(6, 4, num_layers=max(1, self.depth // 2), batch_first=True)",
     "return self.obj(h.unsqueeze(1))[0].squeeze(1)", init="self.depth = 1")  # fmt: skip

# AdaptiveLogSoftmaxWithLoss: unique, increasing cutoffs in 1 .. n_classes - 1
ADA = "nn.AdaptiveLogSoftmaxWithLoss(6, 10, cutoffs={})"
lazy("adasm_unsorted", ADA.format("[5, 2]"))
lazy("adasm_last_is_n_classes", ADA.format("self.cut + [10]"), init="self.cut = [2, 5]")
lazy("adasm_zero", ADA.format("[int(10 * s) for s in (0.0, 0.5)]"))
lazy("adasm_share_one", ADA.format("[int(10 * s) for s in (0.3, 1.0)]"))
lazy("adasm_duplicate", ADA.format("[3, 3]"))
lazy("adasm_empty", ADA.format("[]"))
lazy("adasm_fraction", ADA.format("[2.5, 5]"))
lazy("adasm_ok", ADA.format("[2, 5]"), "return self.obj.log_prob(h)")
lazy("adasm_ok_sorted_copy", ADA.format("sorted(self.cut)"), "return self.obj.log_prob(h)",
     init="self.cut = [5, 2]")  # fmt: skip
lazy("adasm_ok_sorted_reverse", ADA.format("sorted(self.cut, reverse=True)[::-1]"),
     init="self.cut = [5, 2]")  # fmt: skip
lazy("adasm_ok_sorted_items", ADA.format("[v for _, v in sorted(self.cut.items())]"),
     init='self.cut = {"b": 5, "a": 2}')  # fmt: skip

# Tensor.type(str): a name that is no tensor type's
net("ttype_short_name", 'return h.type("bf16").float()')
net("ttype_dtype_repr", 'return h.type("torch.bfloat16").float()')
net("ttype_keyword", 'return h.type(dtype="float16").float()')
net("ttype_cfg", "return h.type(self.name).float()", init='self.name = "float16"')
net("ttype_ok_tensor_name", 'return h.type("torch.DoubleTensor").float()')
net("ttype_ok_dtype", "return h.type(torch.float64).float()")
net("ttype_ok_query", 'return h if h.type() == "torch.FloatTensor" else h * 2')


# checkpoint: the reentrant variant (the default) takes no keywords for the function
CK = "from torch.utils.checkpoint import checkpoint\n\n"
BLOCK = (
    "\nclass Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.fc = nn.Linear(6, 6)\n\n    def forward(self, x, scale=1.0):\n"
    "        return x + scale * self.fc(x)\n"
)


def ck(name: str, call: str) -> None:
    src = BLOCK + net_source(("self.blk = Block()",), f"return {call}")
    model(name, (3, 6), CK + src)


ck("ckpt_reentrant_kwarg", "checkpoint(self.blk, h, scale=0.5, use_reentrant=True)")
ck("ckpt_default_kwarg", "checkpoint(self.blk, h, scale=0.5)")
ck("ckpt_ok_nonreentrant_kwarg", "checkpoint(self.blk, h, scale=0.5, use_reentrant=False)")
ck("ckpt_ok_positional", "checkpoint(self.blk, h, 0.5, use_reentrant=True)")
ck("ckpt_ok_preserve", "checkpoint(self.blk, h, preserve_rng_state=False, use_reentrant=True)")

# pad_sequence: tensors only, padded on the left or the right
PS = "torch.nn.utils.rnn.pad_sequence"
net("pad_side_end", f'return {PS}([h[0], h[1, :3]], batch_first=True, padding_side="end")')
net("pad_side_capital", f'return {PS}([h[0], h[1, :3]], True, 0.0, "Left")')
net("pad_list_elements", f"return {PS}([[1.0, 2.0], [3.0]], batch_first=True)")
net("pad_ok_left", f'return {PS}([h[0], h[1, :3]], batch_first=True, padding_side="left")')
net("pad_ok_default", f"return {PS}([h[0], h[1, :3]])")

# samplers' own checks
SM = "from torch.utils.data import BatchSampler, DistributedSampler, RandomSampler, WeightedRandomSampler\n"
SM += "from torch.utils.data import DataLoader, TensorDataset\n\n"


def smp(name: str, make: str) -> None:
    body = f"s = {make}\n        return h + len(list(iter(s)))"
    model(name, (3, 6), SM + net_source(FC, body))


smp("smp_weighted_zero", "WeightedRandomSampler(h.abs().sum(-1), num_samples=int(3 * 0.1))")
smp("smp_weighted_2d", "WeightedRandomSampler(h.abs(), num_samples=2)")
smp("smp_weighted_float", "WeightedRandomSampler(h.abs().sum(-1), 1.5)")
smp("smp_batch_zero", "BatchSampler(range(3), batch_size=2 // 4, drop_last=False)")
smp("smp_random_zero", "RandomSampler(range(3), num_samples=0)")
smp("smp_dist_rank", "DistributedSampler(range(8), num_replicas=4, rank=4)")
smp("smp_dist_negative", "DistributedSampler(range(8), 2, -1)")
smp("smp_ok_weighted", "WeightedRandomSampler(h.abs().sum(-1), num_samples=2)")
smp("smp_ok_batch", "BatchSampler(range(3), 2, False)")
smp("smp_ok_random", "RandomSampler(range(3), num_samples=5)")
smp("smp_ok_dist", "DistributedSampler(range(8), num_replicas=4, rank=3)")


# LambdaLR: one lambda per group, each called at construction; add_param_group takes a dict
TWO = "[{'params': self.fc.parameters()}, {'params': self.g.parameters(), 'lr': 0.01}]"
FG = ("self.fc = nn.Linear(6, 6)", "self.g = nn.Linear(6, 6)")


def sched(name: str, make: str, opt_in_init: bool = False, groups: str = TWO) -> None:
    opt = f"torch.optim.SGD({groups}, lr=0.1)"
    init = f"self.opt = {opt}\n        self.s = None" if opt_in_init else "self.s = None"
    made = "" if opt_in_init else f"self.opt = {opt}\n            "
    body = f"if self.s is None:\n            {made}self.s = {make}\n        return self.g(h)"
    model(name, (3, 6), net_source(FG, body, init))


LLR = "torch.optim.lr_scheduler.LambdaLR"
sched("lambda_floats", f"{LLR}(self.opt, [1.0, 0.5])")
sched("lambda_floats_init_opt", f"{LLR}(self.opt, [0.9, 0.9])", opt_in_init=True)
sched("lambda_scalar_float", f"{LLR}(self.opt, 0.5)", opt_in_init=True)
sched("lambda_count", f"{LLR}(self.opt, [lambda s: 1.0])")
sched("lambda_count_one_group", f"{LLR}(self.opt, [lambda s: 1.0, lambda s: 0.5])",
      groups="self.parameters()")  # fmt: skip
sched("lambda_ok_two", f"{LLR}(self.opt, [lambda s: 1.0, lambda s: 0.5])")
sched("lambda_ok_one", f"{LLR}(self.opt, lambda s: 0.9 ** s)", opt_in_init=True)
sched("lambda_ok_init_opt_fns", f"{LLR}(self.opt, [abs, abs])", opt_in_init=True)
sched("lambda_ok_partial_unknown", f"{LLR}(self.opt, [lambda s: 1.0, abs])", opt_in_init=True)


def group(name: str, call: str) -> None:
    init = "self.opt = torch.optim.SGD(self.fc.parameters(), lr=0.1)\n        self.ready = False"
    body = f"if not self.ready:\n            {call}\n            self.ready = True\n        return self.g(h)"
    model(name, (3, 6), net_source(FG, body, init))


group("group_list", "self.opt.add_param_group(list(self.g.parameters()))")
group("group_starred_list", "self.opt.add_param_group([*self.g.parameters()])")
group("group_ok_dict", "self.opt.add_param_group({'params': list(self.g.parameters())})")
group("group_ok_dict_call", "self.opt.add_param_group(dict(params=self.g.parameters(), lr=0.01))")


# weighted losses: their weights are buffers (a tensor or None)
lazy("lossw_ce_list", "nn.CrossEntropyLoss(weight=[1.0, 2.0, 1.0, 1.0, 1.0, 1.0])")
lazy("lossw_nll_repeat", "nn.NLLLoss(weight=[1.0] * 6)")
lazy("lossw_bce_pos_tuple", "nn.BCEWithLogitsLoss(pos_weight=(2.0, 1.0))")
lazy("lossw_ce_positional_tuple", "nn.CrossEntropyLoss((1.0, 2.0))")
lazy("lossw_ok_tensor", "nn.CrossEntropyLoss(weight=torch.tensor([1.0] * 6))",
     "return self.obj(h, h.argmax(-1)).reshape(1, 1) + h")  # fmt: skip
lazy("lossw_ok_none", "nn.NLLLoss(weight=None)")
lazy("lossw_ok_margin_p", "nn.MultiMarginLoss(1, 1.0)")
smp("smp_ok_weighted_none_unjudged", "WeightedRandomSampler(h.abs().sum(-1), 2, True, None)")


# prune.custom_from_mask: the mask has the tensor's own shape
PR = "import torch.nn.utils.prune as prune\n\n"


def pmask(name: str, mask: str, layer: str = "nn.Linear(6, 4)", shape=(3, 6)) -> None:
    body = (
        "if not self.done:\n"
        f'            prune.custom_from_mask(self.g, "weight", {mask})\n'
        "            self.done = True\n        return self.g(h)"
    )
    first = "nn.Identity()" if len(shape) > 2 else "nn.Linear(6, 6)"
    src = net_source((f"self.fc = {first}", f"self.g = {layer}"), body, "self.done = False")
    model(name, shape, PR + src)


pmask("pmask_rows", "torch.ones(4)")
pmask("pmask_transposed", "torch.ones(6, 4)")
pmask("pmask_from_weight_rows", "(self.g.weight.abs().amax(1) > 0).float()")
pmask("pmask_conv_channels", "torch.ones(8)", "nn.Conv2d(3, 8, 3)", (2, 3, 6, 6))
pmask(
    "pmask_conv_kernel", "torch.ones(self.g.weight.shape[1:])", "nn.Conv2d(3, 8, 3)", (2, 3, 6, 6)
)
pmask("pmask_ok_full", "(self.g.weight.abs() > 0.1).float()")
pmask("pmask_ok_ones", "torch.ones(4, 6)")
pmask("pmask_ok_conv", "torch.ones_like(self.g.weight)", "nn.Conv2d(3, 8, 3)", (2, 3, 6, 6))


# optimizers refuse non-leaf tensors (made under enable_grad from parameters)
def nonleaf(name: str, make: str, grad: bool = True) -> None:
    mode = "torch.enable_grad()" if grad else "torch.no_grad()"
    body = f"with {mode}:\n            self.opt = {make}\n        return self.g(h)"
    model(name, (3, 6), net_source(FG, body))


nonleaf("nonleaf_scaled", "torch.optim.Adam([p * 2.0 for p in self.g.parameters()], lr=1e-3)")
nonleaf("nonleaf_sgd_exp", "torch.optim.SGD([self.g.weight.exp()], lr=0.1, momentum=0.9)")
nonleaf("nonleaf_ok_no_grad", "torch.optim.Adam([p * 2.0 for p in self.g.parameters()])", False)
nonleaf("nonleaf_ok_params", "torch.optim.Adam([p for p in self.g.parameters()], lr=1e-3)")
nonleaf("nonleaf_ok_detached", "torch.optim.Adam([p.detach() * 2 for p in self.g.parameters()])")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    _, shape, kind = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    crashes = torch_crashes(path, shape, kind)
    assert crashes is ("_ok" not in name), name  # the case is what its name says
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, found)
    if crashes:
        assert any(loc.get("line") for f in found for loc in f.get("locations", [])), found


def test_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


@pytest.mark.parametrize(
    "name",
    ["sgd_nesterov_no_momentum", "rnn_gru_zero_layers", "adasm_unsorted", "ttype_short_name"],
)
def test_switch_off(name, tmp_path, capsys, monkeypatch):
    """The rules are what flag these: with ``DRIFTCHECK_NO_CTORS_35B=1`` nothing does (and
    with session 36's table of torch's checks off too: it reads several of the same checks
    from torch's source, ``tests/test_torchchecks36.py``)."""
    _, shape, _ = MODELS[name]
    path = write(MODELS, HEAD, name, tmp_path)
    monkeypatch.setenv("DRIFTCHECK_NO_CTORS_35B", "1")
    monkeypatch.setenv("DRIFTCHECK_NO_TORCH_CHECKS", "1")
    assert not blockers(path, shape, capsys)
    monkeypatch.delenv("DRIFTCHECK_NO_TORCH_CHECKS")
    monkeypatch.delenv("DRIFTCHECK_NO_CTORS_35B")
    assert blockers(path, shape, capsys)


def test_sorted_plain():
    from driftcheck.parsers.source.forward.dataflow_fix35b import sorted_plain

    assert sorted_plain([3, 1, 2], {}) == [1, 2, 3]
    assert sorted_plain([3, 1.5], {"reverse": True}) == [3, 1.5]
    assert sorted_plain(["b", "a"], {}) == ["a", "b"]
    assert sorted_plain([("b", object), ("a", int)], {}) == [("a", int), ("b", object)]
    assert sorted_plain([("a", object), ("a", int)], {}) is None  # a tie: values compared
    assert sorted_plain([1, "a"], {}) is None  # Python's TypeError: not known
    assert sorted_plain([1, 2], {"key": abs}) is None
