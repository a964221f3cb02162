"""Forward-crash rules of session 30 (crashfix30b: fresh22's dev misses, made general) against
torch (``driftcheck/parsers/source/forward/dataflow_fix30b.py``).

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin. The tables
the rules read (``BIAS_NONE``, ``VIEWS``, ``ALLOC``, ``INPLACE``, ``TENSOR_SEQ``,
``_NO_PROTOCOL_LEAVES``) are asked of torch item by item.

``setattr``: ``Module.__setattr__`` of a non-module over a child, a number over a buffer or a
parameter; ``regbuf``: ``register_buffer`` of a number; ``unpack``: a module that is not
iterable unpacked, a ModuleDict's keys unpacked; ``strcall``: a str called; ``listidx``: a list
indexed by a str; ``subscr``: a torch layer subscripted; ``paramcall``: a parameter called;
``biasnone``: the bias of a ``bias=False`` layer; ``gen``: ``stack`` / ``cat`` of a generator;
``infer``: inference tensors written outside ``inference_mode``; ``detach``: ``detach_`` of a
view; ``backward``: backward / autograd.grad of a tensor not of one element; ``funcgrad``:
``torch.func.grad`` of a non-scalar function; ``tri``: a float ``tril_indices`` argument;
``sorter``: a ``searchsorted`` sorter not int64; ``isclose``: two dtype families.
"""

from __future__ import annotations

import pytest

from driftcheck.parsers.source.forward import dataflow_fix30b as rules
from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
    net_source,
    registrar,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}
model = registrar(MODELS)


def fwd(name: str, body: str, shape: tuple[int, ...] = (2, 6, 8), init: str = "") -> None:
    """A model whose forward is ``h = self.fc(x)`` (a float ``(2, 6, 8)``) then ``body``."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)",), body, init))


BLOCK = """
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return x + self.fc(x)

"""

# Module.__setattr__
fwd("setattr_tensor_over_child", "self.fc = h\n        return h")
fwd("setattr_list_over_child", "self.fc = []\n        return h", init="")
fwd("setattr_int_over_buffer", "self.steps = 0\n        return h",
    init='self.register_buffer("steps", torch.zeros(()))')  # fmt: skip
fwd("setattr_float_over_param", "self.scale = 1.0\n        return h",
    init="self.scale = nn.Parameter(torch.ones(()))")  # fmt: skip
fwd("setattr_ok_tensor_buffer", "self.steps = h.sum()\n        return h",
    init='self.register_buffer("steps", torch.zeros(()))')  # fmt: skip
fwd("setattr_ok_none", "self.steps = None\n        return h",
    init='self.register_buffer("steps", torch.zeros(()))')  # fmt: skip
fwd("setattr_ok_plain", "self.count = 3\n        return h", init="self.count = 0")
fwd("regbuf_int", 'self.register_buffer("steps", 1)\n        return h')
fwd("regbuf_ok", 'self.register_buffer("steps", torch.ones(1))\n        return h')

# unpacking
model("unpack_user_block", (2, 8), BLOCK + """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(8) for _ in range(2)])

    def forward(self, x):
        for i, blk in self.blocks:
            x = blk(x)
        return x
""")  # fmt: skip
model("unpack_linear", (2, 8), """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lins = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])

    def forward(self, x):
        for i, lin in self.lins:
            x = lin(x)
        return x
""")  # fmt: skip
DICT = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({KEYS})

    def forward(self, x):
        outs = []
        LOOP
        return torch.cat(outs, -1)
"""


def dict_model(name: str, keys: str, loop: str) -> None:
    model(name, (2, 8), DICT.replace("KEYS", keys).replace("LOOP", loop))


dict_model("unpack_keys_long", '"task": nn.Linear(8, 3), "aux": nn.Linear(8, 2)',
           "for name, head in self.heads:\n            outs.append(head(x))")  # fmt: skip
dict_model("strcall_keys_two_chars", '"t1": nn.Linear(8, 3), "t2": nn.Linear(8, 2)',
           "for name, head in self.heads:\n            outs.append(head(x))")  # fmt: skip
dict_model("unpack_ok_items", '"t1": nn.Linear(8, 3), "t2": nn.Linear(8, 2)',
           "for name, head in self.heads.items():\n            outs.append(head(x))")  # fmt: skip
dict_model("strcall_ok_keys", '"t1": nn.Linear(8, 3), "t2": nn.Linear(8, 2)',
           "for k in self.heads:\n            outs.append(self.heads[k](x))")  # fmt: skip
model("listidx_named_children", (2, 8), BLOCK + """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(8) for _ in range(2)])
        self.scales = [1.0, 0.5]

    def forward(self, x):
        for i, blk in self.blocks.named_children():
            x = x + self.scales[i] * blk(x)
        return x
""")  # fmt: skip
model("listidx_ok_enumerate", (2, 8), BLOCK + """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(8) for _ in range(2)])
        self.scales = [1.0, 0.5]

    def forward(self, x):
        for i, blk in enumerate(self.blocks):
            x = x + self.scales[i] * blk(x)
        return x
""")  # fmt: skip

# a layer subscripted, a parameter called
EMB = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(4, 8)
        self.w = nn.Parameter(torch.ones(8, 8))

    def forward(self, ids):
        BODY
"""


def emb(name: str, body: str) -> None:
    model(name, (2, 5), EMB.replace("BODY", body), "tokens")


emb("subscr_embedding", "return self.emb[ids]")
emb("subscr_ok_weight", "return self.emb.weight[ids]")
emb("paramcall_weight", "return self.emb.weight(ids)")
emb("paramcall_own_param", "return self.w(self.emb(ids))")
emb("paramcall_ok", "return F.embedding(ids, self.emb.weight) @ self.w")

# the bias of a bias=False layer
fwd(
    "biasnone_view",
    "return h + self.g.bias.view(1, 1, -1)",
    init="self.g = nn.Linear(8, 8, bias=False)",
)
fwd("biasnone_add", "return h + self.g.bias", init="self.g = nn.Linear(8, 8, bias=False)")
fwd(
    "biasnone_conv",
    "return h + self.g.bias.view(1, -1, 1)",
    init="self.g = nn.Conv1d(6, 6, 1, bias=False)",
)
fwd("biasnone_ok_bias", "return h + self.g.bias.view(1, 1, -1)", init="self.g = nn.Linear(8, 8)")
fwd("biasnone_ok_guard", "return h if self.g.bias is None else h + self.g.bias",
    init="self.g = nn.Linear(8, 8, bias=False)")  # fmt: skip

# stack / cat of a generator
fwd("gen_stack", "return torch.stack(h[:, i] for i in range(3))")
fwd("gen_cat", "return torch.cat(h[:, i] for i in range(3))")
fwd("gen_ok_list", "return torch.stack([h[:, i] for i in range(3)])")
fwd("gen_ok_tuple", "return torch.cat(tuple(h[:, i] for i in range(3)))")

# inference tensors
fwd("infer_inplace", "with torch.inference_mode():\n            mu = h.mean(0)\n"
    "        mu.mul_(0.5)\n        return h - mu")  # fmt: skip
fwd("infer_setitem", "with torch.inference_mode():\n            m = torch.zeros(6, 6)\n"
    "        m[:, 0] = 1.0\n        return h + m[0, :1]")  # fmt: skip
fwd("infer_masked_fill", "with torch.inference_mode():\n            m = torch.full((6, 8), 1.0).triu(1)\n"
    "        m.masked_fill_(m > 0, 0.0)\n        return h + m")  # fmt: skip
fwd("infer_requires_grad", "with torch.inference_mode():\n            mu = h.mean(0)\n"
    "        mu.requires_grad_(True)\n        return h - mu")  # fmt: skip
fwd("infer_ok_clone", "with torch.inference_mode():\n            mu = h.mean(0)\n"
    "        mu = mu.clone()\n        mu.mul_(0.5)\n        return h - mu")  # fmt: skip
fwd("infer_ok_inside", "with torch.inference_mode():\n            mu = h.mean(0)\n"
    "            mu.mul_(0.5)\n        return h - mu")  # fmt: skip
fwd("infer_ok_no_grad", "with torch.no_grad():\n            mu = h.mean(0)\n"
    "        mu.mul_(0.5)\n        return h - mu")  # fmt: skip
fwd("infer_ok_rg_false", "with torch.inference_mode():\n            mu = h.mean(0)\n"
    "        mu.requires_grad_(False)\n        return h - mu")  # fmt: skip

# detach_ of a view
fwd("detach_select", "c = h[:, 0]\n        c.detach_()\n        return c")
fwd("detach_transpose", "c = h.transpose(0, 1)\n        c.detach_()\n        return c")
fwd("detach_ok_new", "c = h + 1\n        c.detach_()\n        return c")
fwd("detach_ok_out_of_place", "c = h[:, 0].detach()\n        return c")

# backward / autograd.grad
fwd("backward_nonscalar", "with torch.enable_grad():\n            xi = x.detach().requires_grad_(True)\n"
    "            y = self.fc(xi).sum(-1)\n            y.backward()\n        return xi.grad")  # fmt: skip
fwd("backward_grad_nonscalar", "with torch.enable_grad():\n            xi = x.detach().requires_grad_(True)\n"
    "            y = self.fc(xi).sum(-1)\n            g, = torch.autograd.grad(y, xi)\n"
    "        return g")  # fmt: skip
fwd("backward_ok_scalar", "with torch.enable_grad():\n            xi = x.detach().requires_grad_(True)\n"
    "            y = self.fc(xi).sum()\n            y.backward()\n        return xi.grad")  # fmt: skip
fwd("backward_ok_gradient", "with torch.enable_grad():\n            xi = x.detach().requires_grad_(True)\n"
    "            y = self.fc(xi)\n            y.backward(torch.ones_like(y))\n        return xi.grad")  # fmt: skip

# torch.func.grad
FUNC = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 4) * 0.1)

    def energy(self, x):
        return BODY

    def forward(self, x):
        g = torch.func.grad(self.energy)(x)
        return g * x
"""
model("funcgrad_matrix", (3, 4), FUNC.replace("BODY", "torch.tanh(x @ self.w)"))
model("funcgrad_rows", (3, 4), FUNC.replace("BODY", "torch.tanh(x @ self.w).sum(-1)"))
model("funcgrad_ok", (3, 4), FUNC.replace("BODY", "torch.tanh(x @ self.w).sum()"))

# argument dtypes
fwd("tri_float_offset", "T = h.shape[1]\n        i, j = torch.tril_indices(T, T, -T / T)\n"
    "        return h[:, i] + h[:, j]")  # fmt: skip
fwd("tri_float_row", "T = h.shape[1]\n        i, j = torch.triu_indices(T / 2, T)\n"
    "        return h[:, i] + h[:, j]")  # fmt: skip
fwd("tri_ok", "T = h.shape[1]\n        i, j = torch.tril_indices(T, T, -T // T)\n"
    "        return h[:, i] + h[:, j]")  # fmt: skip
fwd("sorter_int", "e = h[0, 0]\n        s = torch.argsort(e).int()\n"
    "        return torch.searchsorted(e, h.contiguous(), sorter=s)")  # fmt: skip
fwd("sorter_ok", "e = h[0, 0]\n        s = torch.argsort(e)\n"
    "        return torch.searchsorted(e, h.contiguous(), sorter=s)")  # fmt: skip
fwd("isclose_long_float", "a = h.argmax(-1)\n        b = h.argmax(-1).float()\n"
    "        return torch.isclose(a, b)")  # fmt: skip
fwd("isclose_method", "a = h.argmax(-1)\n        b = h.argmax(-1).float()\n"
    "        return a.isclose(b)")  # fmt: skip
fwd("isclose_ok", "a = h.argmax(-1).float()\n        b = h.argmax(-1).float()\n"
    "        return torch.isclose(a, b)")  # fmt: skip


# ModuleList.append of a tensor, an autograd.Function instance called, a method read as a number
model("mlappend_tensor", (2, 8), """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.feats = nn.ModuleList()

    def forward(self, x):
        h = self.fc(x)
        self.feats.append(h.mean(0))
        return h
""")  # fmt: skip
model("mlappend_ok_module", (2, 8), """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.feats = nn.ModuleList()
        self.store = []

    def forward(self, x):
        h = self.fc(x)
        self.store.append(h.mean(0))
        return h
""")  # fmt: skip
FN = """
class Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return CALL
"""
model("fnlegacy_instance", (2, 8), FN.replace("CALL", "Twice()(self.fc(x))"))
model("fnlegacy_ok_apply", (2, 8), FN.replace("CALL", "Twice.apply(self.fc(x))"))
fwd("methodnum_float", "return h.flatten(1).float * 1.0")
fwd("methodnum_contiguous", "return h.contiguous + h")
fwd("methodnum_ok", "return h.flatten(1).float() * 1.0")


# float index tensors: ``arange`` with a float bound, ``torch.div`` without a rounding mode
fwd("idxdtype_arange_float", "T = h.shape[1]\n        keep = torch.arange(0, T / 2)\n"
    "        return h[:, keep]")  # fmt: skip
fwd("idxdtype_div", "T = h.shape[1]\n        keep = torch.div(torch.arange(T), 2)\n"
    "        return h[:, keep]")  # fmt: skip
fwd("idxdtype_ok_floor", "T = h.shape[1]\n        keep = torch.div(torch.arange(T), 2, "
    "rounding_mode='floor')\n        return h[:, keep]")  # fmt: skip
fwd("idxdtype_ok_int", "T = h.shape[1]\n        keep = torch.arange(0, T // 2)\n"
    "        return h[:, keep]")  # fmt: skip


# the model's own shape guard: ``if <sizes>: raise``
GUARD = """
class Net(nn.Module):
    def __init__(self, hop=4):
        super().__init__()
        self.hop = hop
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        if TEST:
            raise ValueError("bad length")
        return self.fc(x)
"""
model("guard_modulo", (2, 6, 8), GUARD.replace("TEST", "x.shape[1] % self.hop != 0"))
model("guard_dim", (2, 6, 8), GUARD.replace("TEST", "x.dim() != 2"))
model("guard_or", (2, 6, 8), GUARD.replace("TEST", "x.size(0) > 4 or x.shape[1] > 5"))
model("guard_ok_modulo", (2, 8, 8), GUARD.replace("TEST", "x.shape[1] % self.hop != 0"))
model("guard_ok_and", (2, 6, 8), GUARD.replace("TEST", "x.size(0) > 4 and x.shape[1] > 5"))


# an int index past its axis in an index write (a KV cache a decode loop overruns)
KV = """
class Net(nn.Module):
    def __init__(self, steps=STEPS):
        super().__init__()
        self.steps = steps
        self.fc = nn.Linear(8, 8)
        self.register_buffer("cache", torch.zeros(2, 4, 8))

    def forward(self, x):
        for pos in range(self.steps):
            self.cache[:, pos] = self.fc(x)
        return self.cache.sum(1)
"""
model("setidx_cache_overrun", (2, 8), KV.replace("STEPS", "5"))
model("setidx_ok_cache", (2, 8), KV.replace("STEPS", "4"))
fwd(
    "setidx_local_neg",
    "c = torch.zeros(2, 3, 8)\n        c[..., -4, :] = h[:, 0]\n        return c",
)
fwd(
    "setidx_ok_local_neg",
    "c = torch.zeros(2, 3, 8)\n        c[..., -3, :] = h[:, 0]\n        return c",
)


# a lazy layer's weight read before its first call
LAZY = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.LazyConv1d(4, 3, padding=1)
        self.head = nn.LazyLinear(5)

    def forward(self, x):
        BODY
"""
model("lazy_shape_before", (2, 6, 8), LAZY.replace("BODY", "n = self.head.weight.shape[0]\n"
      "        return self.head(torch.relu(self.conv(x)).flatten(1)) * n"))  # fmt: skip
model("lazy_numel_before", (2, 6, 8), LAZY.replace("BODY", "n = self.conv.weight.numel()\n"
      "        return self.head(torch.relu(self.conv(x)).flatten(1)) * n"))  # fmt: skip
model("lazy_ok_after", (2, 6, 8), LAZY.replace("BODY", "h = torch.relu(self.conv(x))\n"
      "        n = self.conv.weight.shape[0]\n        return self.head(h.flatten(1)) * n"))  # fmt: skip
model("lazy_ok_size", (2, 6, 8), LAZY.replace("BODY", "n = self.head.weight.ndim\n"
      "        return self.head(torch.relu(self.conv(x)).flatten(1)) * n"))  # fmt: skip


# NestedTensor reductions, quantized tensors in arithmetic
fwd("nested_sum", "nt = torch.nested.nested_tensor([h[0, :2], h[0]])\n        return nt.sum(1)")
fwd("nested_mean_fn", "nt = torch.nested.nested_tensor([h[0, :2], h[0]])\n"
    "        return torch.mean(nt, -1)")  # fmt: skip
fwd("nested_ok_softmax", "nt = torch.nested.nested_tensor([h[0, :2], h[0]])\n"
    "        return nt.softmax(-1).to_padded_tensor(0.0)")  # fmt: skip
fwd(
    "quant_plus_float",
    "q = torch.quantize_per_tensor(h, 0.05, 0, torch.quint8)\n        return q + h",
)
fwd(
    "quant_times_number",
    "q = torch.quantize_per_tensor(h, 0.05, 0, torch.quint8)\n        return q * 2.0",
)
fwd("quant_ok_dequantize", "q = torch.quantize_per_tensor(h, 0.05, 0, torch.quint8)\n"
    "        return q.dequantize() + h")  # fmt: skip


# load_state_dict of another width
SD = """
class Student(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 3))

    def forward(self, x):
        return self.body(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = Student(16)
        self.teacher = Student(WIDTH)

    def forward(self, x):
        self.teacher.load_state_dict(self.student.state_dict()STRICT)
        return self.student(x) - self.teacher(x)
"""
model("statedict_narrow", (2, 8), SD.replace("WIDTH", "8").replace("STRICT", ""))
model("statedict_nonstrict", (2, 8), SD.replace("WIDTH", "8").replace("STRICT", ", strict=False"))
model("statedict_ok", (2, 8), SD.replace("WIDTH", "16").replace("STRICT", ""))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    names = ("setattr_tensor_over_child", "unpack_user_block", "subscr_embedding",
             "infer_inplace", "detach_select", "gen_stack", "biasnone_add")  # fmt: skip
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


def test_bias_none_table_is_torchs():
    torch = pytest.importorskip("torch")
    nn = torch.nn
    made = {
        "Linear": lambda: nn.Linear(2, 2, bias=False),
        "Bilinear": lambda: nn.Bilinear(2, 2, 2, bias=False),
        "LayerNorm": lambda: nn.LayerNorm(2, bias=False),
    }
    for name in rules.BIAS_NONE:
        if name in made:
            layer = made[name]()
        else:
            layer = getattr(nn, name)(2, 2, 1, bias=False)
        assert layer.bias is None, name
        with_bias = made[name]() if name in made else getattr(nn, name)(2, 2, 1)
        if name not in made:
            assert isinstance(with_bias.bias, torch.Tensor), name


def test_no_protocol_leaves_are_torchs():
    torch = pytest.importorskip("torch")
    for name in rules._NO_PROTOCOL_LEAVES:
        cls = getattr(torch.nn, name)
        assert not hasattr(cls, "__iter__") and not hasattr(cls, "__getitem__"), name
    for name in ("ModuleList", "Sequential", "ModuleDict"):  # the containers are not in it
        assert name not in rules._NO_PROTOCOL_LEAVES


def test_views_table_is_torchs():
    torch = pytest.importorskip("torch")
    x = torch.randn(2, 3, 4)
    args = {"view": (24,), "view_as": (torch.zeros(24),), "transpose": (0, 1), "t": None,
            "permute": (2, 1, 0), "narrow": (0, 0, 1), "select": (0, 0), "squeeze": (),
            "unsqueeze": (0,), "expand": (2, 2, 3, 4), "expand_as": (torch.zeros(2, 2, 3, 4),),
            "diagonal": (), "unflatten": (2, (2, 2)), "as_strided": ((2, 2), (1, 1)),
            "movedim": (0, 1), "swapaxes": (0, 1), "swapdims": (0, 1),
            "unfold": (2, 2, 1)}  # fmt: skip
    assert set(args) == set(rules.VIEWS)
    for name, a in args.items():
        base = torch.randn(3, 4) if a is None else x
        v = getattr(base, name)(*(a or ()))
        assert v._is_view(), name
        with pytest.raises(RuntimeError, match="detach views in-place"):
            v.detach_()


def test_alloc_table_is_torchs():
    torch = pytest.importorskip("torch")
    x = torch.rand(3, 3) + 0.5
    fac = {"zeros": (3,), "ones": (3,), "full": ((3,), 1.0), "empty": (3,), "rand": (3,),
           "randn": (3,), "randint": (0, 3, (3,)), "arange": (3,), "linspace": (0, 1, 3),
           "eye": (3,), "tensor": ([1.0],), "zeros_like": (x,), "ones_like": (x,),
           "full_like": (x, 1.0), "empty_like": (x,), "rand_like": (x,), "randn_like": (x,),
           "cat": ([x, x],), "stack": ([x, x],), "where": (x > 1, x, x),
           "outer": (x[0], x[0])}  # fmt: skip
    with torch.inference_mode():
        for name in rules.ALLOC:
            if name in fac:
                out = getattr(torch, name)(*fac[name])
            elif name in ("add", "sub", "mul", "div", "pow", "matmul", "mm"):
                out = getattr(x, name)(x)
            elif name == "bmm":
                out = x[None].bmm(x[None])
            elif name in ("softmax", "log_softmax", "cumsum", "logsumexp"):
                out = getattr(x, name)(0)
            else:
                out = getattr(x, name)()
            assert out.is_inference() and not out._is_view(), name
            assert out.data_ptr() != x.data_ptr(), name


def test_inplace_table_is_torchs():
    torch = pytest.importorskip("torch")
    with torch.inference_mode():
        x = torch.rand(3, 3) + 0.5
    extra = {"masked_fill_": (x > 2, 0.0), "fill_": (1.0,), "copy_": (torch.zeros(3, 3),),
             "clamp_": (0, 1), "clamp_min_": (0,), "clamp_max_": (1,),
             "index_fill_": (0, torch.tensor([0]), 1.0),
             "index_add_": (0, torch.tensor([0]), torch.ones(1, 3)),
             "index_copy_": (0, torch.tensor([0]), torch.ones(1, 3)),
             "scatter_": (0, torch.zeros(1, 3, dtype=torch.long), 1.0),
             "scatter_add_": (0, torch.zeros(1, 3, dtype=torch.long), torch.ones(1, 3)),
             "masked_scatter_": (x > 2, torch.ones(3, 3)), "pow_": (2,),
             "fill_diagonal_": (0.0,), "addcmul_": (x, x), "addcdiv_": (x, x),
             "lerp_": (x, 0.5), "add_": (1,), "sub_": (1,), "mul_": (2,), "div_": (2,),
             "bernoulli_": (0.5,), "unsqueeze_": (0,), "squeeze_": (),
             "transpose_": (0, 1)}  # fmt: skip
    for name in rules.INPLACE:
        with torch.inference_mode():
            y = x.clone()
        with pytest.raises(RuntimeError, match="Inplace update to inference tensor"):
            getattr(y, name)(*extra.get(name, ()))


def test_tensor_seq_refuses_generators():
    torch = pytest.importorskip("torch")
    for q in rules.TENSOR_SEQ:
        fn = getattr(torch, q.split(".", 1)[1])
        with pytest.raises(TypeError, match="generator"):
            fn(torch.zeros(2) for _ in range(2))
        fn([torch.zeros(2) for _ in range(2)])


def test_grad_names_and_isclose_are_torchs():
    torch = pytest.importorskip("torch")
    assert callable(torch.func.grad) and callable(torch.func.grad_and_value)
    with pytest.raises(RuntimeError, match="scalar"):
        torch.func.grad(lambda t: t * 2)(torch.ones(2))
    for a, b in [(torch.int64, torch.float32), (torch.bool, torch.float32),
                 (torch.uint8, torch.int64), (torch.bool, torch.int64)]:  # fmt: skip
        with pytest.raises(RuntimeError, match="did not match"):
            torch.isclose(torch.zeros(2, dtype=a), torch.zeros(2, dtype=b))
    for dt in (torch.int32, torch.int16, torch.int8, torch.float32):
        with pytest.raises(RuntimeError, match="sorter must be a tensor of long"):
            torch.searchsorted(torch.arange(3.0), torch.ones(2), sorter=torch.arange(3).to(dt))
    for args in [(3, 3, -1.0), (3.0, 3), (3, 3.0)]:
        with pytest.raises(TypeError, match="must be int, not float"):
            torch.tril_indices(*args)


def test_more_methods_are_bound_methods():
    torch = pytest.importorskip("torch")
    x = torch.ones(2, 3)
    for name in rules.MORE_METHODS:
        m = getattr(x, name)
        assert type(m).__name__ == "builtin_function_or_method", name
        with pytest.raises(TypeError):
            m * 1.0


def test_float_arange_and_true_divs_are_torchs():
    torch = pytest.importorskip("torch")
    assert torch.arange(0, 3.0).is_floating_point()
    assert torch.arange(0.5, 3).is_floating_point()
    for q in rules.TRUE_DIVS:
        fn = getattr(torch, q.split(".", 1)[1])
        assert fn(torch.arange(4), 2).is_floating_point(), q
        assert fn(torch.arange(4), torch.arange(1, 5)).is_floating_point(), q


def test_lazy_methods_are_torchs():
    torch = pytest.importorskip("torch")
    for layer in (torch.nn.LazyLinear(3), torch.nn.LazyConv2d(4, 3), torch.nn.LazyBatchNorm1d()):
        w = layer.weight
        with pytest.raises(RuntimeError, match="uninitialized parameter"):
            _ = w.shape
        for name in rules.LAZY_METHODS:
            with pytest.raises((RuntimeError, ValueError)):
                getattr(w, name)(*((-1,) if name == "view" else ()))
        assert w.ndim is not None and w.dtype == torch.float32


def test_nested_and_quantized_rules_are_torchs():
    torch = pytest.importorskip("torch")
    h = torch.randn(2, 8)
    for q in rules.NESTED_MAKERS:
        nt = getattr(torch.nested, q.rsplit(".", 1)[1])([h[:1], h])
        assert nt.is_nested, q
        for name in rules.NESTED_REDUCTIONS:
            for dim in (1, -1, 2):
                with pytest.raises((RuntimeError, NotImplementedError)):
                    getattr(nt, name)(dim)
    q = torch.quantize_per_tensor(h, 0.05, 0, torch.quint8)
    assert torch.quantize_per_channel(
        h, torch.ones(2) * 0.1, torch.zeros(2), 0, torch.quint8
    ).is_quantized
    import operator

    ops = {"Add": operator.add, "Sub": operator.sub, "Mult": operator.mul,
           "Div": operator.truediv, "MatMult": operator.matmul}  # fmt: skip
    for op in rules.QUANT_OPS:
        fn = ops[op.__name__]
        others = (h.T,) if op.__name__ == "MatMult" else (h, 2.0, q)
        for other in others:
            with pytest.raises((RuntimeError, NotImplementedError)):
                fn(q, other)
