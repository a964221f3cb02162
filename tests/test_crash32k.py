"""Forward-crash rules of session 32 (crashfix32b: fresh24's dev misses, made general) against
torch (``driftcheck/parsers/source/forward/dataflow_fix32b.py`` and the kaiming mode rule of
``dataflow_ctors.py``).

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin. The tables the
rules read (``DTYPE_NAMES``, ``DEVICE_TYPES``, ``NO_TENSOR_ATTRS`` x ``NO_TENSOR_LAYERS``,
``GENERATORS``) and the device-string grammar are asked of torch item by item.

``kaiming``: the init mode, lower-cased by torch first (``"FAN_IN"`` is fine); ``dtype``: a
dtype called; ``device``: a device string torch refuses; ``toorder``: ``to(dtype, device)``;
``dropout``: a float as the functional dropout's ``training``; ``leafattr``: a tensor attribute
of a torch layer; ``gen`` / ``view``: a module listing (a generator) or a dict view indexed or
read; ``concat``: str + int; ``listop``: a tensor with a list of numbers under an operator;
``dictkey``: a tensor as a dict key; ``bool``: ``max`` / ``sorted`` of many-valued tensors;
``sizeint``: a ``torch.Size`` slice as an int; ``pair``: torch's (values, indices) pair indexed
by a tuple.
"""

from __future__ import annotations

import pytest

from driftcheck.parsers.source.forward import dataflow_fix32b as rules
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import collections\nimport math\n\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def fwd(name: str, body: str, shape: tuple[int, ...] = (2, 6, 8), init: str = "",
        layers: tuple[str, ...] = ("self.fc = nn.Linear(8, 8)",)) -> None:  # fmt: skip
    """A model whose forward is ``h = self.<first layer>(x)`` then ``body``."""
    model(name, shape, net_source(layers, body, init))


# the kaiming init mode (torch lower-cases it; a zero-element tensor returns before reading it)
fwd("kaiming_ok_upper", 'nn.init.kaiming_normal_(self.fc.weight, mode="FAN_IN")\n        return h')
fwd(
    "kaiming_ok_mixed", 'nn.init.kaiming_uniform_(self.fc.weight, mode="Fan_Out")\n        return h'
)
fwd(
    "kaiming_ok_empty",
    'nn.init.kaiming_normal_(torch.empty(0, 4), mode="fan_avg")\n        return h',
)
fwd("kaiming_avg", 'nn.init.kaiming_normal_(self.fc.weight, mode="fan_avg")\n        return h')
fwd("kaiming_upper_typo", 'nn.init.kaiming_uniform_(self.fc.weight, 0, "FANIN")\n        return h')

# a dtype called
fwd("dtype_long", "return self.fc(torch.long(h > 0).float())")
fwd("dtype_float32", "return torch.float32(h)")
fwd("dtype_ok_to", "return h.to(torch.float32) + h.long().float()")

# device strings
fwd("device_gpu", 'return h.to("gpu")')
fwd("device_upper", 'return h.to(device="CPU")')
fwd("device_no_colon", 'return h + torch.zeros(8, device="cuda0")')
fwd("device_ctor", 'return h.to(torch.device("Cpu"))')
fwd("device_index_zero_pad", 'return h + torch.ones(8, device="cpu:01")')
fwd("device_new_zeros", 'return h + h.new_zeros(8, device="gpu")')
fwd(
    "device_ok_new_zeros",
    'return h + h.new_zeros(8, device="cpu") + h.new_full((8,), 2.0, device="cpu:0")',
)
fwd("device_ok", 'return h.to("cpu") + torch.zeros(8, device="cpu:0")')
fwd("device_ok_ctor", 'return h.to(torch.device("cpu"))')

# to(dtype, device)
fwd("toorder_str", 'return h.to(torch.float64, "cpu")')
fwd("toorder_device", "return h.to(torch.float64, x.device)")
fwd("toorder_ctor", 'return h.to(torch.float64, torch.device("cpu"))')
fwd("toorder_ok", 'return h.to("cpu", torch.float64) + h.to(x.device, torch.float64)')
fwd("toorder_ok_nonblocking", "return h.to(torch.float64, False)")

# functional dropout's training flag
fwd("dropout_swapped", "return F.dropout(h, self.training, 0.1)")
fwd("dropout_swapped_2d", "return F.dropout2d(h, False, 0.2)", (2, 3, 8, 8),
    layers=("self.fc = nn.Conv2d(3, 4, 3)",))  # fmt: skip
fwd("dropout_alpha", "return F.alpha_dropout(h, 0.1, 0.5)")
fwd("dropout_ok", "return F.dropout(h, 0.1, self.training) + F.dropout(h, p=0.2, training=True)")

# a tensor attribute of a torch layer
EMB = ("self.fc = nn.Linear(8, 8)", "self.emb = nn.Embedding(10, 8)")
fwd("leafattr_shape", "return h[:, : self.emb.shape[0]]", layers=EMB)
fwd("leafattr_size", "return h[:, : self.emb.size(0)]", layers=EMB)
fwd("leafattr_detach", "return h + self.fc.detach().sum()")
fwd("leafattr_dtype", "return h.to(self.fc.dtype)")
fwd("leafattr_ok_weight", "return h[:, : self.emb.weight.shape[0]] + self.fc.weight.detach().sum()",
    layers=EMB)  # fmt: skip
fwd("leafattr_ok_upsample_size", "return h * len(self.up.size)",
    layers=("self.fc = nn.Linear(8, 8)", "self.up = nn.Upsample(size=(4, 4))"))  # fmt: skip
fwd("leafattr_ok_float", "return self.fc.float()(h)")

# module listings (generators) and dict views
fwd("gen_params_index", "return h * self.fc.parameters()[0].sum()")
fwd("gen_params_attr", "return h.to(self.fc.parameters().dtype)")
fwd("gen_children_index", "return self.seq.children()[0](h)",
    layers=("self.fc = nn.Linear(8, 8)", "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())"))  # fmt: skip
fwd(
    "gen_ok_list",
    "return h * list(self.fc.parameters())[0].sum() + next(self.fc.parameters()).sum()",
)
fwd("gen_ok_children", "return list(self.seq.children())[0](h)",
    layers=("self.fc = nn.Linear(8, 8)", "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())"))  # fmt: skip
GRU = ("self.fc = nn.Linear(8, 8)", "self.rnn = nn.GRU(8, 8, batch_first=True)")
fwd(
    "gen_self_params_attr",
    "ref = self.parameters()\n        return self.rnn(h.to(ref.dtype))[0]",
    layers=GRU,
)
fwd("gen_modules_sliced", "for m in self.seq.modules()[1:]:\n            h = m(h)\n        return h",
    layers=("self.fc = nn.Linear(8, 8)", "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())"))  # fmt: skip
fwd("gen_ok_modules_loop",
    "n = sum(p.numel() for p in self.parameters())\n        for m in self.modules():\n"
    "            n = n + 1\n        return self.rnn(h * n)[0] + next(self.parameters()).sum()",
    layers=GRU)  # fmt: skip
fwd("view_keys", "return h * self.d.keys()[0]", init='self.d = {2: "a", 3: "b"}')
fwd("view_values", "return h * self.d.values()[-1]", init='self.d = {"a": 2, "b": 3}')
fwd("view_moduledict", "return self.heads[self.heads.keys()[0]](h)",
    layers=("self.fc = nn.Linear(8, 8)", 'self.heads = nn.ModuleDict({"a": nn.Linear(8, 2)})'))  # fmt: skip
fwd("view_ok_list", 'return h * list(self.d.values())[-1] * sorted(self.d)[0]',
    init='self.d = {2: 2, 3: 3}')  # fmt: skip

# str + int
fwd("concat_getattr", 'return getattr(self, "fc" + 0)(h)',
    init='self.fc0 = nn.Linear(8, 8)')  # fmt: skip
fwd("concat_loop", 'for i in range(2):\n            h = getattr(self, "block" + i)(h)\n        return h',
    init='self.block0 = nn.Linear(8, 8)\n        self.block1 = nn.Linear(8, 8)')  # fmt: skip
fwd("concat_ok", 'for i in range(2):\n            h = getattr(self, "block" + str(i))(h)\n        return h',
    init='self.block0 = nn.Linear(8, 8)\n        self.block1 = nn.Linear(8, 8)')  # fmt: skip

# a tensor with a list / tuple of numbers under an operator
fwd("listop_mul", "return h * self.w", init="self.w = [0.5] * 8")
fwd("listop_add_tuple", "return h + (1.0, 2.0)")
fwd("listop_rsub", "return [1.0] * 8 - h")
fwd("listop_ok_tensor", "return h * torch.tensor(self.w)", init="self.w = [0.5] * 8")
fwd("listop_ok_repeat", "return h * len([1, 2] * torch.tensor([2]))")

# a tensor as a dict key
fwd("dictkey_item", "return h * self.g[h[0, 0, 0]]", init="self.g = {0: 1.0, 1: 0.5}")
fwd("dictkey_argmax", "return h * self.g[h.argmax()]", init='self.g = {"a": 1.0}')
fwd("dictkey_ok_defaultdict", "return h * self.g[h.argmax()]",
    init="self.g = collections.defaultdict(float)\n        self.g[0] = 1.0")  # fmt: skip
fwd("dictkey_ok_counter", "return h * self.g[h.argmax()]",
    init='self.g = collections.Counter("ab")')  # fmt: skip
fwd("dictkey_ok_forward_defaultdict",
    "g = collections.defaultdict(float)\n        g[0] = 1.0\n        return h * g[h.argmax()]")  # fmt: skip
fwd(
    "dictkey_ok_int",
    "return h * self.g[int(h[0, 0, 0] > 0)]",
    init="self.g = {0: 1.0, 1: 0.5, True: 2.0}",
)

# the truth value of a many-valued tensor in max / min / sorted
fwd("bool_max", "return max([h, h * 2])")
fwd("bool_min_tuple", "return min((h, h + 1))")
fwd("bool_sorted", "return sorted([h, -h])[-1]")
fwd("bool_ok_scalars", "return h * max([h.sum(), h.mean()])")

# a torch.Size where an int is wanted
fwd("sizeint_range", "for i in range(h.shape[1:2]):\n            h = h + i\n        return h")
fwd("sizeint_int", "return h[:, : int(h.shape[-1:])]")
fwd(
    "sizeint_ok",
    "for i in range(h.shape[1]):\n            h = h + i\n        return h[:, : int(h.shape[-1])]",
)

# torch's (values, indices) pair indexed by a tuple
fwd("pair_sort", "return h.sort(dim=-1)[:, :3]")
fwd("pair_max", "return h.max(dim=1)[..., 0]")
fwd("pair_topk", "return torch.topk(h, 2)[0, :]")
fwd("pair_ok", "return h.sort(dim=-1)[0][..., :3] + h.max(1)[0][:, None, :3] + torch.topk(h, 3)[0]")

# a reduction over an empty dim
fwd("reduce_max_dim", "return h[:, 6:].max(dim=1).values")
fwd("reduce_amax_tuple", "return h[:, 6:].amax((1, 2))")
fwd("reduce_argmin_neg", "return h[:, :, :0].argmin(-1)")
fwd("reduce_torch_median", "return torch.median(h[:, 6:], 1)[0]")
fwd("reduce_kthvalue", "return h[:, 6:].kthvalue(1, 1)[0]")
fwd("reduce_max_all_empty", "return h * h[:, 6:].max()")
fwd(
    "reduce_ok", "return h[:, 6:].max(dim=2).values.sum() + h[:, 6:].logsumexp(1) + h[:, 6:].sum(1)"
)
fwd("reduce_ok_median_all", "return h * h[:, 6:].median() + h.max(h)")

# a half-precision fill past the dtype's range
fwd("fill_half_1e9", "return h.half().masked_fill(h > 0, -1e9).float()")
fwd(
    "fill_half_f32min", "return h.half().masked_fill(h > 0, torch.finfo(torch.float32).min).float()"
)
fwd("fill_bf16_f32min", "return h.bfloat16().masked_fill(h > 0, -3.4e38).float()")
fwd("fill_half_fill_", "return h.half().fill_(70000).float()")
fwd(
    "fill_ok",
    "return h.half().masked_fill(h > 0, -65504.0).float() + h.bfloat16().masked_fill(h > 0, -1e9).float()",
)
fwd(
    "fill_ok_inf",
    'return h.half().masked_fill(h > 0, float("-inf")).float() + h.masked_fill(h > 0, -1e30)',
)

# linspace of tensor bounds that are not 0-dim
fwd("linspace_one_element", "return h + torch.linspace(h.mean().view(1), h.mean().view(1) + 1, 8)")
fwd("linspace_keepdim", "return h + torch.logspace(0.0, h.amax(-1, keepdim=True)[0, 0], 8)")
fwd("linspace_ok", "return h + torch.linspace(h.mean(), h.mean() + 1, 8)")

# a module given as a tensor sequence
SEQ = (
    "self.fc = nn.Linear(8, 8)",
    "self.branches = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])",
)
fwd("stackmod_stack", "return torch.stack(self.branches).mean(0)", layers=SEQ)
fwd("stackmod_cat", "return torch.cat(self.branches, 0)", layers=SEQ)
fwd("stackmod_ok", "return torch.stack([b(h) for b in self.branches]).mean(0)", layers=SEQ)

# math of plain numbers CPython refuses
fwd("math_log_negative", "return h * math.log(self.period)", init="self.period = -1.0")
fwd("math_sqrt_negative", "return h / math.sqrt(1.0 - self.beta)", init="self.beta = 1.5")
fwd("math_exp_overflow", "return h * math.exp(self.big)", init="self.big = 1000")
fwd("math_ok", "return h * math.log(self.period) / math.sqrt(1.0 - self.beta)",
    init="self.period = 2.0\n        self.beta = 0.5")  # fmt: skip

# a gradient of another shape than its output
EG = "with torch.enable_grad():\n            xi = x.detach().requires_grad_()\n            y = self.fc(xi)\n            "
fwd(
    "gradshape_grad_vector",
    EG + "(g,) = torch.autograd.grad(y, xi, grad_outputs=torch.ones(y.shape[0]))\n        return g",
)
fwd("gradshape_backward", EG + "y.backward(torch.ones(1, 8))\n        return y.detach()")
fwd(
    "gradshape_list",
    EG + "g = torch.autograd.grad([y], [xi], [torch.ones(2, 6)])[0]\n        return g",
)
fwd(
    "gradshape_ok",
    EG + "(g,) = torch.autograd.grad(y, xi, grad_outputs=torch.ones_like(y))\n        return g",
)
fwd(
    "gradshape_ok_backward",
    EG + "y.backward(torch.ones(2, 6, 8))\n        return y.detach() + xi.grad",
)

# a tensor made in inference_mode saved for backward under enable_grad
INF = ("self.fc = nn.Linear(8, 8)", "self.g = nn.Linear(8, 8)",
       "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())", "self.scale = nn.Parameter(torch.ones(8))")  # fmt: skip
IM = "with torch.inference_mode():\n            p = self.{}(x)\n        "
EG2 = "with torch.enable_grad():\n            out = "
fwd("infer_linear", IM.format("fc") + EG2 + "self.g(p)\n        return out.detach()", layers=INF)
fwd("infer_seq", IM.format("seq") + EG2 + "self.g(p)\n        return out.detach()", layers=INF)
fwd(
    "infer_mul_param",
    IM.format("seq") + EG2 + "p * self.scale\n        return out.detach()",
    layers=INF,
)
fwd(
    "infer_mul_out",
    IM.format("fc") + EG2 + "self.g(h) * p\n        return out.detach()",
    layers=INF,
)
fwd(
    "infer_ok_add",
    IM.format("fc") + EG2 + "p + self.scale\n        return out.detach()",
    layers=INF,
)
fwd(
    "infer_ok_clone",
    IM.format("fc") + "p = p.clone()\n        " + EG2 + "self.g(p)\n        return out.detach()",
    layers=INF,
)
fwd("infer_arith", "with torch.inference_mode():\n            p = h * 2\n        " + EG2 + "self.g(p)\n        return out.detach()", layers=INF)  # fmt: skip
fwd("infer_factory", "with torch.inference_mode():\n            p = torch.ones(2, 6, 8)\n        " + EG2 + "p * self.scale\n        return out.detach()", layers=INF)  # fmt: skip
fwd("infer_ok_nograd", IM.format("seq") + "return self.g(p) * self.scale", layers=INF)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    names = ("dtype_long", "device_gpu", "leafattr_shape", "gen_params_index", "listop_mul")
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


def test_dtype_names_are_torchs():
    torch = pytest.importorskip("torch")
    for n in rules.DTYPE_NAMES:
        assert isinstance(getattr(torch, n), torch.dtype), n


@pytest.mark.parametrize(
    "s",
    ["cpu", "cuda", "cuda:0", "cuda:1", "meta", "mps", "cpu:0", "gpu", "CPU", "Cuda", "cuda0",
     "cuda:01", "cuda:", ":0", "cpu:-1", "", "cuda:0:1", "c_pu", "privateuseone", "xla:3",
     "cuda:a", " cpu", "hpu:10"],
)  # fmt: skip
def test_device_strings_are_torchs(s):
    torch = pytest.importorskip("torch")
    try:
        torch.device(s)
        refused = False
    except RuntimeError:
        refused = True
    assert (rules.device_error(s) is not None) is refused, s


def test_no_tensor_attrs_are_torchs():
    torch = pytest.importorskip("torch")
    nn = torch.nn
    made = {
        "Linear": lambda: nn.Linear(4, 4), "Bilinear": lambda: nn.Bilinear(4, 4, 4),
        "Conv1d": lambda: nn.Conv1d(2, 2, 3), "Conv2d": lambda: nn.Conv2d(2, 2, 3),
        "Conv3d": lambda: nn.Conv3d(2, 2, 3),
        "ConvTranspose1d": lambda: nn.ConvTranspose1d(2, 2, 3),
        "ConvTranspose2d": lambda: nn.ConvTranspose2d(2, 2, 3),
        "ConvTranspose3d": lambda: nn.ConvTranspose3d(2, 2, 3),
        "Embedding": lambda: nn.Embedding(4, 4), "EmbeddingBag": lambda: nn.EmbeddingBag(4, 4),
        "LayerNorm": lambda: nn.LayerNorm(4), "BatchNorm1d": lambda: nn.BatchNorm1d(4),
        "BatchNorm2d": lambda: nn.BatchNorm2d(4), "BatchNorm3d": lambda: nn.BatchNorm3d(4),
        "GroupNorm": lambda: nn.GroupNorm(2, 4), "InstanceNorm1d": lambda: nn.InstanceNorm1d(4),
        "InstanceNorm2d": lambda: nn.InstanceNorm2d(4), "RMSNorm": lambda: nn.RMSNorm(4),
        "GRU": lambda: nn.GRU(4, 4), "LSTM": lambda: nn.LSTM(4, 4), "RNN": lambda: nn.RNN(4, 4),
        "GRUCell": lambda: nn.GRUCell(4, 4), "LSTMCell": lambda: nn.LSTMCell(4, 4),
        "RNNCell": lambda: nn.RNNCell(4, 4),
        "MultiheadAttention": lambda: nn.MultiheadAttention(4, 2),
        "TransformerEncoderLayer": lambda: nn.TransformerEncoderLayer(4, 2, 8),
        "TransformerDecoderLayer": lambda: nn.TransformerDecoderLayer(4, 2, 8),
        "ReLU": nn.ReLU, "GELU": nn.GELU, "SiLU": nn.SiLU, "Tanh": nn.Tanh,
        "Sigmoid": nn.Sigmoid, "Dropout": nn.Dropout, "Identity": nn.Identity, "PReLU": nn.PReLU,
    }  # fmt: skip
    assert set(made) == set(rules.NO_TENSOR_LAYERS)
    t = torch.zeros(2, 2)
    for name in rules.NO_TENSOR_ATTRS:
        assert hasattr(t, name), name  # a tensor's attribute
        for kind, ctor in made.items():
            assert not hasattr(ctor(), name), (kind, name)


def test_generators_are_torchs():
    torch = pytest.importorskip("torch")
    import types

    m = torch.nn.Sequential(torch.nn.Linear(2, 2))
    for name in rules.GENERATORS:
        assert isinstance(getattr(m, name)(), types.GeneratorType), name
