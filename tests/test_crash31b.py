"""Forward-crash rules of session 31 (crashfix31b: fresh23's dev misses, made general) against
torch (``driftcheck/parsers/source/forward/dataflow_fix31b.py``).

Small models written here (not the corpus's) are run in torch, and ``driftcheck check
--input-shape`` must report a blocker exactly when torch raised (train and eval mode alike);
every rule family (the name's first word) has a crashing model and a clean twin. The tables the
rules read (``NONE_WHEN``, ``BUILTIN_KEYWORDS``, ``CONTEXT_CLASSES``, ``INDEX_DTYPES``) are asked
of torch / CPython item by item.

``stats``: a norm layer's attribute torch holds as None; ``builtinkw``: a keyword a builtin does
not take; ``ctx``: a grad-mode class used as a context manager uncalled; ``size``: a
``torch.Size`` in arithmetic with a Python number; ``tad``: indices of a dtype
``take_along_dim`` / ``gather`` / ``scatter`` / ``index_*`` / ``take`` refuse; ``gumbel``:
``gumbel_softmax`` of integer logits; ``pad``: a fill value for a non-constant pad mode; ``moddict`` / ``plist`` / ``pdict``: a ``ModuleDict`` indexed by an int,
a ``ParameterList`` past its end (``len`` of it counted), a ``ParameterDict`` key it lacks;
``register`` / ``addmod`` / ``getparam``: ``register_parameter`` of a plain tensor,
``add_module`` of a function (``"act" in self._modules`` read), ``get_parameter`` of a
missing submodule; ``vec2params``: ``vector_to_parameters`` of a short vector (a layer's
``parameters()`` listed); ``unpackparam``: a parameter unpacked (``for name, p in
self.parameters()``); ``grad``: ``requires_grad_(False)`` / ``numpy()`` of a layer's
output computed inside ``with torch.enable_grad():`` (a non-leaf that requires grad); ``nan``: ``multinomial`` of a tensor some
``masked_fill(mask, nan)`` item (the mask's values known) reached, through ``softmax``.
"""

from __future__ import annotations

import builtins

import pytest

from driftcheck.parsers.source.forward import dataflow_fix31b as rules
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


def fwd(name: str, body: str, shape: tuple[int, ...] = (2, 6, 8), init: str = "",
        layers: tuple[str, ...] = ("self.fc = nn.Linear(8, 8)",)) -> None:  # fmt: skip
    """A model whose forward is ``h = self.<first layer>(x)`` then ``body``."""
    model(name, shape, net_source(layers, body, init))


# a norm layer's attribute that is None
BN = ("self.fc = nn.Conv2d(3, 4, 3, padding=1)",)
fwd("stats_bn_untracked_var", "return h * (self.bn.running_var + 1e-5).view(1, -1, 1, 1)", (2, 3, 8, 8),
    layers=(*BN, "self.bn = nn.BatchNorm2d(4, track_running_stats=False)"))  # fmt: skip
fwd("stats_bn_untracked_mean_method", "return h - self.bn.running_mean.view(1, -1, 1, 1)",
    (2, 3, 8, 8), layers=(*BN, "self.bn = nn.BatchNorm2d(4, track_running_stats=False)"))  # fmt: skip
fwd("stats_instancenorm_default", "return h - self.bn.running_mean.view(1, -1, 1, 1)",
    (2, 3, 8, 8), layers=(*BN, "self.bn = nn.InstanceNorm2d(4)"))  # fmt: skip
fwd("stats_bn_no_affine_weight", "return h * self.bn.weight.view(1, -1, 1, 1)", (2, 3, 8, 8),
    layers=(*BN, "self.bn = nn.BatchNorm2d(4, affine=False)"))  # fmt: skip
fwd("stats_ln_no_affine", "return h * (self.ln.weight + 1)",
    layers=("self.fc = nn.Linear(8, 8)", "self.ln = nn.LayerNorm(8, elementwise_affine=False)"))  # fmt: skip
fwd("stats_groupnorm_no_affine", "return h * (self.gn.bias + 1).view(1, -1, 1, 1)",
    (2, 3, 8, 8), layers=(*BN, "self.gn = nn.GroupNorm(2, 4, affine=False)"))  # fmt: skip
fwd("stats_ok_tracked", "return h * (self.bn.running_var + self.bn.eps).view(1, -1, 1, 1)",
    (2, 3, 8, 8), layers=(*BN, "self.bn = nn.BatchNorm2d(4)"))  # fmt: skip
fwd("stats_ok_instancenorm_tracked", "return h - self.bn.running_mean.view(1, -1, 1, 1)",
    (2, 3, 8, 8), layers=(*BN, "self.bn = nn.InstanceNorm2d(4, track_running_stats=True)"))  # fmt: skip
fwd("stats_ok_instancenorm_affine", "return h * self.bn.weight.view(1, -1, 1, 1)",
    (2, 3, 8, 8), layers=(*BN, "self.bn = nn.InstanceNorm2d(4, affine=True)"))  # fmt: skip
fwd("stats_ok_is_none", "return h if self.bn.running_var is None else h * 2", (2, 3, 8, 8),
    layers=(*BN, "self.bn = nn.BatchNorm2d(4, track_running_stats=False)"))  # fmt: skip

# a builtin given a keyword it does not take
fwd("builtinkw_sum_dim", "return sum(h, dim=1)")
fwd("builtinkw_max_dim", "return max(h.unbind(1), dim=0)")
fwd("builtinkw_len_kw", "return h * len(h, dim=0)")
fwd("builtinkw_ok_sum_start", "return sum(h.unbind(1), start=torch.zeros(2, 8))")
fwd("builtinkw_ok_torch_sum", "return torch.sum(h, dim=1)")
model("builtinkw_ok_shadowed", (2, 6, 8), "from torch import sum\n" + net_source(
    ("self.fc = nn.Linear(8, 8)",), "return sum(h, dim=1)"))  # fmt: skip

# a grad-mode class as a context manager, uncalled
fwd("ctx_no_grad_uncalled", "with torch.no_grad:\n            h = h * 2\n        return h")
fwd("ctx_inference_uncalled", "with torch.inference_mode:\n            h = h * 2\n        return h")
fwd("ctx_ok_called", "with torch.no_grad():\n            h = h * 2\n        return h")

# a torch.Size in arithmetic with a number
fwd("size_times_float", "return h.reshape(*(h.shape[1:] * 1.5))")
fwd("size_floordiv", "s = h.shape[1:] // 2\n        return h")
fwd("size_plus_int", "s = h.shape + 1\n        return h")
fwd("size_minus_int", "s = h.size() - 1\n        return h")
fwd("size_ok_times_int", "s = h.shape[1:] * 2\n        return h.view(2, -1) if len(s) else h")
fwd("size_ok_item", "return h.view(h.shape[0] // 2, -1)")

# take_along_dim indices
SCORE = "idx = h.argsort(-1)[..., :3]"
fwd("tad_int32", f"{SCORE}.int()\n        return torch.take_along_dim(h, idx, -1)")
fwd("tad_float_method", f"{SCORE}.float()\n        return h.take_along_dim(idx, dim=-1)")
fwd("tad_ok_long", f"{SCORE}\n        return torch.take_along_dim(h, idx, -1)")
fwd("tad_ok_int32_no_dim", f"{SCORE}.int()\n        return torch.take_along_dim(h, idx)")
fwd("tad_gather_bool", "return h.gather(-1, h > 0)")
fwd("tad_index_select_float", "return torch.index_select(h, 1, h[0, :, 0].argsort().float())")
fwd("tad_index_copy_int32",
    "return h.index_copy(1, torch.arange(6).int(), torch.ones(2, 6, 8))")  # fmt: skip
fwd("tad_ok_gather_int32", "return h.gather(-1, h.argsort(-1).int())")
fwd("tad_ok_index_copy_long", "return h.index_copy(1, torch.arange(6), torch.ones(2, 6, 8))")

# gumbel_softmax of integer logits
fwd("gumbel_long", "return F.gumbel_softmax(h.long(), tau=1.0)")
fwd("gumbel_one_hot", "return F.gumbel_softmax(F.one_hot(h.argmax(-1), 8), hard=True)")
fwd("gumbel_ok_float", "return F.gumbel_softmax(h, tau=0.5, hard=True)")
fwd("gumbel_ok_one_hot_float", "return F.gumbel_softmax(F.one_hot(h.argmax(-1), 8).float())")

# a value for a non-constant pad
fwd("pad_reflect_value", "return F.pad(h, (2, 2), mode='reflect', value=-1.0)")
fwd("pad_circular_value_pos", "return F.pad(h, (1, 1), 'circular', 0.5)")
fwd("pad_ok_reflect_zero", "return F.pad(h, (2, 2), mode='reflect', value=0.0)")
fwd("pad_ok_constant", "return F.pad(h, (2, 2), mode='constant', value=-1.0)")


# torch containers' items
HEADS = 'self.heads = nn.ModuleDict({t: nn.Linear(8, 4) for t in ("cls", "reg")})'
fwd("moddict_int_key", "return self.heads[0](h)", layers=("self.fc = nn.Linear(8, 8)", HEADS))
fwd("moddict_ok_str_key", "return self.heads['reg'](h)",
    layers=("self.fc = nn.Linear(8, 8)", HEADS))  # fmt: skip
fwd("moddict_ok_values", "return list(self.heads.values())[0](h)",
    layers=("self.fc = nn.Linear(8, 8)", HEADS))  # fmt: skip
PL = "self.ps = nn.ParameterList([nn.Parameter(torch.randn(8)) for _ in range(3)])"
fwd("plist_past_end", "return h + self.ps[3]", layers=("self.fc = nn.Linear(8, 8)", PL))
fwd("plist_len_shifted", "return h + sum(self.ps[i + 1] for i in range(len(self.ps)))",
    layers=("self.fc = nn.Linear(8, 8)", PL))  # fmt: skip
fwd("plist_ok_last", "return h + self.ps[-1] + self.ps[len(self.ps) - 1]",
    layers=("self.fc = nn.Linear(8, 8)", PL))  # fmt: skip
PD = 'self.pd = nn.ParameterDict({k: nn.Parameter(torch.zeros(8)) for k in ("en", "de")})'
fwd("pdict_missing_key", "return h + self.pd['fr']", layers=("self.fc = nn.Linear(8, 8)", PD))
fwd("pdict_ok_key", "return h + self.pd['de']", layers=("self.fc = nn.Linear(8, 8)", PD))

# the module registry written in forward
LAZY = 'if not hasattr(self, "scale"):\n            {reg}\n        return h * self.scale'
fwd("register_plain_tensor", LAZY.format(reg='self.register_parameter("scale", torch.ones(8))'))
fwd("register_requires_grad", LAZY.format(
    reg='self.register_parameter("scale", torch.ones(8).requires_grad_())'))  # fmt: skip
fwd("register_ok_parameter", LAZY.format(
    reg='self.register_parameter("scale", nn.Parameter(torch.ones(8)))'))  # fmt: skip
ADD = 'if "act" not in self._modules:\n            self.add_module("act", {m})\n' \
    "        return self.act(h)"  # fmt: skip
fwd("addmod_function", ADD.format(m="F.gelu"))
fwd("addmod_lambda", ADD.format(m="lambda t: t.clamp(min=0)"))
fwd("addmod_ok_module", ADD.format(m="nn.GELU()"))
fwd("addmod_ok_already", ADD.format(m="F.gelu"), init="self.act = nn.ReLU()")
fwd("getparam_missing_module", 'return h @ self.get_parameter("proj.weight").t()')
fwd("getparam_ok", 'return h @ self.get_parameter("fc.weight").t()')


# vector_to_parameters of a vector shorter than the parameters
HYPER = ("self.fc = nn.Linear(8, 8)", "self.target = nn.Linear(8, 4)")
VEC = "vec = self.hyper(x.mean((0, 1)))\n        nn.utils.vector_to_parameters(vec, " \
    "self.target.parameters())\n        return self.target(h)"  # fmt: skip
fwd("vec2params_weights_only", VEC, layers=(*HYPER, "self.hyper = nn.Linear(8, 32)"))
fwd("vec2params_one_short", VEC, layers=(*HYPER, "self.hyper = nn.Linear(8, 35)"))
fwd("vec2params_ok_exact", VEC, layers=(*HYPER, "self.hyper = nn.Linear(8, 36)"))
fwd("vec2params_ok_longer", VEC, layers=(*HYPER, "self.hyper = nn.Linear(8, 40)"))

# a parameter unpacked into names
PARAMS = "t = h.new_zeros(())\n        for {tgt} in self.{how}():\n" \
    "            t = t + {use}.sum()\n        return h * t"  # fmt: skip
fwd("unpackparam_two_names", PARAMS.format(tgt="name, p", how="parameters", use="p"))
fwd("unpackparam_bias_first", PARAMS.format(tgt="a, b", how="parameters", use="a"),
    layers=("self.fc = nn.Linear(8, 8)", "self.bias2 = nn.Parameter(torch.zeros(3))"))  # fmt: skip
fwd("unpackparam_ok_named", PARAMS.format(tgt="name, p", how="named_parameters", use="p"))
fwd("unpackparam_ok_rows", PARAMS.format(tgt="a, b", how="parameters", use="a"),
    layers=("self.fc = nn.Linear(8, 2)", "self.g = nn.Linear(2, 2)"))  # fmt: skip


# a layer's output that requires grad (grad mode on inside ``enable_grad``)
GRAD = "with torch.enable_grad():\n            g = self.enc(x)\n            {body}\n" \
    "        return h + g"  # fmt: skip
ENC = ("self.fc = nn.Linear(8, 8)", "self.enc = nn.Linear(8, 8)")
fwd("grad_requires_grad_false", GRAD.format(body="g.requires_grad_(False)"), layers=ENC)
fwd("grad_numpy", GRAD.format(body="self.m = float(g.numpy().mean())"), layers=ENC)
fwd("grad_ok_detached_numpy", GRAD.format(body="self.m = float(g.detach().numpy().mean())"),
    layers=ENC)  # fmt: skip
fwd("grad_ok_requires_grad_true", GRAD.format(body="g.requires_grad_()"), layers=ENC)
fwd("grad_ok_frozen_init", GRAD.format(body="g.requires_grad_(False)"), layers=ENC,
    init="self.enc.requires_grad_(False)")  # fmt: skip
fwd("grad_ok_frozen_forward",
    "self.enc.weight.requires_grad = False\n        self.enc.bias.requires_grad = False\n"
    "        " + GRAD.format(body="g.requires_grad_(False)"), layers=ENC)  # fmt: skip
fwd("grad_ok_no_grad_mode", "with torch.no_grad():\n            g = self.enc(x)\n"
    "            g.requires_grad_(False)\n        return h + g", layers=ENC)  # fmt: skip


# a NaN filled in, then multinomial
NAN = "keep = torch.arange(h.shape[-1]) < {k}\n        z = h[:, 0].masked_fill(~keep, {v})\n" \
    "        return torch.multinomial({p}, 1)"  # fmt: skip
fwd("nan_softmax_multinomial", NAN.format(k=4, v='float("nan")', p="torch.softmax(z, -1)"))
fwd("nan_direct_multinomial", NAN.format(k=4, v='float("nan")', p="z"))
fwd("nan_ok_neg_inf", NAN.format(k=4, v='float("-inf")', p="z.softmax(-1)"))
fwd("nan_ok_mask_all_false", NAN.format(k=8, v='float("nan")', p="torch.softmax(z, -1)"))


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_size_free_without_input_shape(tmp_path, capsys):
    names = ("stats_bn_untracked_var", "builtinkw_sum_dim", "ctx_no_grad_uncalled",
             "size_floordiv", "tad_int32", "gumbel_long", "pad_reflect_value")  # fmt: skip
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


def test_none_table_is_torchs():
    torch = pytest.importorskip("torch")
    nn = torch.nn
    for name, attrs in rules.NONE_WHEN.items():
        cls = getattr(nn, name)
        for attr, (flag, default) in attrs.items():
            first = (2, 4) if name == "GroupNorm" else (4,)
            dflt = cls(*first)
            assert (getattr(dflt, attr) is None) is (default is False), (name, attr)
            off = cls(*first, **{flag: False})
            assert getattr(off, attr) is None, (name, attr)
            on = cls(*first, **{flag: True})
            assert isinstance(getattr(on, attr), torch.Tensor), (name, attr)


def test_builtin_keywords_are_cpythons():
    example = {"sum": ([1],), "min": ([1],), "max": ([1],), "sorted": ([1],), "round": (1.5,),
               "enumerate": ([1],)}  # fmt: skip
    legal = {"sum": {"start": 0}, "min": {"key": abs, "default": 0},
             "max": {"key": abs, "default": 0}, "sorted": {"key": abs, "reverse": True},
             "round": {"ndigits": 1}, "enumerate": {"start": 1}}  # fmt: skip
    for name, allowed in rules.BUILTIN_KEYWORDS.items():
        fn = getattr(builtins, name)
        with pytest.raises(TypeError, match="keyword"):
            fn([1], dim=1)
        if allowed:
            fn(*example[name], **legal[name])
            assert set(legal[name]) | ({"number"} if name == "round" else set()) | (
                {"iterable"} if name == "enumerate" else set()
            ) == set(allowed), name
    round(number=1.5)
    list(enumerate(iterable=[1]))


def test_context_classes_are_torchs():
    torch = pytest.importorskip("torch")
    for q in rules.CONTEXT_CLASSES:
        obj = torch
        for part in q.split(".")[1:]:
            obj = getattr(obj, part)
        assert isinstance(obj, type), q
        with pytest.raises(TypeError, match="context manager"):
            with obj:
                pass


def test_index_dtypes_are_torchs():
    torch = pytest.importorskip("torch")
    x = torch.randn(3, 5)
    dts = ("int64", "int32", "int16", "int8", "uint8", "bool", "float32", "float64", "float16")

    def run(name, i, dim=True):
        ones = torch.ones(3, i.shape[-1])
        if name == "take_along_dim":
            return torch.take_along_dim(x, i, 1) if dim else torch.take_along_dim(x, i)
        if name == "take":
            return torch.take(x, i)
        if name.startswith("index_"):
            i = i[0]
        target = x.clone()
        fn = getattr(target, name)
        if name in ("gather", "index_select"):
            return fn(1, i)
        return fn(1, i, ones)

    for name, (_, _, ok, _) in rules.INDEX_DTYPES.items():
        for dim in (True, False) if name == "take_along_dim" else (True,):
            taken = rules.TAKE_ALONG_DIM if name == "take_along_dim" and dim else ok
            for dt in dts:
                i = torch.zeros(3, 2, dtype=getattr(torch, dt))
                try:
                    run(name, i, dim)
                    ran = True
                except RuntimeError:
                    ran = False
                family = dt if dt in taken or not dt.startswith("float") else "floating"
                assert ran is (family in taken), (name, dim, dt)


def test_gumbel_and_pad_are_torchs():
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    for dt in (torch.int64, torch.int32, torch.uint8, torch.bool):
        with pytest.raises(RuntimeError, match="floating point"):
            F.gumbel_softmax(torch.zeros(2, 3, dtype=dt))
    for dt in (torch.float16, torch.float64, torch.bfloat16):
        F.gumbel_softmax(torch.zeros(2, 3, dtype=dt))
    x = torch.randn(2, 4, 20)
    for mode in rules._PAD_MODES:
        for v in (None, 0, 0.0):
            F.pad(x, (2, 2), mode=mode, value=v)
        for v in (-1.0, 1, 1e-4):
            with pytest.raises(RuntimeError, match="doesn't take in value"):
                F.pad(x, (2, 2), mode=mode, value=v)


def test_grad_layers_outputs_require_grad():
    torch = pytest.importorskip("torch")
    nn = torch.nn
    made = {"Linear": (nn.Linear(4, 4), (torch.randn(2, 4),)),
            "Bilinear": (nn.Bilinear(4, 4, 2), (torch.randn(2, 4), torch.randn(2, 4))),
            "Embedding": (nn.Embedding(5, 4), (torch.tensor([1, 2]),))}  # fmt: skip
    for name in rules.GRAD_LAYERS:
        if name in made:
            layer, xs = made[name]
        else:
            d = int(name[-2])
            layer, xs = getattr(nn, name)(2, 2, 1), (torch.randn((1, 2) + (3,) * d),)
        with torch.no_grad():
            with torch.enable_grad():
                out = layer(*xs)
                assert out.requires_grad and out.grad_fn is not None, name
                with pytest.raises(RuntimeError, match="leaf variables"):
                    out.requires_grad_(False)
                with pytest.raises(RuntimeError, match="requires grad"):
                    out.numpy()
    for q in rules._GRAD_SETTERS:
        obj = torch
        for part in q.split(".")[1:]:
            obj = getattr(obj, part)
        assert callable(obj), q
