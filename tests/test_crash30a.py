"""Forward-crash rules of session 30 (crashfix30: shapefuzz batch 4 and fresh21's dev misses,
made general) against torch.

Small models written here (not the corpus's, not shapefuzz's) are run in torch, and
``driftcheck check --input-shape`` must report a blocker exactly when torch raised (train and
eval mode alike); every rule family (the name's first word) has a crashing model and a clean
twin. The tables the rules read (``SAME_DTYPE`` operands, ``KEEP_SELF``, ``FLOAT_FACTORIES``,
the cast layers) are asked of torch item by item, on every pair of the four floating dtypes.

``castlayer``: a Linear / Conv / Bilinear cast to float16 / bfloat16 in ``__init__`` called on
another exact floating dtype (and its output's dtype); ``samedtype``: ``F.linear``,
``F.grid_sample``, ``lerp``, ``masked_scatter``, ``index_copy`` with operands of two floating
dtypes; ``factory``: ``torch.eye`` / ``randn`` / ``zeros`` without ``dtype=`` (float32) or with
one; ``keepself``: ``index_fill`` / ``masked_fill`` / ``gather``... keep ``self``'s dtype;
``indexput``: ``x[idx] = v`` of another dtype; ``lookup``: an Embedding's output dtype;
``fnorm``: functional norms on known shapes; ``nhwc``: channels_last strides into ``view``;
``logprob``: ``multinomial`` of ``log_softmax`` / ``logsigmoid`` values.
"""

# ruff: noqa: B023 - each lambda made in a loop is called in the same iteration
from __future__ import annotations

import pytest

from driftcheck.parsers.source.forward import dataflow_fix30 as rules
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


def fwd(name: str, body: str, extra: tuple[str, ...] = (), shape=(2, 6, 8)) -> None:
    """``h = self.fc(x)`` (float32, ``(2, 6, 8)``) then ``body``; ``extra`` layers after fc."""
    model(name, shape, net_source(("self.fc = nn.Linear(8, 8)", *extra), body))


# ---- castlayer
fwd("castlayer_half_linear", "return self.p(h)", ("self.p = nn.Linear(8, 4).half()",))
fwd("castlayer_bf16_stmt", "return self.p(h)", ("self.p = nn.Linear(8, 4)", "self.p.bfloat16()"))
fwd(
    "castlayer_seq_to",
    "return self.p(h)",
    ("self.p = nn.Sequential(nn.Linear(8, 8), nn.GELU()).to(torch.bfloat16)",),
)
fwd("castlayer_conv_half", "return self.p(h)", ("self.p = nn.Conv1d(6, 4, 3).half()",))
fwd("castlayer_double_into_half", "return self.p(h.double())", ("self.p = nn.Linear(8, 4).half()",))
fwd("castlayer_bf16_into_half", "return self.p(h.bfloat16())", ("self.p = nn.Linear(8, 4).half()",))
fwd(
    "castlayer_out_into_float32",
    "return self.q(self.p(h.half()))",
    ("self.p = nn.Linear(8, 8).half()", "self.q = nn.Linear(8, 4)"),
)
fwd("castlayer_ok_half", "return self.p(h.half()).float()", ("self.p = nn.Linear(8, 4).half()",))
fwd(
    "castlayer_ok_seq",
    "return self.p(h.to(torch.bfloat16)).float() + 1",
    ("self.p = nn.Sequential(nn.Linear(8, 8), nn.GELU()).to(torch.bfloat16)",),
)
fwd(
    "castlayer_ok_chain",
    "return self.q(self.p(h.half()).float())",
    ("self.p = nn.Linear(8, 8).half()", "self.q = nn.Linear(8, 4)"),
)
fwd(
    "castlayer_ok_cast_back",
    "return self.p(h)",
    ("self.p = nn.Linear(8, 4).half()", "self.p.float()"),
)
fwd("castlayer_ok_conv", "return self.p(h.half())", ("self.p = nn.Conv1d(6, 4, 3).half()",))

# ---- samedtype
fwd(
    "samedtype_linear_input",
    "return F.linear(h.double(), self.w)",
    ("self.w = nn.Parameter(torch.randn(4, 8))",),
)
fwd("samedtype_linear_bias", "return F.linear(h, self.fc.weight, self.fc.bias.half())")
fwd("samedtype_lerp", "return torch.lerp(h, h.half(), 0.5)")
fwd("samedtype_lerp_method", "return h.lerp(h.to(torch.float64), 0.25)")
fwd("samedtype_mscatter", "return h.masked_scatter(h > 0, h.double())")
fwd("samedtype_mscatter_fn", "return torch.masked_scatter(h, h > 0, h.bfloat16())")
fwd("samedtype_icopy", "return h.index_copy(1, torch.arange(6), h.half())")
fwd("samedtype_icopy_inplace", "return h.clone().index_copy_(2, torch.arange(8), h.double())")
fwd(
    "samedtype_ok_lerp_weight",
    "return torch.lerp(h, h * 2, torch.tensor(0.5, dtype=torch.float64))",
)
fwd("samedtype_ok_mscatter", "return h.masked_scatter(h > 0, h * 2)")
fwd("samedtype_ok_icopy", "return h.index_copy(1, torch.arange(6), h.double().float())")
fwd("samedtype_ok_promote", "return torch.where(h > 0, h, h.double()) + torch.maximum(h, h.half())")
fwd("samedtype_ok_linear", "return F.linear(h.double(), self.fc.weight.double())")
model(
    "samedtype_grid",
    (2, 3, 5, 5),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.c = nn.Conv2d(3, 3, 1)

        def forward(self, x):
            h = self.c(x)
            grid = torch.zeros(2, 4, 4, 2, dtype=torch.float64)
            return F.grid_sample(h, grid, align_corners=False)
    """,
)
model(
    "samedtype_grid_ok",
    (2, 3, 5, 5),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.c = nn.Conv2d(3, 3, 1)

        def forward(self, x):
            h = self.c(x).double()
            grid = torch.zeros(2, 4, 4, 2, dtype=torch.float64)
            return F.grid_sample(h, grid, align_corners=False)
    """,
)

fwd(
    "samedtype_scatter_add",
    "return h.scatter_add(2, torch.zeros(2, 6, 8, dtype=torch.long), h.half())",
)
fwd(
    "samedtype_scatter_fn",
    "return torch.scatter(h, 1, torch.zeros(2, 6, 8, dtype=torch.long), h.double())",
)
fwd(
    "samedtype_ok_scatter_value", "return h.scatter(1, torch.zeros(2, 6, 8, dtype=torch.long), 2.0)"
)

# ---- indexput: ``x[idx] = v`` with a tensor index
fwd(
    "indexput_rows",
    "out = h.clone()\n        i = torch.tensor([0, 2])\n        out[i] = h[:2].double()\n        return out",
)
fwd(
    "indexput_tuple",
    "out = h.clone()\n        i = torch.tensor([1, 3])\n        out[:, i] = h[:, :2].to(torch.bfloat16)\n        return out",
)
fwd(
    "indexput_ok_same",
    "out = torch.zeros_like(h)\n        m = h > 0\n        out[m] = h[m] * 2\n        return out",
)
fwd(
    "indexput_ok_basic",
    "out = h.clone()\n        out[0] = h[1].double()\n        out[:, 1] = h[:, 2].half()\n        return out",
)
fwd(
    "indexput_ok_0d_index",
    "out = h.clone()\n        i = torch.tensor(1)\n        out[i] = h[0].double()\n        return out",
)
fwd(
    "indexput_ok_mask_0d_value",
    "out = h.clone()\n        m = h > 0\n        out[m] = torch.tensor(1.0, dtype=torch.float64)\n        return out",
)

# ---- lookup: an Embedding's output has its table's dtype
model(
    "lookup_scatter_half",
    (2, 5),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(4, 8)
            self.proj = nn.Linear(8, 8)

        def forward(self, ids):
            e = self.emb(ids)
            return e.masked_scatter(ids[..., None] > 0, self.proj(e).half())
    """,
    kind="tokens",
)
model(
    "lookup_ok_same",
    (2, 5),
    """
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(4, 8)
            self.proj = nn.Linear(8, 8)

        def forward(self, ids):
            e = self.emb(ids)
            return e.masked_scatter(ids[..., None] > 0, self.proj(e))
    """,
    kind="tokens",
)


# ---- nhwc: channels_last strides through layers into a view
def nhwc(name: str, body: str, layers: str, shape=(2, 3, 8, 8)) -> None:
    made = "".join(f"\n                {ln}" for ln in layers.split(";") if ln.strip())
    model(
        name,
        shape,
        f"""
        class Net(nn.Module):
            def __init__(self):
                super().__init__(){made}

            def forward(self, x):
                {body}
        """,
    )


nhwc(
    "nhwc_seq_view",
    "h = self.f(x.contiguous(memory_format=torch.channels_last))\n                "
    "return h.view(h.shape[0], -1)",
    "self.f = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), "
    "nn.MaxPool2d(2))",
)
nhwc(
    "nhwc_direct_view",
    "h = x.to(memory_format=torch.channels_last)\n                return h.view(2, 192)",
    "",
)
nhwc(
    "nhwc_conv_view_size",
    "h = self.c(x.contiguous(memory_format=torch.channels_last))\n                "
    "return h.view(h.size(0), 4 * 8 * 8)",
    "self.c = nn.Conv2d(3, 4, 1)",
)
nhwc(
    "nhwc_ok_reshape",
    "h = self.f(x.contiguous(memory_format=torch.channels_last))\n                "
    "return h.reshape(h.shape[0], -1) + h.flatten(1)",
    "self.f = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())",
)
nhwc(
    "nhwc_ok_permute_view",
    "h = self.c(x.contiguous(memory_format=torch.channels_last))\n                "
    "return h.permute(0, 2, 3, 1).view(2, 64, 4)",
    "self.c = nn.Conv2d(3, 4, 1)",
)
nhwc(
    "nhwc_ok_contiguous_view",
    "h = self.c(x.contiguous(memory_format=torch.channels_last))\n                "
    "return h.contiguous().view(2, -1)",
    "self.c = nn.Conv2d(3, 4, 1)",
)
nhwc(
    "nhwc_ok_one_channel",
    "h = self.c(x.contiguous(memory_format=torch.channels_last))\n                "
    "return h.view(2, -1)",
    "self.c = nn.Conv2d(3, 1, 1)",
)
nhwc(
    "nhwc_ok_pooled",
    "h = self.p(x.contiguous(memory_format=torch.channels_last))\n                "
    "return h.view(2, -1)",
    "self.p = nn.AdaptiveAvgPool2d(1)",
)


# ---- logprob: multinomial of log-probabilities (every value <= 0)
def mn(name: str, body: str) -> None:
    model(name, (3, 10), net_source(("self.fc = nn.Linear(10, 6)",), body))


mn("logprob_method", "return torch.multinomial(h.log_softmax(-1), 1)")
mn("logprob_function", "return F.log_softmax(h, dim=1).multinomial(2)")
mn("logprob_dim0", "return torch.multinomial(torch.log_softmax(h, 0), 1, replacement=True)")
mn("logprob_logsigmoid", "return torch.multinomial(F.logsigmoid(h), 1)")
mn("logprob_ok_exp", "return torch.multinomial(h.log_softmax(-1).exp(), 1)")
mn("logprob_ok_softmax", "return torch.multinomial(F.softmax(h, -1), 2)")
mn(
    "logprob_ok_written",
    "lp = h.log_softmax(-1)\n        lp.exp_()\n        return torch.multinomial(lp, 1)",
)

# ---- fnorm: the functional norms on known shapes
model(
    "fnorm_lrn_2d",
    (4, 8),
    net_source(("self.fc = nn.Linear(8, 8)",), "return F.local_response_norm(h, 3)"),
)
fwd("fnorm_instance_one_spatial", "return F.instance_norm(h[:, :, :1])")
model(
    "fnorm_instance_2d",
    (4, 8),
    net_source(("self.fc = nn.Linear(8, 8)",), "return F.instance_norm(h)"),
)
fwd("fnorm_bn_stats", "return F.batch_norm(h, torch.zeros(8), torch.ones(8), training=False)")
fwd(
    "fnorm_bn_weight", "return F.batch_norm(h, torch.zeros(6), torch.ones(6), weight=torch.ones(5))"
)
fwd("fnorm_shape_kept", "return F.instance_norm(h).view(2, 47)")
fwd("fnorm_ok_lrn", "return F.local_response_norm(h, 3).view(2, 48)")
fwd(
    "fnorm_ok_bn",
    "return F.batch_norm(h, torch.zeros(6), torch.ones(6), training=True).view(2, 48)",
)
fwd(
    "fnorm_ok_instance_stats",
    "return F.instance_norm(h[:, :, :1], torch.zeros(6), torch.ones(6), use_input_stats=False)",
)

# ---- factory: the default dtype (float32) without dtype=, the named one with it
fwd("factory_eye", "return F.linear(h.double(), torch.eye(8))")
fwd("factory_randn", "return torch.lerp(h.half(), torch.randn(2, 6, 8), 0.5)")
fwd(
    "factory_zeros_dtype",
    "return h.masked_scatter(h > 0, torch.zeros(2, 6, 8, dtype=torch.float64))",
)
fwd("factory_ok_eye", "return F.linear(h, torch.eye(8))")
fwd("factory_ok_dtype", "return F.linear(h.double(), torch.eye(8, dtype=torch.float64))")
fwd("factory_ok_linspace", "return torch.lerp(h, torch.linspace(0, 1, 8), 0.5)")

# ---- keepself: the result keeps self's dtype whatever the other arguments
fwd("keepself_index_fill", "return h.index_fill(1, torch.tensor([0]), 0.0).lerp(h.half(), 0.5)")
fwd("keepself_masked_fill", "return torch.lerp(h.masked_fill(h > 0, 1.0), h.double(), 0.5)")
fwd(
    "keepself_gather",
    "return h.double().gather(2, torch.zeros(2, 6, 8, dtype=torch.long)).lerp(h, 0.5)",
)
fwd("keepself_ok_fill", "return h.index_fill(1, torch.tensor([0]), 0.0).lerp(h, 0.5)")
fwd("keepself_ok_flip", "return h.half().flip(1).float().lerp(h, 0.5)")


@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes(name, tmp_path, capsys):
    check_blocker_iff_crash(MODELS, HEAD, name, tmp_path, capsys)


def test_every_rule_has_both_sides(tmp_path):
    check_both_sides(MODELS, HEAD, tmp_path)


def test_silent_without_input_shape(tmp_path, capsys):
    names = tuple(n for n in MODELS if "_ok" not in n)
    check_silent_without_shape(MODELS, HEAD, names, tmp_path, capsys)


FLOATS = ("float32", "float64", "float16", "bfloat16")


def _runs(fn) -> bool:
    try:
        fn()
    except Exception:  # noqa: BLE001 - torch's refusal
        return False
    return True


def test_cast_layers_take_only_their_dtype():
    """Every layer of FLOAT_WEIGHT cast to each floating dtype runs iff the input has it."""
    torch = pytest.importorskip("torch")
    nn = torch.nn
    from driftcheck.parsers.source.forward import dataflow_checks

    made = {
        "Linear": (lambda: nn.Linear(4, 4), [(2, 4)]),
        "LazyLinear": (lambda: nn.Linear(4, 4), [(2, 4)]),
        "Conv1d": (lambda: nn.Conv1d(4, 4, 1), [(2, 4, 5)]),
        "Conv2d": (lambda: nn.Conv2d(4, 4, 1), [(2, 4, 5, 5)]),
        "Conv3d": (lambda: nn.Conv3d(4, 4, 1), [(2, 4, 3, 3, 3)]),
        "Bilinear": (lambda: nn.Bilinear(3, 3, 2), [(2, 3), (2, 3)]),
    }
    assert set(made) == set(dataflow_checks.FLOAT_WEIGHT)
    for type_, (mk, shapes) in made.items():
        for w in FLOATS:
            for d in FLOATS:
                m = mk().to(getattr(torch, w))
                xs = [torch.randn(s).to(getattr(torch, d)) for s in shapes]
                with torch.no_grad():
                    assert _runs(lambda: m(*xs)) is (w == d), (type_, w, d)


def test_same_dtype_table_is_torchs():
    """Each op of SAME_DTYPE, each operand the rule reads: runs iff the dtypes are equal (a
    0-d or empty operand included), for the function and the method forms."""
    torch = pytest.importorskip("torch")
    F = torch.nn.functional
    B = torch.bool

    def t(shape, d):
        return torch.randn(shape, dtype=getattr(torch, d))

    i = torch.zeros(3, 4, dtype=torch.long)

    forms = {
        ("torch.nn.functional.linear", 0): lambda a, b: F.linear(t((2, 3), b), t((4, 3), a)),
        ("torch.nn.functional.linear", 1): lambda a, b: F.linear(t((2, 3), a), t((4, 3), b)),
        ("torch.nn.functional.linear", 2): lambda a, b: F.linear(
            t((2, 3), a), t((4, 3), a), t((4,), b)
        ),
        ("torch.nn.functional.linear", "0d bias"): lambda a, b: F.linear(
            t((2, 3), a), t((4, 3), a), t((), b)
        ),
        ("torch.nn.functional.linear", "empty"): lambda a, b: F.linear(t((0, 3), a), t((4, 3), b)),
        ("torch.nn.functional.grid_sample", 1): lambda a, b: F.grid_sample(
            t((1, 2, 4, 4), a),
            torch.zeros(1, 3, 3, 2, dtype=getattr(torch, b)),
            align_corners=False,
        ),
        ("torch.lerp", 1): lambda a, b: torch.lerp(t((3,), a), t((3,), b), 0.5),
        ("torch.lerp", "0d end"): lambda a, b: torch.lerp(t((3,), a), t((), b), 0.5),
        ("torch.lerp", "0d self"): lambda a, b: torch.lerp(t((), a), t((3,), b), 0.5),
        ("lerp", 0): lambda a, b: t((3,), a).lerp(t((3,), b), 0.5),
        ("lerp_", 0): lambda a, b: t((3,), a).lerp_(t((3,), b), 0.5),
        ("torch.masked_scatter", 2): lambda a, b: torch.masked_scatter(
            t((3, 4), a), torch.ones(3, 4, dtype=B), t((3, 4), b)
        ),
        ("masked_scatter", 1): lambda a, b: t((3, 4), a).masked_scatter(
            torch.ones(3, 4, dtype=B), t((3, 4), b)
        ),
        ("masked_scatter_", 1): lambda a, b: t((3, 4), a).masked_scatter_(
            torch.zeros(3, 4, dtype=B), t((3, 4), b)
        ),
        ("masked_scatter", "0d self"): lambda a, b: t((), a).masked_scatter(
            torch.tensor(True), t((3,), b)
        ),
        ("torch.index_copy", 3): lambda a, b: torch.index_copy(
            t((3, 4), a), 0, torch.arange(3), t((3, 4), b)
        ),
        ("index_copy", 2): lambda a, b: t((3, 4), a).index_copy(0, torch.arange(3), t((3, 4), b)),
        ("index_copy_", 2): lambda a, b: t((3, 4), a).index_copy_(1, torch.arange(4), t((3, 4), b)),
        ("index_copy", "empty"): lambda a, b: t((0, 3), a).index_copy(
            0, torch.arange(0), t((0, 3), b)
        ),
        ("torch.scatter", 3): lambda a, b: torch.scatter(t((3, 4), a), 1, i, t((3, 4), b)),
        ("torch.scatter_add", 3): lambda a, b: torch.scatter_add(t((3, 4), a), 1, i, t((3, 4), b)),
        ("torch.scatter_reduce", 3): lambda a, b: torch.scatter_reduce(
            t((3, 4), a), 1, i, t((3, 4), b), "sum"
        ),
        ("scatter", 2): lambda a, b: t((3, 4), a).scatter(1, i, t((3, 4), b)),
        ("scatter_", 2): lambda a, b: t((3, 4), a).scatter_(1, i, src=t((3, 4), b)),
        ("scatter_add", 2): lambda a, b: t((3, 4), a).scatter_add(1, i, t((3, 4), b)),
        ("scatter_add_", "empty"): lambda a, b: t((3, 4), a).scatter_add_(
            1, i[:, :0], t((3, 0), b)
        ),
        ("scatter_reduce", 2): lambda a, b: t((3, 4), a).scatter_reduce(1, i, t((3, 4), b), "amax"),
        ("scatter_reduce_", 2): lambda a, b: t((3, 4), a).scatter_reduce_(
            1, i, t((3, 4), b), "mean"
        ),
    }
    assert {k[0] for k in forms} == set(rules.SAME_DTYPE)
    for key, fn in forms.items():
        for a in FLOATS:
            for b in FLOATS:
                assert _runs(lambda: fn(a, b)) is (a == b), (key, a, b)
    # what the rule leaves out, on purpose: a 0-d lerp weight and an empty grid_sample batch run
    assert _runs(lambda: torch.lerp(t((3,), "float32"), t((3,), "float32"), t((), "float64")))
    assert _runs(
        lambda: F.grid_sample(
            t((0, 2, 4, 4), "float32"),
            torch.zeros(0, 3, 3, 2, dtype=torch.float64),
            align_corners=False,
        )
    )


def test_keep_self_and_factories_are_torchs():
    """KEEP_SELF methods give self's dtype whatever the dtype of the other arguments; the
    FLOAT_FACTORIES give the default dtype without ``dtype=``."""
    torch = pytest.importorskip("torch")
    for d in FLOATS:
        x = torch.randn(3, 4, dtype=getattr(torch, d))
        other = torch.float64 if d != "float64" else torch.float16
        i = torch.zeros(3, 4, dtype=torch.long)
        calls = {
            "index_fill": lambda: x.index_fill(
                1, torch.tensor([0]), torch.tensor(2.0, dtype=other)
            ),
            "index_fill_": lambda: x.clone().index_fill_(1, torch.tensor([0]), 2.5),
            "masked_fill": lambda: x.masked_fill(x > 0, torch.tensor(1.0, dtype=other)),
            "masked_fill_": lambda: x.clone().masked_fill_(x > 0, 1.5),
            "gather": lambda: x.gather(1, i),
            "scatter_add": lambda: x.scatter_add(1, i, x),
            "scatter_add_": lambda: x.clone().scatter_add_(1, i, x),
            "index_select": lambda: x.index_select(0, torch.tensor([0, 2])),
            "roll": lambda: x.roll(1, 0),
            "flip": lambda: x.flip(0),
            "take_along_dim": lambda: x.take_along_dim(i, 1),
            "masked_scatter": lambda: x.masked_scatter(x > 0, x),
            "masked_scatter_": lambda: x.clone().masked_scatter_(x > 0, x),
            "index_copy": lambda: x.index_copy(0, torch.arange(3), x),
            "index_copy_": lambda: x.clone().index_copy_(0, torch.arange(3), x),
            "narrow": lambda: x.narrow(1, 0, 2),
            "repeat": lambda: x.repeat(2, 1),
            "tile": lambda: x.tile((2,)),
        }
        assert set(calls) == set(rules.KEEP_SELF)
        for name, call in calls.items():
            assert call().dtype == x.dtype, (name, d)
    assert torch.get_default_dtype() == torch.float32
    made = {
        "zeros": torch.zeros(2, 3), "ones": torch.ones(2), "empty": torch.empty(2),
        "eye": torch.eye(3), "rand": torch.rand(2), "randn": torch.randn(2),
        "linspace": torch.linspace(0, 1, 3), "logspace": torch.logspace(0, 1, 3),
    }  # fmt: skip
    assert set(made) == set(rules.FLOAT_FACTORIES)
    assert all(v.dtype == torch.float32 for v in made.values())
    for q, d in rules._DTYPE_QUALS.items():
        assert getattr(torch, q.split(".")[1]) == getattr(torch, d)


def test_nhwc_layers_are_torchs():
    """Each layer of NHWC_LAYERS keeps a channels_last input channels_last (more than one
    channel and pixel in and out), in train and eval mode; InstanceNorm2d does not."""
    torch = pytest.importorskip("torch")
    nn = torch.nn
    cl = torch.channels_last

    def make(name: str, c: int):
        return {
            "Conv2d": lambda: nn.Conv2d(c, 5, 3, stride=2, padding=1, groups=1),
            "BatchNorm2d": lambda: nn.BatchNorm2d(c),
            "GroupNorm": lambda: nn.GroupNorm(1, c),
            "MaxPool2d": lambda: nn.MaxPool2d(2),
            "AvgPool2d": lambda: nn.AvgPool2d(2),
            "AdaptiveAvgPool2d": lambda: nn.AdaptiveAvgPool2d(2),
            "Dropout": lambda: nn.Dropout(0.1),
        }.get(name, lambda: getattr(nn, name)())

    assert set(rules.NHWC_LAYERS) >= {"Conv2d", "BatchNorm2d"}
    for name in sorted(rules.NHWC_LAYERS):
        for shape in ((1, 2, 4, 4), (2, 3, 5, 6), (2, 8, 2, 3)):
            for train in (False, True):
                m = make(name, shape[1])()
                m.train(train)
                x = torch.randn(shape).contiguous(memory_format=cl)
                with torch.no_grad():
                    y = m(x)
                if y.shape[1] > 1 and y.shape[2] * y.shape[3] > 1:
                    assert y.is_contiguous(memory_format=cl), (name, shape)
                    assert not y.is_contiguous(), (name, shape)
                    assert tuple(y.stride()) == rules.nhwc_strides(tuple(y.shape)), (name, shape)
                else:  # one channel or one pixel: any view runs, as on the strides the rule gives
                    assert y.view(y.shape[0], -1).shape[0] == y.shape[0]
    m = nn.InstanceNorm2d(3)
    y = m(torch.randn(2, 3, 4, 4).contiguous(memory_format=cl))
    assert "InstanceNorm2d" not in rules.NHWC_LAYERS and y.is_contiguous()
