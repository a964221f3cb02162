"""Model-level facts from an HF config, keyed in the canonical vocabulary of ``graph/facts.py``.

Each fact keeps the config key it came from (``Location(file=..., key="text_config.n_layer")``)
so the drift matcher can say where a value lives. Facts are read from the config *as written*
(the user's JSON, not the completed dict): a fact says what the file claims. Names differ across
model families (``n_layer`` / ``num_hidden_layers`` / ``num_layers``), so each fact has a list of
candidate keys, extended by the config class's ``attribute_map``. Multimodal configs keep the
language model in a sub-config (``text_config``, ``language_config``, ...): keys missing at the
top level are looked up there.
"""

from __future__ import annotations

from typing import Any

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Location
from driftcheck.graph.model import Fact

CANDIDATES: dict[str, tuple[str, ...]] = {
    "numLayers": ("num_hidden_layers", "n_layer", "num_layers", "n_layers", "num_decoder_layers"),
    "hiddenSize": ("hidden_size", "n_embd", "d_model", "model_dim", "dim", "embed_dim"),
    "numHeads": (
        "num_attention_heads",
        "n_head",
        "num_heads",
        "n_heads",
        "decoder_attention_heads",
    ),
    "numKvHeads": ("num_key_value_heads", "n_kv_heads", "num_kv_heads", "n_head_kv", "kv_heads"),
    "headDim": ("head_dim", "d_kv", "kv_channels", "attention_head_dim"),
    "intermediateSize": (
        "intermediate_size",
        "n_inner",
        "ffn_dim",
        "d_ff",
        "decoder_ffn_dim",
        "ffn_hidden_size",
        "mlp_dim",
        "inner_dim",
    ),
    "vocabSize": ("vocab_size", "n_vocab", "padded_vocab_size"),
    "maxPositionEmbeddings": (
        "max_position_embeddings",
        "n_positions",
        "n_ctx",
        "max_seq_len",
        "max_sequence_length",
        "seq_length",
        "context_length",
    ),
    "ropeTheta": ("rope_theta", "rotary_emb_base", "rope_base"),
    "normEps": (
        "rms_norm_eps",
        "layer_norm_eps",
        "layer_norm_epsilon",
        "norm_eps",
        "rms_norm_epsilon",
        "layernorm_epsilon",
        "norm_epsilon",
        "layernorm_eps",
    ),
    "slidingWindow": ("sliding_window", "attention_window_size"),
    "relativeAttentionMaxDistance": ("relative_attention_max_distance",),
    "rotaryDim": ("rotary_dim",),
    "tieWordEmbeddings": ("tie_word_embeddings",),
    "numExperts": ("num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"),
    "numExpertsPerTok": ("num_experts_per_tok", "num_experts_per_token", "moe_top_k"),
    # latent attention (DeepseekV2Config, DeepseekV3Config, MiniCPM3Config, YoutuConfig)
    "kvLoraRank": ("kv_lora_rank",),
    "qLoraRank": ("q_lora_rank",),
    "vHeadDim": ("v_head_dim",),
}
"""Fact -> config keys, most specific first. ``attribute_map`` targets are tried before these."""

TYPE_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    # GPT-Neo's local layers mask keys further back than ``window_size`` (modeling_gpt_neo:
    # ``tril(bias, -config.window_size)``): its sliding window, under a name Swin uses for
    # something else, so it is read for this model type only
    "gpt_neo": {"slidingWindow": ("window_size",)},
}
"""model_type -> fact -> config keys that state the fact in that family only."""

STANDARD_NAME = {
    "numLayers": "num_hidden_layers",
    "hiddenSize": "hidden_size",
    "numHeads": "num_attention_heads",
    "numKvHeads": "num_key_value_heads",
    "headDim": "head_dim",
    "intermediateSize": "intermediate_size",
    "vocabSize": "vocab_size",
    "maxPositionEmbeddings": "max_position_embeddings",
}

SUB_CONFIGS = (
    "text_config",
    "language_config",
    "llm_config",
    "text_model",
    "decoder",
    "thinker_config",
)
"""Where multimodal / composite configs keep the language model, in the order we look."""


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _valid(fact: str, v: Any) -> bool:
    if v is None:
        return False
    if fact in ("ropeTheta", "normEps"):
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if fact == "tieWordEmbeddings":
        return isinstance(v, bool)
    if fact == "slidingWindow":
        return _int(v) and v > 0
    return _int(v)


def _scopes(cfg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(prefix, dict) pairs: the top level, then language-model sub-configs, nested once more."""
    out: list[tuple[str, dict[str, Any]]] = [("", cfg)]
    for key in SUB_CONFIGS:
        sub = cfg.get(key)
        if isinstance(sub, dict):
            out.append((f"{key}.", sub))
            inner = sub.get("text_config")
            if isinstance(inner, dict):
                out.append((f"{key}.text_config.", inner))
    return out


def extract(
    cfg: dict[str, Any], file: str, attribute_map: dict[str, str] | None = None
) -> dict[str, Fact]:
    """The facts ``cfg`` states, each with the config key it came from."""
    amap = attribute_map or {}
    facts: dict[str, Fact] = {}

    def put(name: str, value: Any, key: str) -> None:
        facts[name] = Fact(value=value, loc=Location(file=file, key=key))

    for prefix, scope in _scopes(cfg):
        for fact, keys in CANDIDATES.items():
            if fact in facts:
                continue
            std = STANDARD_NAME.get(fact)
            order = ((amap[std],) if std in amap and not prefix else ()) + keys
            mt = scope.get("model_type")
            own = TYPE_KEYS.get(mt) if isinstance(mt, str) else None
            if own and fact in own:
                order += own[fact]
            for key in order:
                value = scope.get(key)
                if _valid(fact, value):
                    if fact == "slidingWindow" and scope.get("use_sliding_window") is False:
                        break  # written, but switched off: the model attends globally
                    if fact == "slidingWindow" and _no_sliding_layer(scope):
                        break  # written, but no layer is a sliding one
                    put(fact, value, prefix + key)
                    break
    _encoder_decoder(cfg, put)
    _latent_head_dim(cfg, facts, put)
    _rope(cfg, facts, put)
    _mlp_ratio(cfg, facts, put)
    _position_buckets(cfg, put)
    _window(cfg, put)
    _adapter_reduction(cfg, put)
    _ssm_expand(cfg, put)
    _video(cfg, put)
    _derived(facts, put)
    for key in ("model_type",):
        if isinstance(cfg.get(key), str):
            put("modelType", cfg[key], key)
    archs = cfg.get("architectures")
    if isinstance(archs, list) and all(isinstance(a, str) for a in archs):
        put("architectures", archs, "architectures")
    for key in ("dtype", "torch_dtype"):
        if isinstance(cfg.get(key), str):
            put("dtype", cfg[key], key)
            break
    quant = cfg.get("quantization_config")
    if isinstance(quant, dict) and isinstance(quant.get("quant_method"), str):
        put("quantization", quant["quant_method"], "quantization_config.quant_method")
    return facts


def _video(cfg: dict[str, Any], put: Any) -> None:
    """A video config's frames and image size (``num_frames``, ``image_size``: VivitConfig,
    TimesformerConfig, VideoMAEConfig): the position tables hold rows for them, and the
    matcher reads a table of other rows in these terms (``match/video.py``). Only where
    ``num_frames`` is stated: an image model's ``image_size`` is read off its table."""
    frames = cfg.get("num_frames")
    if not (_int(frames) and frames > 0):
        return
    put("numFrames", frames, "num_frames")
    size = cfg.get("image_size")
    if _int(size) and size > 0:
        put("imageSize", size, "image_size")


def _encoder_decoder(cfg: dict[str, Any], put: Any) -> None:
    """Encoder-decoder configs: encoder and decoder layer counts; numLayers is the decoder's."""
    enc = next((k for k in ("encoder_layers", "num_encoder_layers") if _int(cfg.get(k))), None)
    dec = next((k for k in ("decoder_layers", "num_decoder_layers") if _int(cfg.get(k))), None)
    if enc is None and dec is not None and _int(cfg.get("num_layers")):
        enc = "num_layers"  # T5 style: num_layers is the encoder, num_decoder_layers the decoder
    if enc is not None:
        put("numEncoderLayers", cfg[enc], enc)
    if dec is not None:
        put("numDecoderLayers", cfg[dec], dec)
        put("numLayers", cfg[dec], dec)
    elif (
        enc is not None and cfg.get("is_encoder_decoder") and cfg.get("num_decoder_layers") is None
    ):
        put("numDecoderLayers", cfg[enc], enc)  # T5 without num_decoder_layers: same depth


def _no_sliding_layer(scope: dict[str, Any]) -> bool:
    """``layer_types`` lists no ``"sliding_attention"`` layer: transformers gives the window
    to those layers only (modeling_mellum.py, modeling_qwen2.py: ``config.sliding_window if
    config.layer_types[layer_idx] == "sliding_attention" else None``)."""
    types = scope.get("layer_types")
    return (
        isinstance(types, list)
        and bool(types)
        and all(isinstance(t, str) for t in types)
        and "sliding_attention" not in types
    )


def _latent_head_dim(cfg: dict[str, Any], facts: dict[str, Fact], put: Any) -> None:
    """Multi-head latent attention (DeepSeek-V2/V3, MiniCPM3, Youtu, ...): the config class
    sets ``head_dim = qk_rope_head_dim`` (the width RoPE turns, what the rotary embedding
    reads) and ``qk_head_dim = qk_nope_head_dim + qk_rope_head_dim`` (configuration_youtu.py,
    configuration_deepseek_v3.py). A query or key head is ``qk_head_dim`` wide, and that is
    the width a re-implementation's ``view(b, t, heads, -1)`` of the query shows: the
    per-head width is ``qk_head_dim`` here, never the rope part alone."""
    for prefix, scope in _scopes(cfg):
        nope, rope = scope.get("qk_nope_head_dim"), scope.get("qk_rope_head_dim")
        if not (_int(nope) and _int(rope)) or not _int(scope.get("kv_lora_rank")):
            continue
        qk = scope.get("qk_head_dim")
        if _int(qk) and qk == nope + rope:
            put("headDim", qk, f"{prefix}qk_head_dim")
        else:
            put("headDim", nope + rope, f"{prefix}qk_nope_head_dim + {prefix}qk_rope_head_dim")
        return


def _rope(cfg: dict[str, Any], facts: dict[str, Fact], put: Any) -> None:
    """RoPE lives in ``rope_scaling`` (transformers 4) or ``rope_parameters`` (transformers 5)."""
    for prefix, scope in _scopes(cfg):
        params = scope.get("rope_parameters")
        if isinstance(params, dict):
            theta = params.get("rope_theta")
            if "ropeTheta" not in facts and _valid("ropeTheta", theta):
                put("ropeTheta", theta, f"{prefix}rope_parameters.rope_theta")
            kind = params.get("rope_type", params.get("type", "default"))
            if "ropeScaling" not in facts and kind not in ("default", None):
                scaling = {k: v for k, v in params.items() if k != "rope_theta"}
                put("ropeScaling", scaling, f"{prefix}rope_parameters")
        scaling = scope.get("rope_scaling")
        if "ropeScaling" not in facts and isinstance(scaling, dict) and scaling:
            put("ropeScaling", scaling, f"{prefix}rope_scaling")


def _mlp_ratio(cfg: dict[str, Any], facts: dict[str, Fact], put: Any) -> None:
    """A vision config that sizes its MLP as ``mlp_ratio`` x the width (DINOv2, Swin) and
    states no MLP width: the ratio is the fact it states (``mlpRatio``), and a changed MLP
    width is reported in those terms (``graph.match.facts.as_mlp_ratio``)."""
    v = cfg.get("mlp_ratio")
    if "intermediateSize" in facts or isinstance(v, bool) or not isinstance(v, (int, float)):
        return
    if v > 0:
        put("mlpRatio", v, "mlp_ratio")


def _position_buckets(cfg: dict[str, Any], put: Any) -> None:
    """DeBERTa-v2's ``position_buckets``: its relative table holds two rows per bucket
    (``graph.match.facts.as_position_buckets``)."""
    v = cfg.get("position_buckets")
    if _int(v) and v > 0:
        put("positionBuckets", v, "position_buckets")


def _window(cfg: dict[str, Any], put: Any) -> None:
    """A windowed vision transformer's ``window_size`` (Swin: attention inside windows of
    ``w x w`` patches, a relative-position table of ``(2w - 1) ** 2`` rows per block,
    ``graph.match.facts.as_window``); not where the model type reads the key as another
    fact (GPT-Neo's ``window_size`` is its sliding window, ``TYPE_KEYS``)."""
    v = cfg.get("window_size")
    mt = cfg.get("model_type")
    own = TYPE_KEYS.get(mt, {}) if isinstance(mt, str) else {}
    if _int(v) and v > 0 and not any("window_size" in keys for keys in own.values()):
        put("windowSize", v, "window_size")


SSM_EXPAND_TYPES = ("mamba", "falcon_mamba")
"""Model types whose config builds its inner width as ``expand * hidden_size``
(configuration_mamba.py: ``intermediate_size = int(expand * hidden_size)``)."""


def _ssm_expand(cfg: dict[str, Any], put: Any) -> None:
    """Mamba's ``expand``: the inner width over the model width, the ratio the config builds
    its ``intermediate_size`` from, filed as ``mlpRatio`` where the config's inner width is
    that ratio of its width (``graph.match.facts.as_mlp_ratio`` then tells a changed inner
    width in the config's own terms, ``expand``; reimplfix37b: fresh34's and fresh7's
    ``__expand`` plants were told as ``intermediateSize`` alone)."""
    if cfg.get("model_type") not in SSM_EXPAND_TYPES:
        return
    e, h, i = cfg.get("expand"), cfg.get("hidden_size"), cfg.get("intermediate_size")
    if _int(e) and _int(h) and _int(i) and e > 0 and h > 0 and i == e * h:
        put("mlpRatio", e, "expand")
    n = cfg.get("state_size")
    if _int(n) and n > 0:
        put("ssmStateSize", n, "state_size")


def _adapter_reduction(cfg: dict[str, Any], put: Any) -> None:
    """X-MOD's per-language bottleneck adapters are ``hidden_size // adapter_reduction_factor``
    wide (configuration_xmod.py, modeling_xmod.py ``XmodAdapter``): the factor is the fact the
    config states (``graph.match.facts.as_adapter_reduction``)."""
    v = cfg.get("adapter_reduction_factor")
    if _valid("adapterReductionFactor", v) and v > 0:
        put("adapterReductionFactor", v, "adapter_reduction_factor")


def _derived(facts: dict[str, Fact], put: Any) -> None:
    """numKvHeads defaults to numHeads (plain multi-head attention); headDim to width / heads."""
    heads = facts.get("numHeads")
    if heads is not None and "numKvHeads" not in facts:
        put("numKvHeads", heads.value, heads.loc.key if heads.loc else None)
    hidden = facts.get("hiddenSize")
    if heads is not None and hidden is not None and "headDim" not in facts:
        h, n = hidden.value, heads.value
        if n and h % n == 0:
            keys = f"{hidden.loc.key} / {heads.loc.key}" if hidden.loc and heads.loc else None
            put("headDim", h // n, keys)


NUMBER_FACTS = {"ropeTheta", "normEps"}
"""Facts whose value is any number; the other CANDIDATES facts are integers (booleans aside)."""


def refuse_non_config(cfg: dict[str, Any], where: str) -> None:
    """Exit 2 (a DriftcheckError) on a JSON object that is no model config, in every install
    (nothing here needs transformers): one with neither ``model_type`` nor any key naming an
    architecture fact (``{"foo": 1}``), or one whose architecture keys hold a number written as
    a string (``"hidden_size": "768"``), a boolean, an object, or text where a number goes."""
    scopes = _scopes(cfg)
    named = [
        (prefix + key, scope[key])
        for prefix, scope in scopes
        for keys in CANDIDATES.values()
        for key in keys
        if key in scope
    ]
    named += [(k, cfg[k]) for k in ("encoder_layers", "decoder_layers", "num_encoder_layers")
              if k in cfg]  # fmt: skip
    if "model_type" not in cfg and not named and not _has_sub_config(cfg):
        shown = ", ".join(list(cfg)[:3]) + (" ..." if len(cfg) > 3 else "")
        raise DriftcheckError(
            "not a model config: no model_type and no architecture key (num_hidden_layers, "
            f"hidden_size, vocab_size, ...); its keys: {shown or 'none'}",
            where,
        )
    facts = {key: fact for fact, keys in CANDIDATES.items() for key in keys}
    for key, value in named:
        fact = facts.get(key.rsplit(".", 1)[-1], "numLayers")
        if fact in ("tieWordEmbeddings",):
            if value is not None and not isinstance(value, bool):
                raise _wrong(key, value, "true or false", where)
            continue
        if value is None or isinstance(value, list):  # unset, or one value per layer
            continue
        if isinstance(value, dict) and all(_int(v) for v in value.values()):
            continue  # one count per part (LXMERT's layers per encoder)
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if fact in NUMBER_FACTS and not number:
            raise _wrong(key, value, "a number", where)
        if fact not in NUMBER_FACTS and not (number and float(value).is_integer()):
            raise _wrong(key, value, "an integer", where)


def _has_sub_config(cfg: dict[str, Any]) -> bool:
    """A composite config (vision + text...) names its parts' configs, each a dict with a
    ``model_type`` of its own."""
    return any(isinstance(v, dict) and "model_type" in v for v in cfg.values())


def _wrong(key: str, value: Any, want: str, where: str) -> DriftcheckError:
    shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    if isinstance(value, str) and len(shown) > 40:
        shown = shown[:37] + "...'"
    kind = "a number written as a string" if _numeric(value) else type(value).__name__
    return DriftcheckError(f"{key} is {shown} ({kind}); a model config has {want} here",
                           f"{where} [{key}]")  # fmt: skip


def _numeric(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True
