"""Linear-family layers beyond core's Linear: Bilinear, a LoRA-adapted Linear (peft naming)
and the adaptive softmax head.

MACs: tokens * in * out per weight matrix (Bilinear: tokens * in1 * in2 * out).
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, known, matmul_macs, rows
from driftcheck.graph.catalogue.spec import LayerSpec, P, expect_dim, fmt


# ---------------------------------------------------------------- Bilinear
def _bilinear_weights(p):
    w = {"weight": (p["out_features"], p["in1_features"], p["in2_features"])}
    if p["bias"]:
        w["bias"] = (p["out_features"],)
    return w


def _bilinear_shape(p, shapes):
    a, b = shapes[0], shapes[1]
    expect_dim("Bilinear", a, -1, p["in1_features"], "in1_features")
    expect_dim("Bilinear", b, -1, p["in2_features"], "in2_features")
    if len(a) != len(b) or any(known(u, v) and u != v for u, v in zip(a[:-1], b[:-1])):
        raise ShapeError(f"Bilinear inputs {fmt(a)} and {fmt(b)} differ in leading dims")
    return (*a[:-1], p["out_features"])


BILINEAR = LayerSpec(
    name="Bilinear",
    family="linear",
    params=(
        P("in1_features", dim=True),
        P("in2_features", dim=True),
        P("out_features", dim=True),
        P("bias", "bool", True),
    ),
    weights=_bilinear_weights,
    shape=_bilinear_shape,
    macs=lambda p, s, o: rows(s[0]) * p["in1_features"] * p["in2_features"] * p["out_features"],
    torch="torch.nn.Bilinear",
    role="linear",
    n_inputs=2,
    aliases=("bilinear",),
    doc="y = x1^T A x2 + b: weight (out, in1, in2).",
    examples=ex(
        ({"in1_features": 4, "in2_features": 6, "out_features": 3}, ((2, 4), (2, 6))),
        (
            {"in1_features": 5, "in2_features": 5, "out_features": 2, "bias": False},
            ((2, 3, 5), (2, 3, 5)),
        ),
    ),
    extra={
        "bad": ex(({"in1_features": 4, "in2_features": 6, "out_features": 3}, ((2, 4), (2, 5))))
    },
)


# ---------------------------------------------------------------- LoRA
def _lora_weights(p):
    a = p["adapter_name"]
    w = {"base_layer.weight": (p["out_features"], p["in_features"])}
    if p["bias"]:
        w["base_layer.bias"] = (p["out_features"],)
    w[f"lora_A.{a}.weight"] = (p["r"], p["in_features"])
    w[f"lora_B.{a}.weight"] = (p["out_features"], p["r"])
    return w


def _lora_shape(p, shapes):
    x = shapes[0]
    expect_dim("LoRALinear", x, -1, p["in_features"], "in_features")
    return (*x[:-1], p["out_features"])


LORA = LayerSpec(
    name="LoRALinear",
    family="linear",
    params=(
        P("in_features", dim=True),
        P("out_features", dim=True),
        P("r", dim=True, aliases=("rank", "lora_r", "lora_rank")),
        P("lora_alpha", "float", 8.0, aliases=("alpha",)),
        P("lora_dropout", "float", 0.0),
        P("bias", "bool", True),
        P("adapter_name", "str", "default"),
    ),
    weights=_lora_weights,
    shape=_lora_shape,
    macs=lambda p, s, o: (
        rows(s[0])
        * (p["in_features"] * p["out_features"] + p["r"] * (p["in_features"] + p["out_features"]))
    ),
    role="linear",
    aliases=("lora.Linear", "peft.tuners.lora.Linear", "LoraLinear"),
    doc="peft's LoRA Linear: frozen base_layer plus lora_B(lora_A(x)) * alpha / r, with peft's "
    "state-dict names (lora_A.<adapter>.weight, lora_B.<adapter>.weight).",
    extra={
        "reference": "lora_linear",
        "bad": ex(({"in_features": 16, "out_features": 8, "r": 4}, ((2, 15),))),
    },
    examples=ex(
        ({"in_features": 16, "out_features": 8, "r": 4}, ((2, 5, 16),)),
        (
            {"in_features": 8, "out_features": 8, "r": 2, "bias": False, "adapter_name": "a1"},
            ((3, 8),),
        ),
    ),
)


# ---------------------------------------------------------------- adaptive softmax
def _cutoffs(p) -> list[int]:
    return [*(p["cutoffs"] if isinstance(p["cutoffs"], tuple) else (p["cutoffs"],)), p["n_classes"]]


def _als_weights(p):
    cut = _cutoffs(p)
    n_clusters = len(cut) - 1
    d = p["in_features"]
    w = {"head.weight": (cut[0] + n_clusters, d)}
    if p["head_bias"]:
        w["head.bias"] = (cut[0] + n_clusters,)
    for i in range(n_clusters):
        hsz = int(d // (p["div_value"] ** (i + 1)))
        w[f"tail.{i}.0.weight"] = (hsz, d)
        w[f"tail.{i}.1.weight"] = (cut[i + 1] - cut[i], hsz)
    return w


def _als_shape(p, shapes):
    x, t = shapes[0], shapes[1]
    if len(x) not in (1, 2):
        raise ShapeError(f"AdaptiveLogSoftmaxWithLoss expected 1-D or 2-D input, got {fmt(x)}")
    expect_dim("AdaptiveLogSoftmaxWithLoss", x, -1, p["in_features"], "in_features")
    if len(t) != len(x) - 1 or (t and known(t[0], x[0]) and t[0] != x[0]):
        raise ShapeError(f"AdaptiveLogSoftmaxWithLoss target {fmt(t)} does not fit input {fmt(x)}")
    return tuple(x[:-1])


ALS = LayerSpec(
    name="AdaptiveLogSoftmaxWithLoss",
    family="linear",
    params=(
        P("in_features", dim=True),
        P("n_classes", dim=True),
        P("cutoffs", "ints"),
        P("div_value", "float", 4.0),
        P("head_bias", "bool", False),
    ),
    weights=_als_weights,
    shape=_als_shape,
    macs=lambda p, s, o: matmul_macs(_als_weights(p), rows(s[0])),
    torch="torch.nn.AdaptiveLogSoftmaxWithLoss",
    role="head",
    n_inputs=2,
    aliases=("adaptive_softmax",),
    doc="Efficient softmax over large vocabularies (Grave et al.): a head over frequent classes "
    "plus low-rank tail clusters; returns per-sample target log-probs (and the loss).",
    examples=ex(
        ({"in_features": 16, "n_classes": 100, "cutoffs": (10, 50)}, ((4, 16), (4,))),
        (
            {
                "in_features": 32,
                "n_classes": 60,
                "cutoffs": (20,),
                "div_value": 2.0,
                "head_bias": True,
            },
            ((3, 32), (3,)),
        ),
    ),
    extra={
        "input_dtype": ("float", "long"),
        "bad": ex(({"in_features": 16, "n_classes": 100, "cutoffs": (10, 50)}, ((4, 15), (4,)))),
    },
)


# ---------------------------------------------------------------- fused linear + cross entropy
def _lce_weights(p):
    w = {"linear.weight": (p["num_classes"], p["in_features"])}
    if p["bias"]:
        w["linear.bias"] = (p["num_classes"],)
    return w


def _lce_shape(p, shapes):
    x, t = shapes[0], shapes[1]
    if len(x) not in (1, 2):
        raise ShapeError(f"LinearCrossEntropyLoss expected 1-D or 2-D input, got {fmt(x)}")
    expect_dim("LinearCrossEntropyLoss", x, -1, p["in_features"], "in_features")
    if len(t) != len(x) - 1 or any(known(a, b) and a != b for a, b in zip(t, x[:-1])):
        raise ShapeError(f"LinearCrossEntropyLoss target {fmt(t)} does not fit input {fmt(x)}")
    return tuple(t) if p["reduction"] == "none" else ()


LCE = LayerSpec(
    name="LinearCrossEntropyLoss",
    family="loss",
    params=(
        P("in_features", dim=True, aliases=("hidden_size",)),
        P("num_classes", dim=True, aliases=("vocab_size",)),
        P("bias", "bool", False),
        P("reduction", "str", "mean"),
        P("label_smoothing", "float", 0.0),
    ),
    weights=_lce_weights,
    shape=_lce_shape,
    macs=lambda p, s, o: matmul_macs(_lce_weights(p), rows(s[0])),
    torch="torch.nn.LinearCrossEntropyLoss",
    role="head",
    n_inputs=2,
    aliases=("linear_cross_entropy", "FusedLinearCrossEntropy"),
    doc="LM head and cross entropy fused (chunked so the logits never materialize): "
    "linear.weight (num_classes, in_features).",
    examples=ex(
        ({"in_features": 8, "num_classes": 10}, ((4, 8), (4,))),
        (
            {"in_features": 6, "num_classes": 5, "bias": True, "reduction": "none"},
            ((5, 6), (5,)),
        ),
    ),
    extra={
        "input_dtype": ("float", "long"),
        "bad": ex(
            ({"in_features": 8, "num_classes": 10}, ((4, 7), (4,))),
            ({"in_features": 8, "num_classes": 10}, ((2, 3, 8), (2, 3))),
        ),
    },
)

LAYERS = [BILINEAR, LORA, ALS, LCE]

LAYERS = checked(LAYERS)
