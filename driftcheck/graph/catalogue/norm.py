"""Normalization layers: batch, instance, layer, group, RMS and local-response norms.

MACs: one per output element (normalization is memory-bound; see ``_helpers``).
"""

from __future__ import annotations

import math

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, known
from driftcheck.graph.catalogue.spec import LayerSpec, P, expect_dim, fmt, tup

_FEATURES = ("num_channels", "channels", "C", "dim")


def _affine_weights(shape_key: str, affine_key: str, bias_key: str | None = None, bias=True):
    """weight (and bias) of the affine part; ``bias_key`` names a param that switches the bias."""

    def rule(p):
        if not p[affine_key]:
            return {}
        shape = tup(p[shape_key], 1) if shape_key == "normalized_shape" else (p[shape_key],)
        w = {"weight": tuple(shape)}
        if bias and (bias_key is None or p[bias_key]):
            w["bias"] = tuple(shape)
        return w

    return rule


# ---------------------------------------------------------------- batch norm
def _bn_shape(name: str, ranks: tuple[int, ...]):
    def rule(p, shapes):
        x = shapes[0]
        if len(x) not in ranks:
            want = " or ".join(f"{r}-D" for r in ranks)
            raise ShapeError(f"{name} expected {want} input, got shape {fmt(x)}")
        expect_dim(name, x, 1, p["num_features"], "num_features")
        if p["track_running_stats"] is False and all(isinstance(d, int) for d in x):
            # without running stats the batch's own statistics are used in every mode, and
            # one value per channel (batch times spatial items) has no variance: torch's
            # ValueError; with running stats eval mode runs, so no judgement
            if x[0] * math.prod(x[2:]) == 1:
                raise ShapeError(
                    f"{name}: Expected more than 1 value per channel when training, got input "
                    f"size {fmt(x)}"
                )
        return tuple(x)

    return rule


def _bn_params(affine_default: bool, stats_default: bool):
    return (
        P("num_features", dim=True, aliases=_FEATURES),
        P("eps", "float", 1e-5, aliases=("epsilon",)),
        P("momentum", "float", 0.1),
        P("affine", "bool", affine_default),
        P("track_running_stats", "bool", stats_default),
    )


def _batch_norm(n: int, ranks: tuple[int, ...], shapes: tuple) -> LayerSpec:
    name = f"BatchNorm{n}d"
    return LayerSpec(
        name=name,
        family="norm",
        params=_bn_params(True, True),
        weights=_affine_weights("num_features", "affine"),
        shape=_bn_shape(name, ranks),
        torch=f"torch.nn.{name}",
        role="norm",
        aliases=(f"BN{n}d", f"batch_norm{n}d") + (("BatchNorm", "BN") if n == 2 else ()),
        doc=f"Batch norm over channel axis 1 of {' or '.join(f'{r}-D' for r in ranks)} input; "
        "running_mean/running_var are buffers, not parameters.",
        examples=ex(
            ({"num_features": shapes[0][1]}, (shapes[0],)),
            ({"num_features": shapes[1][1], "affine": False}, (shapes[1],)),
        ),
        extra={
            "bad": ex(
                (
                    {"num_features": 6},
                    (tuple(d + 1 if i == 1 else d for i, d in enumerate(shapes[0])),),
                )
            )
        },
    )


# ---------------------------------------------------------------- instance norm
def _in_shape(name: str, n: int):
    def rule(p, shapes):
        x = shapes[0]
        if len(x) not in (n + 1, n + 2):
            raise ShapeError(f"{name} expected {n + 1}-D or {n + 2}-D input, got shape {fmt(x)}")
        if p["affine"]:
            axis = 0 if len(x) == n + 1 else 1
            expect_dim(name, x, axis, p["num_features"], "num_features")
        spatial = x[len(x) - n :]
        if p["track_running_stats"] is False and all(isinstance(d, int) for d in spatial):
            # without running stats the input's own statistics are used in every mode, and
            # one spatial element has no variance: torch's ValueError (a 1x1 map after
            # too many downsamplings); with running stats eval mode runs, so no judgement
            if math.prod(spatial) == 1:
                raise ShapeError(
                    f"{name}: Expected more than 1 spatial element when training, got input "
                    f"size {fmt(x)}"
                )
        return tuple(x)

    return rule


def _instance_norm(n: int, shapes: tuple) -> LayerSpec:
    name = f"InstanceNorm{n}d"
    return LayerSpec(
        name=name,
        family="norm",
        params=_bn_params(False, False),
        weights=_affine_weights("num_features", "affine"),
        shape=_in_shape(name, n),
        torch=f"torch.nn.{name}",
        role="norm",
        aliases=(f"IN{n}d", f"instance_norm{n}d"),
        doc=f"Per-sample, per-channel norm of ({n + 2}-D or unbatched {n + 1}-D) input; "
        "affine weights only when affine=True.",
        examples=ex(
            ({"num_features": shapes[0][1]}, (shapes[0],)),
            ({"num_features": shapes[1][1], "affine": True}, (shapes[1],)),
            ({"num_features": shapes[1][1], "affine": True}, (shapes[1][1:],)),
        ),
        extra={"bad": ex(({"num_features": 5, "affine": True}, (shapes[0],)))},
    )


# ---------------------------------------------------------------- layer norm / RMS norm
def _ln_shape(name: str):
    def rule(p, shapes):
        x = shapes[0]
        ns = tup(p["normalized_shape"], 1)
        if len(x) < len(ns):
            raise ShapeError(f"{name} normalized_shape={fmt(ns)} exceeds input shape {fmt(x)}")
        tail = x[len(x) - len(ns) :]
        for got, want in zip(tail, ns):
            if isinstance(got, int) and isinstance(want, int) and got != want:
                raise ShapeError(
                    f"{name} expected trailing dims {fmt(ns)} (normalized_shape), "
                    f"got input shape {fmt(x)}"
                )
        return tuple(x)

    return rule


_NS_ALIASES = ("hidden_size", "dim", "d_model", "embed_dim", "n_embd", "normalized_dim")

LAYERNORM = LayerSpec(
    name="LayerNorm",
    family="norm",
    params=(
        P("normalized_shape", "ints", dim=True, aliases=_NS_ALIASES),
        P("eps", "float", 1e-5, aliases=("layer_norm_eps", "layer_norm_epsilon", "norm_eps")),
        P("elementwise_affine", "bool", True),
        P("bias", "bool", True),
    ),
    weights=_affine_weights("normalized_shape", "elementwise_affine", "bias"),
    shape=_ln_shape("LayerNorm"),
    torch="torch.nn.LayerNorm",
    role="norm",
    aliases=("LN", "layer_norm", "nn.LayerNorm"),
    doc="Normalizes the trailing normalized_shape dims; weight and bias of that shape.",
    examples=ex(
        ({"normalized_shape": 32}, ((2, 5, 32),)),
        ({"normalized_shape": (4, 6), "bias": False}, ((3, 4, 6),)),
        ({"normalized_shape": 8, "elementwise_affine": False}, ((8,),)),
    ),
    extra={"bad": ex(({"normalized_shape": 32}, ((2, 5, 31),)))},
)

RMSNORM = LayerSpec(
    name="RMSNorm",
    family="norm",
    params=(
        P("normalized_shape", "ints", dim=True, aliases=_NS_ALIASES),
        P(
            "eps",
            "float",
            None,
            aliases=("rms_norm_eps", "norm_eps", "variance_epsilon", "epsilon"),
        ),
        P("elementwise_affine", "bool", True),
    ),
    weights=_affine_weights("normalized_shape", "elementwise_affine", bias=False),
    shape=_ln_shape("RMSNorm"),
    torch="torch.nn.RMSNorm",
    role="norm",
    aliases=(
        "T5LayerNorm",
        "LlamaRMSNorm",
        "MistralRMSNorm",
        "Qwen2RMSNorm",
        "Qwen3RMSNorm",
        "MixtralRMSNorm",
        "DeepseekV3RMSNorm",
        "rms_norm",
        "RMSLayerNorm",
    ),
    doc="Root-mean-square norm (no centering, no bias): weight of normalized_shape. "
    "HF's LlamaRMSNorm / T5LayerNorm count the same.",
    examples=ex(
        ({"normalized_shape": 32}, ((2, 5, 32),)),
        ({"normalized_shape": 16, "eps": 1e-6}, ((16,),)),
        ({"normalized_shape": (3, 4), "elementwise_affine": False}, ((2, 3, 4),)),
    ),
    extra={"bad": ex(({"normalized_shape": 32}, ((2, 5, 16),)))},
)


# ---------------------------------------------------------------- group norm, LRN
def _gn_shape(p, shapes):
    x = shapes[0]
    if len(x) < 2:
        raise ShapeError(f"GroupNorm expected (N, C, *) input, got shape {fmt(x)}")
    expect_dim("GroupNorm", x, 1, p["num_channels"], "num_channels")
    if p["num_channels"] % p["num_groups"]:
        raise ShapeError(
            f"GroupNorm num_channels={p['num_channels']} not divisible by num_groups={p['num_groups']}"
        )
    if known(*x) and x[0] * x[1] // p["num_groups"] * math.prod(x[2:]) == 1:
        # F.group_norm's _verify_batch_size, in eval mode too: one value per group
        raise ShapeError(
            f"GroupNorm({p['num_groups']}, {p['num_channels']}) on {fmt(x)}: Expected more "
            "than 1 value per channel when training"
        )
    return tuple(x)


GROUPNORM = LayerSpec(
    name="GroupNorm",
    family="norm",
    params=(
        P("num_groups", dim=True, aliases=("groups", "norm_num_groups")),
        P("num_channels", dim=True, aliases=("channels", "num_features")),
        P("eps", "float", 1e-5),
        P("affine", "bool", True),
    ),
    weights=_affine_weights("num_channels", "affine"),
    shape=_gn_shape,
    torch="torch.nn.GroupNorm",
    role="norm",
    aliases=("GN", "group_norm"),
    doc="Normalizes groups of channels of (N, C, *) input; per-channel weight and bias.",
    examples=ex(
        ({"num_groups": 4, "num_channels": 16}, ((2, 16, 5, 5),)),
        ({"num_groups": 1, "num_channels": 6, "affine": False}, ((3, 6, 7),)),
    ),
    extra={"bad": ex(({"num_groups": 4, "num_channels": 16}, ((2, 12, 5, 5),)))},
)


def _lrn_shape(name):
    def rule(p, shapes):
        x = shapes[0]
        if len(x) < 3:
            raise ShapeError(f"{name} expected 3-D or higher input, got shape {fmt(x)}")
        return tuple(x)

    return rule


LRN = LayerSpec(
    name="LocalResponseNorm",
    family="norm",
    params=(
        P("size"),
        P("alpha", "float", 1e-4),
        P("beta", "float", 0.75),
        P("k", "float", 1.0),
    ),
    shape=_lrn_shape("LocalResponseNorm"),
    torch="torch.nn.LocalResponseNorm",
    role="norm",
    aliases=("LRN",),
    doc="AlexNet-style normalization across neighbouring channels; no weights.",
    examples=ex(({"size": 2}, ((2, 8, 5, 5),)), ({"size": 3, "alpha": 1e-3}, ((1, 4, 6),))),
)

CROSSMAP = LayerSpec(
    name="CrossMapLRN2d",
    family="norm",
    params=(
        P("size"),
        P("alpha", "float", 1e-4),
        P("beta", "float", 0.75),
        P("k", "float", 1.0),
    ),
    shape=lambda p, s: _cross_map_shape(s[0]),
    torch="torch.nn.CrossMapLRN2d",
    role="norm",
    doc="Legacy Lua-torch LRN over channels of 4-D input; no weights.",
    examples=ex(({"size": 3}, ((2, 6, 4, 4),)), ({"size": 5, "k": 2.0}, ((1, 8, 3, 3),))),
)


def _cross_map_shape(x):
    if len(x) != 4:
        raise ShapeError(f"CrossMapLRN2d expected 4-D input, got shape {fmt(x)}")
    return tuple(x)


SYNC_BN = LayerSpec(
    name="SyncBatchNorm",
    family="norm",
    params=_bn_params(True, True),
    weights=_affine_weights("num_features", "affine"),
    shape=_bn_shape("SyncBatchNorm", (2, 3, 4, 5)),
    torch="torch.nn.SyncBatchNorm",
    role="norm",
    aliases=("sync_batch_norm",),
    doc="BatchNorm whose training statistics are reduced across processes; the same weights "
    "as BatchNorm (training needs a process group, eval does not).",
    examples=ex(
        ({"num_features": 6}, ((2, 6, 5, 5),)),
        ({"num_features": 4, "affine": False}, ((3, 4),)),
    ),
    extra={"bad": ex(({"num_features": 6}, ((2, 5, 5, 5),)))},
)

LAYERS = [
    SYNC_BN,
    _batch_norm(1, (2, 3), ((4, 6), (2, 5, 7))),
    _batch_norm(2, (4,), ((2, 6, 5, 5), (1, 3, 4, 4))),
    _batch_norm(3, (5,), ((2, 6, 3, 3, 3), (1, 2, 2, 3, 4))),
    _instance_norm(1, ((2, 6, 5), (3, 4, 7))),
    _instance_norm(2, ((2, 6, 5, 5), (1, 3, 4, 6))),
    _instance_norm(3, ((2, 6, 3, 3, 3), (1, 2, 2, 3, 4))),
    LAYERNORM,
    RMSNORM,
    GROUPNORM,
    LRN,
    CROSSMAP,
]

LAYERS = checked(LAYERS)
