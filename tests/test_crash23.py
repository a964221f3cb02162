"""Forward-crash rules of session 23 (crashburn23: the burned held-out parts of fresh10..fresh13,
the Embedding-of-an-int-cast false blocker, ``__init__`` dtype casts) against real torch.

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


def lin(name: str, shape: tuple[int, ...], body: str, init: str = "") -> None:
    """A model whose forward is ``h = self.proj(x)`` (``(2, 5, 24)``) then ``body``."""
    model(
        name,
        shape,
        net_source(("self.proj = nn.Linear(24, 24)", "self.mix = nn.Linear(6, 6)"), body, init),
    )


L = (2, 5, 24)
N = "\n        "  # a new line of forward's body

# ---- ``out = list(x.shape); out[-1] *= r``: the augmented item store is followed
_SUB = "out = list(h.shape)" + N
lin("augitem_ok_mul", L, _SUB + "out[-1] *= 2" + N + "return h[..., :12].reshape(out[0], -1, 24)")
lin(
    "augitem_ok_reshape",
    L,
    _SUB + "out[-1] //= 4" + N + "out[1] *= 4" + N + "return h.reshape(out)",
)
lin("augitem_mul", L, _SUB + "out[-1] *= 3" + N + "return h.reshape(out)")
lin("augitem_sub", L, _SUB + "out[1] -= 1" + N + "return h.view(out)")

# ---- ``emb(lin(x).long())``: an integer cast of a Linear output indexes an Embedding, legal
# when the values are in range (here the Linear gives exactly 3): no graph rule may call the
# ids floats; a float one (no cast, ``.float()``) still crashes
_EMB = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(24, 4)
        nn.init.zeros_(self.lin.weight)
        nn.init.constant_(self.lin.bias, 3.0)
        self.emb = nn.Embedding(10, 8)

    def forward(self, x):
        return self.emb({ids})
"""
for _n, _ids in (
    ("embcast_ok_long", "self.lin(x).long()"),
    ("embcast_ok_to", "self.lin(x).to(torch.long)"),
    ("embcast_ok_to_dtype", "self.lin(x).to(dtype=torch.int64)"),
    ("embcast_ok_int", "self.lin(x).int()"),
    ("embcast_ok_type", "self.lin(x).type(torch.LongTensor)"),
    ("embcast_ok_clamp", "self.lin(x).long().clamp(0, 9)"),
    ("embcast_raw", "self.lin(x)"),
    ("embcast_float", "self.lin(x).long().float()"),
    ("embcast_scaled", "self.lin(x) * 2"),
):
    model(_n, L, _EMB.format(ids=_ids))

# ---- ``torch.triu_indices(f, f, offset=1)`` (in ``__init__`` or forward): int64 ``(2, n)``,
# its rows pick ``n`` pairs (DLRM's dot interaction: ``Z[:, iu[0], iu[1]]``)
_TRI = """
class Net(nn.Module):
    def __init__(self, f=4):
        super().__init__()
        self.lin = nn.Linear(24, 8)
        self.top = nn.Linear(8 + {width}, 2)
        self.iu = torch.{fn}(f, f, offset={off})

    def forward(self, x):
        h = self.lin(x[:, 0])
        T = h.view(2, 4, 2)
        Z = torch.bmm(T, T.transpose(1, 2))
        iu = {where}
        return self.top(torch.cat([h, Z[:, iu[0], iu[1]]], 1))
"""
for _n, _w, _fn, _o, _where in (
    ("triidx_init", 10, "triu_indices", 1, "self.iu"),
    ("triidx_ok_init", 6, "triu_indices", 1, "self.iu"),
    ("triidx_forward", 6, "triu_indices", 0, "torch.triu_indices(4, 4)"),
    ("triidx_ok_forward", 10, "triu_indices", 0, "torch.triu_indices(4, 4)"),
    ("triidx_ok_tril", 6, "tril_indices", -1, "self.iu"),
    ("triidx_tril_forward", 6, "tril_indices", 0, "torch.tril_indices(4, 4, offset=-2)"),
):
    model(_n, L, _TRI.format(width=_w, fn=_fn, off=_o, where=_where))

# ---- ``x.numel // 10``: a tensor's bound method in arithmetic or an ordering (TypeError)
lin("methodop_floordiv", L, "n = x.numel // 10" + N + "return h")
lin("methodop_if", L, "if x.size - 1 > 0:" + N + "    h = h * 2" + N + "return h")
lin("methodop_order", L, "return h if x.numel < 3 else h * 2")
lin("methodop_tensor", L, "return h + h.sum")
lin("methodop_ok_called", L, "n = x.numel() // 10" + N + "return h[..., :n]")
lin("methodop_ok_equal", L, "return h if x.numel == 3 else h * 2")

# ---- ``self.lin.weight = self.lin.weight * self.mask`` in forward: a registered parameter
# takes only a ``Parameter`` (or None); a plain tensor is torch's TypeError
_PARAM = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(24, 6)
        self.scale = nn.Parameter(torch.ones(6))
        self.register_buffer("mask", torch.ones(6, 24))

    def forward(self, x):
        {body}
        return self.lin(x) * self.scale
"""
for _n, _body in (
    ("paramset_weight", "self.lin.weight = self.lin.weight * self.mask"),
    ("paramset_bias", "self.lin.bias = self.lin.bias.clamp(-1, 1)"),
    ("paramset_own", "self.scale = self.scale.abs()"),
    ("paramset_ok_parameter", "self.lin.weight = nn.Parameter(self.lin.weight * self.mask)"),
    ("paramset_ok_data", "self.lin.weight.data = self.lin.weight * self.mask"),
    ("paramset_ok_buffer", "self.mask = self.mask * 2"),
    ("paramset_ok_other", "self.other = self.lin.weight * 2"),
    ("paramset_ok_none", "self.lin.bias = None"),
):
    model(_n, L, _PARAM.format(body=_body))

# ---- ``torch.bincount`` (no weights) counts in int64; a tensor's rows keep its dtype: an
# in-place true division of the counts is torch's cast error
_IDS = "ids = (h[:, 0].sigmoid() * 7).round().long()" + N
_ROWS = "torch.stack([torch.bincount(r, minlength=8) for r in ids])"
lin(
    "bincount_div",
    L,
    _IDS + "c = torch.bincount(ids[0], minlength=8)" + N + "c /= 2" + N + "return c",
)
lin(
    "bincount_rows_div",
    L,
    _IDS + f"c = {_ROWS}" + N + "c /= c.sum(-1, keepdim=True)" + N + "return c",
)
lin("bincount_method", L, _IDS + "c = ids[1].bincount()" + N + "c /= 2" + N + "return c")
lin("bincount_ok_floordiv", L, _IDS + f"c = {_ROWS}" + N + "c //= 2" + N + "return c")
lin("bincount_ok_float", L, _IDS + f"c = {_ROWS}.float()" + N + "c /= 2" + N + "return c")
lin(
    "bincount_ok_weights",
    L,
    _IDS
    + "c = torch.bincount(ids[0], weights=h[0, 0], minlength=8)"
    + N
    + "c /= 2"
    + N
    + "return c",
)

# ---- a module / buffer name that is a number (``ModuleDict.update({i: ...})``): TypeError
_MD = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.experts = nn.ModuleDict()
        self.gate = nn.Linear(24, 3)

    def forward(self, x):
        if not len(self.experts):
            {body}
        return self.gate(x)
"""
for _n, _body in (
    ("modname_update", "self.experts.update({i: nn.Linear(24, 24) for i in range(3)})"),
    ("modname_setitem", "self.experts[0] = nn.Linear(24, 24)"),
    ("modname_add_module", "self.add_module(1, nn.Linear(24, 24))"),
    ("modname_buffer", "self.register_buffer(2, torch.ones(3))"),
    ("modname_ok_str", "self.experts.update({str(i): nn.Linear(24, 24) for i in range(3)})"),
    ("modname_ok_fmt", "self.experts[f'e{0}'] = nn.Linear(24, 24)"),
):
    model(_n, L, _MD.format(body=_body))

# ---- a Tensor method given more positional arguments than it takes (numpy's transpose)
lin("methodargs_transpose", L, "return h.transpose(0, 2, 1)")
lin("methodargs_unsqueeze", L, "return h.unsqueeze(0, 1)")
lin("methodargs_ok_permute", L, "return h.permute(0, 2, 1)")
lin("methodargs_ok_transpose", L, "return h.transpose(0, 2)")

# ---- ``F.conv2d(..., stride=(1, 2, 2))``: one value or one per spatial axis
_CONV = "w = torch.ones(4, 5, 3, 3)" + N + "g = h.view(2, 5, 4, 6)" + N
for _n, _kw in (
    ("convlen_stride", "stride=(1, 2, 2)"),
    ("convlen_padding", "padding=[1, 1, 1]"),
    ("convlen_dilation_empty", "dilation=()"),
    ("convlen_ok_pair", "stride=(1, 2), padding=1"),
    ("convlen_ok_single", "stride=(2,)"),
):
    lin(_n, L, _CONV + f"return F.conv2d(g, w, None, {_kw})")

# ---- ``F.layer_norm(x, d)``: the functional form's normalized_shape is a shape, not an int
_G = "g = torch.ones(24)" + N
lin("lnint_layer_norm", L, _G + "return F.layer_norm(h, 24, g)")
lin("lnint_rms_norm", L, _G + "return F.rms_norm(h, h.shape[-1], g)")
lin("lnint_ok_tuple", L, _G + "return F.layer_norm(h, (24,), g)")
lin("lnint_ok_shape", L, _G + "return F.layer_norm(h, h.shape[-1:], g)")

# ---- ``torch.finfo`` of an integer dtype / ``torch.iinfo`` of a floating one: TypeError
_ARG = "ids = h.argmax(-1)" + N
lin(
    "dtinfo_finfo_ids",
    L,
    _ARG + "return h.masked_fill(ids[..., None] == 0, torch.finfo(ids.dtype).min)",
)
lin("dtinfo_finfo_long", L, "return h.clamp(min=torch.finfo(torch.long).min)")
lin("dtinfo_iinfo_float", L, "return h.clamp(max=torch.iinfo(h.dtype).max)")
lin(
    "dtinfo_ok_finfo",
    L,
    _ARG + "return h.masked_fill(ids[..., None] == 0, torch.finfo(h.dtype).min)",
)
lin("dtinfo_ok_iinfo", L, _ARG + "return h.clamp(max=torch.iinfo(ids.dtype).max)")

# ---- ``scores + bias`` with ``bias`` an optional argument left at None: TypeError
_OPT = """
class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(24, 24)

    def forward(self, x, bias=None):
        s = self.proj(x)
        {body}
        return s


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn()

    def forward(self, x):
        return self.attn(x{call})
"""
for _n, _body, _call in (
    ("noneop_add", "s = s + bias", ""),
    ("noneop_radd", "s = bias * s", ""),
    ("noneop_aug", "s += bias", ""),
    ("noneop_order", "s = s.clamp(max=1) if bool((s < bias).all()) else s", ""),
    ("noneop_ok_checked", "s = s + bias if bias is not None else s", ""),
    ("noneop_ok_given", "s = s + bias", ", torch.zeros(24)"),
    ("noneop_ok_equal", "s = s * (bias == None)", ""),
):
    model(_n, L, _OPT.format(body=_body, call=_call))
# an attribute None in ``__init__`` and set in forward (not followed by the pass): silent
lin(
    "noneop_ok_lazy_attr",
    L,
    "if self.scale is None:"
    + N
    + "    self.scale = nn.Parameter(torch.ones(24))"
    + N
    + "return h * self.scale",
    init="self.scale = None",
)
lin("noneop_ok_reassigned", L, "b = None" + N + "b = h" + N + "return h + b")
lin("noneop_local", L, "b = None" + N + "return h - b")
lin(
    "noneop_ok_local_read",
    L,
    "b = self.scale" + N + "return h if b is None else h * b",
    init="self.scale = None",
)

# ---- ``self.double()`` / ``.half()`` / ``.to(dtype)`` in ``__init__``: the layers registered by
# then hold that dtype; a float input into a float64 Linear (or float64 into a float32 /
# float16 one) is torch's dtype mismatch. The input is made float here (``.float()``), as
# ``check`` knows no input dtype by default.
_CASTM = """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(24, 6)
        {cast}
        self.late = nn.Linear(24, 6)

    def forward(self, x):
        {body}
"""
for _n, _cast, _body in (
    ("modcast_double", "self.double()", "return self.lin(x.float())"),
    ("modcast_to", "self.to(torch.float64)", "return self.lin(x.float())"),
    ("modcast_to_kw", "self.to(dtype=torch.float64)", "return self.lin(x.float())"),
    ("modcast_leaf", "self.lin.double()", "return self.lin(x.float())"),
    ("modcast_half_f64", "self.half()", "return self.lin(x.double())"),
    ("modcast_chain", "self.double()", "return self.late(self.lin(x.double()))"),
    ("modcast_ok_double", "self.double()", "return self.lin(x.double())"),
    ("modcast_ok_late", "self.double()", "return self.late(x.float())"),
    ("modcast_ok_float", "self.double().float()", "return self.lin(x.float())"),
    ("modcast_ok_device", "self.to('cpu')", "return self.lin(x.float())"),
):
    model(_n, L, _CASTM.format(cast=_cast, body=_body))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_int_cast_ids_silent_without_input_shape(tmp_path, capsys):
    """Size-free, the graph rule (SHP007) sees an edge from the Linear: the cast between keeps
    it silent."""
    names = tuple(n for n in MODELS if n.startswith("embcast_ok"))
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


def test_tri_indices_count_and_values_match_torch():
    """``tri_indices_count`` and numpy's index lists are torch's, over a grid of arguments."""
    torch = pytest.importorskip("torch")
    np = pytest.importorskip("numpy")
    from driftcheck.parsers.source.library.buildcalls import tri_indices_count

    for row in range(6):
        for col in range(6):
            for off in range(-7, 8):
                for upper in (True, False):
                    got = (torch.triu_indices if upper else torch.tril_indices)(row, col, off)
                    fn = np.triu_indices if upper else np.tril_indices
                    ref = np.asarray(fn(row, off, col)).reshape(2, -1)
                    assert got.shape[1] == tri_indices_count(upper, row, col, off)
                    assert (got.numpy() == ref).all(), (row, col, off, upper)


# valid positional arguments of each ``MAX_POSITIONAL`` method, as many as it takes
_ARITY_ARGS = {
    "transpose": "0, 1", "swapaxes": "0, 1", "swapdims": "0, 1", "t": "", "unsqueeze": "0",
    "narrow": "0, 0, 1", "movedim": "0, 1", "moveaxis": "0, 1", "index_select": "0, i",
    "masked_fill": "m, 1.0", "expand_as": "x", "view_as": "x", "type_as": "x", "dim": "",
    "numel": "", "tolist": "", "flatten": "0, 1", "chunk": "2, 0",
}  # fmt: skip


def test_max_positional_matches_torch():
    """Each method runs with ``MAX_POSITIONAL`` arguments and raises TypeError with one more."""
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.forward.dataflow_keywords import MAX_POSITIONAL

    assert set(_ARITY_ARGS) == set(MAX_POSITIONAL)
    for name, n in MAX_POSITIONAL.items():
        x = torch.randn(2, 3) if name == "t" else torch.randn(2, 3, 4)
        env = {"x": x, "i": torch.tensor([0]), "m": x > 0}
        args = eval(f"[{_ARITY_ARGS[name]}]", env)  # noqa: S307 - the table above
        assert len(args) == n, name
        getattr(x, name)(*args)
        with pytest.raises(TypeError):
            getattr(x, name)(*args, 0)
