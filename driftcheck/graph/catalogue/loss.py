"""Loss modules (training heads): elementwise, classification, ranking and embedding losses.

Output shape: () for reduction 'mean'/'sum', the per-element (or per-sample) shape for 'none'.
No weights except AdaptiveLogSoftmaxWithLoss (in linear.py). MACs: one per input element.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import broadcast, checked, ex, in_numel_macs, known
from driftcheck.graph.catalogue.spec import CatalogueError, LayerSpec, P, fmt

_RED = P("reduction", "str", "mean")


def loss(
    name,
    doc,
    shape,
    examples,
    params=(),
    aliases=(),
    n_inputs=2,
    dtypes=None,
    bad=None,
    torch_aliases=(),
):
    extra = {"torch_aliases": torch_aliases} if torch_aliases else {}
    if dtypes:
        extra["input_dtype"] = dtypes
    if bad:
        extra["bad"] = ex(*bad)
    return LayerSpec(
        name=name,
        family="loss",
        params=(*params, _RED),
        shape=shape,
        macs=in_numel_macs,
        torch=f"torch.nn.{name}",
        role="loss",
        n_inputs=n_inputs,
        aliases=aliases,
        doc=doc,
        examples=ex(*examples),
        extra=extra,
    )


def _reduced(p, per_item):
    if p["reduction"] not in ("none", "mean", "sum", "batchmean"):
        raise CatalogueError(f"unknown reduction {p['reduction']!r} (none, mean, sum)")
    return tuple(per_item) if p["reduction"] == "none" else ()


def _same(name: str):
    """input and target of one shape (broadcasting allowed, as torch does with a warning)."""

    def rule(p, shapes):
        return _reduced(p, broadcast(name, *shapes[:2]))

    return rule


def _per_sample(name: str, target_like_input: bool = False):
    """(N, C) input -> per-sample (N,) losses; target is (N,) or (N, C)."""

    def rule(p, shapes):
        x, t = shapes[0], shapes[1]
        if len(x) not in (1, 2):
            raise ShapeError(f"{name} expected 1-D or 2-D input, got {fmt(x)}")
        want = tuple(x) if target_like_input else tuple(x[:-1])
        if len(t) != len(want) or any(known(a, b) and a != b for a, b in zip(t, want)):
            raise ShapeError(f"{name} target {fmt(t)} does not fit input {fmt(x)}")
        return _reduced(p, x[:-1])

    return rule


def _class_loss(name: str):
    """CrossEntropy / NLL: input (N, C, *d) or (C,); target (N, *d) indices or input-shaped probs."""

    def rule(p, shapes):
        x, t = shapes[0], shapes[1]
        if not x:
            raise ShapeError(f"{name} input must be >= 1-D, got {fmt(x)}")
        if len(t) == len(x) and name == "CrossEntropyLoss":
            if any(known(a, b) and a != b for a, b in zip(x, t)):
                raise ShapeError(f"{name} probability target {fmt(t)} must match input {fmt(x)}")
            per = (*x[:1], *x[2:]) if len(x) > 1 else ()
            return _reduced(p, per)
        want = (x[0], *x[2:]) if len(x) > 1 else ()
        if len(t) != len(want) or any(known(a, b) and a != b for a, b in zip(t, want)):
            raise ShapeError(f"{name} target {fmt(t)} does not fit input {fmt(x)}")
        return _reduced(p, t)

    return rule


def _pair_loss(name: str, reduce_last: bool):
    """(x1, x2, y): y is per-sample."""

    def rule(p, shapes):
        a, b, y = shapes[0], shapes[1], shapes[2]
        if len(a) != len(b) or any(known(u, v) and u != v for u, v in zip(a, b)):
            raise ShapeError(f"{name} inputs {fmt(a)} and {fmt(b)} differ")
        per = tuple(a[:-1]) if reduce_last else tuple(a)
        if len(y) != len(per) or any(known(u, v) and u != v for u, v in zip(y, per)):
            raise ShapeError(f"{name} target {fmt(y)} does not fit inputs {fmt(a)}")
        return _reduced(p, per)

    return rule


def _triplet(name: str):
    def rule(p, shapes):
        a, pos, neg = shapes[:3]
        return _reduced(p, broadcast(name, a, pos, neg)[:-1])

    return rule


def _gaussian(p, shapes):
    x, t, var = shapes[:3]
    out = broadcast("GaussianNLLLoss", x, t)
    if len(var) == len(x) and known(var[-1], x[-1]) and var[-1] not in (1, x[-1]):
        raise ShapeError(f"GaussianNLLLoss var {fmt(var)} does not fit input {fmt(x)}")
    return _reduced(p, out)


def _ctc_shape(p, shapes):
    lp, tg, il, tl = shapes[:4]
    if len(lp) not in (2, 3):
        raise ShapeError(f"CTCLoss log_probs must be (T, N, C) or (T, C), got {fmt(lp)}")
    n = lp[1] if len(lp) == 3 else None
    for name, s in (("input_lengths", il), ("target_lengths", tl)):
        if len(lp) == 3 and (len(s) != 1 or (known(s[0], n) and s[0] != n)):
            raise ShapeError(f"CTCLoss {name} {fmt(s)} must be ({n},) for log_probs {fmt(lp)}")
    if len(tg) == 2 and known(tg[0], n) and tg[0] != n:
        raise ShapeError(f"CTCLoss targets {fmt(tg)} do not fit batch {n} of log_probs {fmt(lp)}")
    return _reduced(p, (n,) if len(lp) == 3 else ())


_EL = (({}, ((4, 5), (4, 5))), ({"reduction": "none"}, ((2, 3, 4), (2, 3, 4))))
_EL_BAD = (({"reduction": "none"}, ((4, 5), (4, 6))),)
_MARGIN = P("margin", "float", 0.0)

CTC = LayerSpec(
    name="CTCLoss",
    family="loss",
    params=(P("blank", "int", 0), _RED, P("zero_infinity", "bool", False)),
    shape=_ctc_shape,
    macs=in_numel_macs,
    torch="torch.nn.CTCLoss",
    role="loss",
    n_inputs=4,
    aliases=("ctc_loss", "F.ctc_loss"),
    doc="Connectionist temporal classification over (log_probs (T, N, C), targets (N, S), "
    "input_lengths (N,), target_lengths (N,)) (speech recognition heads).",
    examples=ex(
        ({}, ((6, 2, 5), (2, 3), (2,), (2,))),
        ({"reduction": "none"}, ((8, 3, 4), (3, 2), (3,), (3,))),
    ),
    extra={
        "input_dtype": ("float", "full:1", "full:6", "full:2"),
        "bad": ex(({}, ((6, 2, 5), (2, 3), (3,), (2,)))),
    },
)

LAYERS = [
    CTC,
    loss("L1Loss", "Mean absolute error.", _same("L1Loss"), _EL, aliases=("mae",), bad=_EL_BAD),
    loss(
        "MSELoss",
        "Mean squared error.",
        _same("MSELoss"),
        _EL,
        aliases=("mse", "F.mse_loss"),
        bad=_EL_BAD,
    ),
    loss(
        "HuberLoss",
        "Squared below delta, linear above.",
        _same("HuberLoss"),
        _EL,
        params=(P("delta", "float", 1.0),),
        bad=_EL_BAD,
    ),
    loss(
        "SmoothL1Loss",
        "Huber loss scaled by 1/beta (detection boxes).",
        _same("SmoothL1Loss"),
        _EL,
        params=(P("beta", "float", 1.0),),
        bad=_EL_BAD,
    ),
    loss(
        "BCELoss",
        "Binary cross entropy of probabilities.",
        _same("BCELoss"),
        _EL,
        aliases=("binary_cross_entropy",),
        bad=_EL_BAD,
    ),
    loss(
        "BCEWithLogitsLoss",
        "Sigmoid + binary cross entropy, numerically stable.",
        _same("BCEWithLogitsLoss"),
        _EL,
        aliases=("F.binary_cross_entropy_with_logits",),
        bad=_EL_BAD,
    ),
    loss(
        "KLDivLoss",
        "KL divergence of log-probabilities to a target distribution.",
        _same("KLDivLoss"),
        (
            ({"reduction": "batchmean"}, ((4, 5), (4, 5))),
            ({"reduction": "none", "log_target": True}, ((2, 3), (2, 3))),
        ),
        params=(P("log_target", "bool", False),),
        bad=_EL_BAD,
    ),
    loss(
        "SoftMarginLoss",
        "Two-class logistic loss log(1 + exp(-y x)).",
        _same("SoftMarginLoss"),
        _EL,
        bad=_EL_BAD,
    ),
    loss(
        "PoissonNLLLoss",
        "Negative log likelihood of a Poisson target.",
        _same("PoissonNLLLoss"),
        _EL,
        params=(P("log_input", "bool", True), P("full", "bool", False), P("eps", "float", 1e-8)),
        bad=_EL_BAD,
    ),
    loss(
        "GaussianNLLLoss",
        "Gaussian negative log likelihood with a predicted variance (3 inputs).",
        _gaussian,
        (({}, ((4, 5), (4, 5), (4, 5))), ({"reduction": "none"}, ((4, 5), (4, 5), (4, 1)))),
        params=(P("full", "bool", False), P("eps", "float", 1e-6)),
        n_inputs=3,
        dtypes=("float", "float", "positive"),
        bad=(({}, ((4, 5), (4, 5), (4, 3))),),
    ),
    loss(
        "CrossEntropyLoss",
        "log_softmax + NLL over class axis 1; index or probability targets.",
        _class_loss("CrossEntropyLoss"),
        (
            ({}, ((4, 10), (4,))),
            ({"reduction": "none", "label_smoothing": 0.1}, ((2, 5, 3, 3), (2, 3, 3))),
        ),
        params=(P("ignore_index", "int", -100), P("label_smoothing", "float", 0.0)),
        aliases=("cross_entropy", "F.cross_entropy", "CELoss"),
        dtypes=("float", "long"),
        bad=(({}, ((4, 10), (3,))),),
    ),
    loss(
        "NLLLoss",
        "Negative log likelihood of class indices over axis 1.",
        _class_loss("NLLLoss"),
        (({}, ((4, 10), (4,))), ({"reduction": "none"}, ((2, 5, 3), (2, 3)))),
        params=(P("ignore_index", "int", -100),),
        aliases=("nll_loss", "F.nll_loss"),
        torch_aliases=("torch.nn.NLLLoss2d",),
        dtypes=("float", "long"),
        bad=(({}, ((4, 10), (5,))),),
    ),
    loss(
        "MultiMarginLoss",
        "Multi-class hinge loss over (N, C) with index targets.",
        _per_sample("MultiMarginLoss"),
        (({}, ((4, 10), (4,))), ({"reduction": "none", "p": 2, "margin": 0.5}, ((3, 5), (3,)))),
        params=(P("p", "int", 1), P("margin", "float", 1.0)),
        dtypes=("float", "long"),
        bad=(({}, ((4, 10), (3,))),),
    ),
    loss(
        "MultiLabelMarginLoss",
        "Multi-label hinge loss; target holds class indices, -1 ended.",
        _per_sample("MultiLabelMarginLoss", True),
        (({}, ((4, 10), (4, 10))), ({"reduction": "none"}, ((3, 5), (3, 5)))),
        dtypes=("float", "long"),
        bad=(({}, ((4, 10), (4, 9))),),
    ),
    loss(
        "MultiLabelSoftMarginLoss",
        "Per-class sigmoid BCE averaged over classes, per sample.",
        _per_sample("MultiLabelSoftMarginLoss", True),
        (({}, ((4, 10), (4, 10))), ({"reduction": "none"}, ((3, 5), (3, 5)))),
        bad=(({}, ((4, 10), (4, 9))),),
    ),
    loss(
        "HingeEmbeddingLoss",
        "x if y == 1 else max(0, margin - x).",
        _same("HingeEmbeddingLoss"),
        _EL,
        params=(P("margin", "float", 1.0),),
        bad=_EL_BAD,
    ),
    loss(
        "CosineEmbeddingLoss",
        "1 - cos(x1, x2) for y = 1, max(0, cos - margin) for y = -1.",
        _pair_loss("CosineEmbeddingLoss", True),
        (
            ({}, ((4, 8), (4, 8), (4,))),
            ({"reduction": "none", "margin": 0.2}, ((3, 5), (3, 5), (3,))),
        ),
        params=(_MARGIN,),
        n_inputs=3,
        bad=(({}, ((4, 8), (4, 8), (3,))),),
    ),
    loss(
        "MarginRankingLoss",
        "max(0, -y (x1 - x2) + margin) (ranking pairs).",
        _pair_loss("MarginRankingLoss", False),
        (({}, ((4,), (4,), (4,))), ({"reduction": "none", "margin": 0.5}, ((6,), (6,), (6,)))),
        params=(_MARGIN,),
        n_inputs=3,
        bad=(({}, ((4,), (4,), (5,))),),
    ),
    loss(
        "TripletMarginLoss",
        "max(d(a, p) - d(a, n) + margin, 0) with p-norm distances.",
        _triplet("TripletMarginLoss"),
        (
            ({}, ((4, 8), (4, 8), (4, 8))),
            ({"reduction": "none", "p": 1.0, "margin": 0.5}, ((3, 5), (3, 5), (3, 5))),
        ),
        params=(
            P("margin", "float", 1.0),
            P("p", "float", 2.0),
            P("eps", "float", 1e-6),
            P("swap", "bool", False),
        ),
        n_inputs=3,
        bad=(({}, ((4, 8), (4, 7), (4, 8))),),
    ),
    loss(
        "TripletMarginWithDistanceLoss",
        "Triplet loss with a custom distance (default pairwise).",
        _triplet("TripletMarginWithDistanceLoss"),
        (
            ({}, ((4, 8), (4, 8), (4, 8))),
            ({"reduction": "none", "margin": 0.5}, ((3, 5), (3, 5), (3, 5))),
        ),
        params=(P("margin", "float", 1.0), P("swap", "bool", False)),
        n_inputs=3,
        bad=(({}, ((4, 8), (4, 7), (4, 8))),),
    ),
]

LAYERS = checked(LAYERS)
