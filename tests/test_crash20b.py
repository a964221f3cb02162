"""Forward-crash rules of session 20b (fresh10's dev part: the false blocker and misses)
against real torch.

Each model below is small and written here (not a corpus case). It is built and run in torch
on the input given, and ``driftcheck check --input-shape`` must report a blocker exactly when
torch raised. Every rule family (the name's first word) has a crashing model and a clean twin.
"""

from __future__ import annotations

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

# name -> (source of class Net, input shape, "tokens" or "float")
MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


model = registrar(MODELS)


def expr(name: str, shape: tuple[int, ...], body: str, init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` then ``body`` (which returns)."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


# ---- containers forward fills (``dataflow_grown``): their items are unknown, not empty
_STACK = "return torch.stack([e(h) for e in self.{a}], -1)"
expr(
    "grown_never_filled",
    (2, 8),
    _STACK.format(a="experts.values()"),
    "self.experts = nn.ModuleDict()",
)
expr(
    "grown_update",
    (2, 8),
    "if not len(self.experts):\n"
    "            self.experts.update({'e%d' % i: nn.Linear(8, 8) for i in range(3)})\n"
    "        " + _STACK.format(a="experts.values()"),
    "self.experts = nn.ModuleDict()",
)
expr(
    "grown_setitem",
    (2, 8),
    "self.experts['a'] = nn.Linear(8, 8)\n        " + _STACK.format(a="experts.values()"),
    "self.experts = nn.ModuleDict()",
)
expr(
    "grown_append",
    (2, 8),
    "if len(self.blocks) == 0:\n"
    "            self.blocks.append(nn.Linear(8, 8))\n"
    "        " + _STACK.format(a="blocks"),
    "self.blocks = nn.ModuleList()",
)
expr("grown_list_never", (2, 8), _STACK.format(a="blocks"), "self.blocks = nn.ModuleList()")


# ---- a lambda the ``__init__`` interpreter made, called in forward (``_run_lambda``)
_REG = """
NORMS = dict(bn=nn.BatchNorm1d, gn=lambda c: nn.GroupNorm({g}, c))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        h = self.fc(x)
        return NORMS["gn"](h.shape[1])(h)
"""
model("lambda_registry", (2, 8), _REG.format(g=3))
model("lambda_registry_ok", (2, 8), _REG.format(g=4))
_LAM = "self.fn = lambda t: F.pixel_shuffle(t, {r})"
_LAMF = "return self.fn(h.view(2, 8, 1, 1))"
expr("lambda_held", (2, 8), _LAMF, _LAM.format(r=3))
expr("lambda_held_ok", (2, 8), _LAMF, _LAM.format(r=2))

# ---- a loop over a tensor of known shape walks its rows (``Calls.iterate``)
_ROWS = "outs = [torch.mm(r, torch.ones(8, 3)) for r in {t}]\n        return outs[0]"
expr("tensorrows_vectors", (2, 8), _ROWS.format(t="h"))
expr("tensorrows_matrices", (2, 8), _ROWS.format(t="h[None]"))
expr(
    "tensorrows_cell",
    (2, 8),
    "s = torch.zeros(2, 8)\n        for r in h[None, None]:\n"
    "            s = self.cell(r, s)\n        return s",
    "self.cell = nn.GRUCell(8, 8)",
)
expr(
    "tensorrows_cell_ok",
    (2, 8),
    "s = torch.zeros(2, 8)\n        for r in h[None]:\n"
    "            s = self.cell(r, s)\n        return s",
    "self.cell = nn.GRUCell(8, 8)",
)

# ---- a ParameterList sliced in forward (``module_item``)
_PL = (
    "self.ws = nn.ParameterList([nn.Parameter(torch.randn(o, i)) for i, o in ((8, 6), (6, 4))])\n"
    "        self.last = nn.Parameter(torch.randn(2, {n}))"
)
_PLF = "for w in self.ws[:-1]:\n            h = h @ w.t()\n        return h @ self.last.t()"
expr("paramslice_mismatch", (2, 8), _PLF, _PL.format(n=4))
expr("paramslice_ok", (2, 8), _PLF, _PL.format(n=6))


# ---- torch's constructor checks for a layer forward builds (``dataflow_ctors``)
_LAZY = "if getattr(self, 'body', None) is None:\n            self.body = {ctor}\n        return h"
lazy = {
    "seqitem_function": "nn.Sequential(nn.Linear(8, 8), F.relu)",
    "seqitem_class": "nn.Sequential(nn.Linear(8, 8), nn.ReLU)",
    "seqitem_ok": "nn.Sequential(nn.Linear(8, 8), nn.ReLU())",
    "listitem_lambda": "nn.ModuleList([lambda t: t, nn.ReLU()])",
    "listitem_param": "nn.ModuleList([nn.Parameter(torch.randn(h.shape[-1], 2))])",
    "listitem_ok": "nn.ModuleList([None, nn.Linear(h.shape[-1], 2)])",
    "modname_dotted": "nn.ModuleDict({'a.b': nn.ReLU()})",
    "modname_ok": "nn.ModuleDict({'a_b': nn.ReLU()})",
    "actname_swish": "nn.TransformerEncoderLayer(8, 2, 16, activation='swish')",
    "actname_gelu": "nn.TransformerEncoderLayer(8, 2, 16, activation='gelu')",
    "rnnnl_sigmoid": "nn.RNN(8, 8, nonlinearity='sigmoid')",
    "rnnnl_relu": "nn.RNN(8, 8, 1, 'relu')",
    "convpad_full": "nn.Conv1d(8, 8, 3, padding='full')",
    "convpad_same": "nn.Conv1d(8, 8, 3, padding='same')",
    "padmode_reflection": "nn.Conv2d(8, 8, 3, padding_mode='reflection')",
    "padmode_reflect": "nn.Conv2d(8, 8, 3, 1, 1, 1, 1, True, 'reflect')",
    "kaiming_gelu": "nn.init.kaiming_normal_(torch.empty(4, 8), nonlinearity='gelu')",
    "kaiming_mode": "nn.init.kaiming_uniform_(torch.empty(4, 8), mode='fan_avg')",
    "kaiming_ok": "nn.init.kaiming_normal_(torch.empty(4, 8), 0, 'fan_out', 'leaky_relu')",
}
lazy["modname_buffer"] = "None\n        self.register_buffer('stats.mean', h.mean(0))"
lazy["modname_buffer_ok"] = "None\n        self.register_buffer('stats_mean', h.mean(0))"
lazy["modname_add_empty"] = "None\n        self.add_module('', nn.ReLU())"
for _n, _c in lazy.items():
    expr(_n, (2, 8), _LAZY.format(ctor=_c))
# a ModuleDict of ``__init__`` filled in forward: torch checks each name it registers
_MD = "self.experts = nn.ModuleDict()"
_UPD = "if not len(self.experts):\n            self.experts.update({{{k!r} % i: nn.ReLU() for i in range(2)}})\n        return h"
expr("modname_update", (2, 8), _UPD.format(k="e.%d"), _MD)
expr("modname_update_ok", (2, 8), _UPD.format(k="e%d"), _MD)
expr("modname_setitem", (2, 8), "self.experts['a.b'] = nn.ReLU()\n        return h", _MD)


# ---- a module called with arguments its forward cannot take (``dataflow_arity``)
_TWO = """
class Two(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x, adj=None):
        return self.lin(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.seq = nn.Sequential(nn.Linear(8, 8))
        self.two = Two()
        self.blocks = nn.ModuleList([nn.Linear(8, 8)])

    def forward(self, x):
        h = self.fc(x)
        return {call}
"""
calls = {
    "arity_leaf_extra": "self.fc(h, h)",
    "arity_leaf_ok": "self.fc(input=h)",
    "arity_seq_extra": "self.seq(h, h)",
    "arity_seq_ok": "self.seq(h)",
    "arity_user_extra": "self.two(h, h, h)",
    "arity_user_kwarg": "self.two(h, edge_index=h)",
    "arity_user_ok": "self.two(h, adj=h)",
    "arity_list_called": "self.blocks(h)",
    "arity_list_ok": "self.blocks[0](h)",
}
for _n, _c in calls.items():
    model(_n, (2, 8), _TWO.format(call=_c))

# ---- a tensor's size read the wrong way (``dataflow_misuse``)
expr("sizeread_size_sub", (2, 8), "return h.reshape(x.size[0], -1)")
expr("sizeread_shape_call", (2, 8), "return h.reshape(x.shape(0), -1)")
expr("sizeread_ndim_call", (2, 8), "return h if x.ndim() == 2 else x")
expr("sizeread_ok", (2, 8), "return h.reshape(x.size(0), x.shape[1]) if x.ndim == 2 else x")


# ---- argument ranges torch checks, on known values (``dataflow_argvals``)
_Y = "y = h.argmax(-1)\n        return "
argvals = {
    "reduction_avg": _Y + "F.cross_entropy(h, y, reduction='avg')",
    "reduction_batchmean": _Y + "F.mse_loss(h, h, reduction='batchmean')",
    "reduction_kl_batchmean": _Y
    + "F.kl_div(h.log_softmax(-1), h.softmax(-1), reduction='batchmean')",
    "huber_zero": "return F.huber_loss(h, h.detach(), delta=0.0)",
    "huber_ok": "return F.huber_loss(h, h.detach(), delta=0.5)",
    "smoothl1_neg": "return F.smooth_l1_loss(h, h.detach(), beta=-1.0)",
    "smoothl1_zero": "return F.smooth_l1_loss(h, h.detach(), beta=0.0)",
    "margin_p3": _Y + "F.multi_margin_loss(h, y, p=3)",
    "margin_p2": _Y + "F.multi_margin_loss(h, y, 2)",
    "shrink_neg": "return F.softshrink(h, -0.1)",
    "shrink_zero": "return F.softshrink(h, 0.0)",
    "cdist_neg": "return torch.cdist(h, h, p=-1.0)",
    "cdist_zero": "return torch.cdist(h, h, p=0)",
    "histc_swapped": "return torch.histc(h, bins=4, min=1.0, max=-1.0)",
    "histc_bins0": "return torch.histc(h, 0, -1, 1)",
    "histc_ok": "return torch.histc(h, bins=4, min=-1, max=1)",
    "bernoulli_p": "return torch.bernoulli(h.sigmoid(), p=1.5)",
    "bernoulli_ok": "return torch.bernoulli(h.sigmoid(), p=0.5)",
    "meshgrid_2d": "return torch.meshgrid(h, h[0], indexing='ij')[0]",
    "meshgrid_ok": "return torch.meshgrid(h[0], h[1], indexing='ij')[0]",
    "hsplit_uneven": "return torch.hsplit(h, 3)[0]",
    "hsplit_even": "return torch.hsplit(h, 4)[0]",
    "vsplit_uneven": "return torch.vsplit(h, 4)[0]",
    "vsplit_even": "return torch.vsplit(h, 2)[0]",
    "interp_both": "return F.interpolate(h[:, None], size=4, scale_factor=2.0)",
    "interp_recompute": "return F.interpolate(h[:, None], size=4, recompute_scale_factor=True)",
    "interp_aa_nearest": "return F.interpolate(h.view(2, 2, 2, 2), scale_factor=0.5, antialias=True)",
    "interp_ok": (
        "return F.interpolate(h.view(2, 2, 2, 2), scale_factor=0.5, mode='bilinear', antialias=True)"
    ),
}
for _n, _b in argvals.items():
    expr(_n, (2, 8), _b)


# ---- ops whose legality depends on the dtype (``dataflow_dtype_ops``)
dtypes = {
    "inplacediv_arange": "pos = torch.arange(h.shape[-1])\n        pos /= 8\n        return h + pos",
    "inplacediv_int32": "c = h.long().int()\n        c /= 2\n        return h + c",
    "inplacediv_float": "pos = torch.arange(h.shape[-1]).float()\n        pos /= 8\n        return h + pos",
    "inplacediv_method": "pos = torch.arange(8)\n        pos.div_(2)\n        return h + pos",
    "inplacediv_floor": "pos = torch.arange(8)\n        pos.div_(2, rounding_mode='floor')\n        return h + pos",
    "inplacemul_half": "pos = torch.arange(8)\n        pos *= 0.5\n        return h + pos",
    "inplacemul_int": "pos = torch.arange(8)\n        pos *= 2\n        return h + pos",
    "negpow_literal": "k = torch.arange(1, 9)\n        return h * k ** -1",
    "negpow_method": "k = torch.arange(1, 9)\n        return h * k.pow(-2)",
    "negpow_float": "k = torch.arange(1, 9)\n        return h * k ** -1.0",
    "bitwise_float_or": (
        "a = torch.triu(torch.ones(8, 8), diagonal=1)\n"
        "        b = torch.arange(8)[:, None] > 4\n        return h @ (a | b).float()"
    ),
    "bitwise_bool_or": (
        "a = torch.triu(torch.ones(8, 8), diagonal=1).bool()\n"
        "        b = torch.arange(8)[:, None] > 4\n        return h @ (a | b).float()"
    ),
    "invert_float": "m = x.clamp(max=1).to(torch.float32)\n        return h * ~m",
    "invert_long": "m = x.clamp(max=1).long()\n        return h * ~m",
    "invert_full": "m = torch.full((8,), 1.0)\n        return h * ~m",
    "invert_full_int": "m = torch.full((8,), 1)\n        return h * ~m",
}
for _n, _b in dtypes.items():
    expr(_n, (2, 8), _b)
# ``abs`` of a complex tensor is real: its dtype is not carried
expr("complexabs_ok", (2, 8), "return self.fc(torch.fft.rfft(h, n=14).abs())")
expr("complexabs_crash", (2, 8), "return self.fc(torch.fft.rfft(h, n=14))")

# ---- a torch loss module's reduction / delta / beta (``dataflow_argvals.loss_module``)
_LM = "y = h.argmax(-1)\n        return self.crit(h.log_softmax(-1), {t})"
expr(
    "lossmodule_avg", (2, 8), _LM.format(t="y"), "self.crit = nn.CrossEntropyLoss(reduction='avg')"
)
expr("lossmodule_ok", (2, 8), _LM.format(t="y"), "self.crit = nn.NLLLoss(reduction='sum')")
expr(
    "lossmodule_kl",
    (2, 8),
    _LM.format(t="h.softmax(-1)"),
    "self.crit = nn.KLDivLoss(reduction='batchmean')",
)
expr("lossmodule_huber", (2, 8), _LM.format(t="h"), "self.crit = nn.HuberLoss(delta=-1.0)")


# ---- the module's own tensor listings in forward (``dataflow_params``) and nn.init ranks
_INIT = "self.conv = nn.Sequential(nn.Conv1d(2, 4, 3), nn.BatchNorm1d(4), nn.ReLU())"
_LOOP = "for name, p in self.named_parameters():\n            if {cond}:\n                {call}\n        return h"
expr("initrank_all", (2, 8), _LOOP.format(cond="True", call="nn.init.xavier_uniform_(p)"), _INIT)
expr(
    "initrank_weights",
    (2, 8),
    _LOOP.format(cond="p.dim() > 1", call="nn.init.xavier_uniform_(p)"),
    _INIT,
)
expr(
    "initrank_bias_orth",
    (2, 8),
    _LOOP.format(cond="'bias' in name", call="nn.init.orthogonal_(p)"),
    _INIT,
)
expr(
    "initrank_bias_zero",
    (2, 8),
    _LOOP.format(cond="'bias' in name", call="nn.init.zeros_(p)"),
    _INIT,
)
expr(
    "initrank_kaiming_list",
    (2, 8),
    "for p in list(self.parameters())[1:]:\n            nn.init.kaiming_normal_(p)\n        return h",
    _INIT,
)
_BUF = (
    "if not len(list(self.buffers())):\n"
    "            self.register_buffer({k!r}, h.mean(0))\n        return h"
)
expr("buflist_dotted", (2, 8), _BUF.format(k="s.mean"))
expr("buflist_ok_bn", (2, 8), _BUF.format(k="s.mean"), "self.bn = nn.BatchNorm1d(8)")


# ---- a module class built in forward that assigns a layer before its base __init__
_LATE = """
class Part(nn.Module):
    def __init__(self, d):
        {first}
        {second}

    def forward(self, x):
        return self.lin(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        h = self.fc(x)
        return Part(h.shape[-1])(h)
"""
_SUP, _LIN, _PAR = (
    "super().__init__()",
    "self.lin = nn.Linear(d, d)",
    "self.lin = nn.Parameter(torch.ones(d))",
)
model("lateinit_module", (2, 8), _LATE.format(first=_LIN, second=_SUP))
model("lateinit_param", (2, 8), _LATE.format(first=_PAR, second=_SUP))
model("lateinit_ok", (2, 8), _LATE.format(first=_SUP, second=_LIN))
model("lateinit_plain_first", (2, 8), _LATE.format(first="self.d = d", second=_SUP + "; " + _LIN))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("grown_never_filled",), tmp_path, capsys)
