"""torch.nn's attention and transformer modules: MultiheadAttention, encoder/decoder layers,
stacks, and the full nn.Transformer. Weight names follow torch's state dict.

MACs: all 2-D weights applied once per token (the self-attention ``in_proj_weight`` counts as
three projections), plus B * T * S * 2 * d_model for scores and the weighted sum.
"""

from __future__ import annotations

from math import prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, known
from driftcheck.graph.catalogue.spec import LayerSpec, P, expect_dim, fmt


# ---------------------------------------------------------------- MultiheadAttention
def mha_weights(e: int, kdim: int | None, vdim: int | None, bias: bool, bias_kv: bool, prefix=""):
    kdim, vdim = kdim or e, vdim or e
    if kdim == e and vdim == e:
        w = {f"{prefix}in_proj_weight": (3 * e, e)}
    else:
        w = {
            f"{prefix}q_proj_weight": (e, e),
            f"{prefix}k_proj_weight": (e, kdim),
            f"{prefix}v_proj_weight": (e, vdim),
        }
    if bias:
        w[f"{prefix}in_proj_bias"] = (3 * e,)
    if bias_kv:
        w[f"{prefix}bias_k"] = (1, 1, e)
        w[f"{prefix}bias_v"] = (1, 1, e)
    w[f"{prefix}out_proj.weight"] = (e, e)
    if bias:
        w[f"{prefix}out_proj.bias"] = (e,)
    return w


def _mha_weights(p):
    return mha_weights(p["embed_dim"], p["kdim"], p["vdim"], p["bias"], p["add_bias_kv"])


def _seq_batch(x, batch_first: bool):
    """(seq, batch) of a (L, N, E) / batch_first (N, L, E) / unbatched (L, E) tensor."""
    if len(x) == 2:
        return x[0], None
    return (x[1], x[0]) if batch_first else (x[0], x[1])


def _mha_shape(p, shapes):
    q, k, v = shapes[:3]
    e = p["embed_dim"]
    for name, s, want in (
        ("query", q, e),
        ("key", k, p["kdim"] or e),
        ("value", v, p["vdim"] or e),
    ):
        if len(s) not in (2, 3) or len(s) != len(q):
            raise ShapeError(
                f"MultiheadAttention {name} must be 2-D or 3-D like query, got {fmt(s)}"
            )
        expect_dim("MultiheadAttention", s, -1, want, f"{name} features")
    if e % p["num_heads"]:
        raise ShapeError(
            f"MultiheadAttention embed_dim={e} not divisible by num_heads={p['num_heads']}"
        )
    ks, _ = _seq_batch(k, p["batch_first"])
    vs, _ = _seq_batch(v, p["batch_first"])
    if known(ks, vs) and ks != vs:
        raise ShapeError(f"MultiheadAttention key {fmt(k)} and value {fmt(v)} lengths differ")
    return tuple(q)


def _attn_cost(q, k, e: int, batch_first: bool, extra_keys: int = 0) -> int:
    ls, n = _seq_batch(q, batch_first)
    ss, _ = _seq_batch(k, batch_first)
    ss = ss + extra_keys if known(ss) else ss
    n = 1 if n is None else n
    return n * ls * ss * 2 * e if known(n, ls, ss) else 0


def _tokens(x) -> int:
    return prod(x[:-1]) if known(*x[:-1]) else 0


def _mha_macs(p, shapes, out):
    q, k, v = shapes[:3]
    e = p["embed_dim"]
    proj = (
        _tokens(q) * e * e * 2
        + _tokens(k) * e * (p["kdim"] or e)
        + _tokens(v) * e * (p["vdim"] or e)
    )
    # add_bias_kv and add_zero_attn each append one key/value position
    extra = int(p["add_bias_kv"]) + int(p["add_zero_attn"])
    return proj + _attn_cost(q, k, e, p["batch_first"], extra)


MHA = LayerSpec(
    name="MultiheadAttention",
    family="attention",
    params=(
        P("embed_dim", dim=True, aliases=("d_model", "hidden_size", "embed_size")),
        P("num_heads", dim=True, aliases=("nhead", "n_heads", "heads")),
        P("dropout", "float", 0.0),
        P("bias", "bool", True),
        P("add_bias_kv", "bool", False),
        P("add_zero_attn", "bool", False),
        P("kdim", default=None, dim=True),
        P("vdim", default=None, dim=True),
        P("batch_first", "bool", False),
    ),
    weights=_mha_weights,
    shape=_mha_shape,
    macs=_mha_macs,
    torch="torch.nn.MultiheadAttention",
    role="attention",
    n_inputs=3,
    aliases=("nn.MultiheadAttention", "MHA", "MultiHeadAttention", "torch_mha"),
    doc="torch's attention over (query, key, value); one packed in_proj_weight when "
    "kdim == vdim == embed_dim, separate q/k/v_proj_weight otherwise.",
    examples=ex(
        ({"embed_dim": 16, "num_heads": 4}, ((5, 2, 16), (5, 2, 16), (5, 2, 16))),
        (
            {
                "embed_dim": 8,
                "num_heads": 2,
                "kdim": 6,
                "vdim": 4,
                "bias": False,
                "batch_first": True,
            },
            ((2, 3, 8), (2, 7, 6), (2, 7, 4)),
        ),
        ({"embed_dim": 12, "num_heads": 3, "add_bias_kv": True}, ((4, 12), (6, 12), (6, 12))),
    ),
    extra={"bad": ex(({"embed_dim": 16, "num_heads": 4}, ((5, 2, 16), (5, 2, 12), (5, 2, 16))))},
)


# ---------------------------------------------------------------- encoder / decoder layers
def _layer_params(n_layers: tuple[str, ...] = ()) -> tuple[P, ...]:
    params = [
        P("d_model", dim=True, aliases=("hidden_size", "embed_dim", "d_embed")),
        P("nhead", dim=True, aliases=("num_heads", "n_heads", "num_attention_heads")),
    ]
    params += [P(name, "int", 6) for name in n_layers]
    params += [
        P(
            "dim_feedforward",
            "int",
            2048,
            dim=True,
            aliases=("intermediate_size", "d_ff", "ffn_dim"),
        ),
        P("dropout", "float", 0.1),
        P("activation", "str", "relu"),
        P("layer_norm_eps", "float", 1e-5),
        P("batch_first", "bool", False),
        P("norm_first", "bool", False),
        P("bias", "bool", True),
    ]
    return tuple(params)


def _ln(prefix: str, d: int, bias: bool) -> dict:
    return {f"{prefix}.weight": (d,), **({f"{prefix}.bias": (d,)} if bias else {})}


def layer_weights(p, decoder: bool, prefix: str = "") -> dict:
    d, f, b = p["d_model"], p["dim_feedforward"], p["bias"]
    w = mha_weights(d, None, None, b, False, prefix + "self_attn.")
    if decoder:
        w.update(mha_weights(d, None, None, b, False, prefix + "multihead_attn."))
    w[prefix + "linear1.weight"] = (f, d)
    if b:
        w[prefix + "linear1.bias"] = (f,)
    w[prefix + "linear2.weight"] = (d, f)
    if b:
        w[prefix + "linear2.bias"] = (d,)
    for i in range(1, 4 if decoder else 3):
        w.update(_ln(f"{prefix}norm{i}", d, b))
    return w


def _check_x(name: str, p, x):
    if len(x) not in (2, 3):
        raise ShapeError(f"{name} expected 2-D or 3-D input, got shape {fmt(x)}")
    expect_dim(name, x, -1, p["d_model"], "d_model")
    if p["d_model"] % p["nhead"]:
        raise ShapeError(f"{name} d_model={p['d_model']} not divisible by nhead={p['nhead']}")


def _layer_shape(name: str, decoder: bool):
    def rule(p, shapes):
        _check_x(name, p, shapes[0])
        if decoder:
            if len(shapes) < 2:
                raise ShapeError(f"{name} takes (tgt, memory), got {len(shapes)} input(s)")
            _check_x(name, p, shapes[1])
        return tuple(shapes[0])

    return rule


def _layer_macs(p, shapes, decoder: bool) -> int:
    d, f = p["d_model"], p["dim_feedforward"]
    x = shapes[0]
    mem = shapes[1] if decoder and len(shapes) > 1 else x
    t = _tokens(x)
    cost = t * (4 * d * d + 2 * d * f) + _attn_cost(x, x, d, p["batch_first"])
    if decoder:
        cost += t * 2 * d * d + _tokens(mem) * 2 * d * d + _attn_cost(x, mem, d, p["batch_first"])
    return cost


_DEC_BAD = {
    "bad": ex(({"d_model": 16, "nhead": 4, "dim_feedforward": 32}, ((5, 2, 16), (7, 2, 12))))
}


def _layer(decoder: bool) -> LayerSpec:
    name = "TransformerDecoderLayer" if decoder else "TransformerEncoderLayer"
    ins = ((5, 2, 16), (7, 2, 16)) if decoder else ((5, 2, 16),)
    ins2 = ((2, 4, 8), (2, 3, 8)) if decoder else ((2, 4, 8),)
    return LayerSpec(
        name=name,
        family="transformer",
        params=_layer_params(),
        weights=lambda p: layer_weights(p, decoder),
        shape=_layer_shape(name, decoder),
        macs=lambda p, s, o: _layer_macs(p, s, decoder),
        torch=f"torch.nn.{name}",
        role="block",
        n_inputs=2 if decoder else 1,
        aliases=(f"nn.{name}",),
        doc=f"torch's post-norm (or norm_first) {'decoder' if decoder else 'encoder'} layer: "
        + ("self-attention, cross-attention over memory, " if decoder else "self-attention, ")
        + "a linear1/linear2 MLP and LayerNorms.",
        examples=ex(
            ({"d_model": 16, "nhead": 4, "dim_feedforward": 32}, ins),
            (
                {
                    "d_model": 8,
                    "nhead": 2,
                    "dim_feedforward": 12,
                    "batch_first": True,
                    "norm_first": True,
                    "bias": False,
                    "activation": "gelu",
                },
                ins2,
            ),
        ),
        extra=_DEC_BAD if decoder else {"bad": ex(({"d_model": 16, "nhead": 4}, ((5, 2, 12),)))},
    )


# ---------------------------------------------------------------- stacks and nn.Transformer
def _stack_weights(decoder: bool):
    def rule(p):
        w = {}
        for i in range(p["num_layers"]):
            w.update(layer_weights(p, decoder, f"layers.{i}."))
        if p["final_norm"]:
            w.update(_ln("norm", p["d_model"], p["bias"]))
        return w

    return rule


def _stack(decoder: bool) -> LayerSpec:
    name = "TransformerDecoder" if decoder else "TransformerEncoder"
    layer = "TransformerDecoderLayer" if decoder else "TransformerEncoderLayer"
    ins = ((5, 2, 16), (7, 2, 16)) if decoder else ((5, 2, 16),)
    ins2 = ((2, 4, 8), (2, 3, 8)) if decoder else ((2, 4, 8),)
    params = (*_layer_params(("num_layers",)), P("final_norm", "bool", False, aliases=("norm",)))
    return LayerSpec(
        name=name,
        family="transformer",
        params=params,
        weights=_stack_weights(decoder),
        shape=_layer_shape(name, decoder),
        macs=lambda p, s, o: p["num_layers"] * _layer_macs(p, s, decoder),
        torch=f"torch.nn.{name}",
        role="block",
        n_inputs=2 if decoder else 1,
        aliases=(f"nn.{name}",),
        doc=f"num_layers copies of {layer} (torch deep-copies the given layer) and an optional "
        "final LayerNorm (`norm`).",
        examples=ex(
            ({"d_model": 16, "nhead": 4, "num_layers": 2, "dim_feedforward": 32}, ins),
            (
                {
                    "d_model": 8,
                    "nhead": 2,
                    "num_layers": 3,
                    "dim_feedforward": 12,
                    "batch_first": True,
                    "final_norm": True,
                },
                ins2,
            ),
        ),
        extra={
            "reference": f"torch_{'decoder' if decoder else 'encoder'}_stack",
            "bad": ex(
                (
                    {"d_model": 16, "nhead": 4, "num_layers": 1},
                    ((5, 2, 12),) * (2 if decoder else 1),
                )
            ),
        },
    )


def _transformer_weights(p):
    w = {}
    for side, n, dec in (
        ("encoder", p["num_encoder_layers"], False),
        ("decoder", p["num_decoder_layers"], True),
    ):
        for i in range(n):
            w.update(layer_weights(p, dec, f"{side}.layers.{i}."))
        w.update(_ln(f"{side}.norm", p["d_model"], p["bias"]))
    return w


def _transformer_shape(p, shapes):
    if len(shapes) < 2:
        raise ShapeError(f"Transformer takes (src, tgt), got {len(shapes)} input(s)")
    src, tgt = shapes[:2]
    _check_x("Transformer", p, src)
    _check_x("Transformer", p, tgt)
    _, ns = _seq_batch(src, p["batch_first"])
    _, nt = _seq_batch(tgt, p["batch_first"])
    if known(ns, nt) and ns != nt:
        raise ShapeError(f"Transformer src {fmt(src)} and tgt {fmt(tgt)} batch sizes differ")
    return tuple(tgt)


TRANSFORMER = LayerSpec(
    name="Transformer",
    family="transformer",
    params=(
        P("d_model", "int", 512, dim=True, aliases=("hidden_size", "embed_dim")),
        P("nhead", "int", 8, dim=True, aliases=("num_heads", "n_heads")),
        *_layer_params(("num_encoder_layers", "num_decoder_layers"))[2:],
    ),
    weights=_transformer_weights,
    shape=_transformer_shape,
    macs=lambda p, s, o: (
        p["num_encoder_layers"] * _layer_macs(p, s[:1], False)
        + p["num_decoder_layers"] * _layer_macs(p, [s[1], s[0]], True)
    ),
    torch="torch.nn.Transformer",
    role="block",
    n_inputs=2,
    aliases=("nn.Transformer", "EncoderDecoderTransformer"),
    doc="torch's full encoder-decoder (Vaswani et al.): (src, tgt) -> tgt-shaped output; both "
    "stacks end with a LayerNorm.",
    examples=ex(
        (
            {
                "d_model": 16,
                "nhead": 4,
                "num_encoder_layers": 2,
                "num_decoder_layers": 1,
                "dim_feedforward": 32,
            },
            ((6, 2, 16), (5, 2, 16)),
        ),
        (
            {
                "d_model": 8,
                "nhead": 2,
                "num_encoder_layers": 1,
                "num_decoder_layers": 2,
                "dim_feedforward": 16,
                "batch_first": True,
                "norm_first": True,
            },
            ((2, 4, 8), (2, 3, 8)),
        ),
    ),
    extra={
        "bad": ex(
            (
                {"d_model": 16, "nhead": 4, "num_encoder_layers": 1, "num_decoder_layers": 1},
                ((6, 2, 16), (5, 3, 16)),
            )
        )
    },
)

LAYERS = [MHA, _layer(False), _layer(True), _stack(False), _stack(True), TRANSFORMER]

LAYERS = checked(LAYERS)
