"""Forward-crash rules of session 21a (fresh11's dev part, new defect classes) against real torch.

Each model below is built and run in torch on the input given, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval alike). Each
rule family has a crashing model and a clean twin (the names' first word).
"""

from __future__ import annotations

import textwrap

import pytest

from tests.crash_rule_support import (
    check_blocker_iff_crash,
    check_both_sides,
    check_silent_without_shape,
)

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"

MODELS: dict[str, tuple[str, tuple[int, ...], str]] = {}


def model(name: str, shape: tuple[int, ...], init: str, body: str) -> None:
    """``Net`` with ``init`` after ``super().__init__()`` and ``body`` as forward."""
    src = (
        "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + textwrap.indent(textwrap.dedent(init).strip("\n"), " " * 8)
        + "\n\n    def forward(self, x):\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + "\n"
    )
    MODELS[name] = (src, shape, "float")


S = (2, 8)
# ---- a torch container indexed past its items: IndexError / KeyError
DICT = "self.e = nn.ModuleDict(dict(mlp=nn.Linear(8, 8), lin=nn.Linear(8, 8)))"
model("container_dict_missing", S, DICT, 'return self.e["ffn"](x)')
model("container_dict_case", S, DICT, 'return self.e["MLP"](x)')
model("container_dict_ok", S, DICT, 'return self.e["mlp"](x) + self.e["lin"](x)')
model(
    "container_dict_loop_ok",
    S,
    "self.e = nn.ModuleDict({k: nn.Linear(8, 8) for k in ('a', 'b')})",
    'return self.e["b"](x)',
)
model(
    "container_dict_setitem_ok",
    S,
    "self.e = nn.ModuleDict()\nself.e['a'] = nn.Linear(8, 8)\nself.e.add_module('b', nn.ReLU())",
    'return self.e["b"](self.e["a"](x))',
)
model(
    "container_dict_update_ok",
    S,
    "self.e = nn.ModuleDict()\nself.e.update({'a': nn.Linear(8, 8)})",
    'return self.e["a"](x)',
)
model(
    "container_dict_guarded_ok",
    S,
    DICT,
    'if "ffn" in self.e:\n    return self.e["ffn"](x)\nreturn self.e["lin"](x)',
)
LIST = "self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])"
model("container_list_past", S, LIST, "for i in range(4):\n    x = self.blocks[i](x)\nreturn x")
model("container_list_neg_past", S, LIST, "return self.blocks[-4](x)")
model("container_list_ok", S, LIST, "for i in range(3):\n    x = self.blocks[i](x)\nreturn x")
model("container_list_neg_ok", S, LIST, "return self.blocks[-3](x)")
model(
    "container_list_append_ok",
    S,
    "self.blocks = nn.ModuleList()\nfor _ in range(2):\n    self.blocks.append(nn.Linear(8, 8))",
    "return self.blocks[1](x)",
)
model(
    "container_seq_past",
    S,
    "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())",
    "return self.seq[2](x)",
)
model(
    "container_seq_ok",
    S,
    "self.seq = nn.Sequential(nn.Linear(8, 8), nn.ReLU())",
    "return self.seq[1](self.seq[0](x))",
)
model(
    "container_grown_ok",
    S,
    LIST,
    "self.blocks.append(nn.Linear(8, 8))\nreturn self.blocks[3](x)",
)


# ---- a float where torch takes an int (true division / a float factor)
C = (2, 4, 8, 8)
model(
    "float_conv_padding", C, "self.c = nn.Conv2d(4, 4, 3, padding=(3 - 1) / 2)", "return self.c(x)"
)
model(
    "float_conv_padding_ok",
    C,
    "self.c = nn.Conv2d(4, 4, 3, padding=(3 - 1) // 2)",
    "return self.c(x)",
)
model("float_conv_int_ok", C, "self.c = nn.Conv2d(4, 4, 3, padding=int(2 / 2))", "return self.c(x)")
model("float_adaptive_pool", C, "self.p = nn.AdaptiveAvgPool2d(8 / 4)", "return self.p(x)")
model("float_avg_pool", C, "self.p = nn.AvgPool2d(4 / 2)", "return self.p(x)")
model("float_dropout_ok", (2, 8), "self.d = nn.Dropout(1 / 2)", "return self.d(x)")
model("float_upsample_ok", C, "self.u = nn.Upsample(scale_factor=4 / 2)", "return self.u(x)")
model("float_fpad", (2, 4, 8), "self.k = 3", "return F.pad(x, ((self.k - 1) * 1.0, 0))")
model("float_fpad_ok", (2, 4, 8), "self.k = 3", "return F.pad(x, ((self.k - 1) * 1, 0), value=0.5)")
model("float_fpool", C, "pass", "return F.avg_pool2d(x, x.shape[-1] / 4)")
model("float_fpool_ok", C, "pass", "return F.avg_pool2d(x, x.shape[-1] // 4)")
model("float_interp_scale_ok", C, "pass", "return F.interpolate(x, scale_factor=4 / 2)")
model(
    "float_range",
    (2, 12, 8),
    "self.c = 4",
    """
parts = []
for i in range(x.shape[1] / self.c):
    parts.append(x[:, i * self.c : (i + 1) * self.c].mean(1))
return torch.stack(parts, 1)""",
)
model(
    "float_range_ok",
    (2, 12, 8),
    "self.c = 4",
    """
parts = []
for i in range(int(x.shape[1] / self.c)):
    parts.append(x[:, i * self.c : (i + 1) * self.c].mean(1))
return torch.stack(parts, 1)""",
)
model(
    "float_view",
    (2, 8, 8),
    "self.h = 2",
    "return x.view(x.shape[0], x.shape[1], self.h, x.shape[2] / self.h)",
)
model(
    "float_view_ok",
    (2, 8, 8),
    "self.h = 2",
    "return x.view(x.shape[0], x.shape[1], self.h, x.shape[2] // self.h)",
)
model("float_reshape_tuple", (2, 8, 8), "pass", "return x.reshape((2, 64 / 2, -1))")
model("float_chunk", (2, 8, 8), "pass", "return x.chunk(4 / 2, -1)[0]")
model("float_zeros", (2, 8), "pass", "return x + torch.zeros(2, x.shape[1] / 1)")
model("float_full_ok", (2, 8), "pass", "return x + torch.full((2, 8), 1 / 2)")
model("float_arange_ok", (2, 8), "pass", "return x + torch.arange(8 / 1)")


# ---- a list added to a torch.Size (a tuple): TypeError
Q = (2, 5, 8)
model("size_plus_list", Q, "self.h = 2", "return x.view(x.shape[:-1] + [self.h, -1])")
model("size_plus_list_whole", Q, "self.h = 2", "return x.view(x.shape + [1])")
model("size_list_plus_size", Q, "pass", "return x.view([2] + x.shape[1:])")
model("size_plus_tuple_ok", Q, "self.h = 2", "return x.view(x.shape[:-1] + (self.h, -1))")
model("size_list_of_size_ok", Q, "self.h = 2", "return x.view(list(x.shape[:-1]) + [self.h, -1])")
model(
    "size_map_pieces",
    Q,
    "self.qkv = nn.Linear(8, 24)",
    "q, k, v = map(lambda t: t.view(t.shape[:-1] + [2, -1]), self.qkv(x).chunk(3, -1))\n"
    "return q + k + v",
)
model(
    "size_map_pieces_ok",
    Q,
    "self.qkv = nn.Linear(8, 24)",
    "q, k, v = map(lambda t: t.view(*t.shape[:-1], 2, -1), self.qkv(x).chunk(3, -1))\n"
    "return q + k + v",
)
# the map over pieces is followed: a head split that does not divide is torch's crash
model(
    "size_map_pieces_view",
    Q,
    "self.qkv = nn.Linear(8, 24)",
    "q, k, v = map(lambda t: t.view(*t.shape[:-1], 3, -1), self.qkv(x).chunk(3, -1))\n"
    "return q + k + v",
)


# ---- floating-point-only ops on an integer tensor
P = (2, 6)
model("intdtype_softmax", P, "pass", "return x * F.softmax(torch.arange(6), -1)")
model("intdtype_softmax_method", P, "pass", "return x * torch.arange(6).softmax(0)")
model("intdtype_gelu", P, "pass", "return x * F.gelu(torch.arange(6) - 3)")
model("intdtype_std", P, "pass", "return x * torch.arange(6).std()")
model("intdtype_var_long", P, "pass", "return x * x.long().var(1, keepdim=True)")
model(
    "intdtype_softmax_dtype_ok",
    P,
    "pass",
    "return x * F.softmax(torch.arange(6), -1, dtype=torch.float)",
)
model(
    "intdtype_softmax_kw_ok", P, "pass", "return x * torch.arange(6).softmax(0, dtype=torch.float)"
)
model("intdtype_relu_ok", P, "pass", "return x * F.relu(torch.arange(6) - 3)")
model("intdtype_sigmoid_ok", P, "pass", "return x * torch.sigmoid(torch.arange(6))")
model("intdtype_float_ok", P, "pass", "return x * torch.arange(6).float().std()")
# ---- one_hot of a floating-point tensor
model("onehot_float", P, "pass", "return x * F.one_hot(torch.ones(6) * 2, 6).sum(0)")
model("onehot_long_ok", P, "pass", "return x * F.one_hot(torch.ones(6).long() * 2, 6).sum(0)")

model(
    "onehot_linear_round",
    S,
    "self.l = nn.Linear(8, 8)",
    "ids = torch.round(torch.sigmoid(self.l(x)) * 3)\nreturn F.one_hot(ids, 4).float().sum(-1)",
)
model(
    "onehot_linear_round_ok",
    S,
    "self.l = nn.Linear(8, 8)",
    "ids = torch.round(torch.sigmoid(self.l(x)) * 3).long()\nreturn F.one_hot(ids, 4).float().sum(-1)",
)
model(
    "onehot_conv_floor",
    C,
    "self.c = nn.Conv2d(4, 4, 1)",
    "return F.one_hot((self.c(x).sigmoid() * 2).floor(), 2).float().sum(-1)",
)
model(
    "onehot_argmax_ok",
    C,
    "self.c = nn.Conv2d(4, 4, 1)",
    "return F.one_hot(self.c(x).argmax(1), 4).float()",
)


# ---- numpy idioms torch does not have
model("numpy_astype", P, "pass", "return x.astype(torch.float32)")
model("numpy_expand_dims", P, "pass", "return torch.expand_dims(x, 1)")
model("numpy_fill", P, "pass", "y = x.clone()\ny.fill(0.0)\nreturn y")
model("numpy_to_ok", P, "pass", "return x.to(torch.float32)")
model("numpy_unsqueeze_ok", P, "pass", "return torch.unsqueeze(x, 1)")
model("numpy_array_astype_ok", P, "pass", "return torch.from_numpy(x.numpy().astype('float32'))")
model("numpy_fill_ok", P, "pass", "y = x.clone()\ny.fill_(0.0)\nreturn y")


# ---- None as a torch layer's input (an optional argument left at its default)
NONE_INIT = "self.conv = nn.Conv2d(4, 4, 3, padding=1)\nself.temb = nn.Linear(8, 4)"
model(
    "none_default",
    C,
    NONE_INIT,
    "return self.step(x)",
)
MODELS["none_default"] = (
    MODELS["none_default"][0].replace(
        "    def forward(self, x):",
        "    def step(self, x, t=None):\n"
        "        return self.conv(x) + self.temb(t)[:, :, None, None]\n\n"
        "    def forward(self, x):",
    ),
    C,
    "float",
)
model(
    "none_guarded_ok",
    C,
    NONE_INIT,
    "t = None\nh = self.conv(x)\nif t is not None:\n"
    "    h = h + self.temb(t)[:, :, None, None]\nreturn h",
)
model(
    "none_defaulted_ok",
    C,
    NONE_INIT,
    "t = None\nt = t if t is not None else x.new_zeros(2, 8)\n"
    "return self.conv(x) + self.temb(t)[:, :, None, None]",
)
model(
    "none_identity_ok",
    C,
    "self.i = nn.Identity()",
    "y = self.i(None)\nreturn x if y is None else y",
)


# ---- view of a transposed / permuted tensor: torch's stride rule
V = (2, 5, 8)
QKV = "self.qkv = nn.Linear(8, 24)"
HEADS = "q, k, v = self.qkv(x).view(2, 5, 3, 2, 4).permute(2, 0, 3, 1, 4)\n"
model(
    "stride_view_after_transpose",
    V,
    QKV,
    HEADS + "a = (q @ k.transpose(-2, -1)).softmax(-1) @ v\nreturn a.transpose(1, 2).view(2, 5, 8)",
)
model(
    "stride_contiguous_ok",
    V,
    QKV,
    HEADS + "a = (q @ k.transpose(-2, -1)).softmax(-1) @ v\n"
    "return a.transpose(1, 2).contiguous().view(2, 5, 8)",
)
model(
    "stride_reshape_ok",
    V,
    QKV,
    HEADS + "a = (q @ k.transpose(-2, -1)).softmax(-1) @ v\n"
    "return a.transpose(1, 2).reshape(2, 5, 8)",
)
model(
    "stride_split_last_ok",
    V,
    QKV,
    HEADS + "a = (q @ k.transpose(-2, -1)).softmax(-1) @ v\n"
    "return a.transpose(1, 2).view(2, 5, 2, 2, 2).flatten(2)",
)
model(
    "stride_permute",
    (2, 4, 6),
    "self.l = nn.Linear(6, 6)",
    "return self.l(x).permute(0, 2, 1).view(2, -1)",
)
model(
    "stride_permute_ok",
    (2, 4, 6),
    "self.l = nn.Linear(6, 6)",
    "return self.l(x).permute(1, 0, 2).view(4, 2, 6)",
)
model(
    "stride_unit_dim_ok",
    (2, 1, 6),
    "self.l = nn.Linear(6, 6)",
    "return self.l(x).transpose(0, 1).view(2, 6)",
)
model("stride_input_permute", (2, 3, 4), "pass", "return x.permute(0, 2, 1).view(2, 12)")
model("stride_input_permute_ok", (2, 3, 4), "pass", "return x.permute(0, 2, 1).reshape(2, 12)")
model("stride_t", (4, 6), "self.l = nn.Linear(6, 6)", "return self.l(x).t().view(-1)")
model("stride_factory", (4, 6), "pass", "return x + torch.zeros(6, 4).transpose(0, 1).view(4, 6)")
model(
    "stride_factory_ok",
    (4, 6),
    "pass",
    "return x + torch.zeros(6, 4).transpose(0, 1).view(2, 2, 6).view(4, 6)",
)
model(
    "stride_sdpa_ok",
    V,
    QKV,
    "q, k, v = self.qkv(x).view(2, 5, 3, 2, 4).permute(2, 0, 3, 1, 4).unbind(0)\n"
    "a = F.scaled_dot_product_attention(q, k, v)\nreturn a.transpose(1, 2).reshape(2, 5, 8)",
)


# ---- an adaptive pool's output_size of the wrong length; F.embedding's padding_idx range
model("adaptive_rank_three", C, "self.p = nn.AdaptiveAvgPool2d((1, 2, 2))", "return self.p(x)")
model("adaptive_rank_one", C, "self.p = nn.AdaptiveMaxPool2d((2,))", "return self.p(x)")
model("adaptive_rank_ok", C, "self.p = nn.AdaptiveAvgPool2d((1, 2))", "return self.p(x)")
model("adaptive_rank_int_ok", C, "self.p = nn.AdaptiveMaxPool2d(2)", "return self.p(x)")
EMB = "self.w = nn.Parameter(torch.randn(5, 8))"
model("padidx_past", S, EMB, "return x + F.embedding(torch.arange(2), self.w, padding_idx=5)")
model("padidx_neg_past", S, EMB, "return x + F.embedding(torch.arange(2), self.w, padding_idx=-6)")
model("padidx_last_ok", S, EMB, "return x + F.embedding(torch.arange(2), self.w, padding_idx=4)")
model("padidx_neg_ok", S, EMB, "return x + F.embedding(torch.arange(2), self.w, padding_idx=-5)")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    check_silent_without_shape(MODELS, HEAD, ("container_dict_missing",), tmp_path, capsys)


def _float_probe(spec, params: dict, inputs) -> tuple[set[str], set[str]]:
    """(rejected, accepted): the int parameters of one catalogue layer example that torch
    rejects / accepts as a whole float, constructor and forward together."""
    import importlib

    torch = pytest.importorskip("torch")
    mod, cls = spec.torch.rsplit(".", 1)
    layer = getattr(importlib.import_module(mod), cls)
    ins = [torch.randn(s) for s in inputs]
    bad, ok = set(), set()
    for p in spec.params:
        v = params.get(p.name)
        if p.kind not in ("int", "ints", "any") or v is None or isinstance(v, bool):
            continue
        if isinstance(v, int):
            fv = float(v)
        elif isinstance(v, tuple) and v and all(type(i) is int for i in v):
            fv = (float(v[0]), *v[1:])
        else:
            continue
        try:
            torch.manual_seed(0)
            layer(**{**params, p.name: fv})(*ins)
            ok.add(p.name)
        except Exception:  # noqa: BLE001 - any error is torch's rejection
            bad.add(p.name)
    return bad, ok


def test_layer_int_params_are_what_torch_rejects():
    """LAYER_INT_PARAMS is torch's behaviour: re-measured on each catalogue example."""
    import warnings

    from driftcheck.graph import catalogue
    from driftcheck.parsers.source.forward.dataflow_floats import LAYER_INT_PARAMS

    torch = pytest.importorskip("torch")
    warnings.filterwarnings("ignore")
    measured = {}
    for spec in catalogue.layers():
        if not spec.torch or not spec.examples:
            continue
        ex = spec.examples[0]
        params = spec.constructor_kwargs(ex.params)
        try:
            import importlib

            mod, cls = spec.torch.rsplit(".", 1)
            getattr(importlib.import_module(mod), cls)(**params)(
                *[torch.randn(s) for s in ex.inputs]
            )
        except Exception:  # noqa: BLE001 - an example torch does not run as given
            continue
        bad, ok = _float_probe(spec, params, ex.inputs)
        if bad:
            measured[spec.name] = bad
        assert not ok & LAYER_INT_PARAMS.get(spec.name, frozenset()), (spec.name, ok)
    for name, bad in measured.items():
        assert LAYER_INT_PARAMS.get(name, frozenset()) >= bad, (name, bad)
    assert set(LAYER_INT_PARAMS) <= set(measured) | {"SyncBatchNorm"}, set(LAYER_INT_PARAMS) - set(
        measured
    )


def _args_for(spec, x, first_args: list):
    """Positional args with a float put at each listed position in turn."""
    for pos, kw in spec:
        if pos is None:
            yield [*first_args[:-1], float(first_args[-1])], kw
        elif pos < len(first_args):
            args = list(first_args)
            a = args[pos]
            args[pos] = (float(a[0]), *a[1:]) if isinstance(a, tuple) else float(a)
            yield args, kw


# a call torch runs with ints, per entry: positional args (after self for a method)
_METHOD_OK = {
    "view": [2, 4, 8, 8], "reshape": [2, 4, 64], "expand": [2, 4, 8, 8], "new_zeros": [2, 3],
    "new_ones": [2, 3], "new_empty": [2, 3], "repeat": [1, 2, 1, 1], "tile": [1, 2],
    "permute": [0, 1, 3, 2], "flatten": [1, 2], "unflatten": [1, (2, 2)], "unsqueeze": [1],
    "squeeze": [1], "transpose": [1, 2], "movedim": [1, 2], "narrow": [1, 0, 2],
    "select": [1, 0], "chunk": [2, 1], "split": [2, 1], "unfold": [2, 2, 2], "topk": [2, 1],
    "softmax": [1], "log_softmax": [1], "roll": [1, 1],
}  # fmt: skip
_FN_OK = {
    "pad": [(1, 1)], "avg_pool1d": [2, 2, 1], "avg_pool2d": [2, 2, 1], "avg_pool3d": [2, 2, 1],
    "max_pool1d": [2, 2, 1, 1], "max_pool2d": [2, 2, 1, 1], "max_pool3d": [2, 2, 1, 1],
    "pixel_shuffle": [2], "pixel_unshuffle": [2], "interpolate": [4], "reshape": [(2, -1)],
    "flatten": [1, 2], "transpose": [1, 2], "cat": [1], "stack": [1],
    **{f"adaptive_{k}_pool{n}d": [2] for k in ("avg", "max") for n in (1, 2, 3)},
}  # fmt: skip


def test_int_arg_tables_are_what_torch_rejects():
    """Every (position, keyword) the tables list raises TypeError in torch on a whole float,
    and the same call with ints runs."""
    from driftcheck.parsers.source.forward.dataflow_floats import (
        FN_INT_ARGS,
        METHOD_INT_ARGS,
        TORCH_FNS,
    )

    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    x4 = torch.randn(2, 4, 8, 8)
    assert set(_METHOD_OK) == set(METHOD_INT_ARGS)
    for name, ok_args in _METHOD_OK.items():
        x = x4[:, :1].clone() if name in ("expand", "squeeze") else x4
        getattr(x, name)(*ok_args)
        for args, _kw in _args_for(METHOD_INT_ARGS[name], x, ok_args):
            with pytest.raises(TypeError):
                getattr(x, name)(*args)
    for name, spec in FN_INT_ARGS.items():
        if name.startswith("conv"):
            n = int(name[4])
            x = torch.randn(2, 4, *[8] * n)
            ok = [torch.randn(4, 1, *[3] * n), None, 1, 1, 1, 4]
        elif name == "one_hot":
            x, ok = torch.tensor([0, 1]), [3]
        else:
            n = int(name[-2]) if name[-2:-1].isdigit() and name.endswith("d") else 2
            x = torch.randn(2, 4, *[8] * n)
            ok = list(_FN_OK[name])
        fn = getattr(torch, name) if name in TORCH_FNS else getattr(F, name)
        first = [x, x] if name in ("cat", "stack") else x
        fn(first, *ok)
        for args, _kw in _args_for(tuple((p - 1, k) for p, k in spec), x, ok):
            with pytest.raises(TypeError):
                fn(first, *args)


def test_float_only_ops_are_what_torch_rejects():
    """FLOAT_ONLY raises on every integer / bool dtype; the ops left out take them."""
    from driftcheck.parsers.source.forward.dataflow_dtype_ops import FLOAT_ONLY

    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for dt in (torch.int64, torch.int32, torch.uint8, torch.bool):
        x = torch.arange(6).reshape(2, 3).to(dt)
        for name in FLOAT_ONLY:
            fn = getattr(F, name, None) or getattr(torch, name)
            with pytest.raises((RuntimeError, NotImplementedError)):
                fn(x, -1) if name in ("softmax", "log_softmax") else fn(x)
        for name in ("sigmoid", "tanh", "logsumexp", "cumsum"):
            fn = getattr(torch, name)
            fn(x, 1) if name in ("logsumexp", "cumsum") else fn(x)


def test_numpy_only_names_are_numpy_not_torch():
    """Every numpy-only name is numpy's and not torch's (Tensor attribute / torch function)."""
    from driftcheck.parsers.source.forward.dataflow_misuse import (
        NUMPY_ONLY_FNS,
        NUMPY_ONLY_METHODS,
    )

    torch = pytest.importorskip("torch")
    np = pytest.importorskip("numpy")
    for n in NUMPY_ONLY_METHODS:
        assert hasattr(np.ndarray, n) and not hasattr(torch.Tensor, n), n
    for n in NUMPY_ONLY_FNS:
        assert not hasattr(torch, n), n
        assert hasattr(np, n) or n in ("float_",), n  # (numpy 2 dropped ``float_``)


def test_compute_stride_is_torchs():
    """compute_stride agrees with torch's view on permuted layouts, for every shape the
    element count factors into (up to 4 dims)."""
    import math
    import random

    from driftcheck.parsers.source.forward.dataflow_strides import compute_stride

    torch = pytest.importorskip("torch")
    r = random.Random(0)
    for _ in range(400):
        shape = [r.choice([1, 2, 3, 4]) for _ in range(r.randint(1, 4))]
        x = torch.zeros(shape).permute(*r.sample(range(len(shape)), len(shape)))
        new, rest = [], x.numel()
        while rest > 1 and len(new) < 3:
            d = r.choice([d for d in range(1, rest + 1) if rest % d == 0])
            new.append(d)
            rest //= d
        new.append(rest)
        assert math.prod(new) == x.numel()
        try:
            want = tuple(x.view(new).stride())
        except RuntimeError:
            want = None
        got = compute_stride(tuple(x.shape), tuple(x.stride()), tuple(new))
        assert got == want, (tuple(x.shape), x.stride(), new, got, want)
