"""Activations: every torch.nn activation plus the transformers ACT2FN vocabulary.

Every key of ``transformers.activations.ACT2FN`` is an alias of one entry (except ``linear``,
which would shadow the Linear layer), so a parser reading ``ACT2FN["gelu_new"]`` or
``config.hidden_act`` finds the entry by ``catalogue.lookup``. MACs: one per output element.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex
from driftcheck.graph.catalogue.spec import Example, LayerSpec, P, expect_dim, fmt

_PLAIN = ((2, 8), (2, 3, 4, 5))


def act(
    name: str,
    params: tuple[P, ...] = (),
    aliases: tuple[str, ...] = (),
    doc: str = "",
    torch: bool = True,
    hf: str | None = None,
    hf_kwargs: dict | None = None,
    examples: tuple[Example, ...] | None = None,
    **kw,
) -> LayerSpec:
    """An elementwise activation: same shape out, one MAC per element."""
    extra = dict(kw.pop("extra", {}))
    if hf:
        extra.update({"reference": "hf_activation", "hf_class": hf, "hf_kwargs": hf_kwargs or {}})
    if examples is None:
        examples = ex(*(({}, (s,)) for s in _PLAIN))
    return LayerSpec(
        name=name,
        family="activation",
        params=params,
        torch=f"torch.nn.{name}" if torch else None,
        role="activation",
        aliases=aliases,
        doc=doc,
        examples=examples,
        extra=extra,
        **kw,
    )


def _dim_shape(name: str, min_rank: int = 0):
    def rule(p, shapes):
        x = shapes[0]
        d = p["dim"]
        if d is not None and not (-len(x) <= d < max(len(x), 1)):
            raise ShapeError(f"{name} dim={d} out of range for input shape {fmt(x)}")
        if len(x) < min_rank:
            raise ShapeError(f"{name} expected >= {min_rank}-D input, got shape {fmt(x)}")
        return tuple(x)

    return rule


def _glu_shape(p, shapes):
    x = list(shapes[0])
    d = p["dim"]
    if not -len(x) <= d < len(x):
        raise ShapeError(f"GLU dim={d} out of range for input shape {fmt(tuple(x))}")
    size = x[d]
    if isinstance(size, int):
        if size % 2:
            raise ShapeError(
                f"GLU halves dim {d}; it must be even, got input shape {fmt(tuple(x))}"
            )
        x[d] = size // 2
    return tuple(x)


def _prelu_shape(p, shapes):
    x = shapes[0]
    n = p["num_parameters"]
    if isinstance(n, int) and n != 1 and len(x) < 2:
        # torch 2.13 reads the channels from axis 1; a 1-D input has one channel, a 0-D input
        # none ("Mismatch of parameter numbers and input channel size ... channel size = 1")
        raise ShapeError(
            f"PReLU with num_parameters={n} takes its channels from axis 1; a {len(x)}-D input "
            f"of shape {fmt(x)} has {1 if x else 0}"
        )
    if n != 1:
        expect_dim("PReLU", x, 1, n, "num_parameters (channels)")
    return tuple(x)


def _softmax2d_shape(p, shapes):
    x = shapes[0]
    if len(x) not in (3, 4):
        raise ShapeError(f"Softmax2d expected 3-D or 4-D input, got shape {fmt(x)}")
    return tuple(x)


_INPLACE = P("inplace", "bool", False)
_DIM = P("dim", default=None)
_DIM_EX = ex(({"dim": -1}, ((2, 8),)), ({"dim": 1}, ((2, 3, 4, 5),)))

LAYERS = [
    act("ReLU", (_INPLACE,), ("relu", "F.relu", "torch.relu"), "max(0, x)."),
    act("ReLU6", (_INPLACE,), ("relu6", "F.relu6"), "min(max(0, x), 6) (MobileNet)."),
    act(
        "LeakyReLU",
        (P("negative_slope", "float", 0.01), _INPLACE),
        ("leaky_relu", "F.leaky_relu", "lrelu"),
        "x for x >= 0, negative_slope * x otherwise.",
        examples=ex(({}, ((2, 8),)), ({"negative_slope": 0.2}, ((2, 3, 4, 5),))),
    ),
    act(
        "ELU",
        (P("alpha", "float", 1.0), _INPLACE),
        ("elu", "F.elu"),
        "Exponential linear unit.",
        examples=ex(({}, ((2, 8),)), ({"alpha": 0.5}, ((2, 3, 4),))),
    ),
    act("SELU", (_INPLACE,), ("selu", "F.selu"), "Scaled ELU (self-normalizing nets)."),
    act(
        "CELU",
        (P("alpha", "float", 1.0), _INPLACE),
        ("celu", "F.celu"),
        "Continuously differentiable ELU.",
        examples=ex(({}, ((2, 8),)), ({"alpha": 2.0}, ((2, 3, 4),))),
    ),
    act(
        "GELU",
        (P("approximate", "str", "none"),),
        ("gelu", "gelu_python", "F.gelu", "GELUActivation"),
        "Gaussian error linear unit; approximate='tanh' is the GPT-2 tanh form.",
        examples=ex(({}, ((2, 8),)), ({"approximate": "tanh"}, ((2, 3, 4, 5),))),
    ),
    act("SiLU", (_INPLACE,), ("silu", "F.silu", "SiLUActivation"), "x * sigmoid(x)."),
    act("Mish", (_INPLACE,), ("mish", "F.mish", "MishActivation"), "x * tanh(softplus(x))."),
    act("Sigmoid", (), ("sigmoid", "torch.sigmoid", "F.sigmoid"), "1 / (1 + exp(-x))."),
    act("Tanh", (), ("tanh", "torch.tanh", "F.tanh"), "Hyperbolic tangent."),
    act(
        "Hardtanh",
        (P("min_val", "float", -1.0), P("max_val", "float", 1.0), _INPLACE),
        ("hardtanh", "F.hardtanh"),
        "clamp(x, min_val, max_val).",
        examples=ex(({}, ((2, 8),)), ({"min_val": -2.0, "max_val": 2.0}, ((2, 3, 4),))),
    ),
    act("Hardswish", (_INPLACE,), ("hardswish", "hard_swish", "F.hardswish"), "x * relu6(x+3)/6."),
    act("Hardsigmoid", (_INPLACE,), ("hardsigmoid", "hard_sigmoid"), "relu6(x + 3) / 6."),
    act(
        "Hardshrink",
        (P("lambd", "float", 0.5),),
        ("hardshrink",),
        "x where |x| > lambd, else 0.",
        examples=ex(({}, ((2, 8),)), ({"lambd": 1.0}, ((2, 3, 4),))),
    ),
    act(
        "Softshrink",
        (P("lambd", "float", 0.5),),
        ("softshrink",),
        "Soft thresholding by lambd.",
        examples=ex(({}, ((2, 8),)), ({"lambd": 0.1}, ((2, 3, 4),))),
    ),
    act(
        "Softplus",
        (P("beta", "float", 1.0), P("threshold", "float", 20.0)),
        ("softplus", "F.softplus"),
        "log(1 + exp(beta x)) / beta.",
        examples=ex(({}, ((2, 8),)), ({"beta": 2.0, "threshold": 10.0}, ((2, 3, 4),))),
    ),
    act("Softsign", (), ("softsign",), "x / (1 + |x|)."),
    act("Tanhshrink", (), ("tanhshrink",), "x - tanh(x)."),
    act(
        "Threshold",
        (P("threshold", "float"), P("value", "float"), _INPLACE),
        ("threshold", "F.threshold"),
        "x where x > threshold, else value.",
        examples=ex(
            ({"threshold": 0.1, "value": 0.0}, ((2, 8),)),
            ({"threshold": -1.0, "value": 2.0}, ((2, 3, 4),)),
        ),
    ),
    act(
        "GLU",
        (P("dim", default=-1),),
        ("glu", "F.glu"),
        "a * sigmoid(b) for the two halves of `dim`: that axis halves.",
        shape=_glu_shape,
        examples=ex(({}, ((2, 8),)), ({"dim": 1}, ((2, 6, 4),))),
        extra={"bad": ex(({}, ((2, 7),)))},
    ),
    act("LogSigmoid", (), ("logsigmoid", "F.logsigmoid"), "log(sigmoid(x))."),
    act(
        "Softmax",
        (_DIM,),
        ("softmax", "F.softmax", "torch.softmax"),
        "exp(x) / sum exp(x) along dim.",
        shape=_dim_shape("Softmax"),
        examples=_DIM_EX,
    ),
    act(
        "Softmin",
        (_DIM,),
        ("softmin", "F.softmin"),
        "softmax(-x) along dim.",
        shape=_dim_shape("Softmin"),
        examples=_DIM_EX,
    ),
    act(
        "LogSoftmax",
        (_DIM,),
        ("log_softmax", "F.log_softmax", "torch.log_softmax"),
        "log(softmax(x)) along dim.",
        shape=_dim_shape("LogSoftmax"),
        examples=_DIM_EX,
    ),
    act(
        "Softmax2d",
        (),
        ("softmax2d",),
        "Softmax over channels at every location of (N, C, H, W) or (C, H, W).",
        shape=_softmax2d_shape,
        examples=ex(({}, ((2, 3, 4, 5),)), ({}, ((3, 4, 5),))),
    ),
    act(
        "PReLU",
        (P("num_parameters", default=1, dim=True, aliases=("channels",)), P("init", "float", 0.25)),
        ("prelu",),
        "Leaky ReLU with a learned slope, one per channel (axis 1) or shared.",
        weights=lambda p: {"weight": (p["num_parameters"],)},
        shape=_prelu_shape,
        examples=ex(({}, ((2, 8),)), ({"num_parameters": 3}, ((2, 3, 4, 5),))),
        extra={"bad": ex(({"num_parameters": 3}, ((2, 4, 5),)))},
    ),
    act(
        "RReLU",
        (P("lower", "float", 1 / 8), P("upper", "float", 1 / 3), _INPLACE),
        ("rrelu",),
        "Randomized leaky ReLU (random slope in training).",
        examples=ex(({}, ((2, 8),)), ({"lower": 0.1, "upper": 0.2}, ((2, 3, 4),))),
    ),
    # ------------------------------------------------ transformers ACT2FN activations
    act(
        "Swish",
        (P("beta", "float", 1.0),),
        ("swish",),
        "x * sigmoid(beta x); beta=1 is SiLU (ACT2FN['swish']).",
        torch=False,
        extra={"reference": "swish"},
        examples=ex(({}, ((2, 8),)), ({"beta": 1.5}, ((2, 3, 4),))),
    ),
    act(
        "NewGELU",
        (),
        ("gelu_new", "NewGELUActivation"),
        "GPT-2's tanh GELU written out in Python.",
        torch=False,
        hf="NewGELUActivation",
    ),
    act(
        "GELUTanh",
        (),
        ("gelu_pytorch_tanh", "gelu_python_tanh", "PytorchGELUTanh"),
        "GELU with approximate='tanh' (Gemma, GPT-NeoX variants).",
        torch=False,
        hf="GELUTanh",
    ),
    act(
        "QuickGELU",
        (),
        ("quick_gelu", "QuickGELUActivation"),
        "x * sigmoid(1.702 x) (CLIP).",
        torch=False,
        hf="QuickGELUActivation",
    ),
    act(
        "FastGELU",
        (),
        ("gelu_fast", "FastGELUActivation"),
        "Cheaper tanh approximation of GELU.",
        torch=False,
        hf="FastGELUActivation",
    ),
    act(
        "AccurateGELU",
        (),
        ("gelu_accurate", "AccurateGELUActivation"),
        "GELU tanh approximation with a more accurate constant (MEGA).",
        torch=False,
        hf="AccurateGELUActivation",
    ),
    act(
        "ClippedGELU",
        (P("min", "float", -10.0), P("max", "float", 10.0)),
        ("gelu_10", "ClippedGELUActivation"),
        "GELU clipped to [min, max] (quantization-friendly).",
        torch=False,
        hf="ClippedGELUActivation",
        examples=ex(
            ({"min": -10.0, "max": 10.0}, ((2, 8),)), ({"min": -2.0, "max": 3.0}, ((2, 3, 4),))
        ),
    ),
    act(
        "ReLUSquared",
        (),
        ("relu2", "ReLUSquaredActivation", "squared_relu"),
        "relu(x)^2 (Primer, Nemotron).",
        torch=False,
        hf="ReLUSquaredActivation",
    ),
    act(
        "LaplaceActivation",
        (),
        ("laplace",),
        "Laplace CDF activation (MEGA).",
        torch=False,
        hf="LaplaceActivation",
    ),
    act(
        "SqrtSoftplus",
        (),
        ("sqrtsoftplus", "SqrtSoftplusActivation"),
        "sqrt(softplus(x)).",
        torch=False,
        hf="SqrtSoftplusActivation",
    ),
    act(
        "XIELU",
        (P("alpha_p_init", "float", 0.8), P("alpha_n_init", "float", 0.8), P("beta", "float", 0.5)),
        ("xielu", "XIELUActivation"),
        "Expanded integral of ELU (Apertus): two learned scalars alpha_p and alpha_n.",
        torch=False,
        hf="XIELUActivation",
        weights=lambda p: {"alpha_p": (1,), "alpha_n": (1,)},
        examples=ex(({}, ((2, 8),)), ({"alpha_p_init": 0.5, "beta": 0.25}, ((2, 3, 4),))),
    ),
]

LAYERS = checked(LAYERS)
