"""The drift kinds as rules (DRF001..DRF018, DRF030): each kind's doc and its VALID / INVALID
pairs.

The graph matcher (``driftcheck/graph/match``) decides kinds and severities
(``policy.py``, which also holds each kind's id); the fork comparison adds
``hardcoded-config`` (``hardcoded.py``), the code's reads ``unread-config-key`` (``unread.py``,
which holds its id). These records are what ``driftcheck explain DRF005``
prints and what ``tests/test_rules.py`` runs: an invalid pair must report the kind's id, a valid
pair must not.
"""

from __future__ import annotations

from typing import Any

from driftcheck.drift.unread import CHECK_ID as UNREAD_ID
from driftcheck.findings import Severity
from driftcheck.graph.match.policy import KIND_IDS
from driftcheck.rules import CodePair, Pair, Rule, side

INFO, MINOR, MAJOR = Severity.info, Severity.minor, Severity.major
FIX_BOTH = (
    "Decide which side is right (driftcheck never does) and change the other; a finding names "
    "both values and where each comes from."
)


def _lin(i: str, a: int, b: int) -> dict[str, Any]:
    return {"id": i, "type": "Linear", "name": i, "params": {"in_features": a, "out_features": b}}


def _norm(kind: str = "LayerNorm", **params: Any) -> dict[str, Any]:
    return {
        "id": "norm",
        "type": kind,
        "name": "norm",
        "params": {"normalized_shape": [8], **params},
    }


def _stack(n: int) -> list[dict[str, Any]]:
    """An embedding, ``n`` repeated blocks of one Linear, a head."""
    return [
        {"id": "emb", "type": "Embedding", "name": "emb",
         "params": {"num_embeddings": 100, "embedding_dim": 8}},
        {"id": "layers", "type": "Module", "name": "layers.0", "repeat": n},
        {**_lin("fc", 8, 8), "parent": "layers", "name": "layers.0.fc"},
        _lin("head", 8, 100),
    ]  # fmt: skip


def _two_stacks(enc: int, dec: int) -> list[dict[str, Any]]:
    return [
        {"id": "enc", "type": "Module", "name": "enc.0", "repeat": enc},
        {**_lin("e", 8, 8), "parent": "enc", "name": "enc.0.e"},
        {"id": "dec", "type": "Module", "name": "dec.0", "repeat": dec},
        {**_lin("d", 8, 8), "parent": "dec", "name": "dec.0.d"},
        {**_norm(), "parent": "dec", "name": "dec.0.norm"},
    ]


def _facts(key: str, left: Any, right: Any) -> Pair:
    return Pair(side(facts={key: left}), side(facts={key: right}))


def _same(key: str, value: Any) -> Pair:
    return Pair(side(facts={key: value}), side(facts={key: value}))


_FORK = """from torch import nn
from transformers.activations import ACT2FN
from transformers.models.llama.modeling_llama import LlamaRMSNorm  # noqa: F401


class LlamaMLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.hidden_size = config.hidden_size
        self.intermediate_size = {read}
        self.gate_proj = nn.Linear(self.hidden_size, self.intermediate_size, bias=config.mlp_bias)
        self.up_proj = nn.Linear(self.hidden_size, self.intermediate_size, bias=config.mlp_bias)
        self.down_proj = nn.Linear(self.intermediate_size, self.hidden_size, bias=config.mlp_bias)
        self.act_fn = ACT2FN[config.hidden_act]

    def forward(self, x):
        return self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
"""
_FORK_CONFIG = {
    "model_type": "my_llama",  # remote code: the file names its reference (modeling_llama)
    "hidden_size": 64,
    "intermediate_size": 128,
    "hidden_act": "silu",
    "mlp_bias": False,
}


_OWN = """from torch import nn


class Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        width = config.hidden_size
        self.heads = config.num_attention_heads
        self.kv_heads = {kv}
        self.q = nn.Linear(width, width)
        self.k = nn.Linear(width, width * self.kv_heads // self.heads)
        self.v = nn.Linear(width, width * self.kv_heads // self.heads)
        self.o = nn.Linear(width, width)

    def forward(self, x):
        return self.o(self.q(x))


class Model(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.layers = nn.ModuleList(Attention(config) for _ in range(2))
"""
_OWN_CONFIG = {
    "model_type": "my_model",
    "hidden_size": 64,
    "num_attention_heads": 8,
    "num_key_value_heads": 2,
}


def _rule(kind: str, severity: Severity, **kw: Any) -> Rule:
    return Rule(
        id=KIND_IDS[kind],
        name=kind,
        severity=severity,
        aliases=("DRIFT-" + kind.upper(),),
        **kw,
    )


DRIFT_RULES: tuple[Rule, ...] = (
    _rule(
        "layer-count",
        MAJOR,
        what="The two sides have different numbers of layers (the main repeated stack), read off "
        "the structure or stated (num_hidden_layers, block_count).",
        why="Every layer has its own weights: a checkpoint for one side does not load into the "
        "other, and the model computes something else.",
        fix=FIX_BOTH,
        invalid=(Pair(side(nodes=_stack(4)), side(nodes=_stack(2))), _facts("numLayers", 12, 3)),
        valid=(Pair(side(nodes=_stack(4)), side(nodes=_stack(4))), _same("numLayers", 12)),
    ),
    _rule(
        "block-count",
        MAJOR,
        what="A repeated block other than the main stack (a decoder beside an encoder, a "
        "vision tower's layers) repeats a different number of times on each side.",
        why="The block's weights exist once per repeat: the parameter count and the state dict "
        "differ.",
        fix=FIX_BOTH,
        invalid=(Pair(side(nodes=_two_stacks(4, 2)), side(nodes=_two_stacks(4, 3))),),
        valid=(Pair(side(nodes=_two_stacks(4, 2)), side(nodes=_two_stacks(4, 2))),),
    ),
    _rule(
        "layer-type",
        MAJOR,
        severities=(MINOR, MAJOR),
        what="Layers in the same place have different types (LayerNorm against RMSNorm).",
        why="Another layer type computes something else; major when the weights differ too.",
        fix=FIX_BOTH,
        invalid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _norm(), _lin("b", 8, 8)]),
                side(nodes=[_lin("a", 8, 8), _norm("RMSNorm"), _lin("b", 8, 8)]),
            ),
        ),
        valid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _norm(), _lin("b", 8, 8)]),
                side(nodes=[_lin("a", 8, 8), _norm(), _lin("b", 8, 8)]),
            ),
        ),
    ),  # fmt: skip
    _rule(
        "shape",
        MAJOR,
        what="A size that sets a weight's shape (in/out features, channels, embedding rows) "
        "differs between paired layers.",
        why="The weights have other shapes: loading one side's checkpoint into the other raises "
        "`size mismatch for ...`.",
        fix=FIX_BOTH,
        invalid=(
            Pair(
                side(nodes=[_lin("a", 8, 16), _lin("b", 16, 8)]),
                side(nodes=[_lin("a", 8, 32), _lin("b", 32, 8)]),
            ),
        ),
        valid=(
            Pair(
                side(nodes=[_lin("a", 8, 16), _lin("b", 16, 8)]),
                side(nodes=[_lin("a", 8, 16), _lin("b", 16, 8)]),
            ),
        ),
    ),  # fmt: skip
    _rule(
        "param",
        MINOR,
        severities=(INFO, MINOR, MAJOR),
        what="Any other attribute of paired layers or stated fact differs (a norm's eps, a head "
        "count, an activation's argument).",
        why="Major for head counts and head widths (attention splits differently), info for "
        "dropout and the arguments of pure layout ops, minor otherwise: the model computes "
        "something else with the same weights.",
        fix=FIX_BOTH,
        invalid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _norm(eps=1e-5)]),
                side(nodes=[_lin("a", 8, 8), _norm(eps=1e-6)]),
            ),
        ),
        valid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _norm(eps=1e-5)]),
                side(nodes=[_lin("a", 8, 8), _norm(eps=1e-5)]),
            ),
        ),
    ),  # fmt: skip
    _rule(
        "missing-layer",
        MAJOR,
        severities=(INFO, MINOR, MAJOR),
        what="A layer or block is on the left side only.",
        why="Major when it has weights (the state dicts differ), minor when weightless, info "
        "for a pure layout op.",
        fix=FIX_BOTH,
        invalid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8), _norm()]),
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8)]),
            ),
        ),
        valid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8), _norm()]),
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8), _norm()]),
            ),
        ),
    ),  # fmt: skip
    _rule(
        "extra-layer",
        MAJOR,
        severities=(INFO, MINOR, MAJOR),
        what="A layer or block is on the right side only.",
        why="Major when it has weights (the state dicts differ), minor when weightless, info "
        "for a pure layout op.",
        fix=FIX_BOTH,
        invalid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8)]),
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8), _norm()]),
            ),
        ),
        valid=(
            Pair(
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8)]),
                side(nodes=[_lin("a", 8, 8), _lin("b", 8, 8)]),
            ),
        ),
    ),  # fmt: skip
    _rule(
        "incomplete",
        MINOR,
        severities=(INFO, MINOR),
        what="One side has layers, the other none that could be read: only facts were compared.",
        why="A structural comparison the user asked for did not happen (minor); info when the "
        "producer said it could only read facts (remote code on the config route).",
        fix="Give the side the analyzer can read (the model code, `--exact` for a config "
        "with remote code), or accept a facts-only comparison.",
        invalid=(
            Pair(side(nodes=[_lin("a", 8, 8)]), side(nodes=[{"id": "m", "type": "Unknown"}])),
        ),
        valid=(Pair(side(nodes=[_lin("a", 8, 8)]), side(nodes=[_lin("a", 8, 8)])),),
    ),  # fmt: skip
    _rule(
        "vocab",
        MAJOR,
        what="The vocabulary size (embedding rows) or the tokenizer's size differs.",
        why="The embedding and the LM head change shape; token ids past the smaller table "
        "index out of range.",
        fix=FIX_BOTH,
        invalid=(_facts("vocabSize", 32000, 32064),),
        valid=(_same("vocabSize", 32000),),
    ),
    _rule(
        "context-length",
        MINOR,
        severities=(MINOR, MAJOR),
        what="The trained context (max_position_embeddings) or a served length differs, or a "
        "server's length exceeds the model's trained context.",
        why="Positions past the trained context are out of distribution (RoPE) or out of range "
        "(learned absolute positions).",
        fix=FIX_BOTH,
        invalid=(_facts("maxPositionEmbeddings", 2048, 4096),),
        valid=(_same("maxPositionEmbeddings", 4096),),
    ),
    _rule(
        "tied-weights",
        MAJOR,
        what="One side ties the input embedding and the output head, the other does not.",
        why="An untied head has its own weight (another parameter count and state dict); a "
        "tied one shares the embedding's.",
        fix=FIX_BOTH,
        invalid=(_facts("tieWordEmbeddings", True, False),),
        valid=(_same("tieWordEmbeddings", True),),
    ),
    _rule(
        "dtype",
        MINOR,
        what="The weights' dtype differs (bfloat16 against float16, float32...).",
        why="Weights are cast at load; bfloat16 weights in float16 can overflow.",
        fix=FIX_BOTH,
        invalid=(_facts("dtype", "bfloat16", "float16"),),
        valid=(_same("dtype", "bfloat16"),),
    ),
    _rule(
        "quantization",
        MAJOR,
        what="The quantization method differs.",
        why="Packed weights have other shapes and another loader: a checkpoint quantized one "
        "way does not load the other.",
        fix=FIX_BOTH,
        invalid=(_facts("quantization", "gptq", "awq"),),
        valid=(_same("quantization", "gptq"),),
    ),
    _rule(
        "norm-eps",
        MINOR,
        what="The normalization epsilon the config states differs.",
        why="The model computes slightly different activations with the same weights.",
        fix=FIX_BOTH,
        invalid=(_facts("normEps", 1e-5, 1e-6),),
        valid=(_same("normEps", 1e-6),),
    ),
    _rule(
        "rope",
        MINOR,
        what="RoPE's base (rope_theta) or its scaling differs.",
        why="Positions are encoded differently: the same weights attend to other positions.",
        fix=FIX_BOTH,
        invalid=(_facts("ropeTheta", 10000.0, 500000.0),),
        valid=(_same("ropeTheta", 500000.0),),
    ),
    _rule(
        "param-count",
        MAJOR,
        what="The stated parameter count differs.",
        why="Different weights: the sides describe different models.",
        fix=FIX_BOTH,
        invalid=(_facts("numParameters", 1_000_000, 2_000_000),),
        valid=(_same("numParameters", 1_000_000),),
    ),
    _rule(
        "architecture",
        INFO,
        what="The model type or the architecture names differ.",
        why="Names change nothing the model computes, but a loader picks classes by them.",
        fix=FIX_BOTH,
        invalid=(_facts("modelType", "llama", "mistral"),),
        valid=(_same("modelType", "llama"),),
    ),
    _rule(
        "hardcoded-config",
        MINOR,
        severities=(INFO, MINOR),
        what="Code that is a fork of a transformers modeling file has a literal where "
        "transformers reads the config (``config.x``, ``getattr(config, 'x', d)``), compared as "
        "source with the installed transformers' file (or the file the code names).",
        why="The literal will not follow the config: minor when it already differs from the "
        "config's value, info when it equals it (consistent today, but a config that changes "
        "it is silently ignored). It sees edits no comparison of the built models can: a "
        "`getattr` default the config overrides, a class loaded from the installed package.",
        fix="Read the value from the config as transformers does.",
        invalid=(
            CodePair(_FORK.format(read="256"), _FORK_CONFIG, "differs from the config: minor"),
            CodePair(_FORK.format(read="128"), _FORK_CONFIG, "equal to the config: info"),
        ),
        valid=(CodePair(_FORK.format(read="config.intermediate_size"), _FORK_CONFIG),),
    ),
    Rule(
        id=UNREAD_ID,
        name="unread-config-key",
        severity=MINOR,
        what="The config sets a key that names an architecture fact (attention heads, KV "
        "heads, head width, sliding window, RoPE theta or scaling, experts, experts per token, "
        "shared experts), the code it is compared with never reads that key (nor an "
        "`attribute_map` alias of it, in its own files or the transformers modules it imports "
        "from), and the code's graph shows another value for the fact: a value it states or "
        "holds, or the KV heads its key and value projections are wide for. Both values are "
        "in the finding. A fact the graph shows no value for is judged by name only where the "
        "weights cannot show it (a window, a RoPE scaling, experts); code that builds the "
        "claimed value under other names (`N_KV`, `h.kv_heads`) honours the claim, and code "
        "that reads its config by computed names is not judged.",
        why="The claim holds by accident at best: the config says 2 KV heads and the code "
        "builds full attention, a window or a RoPE scaling the code never applies. Where the "
        "code states no value for the fact, no comparison of values can see it (transformers' "
        "own `check_config_attributes` checks its models for such keys).",
        fix="Read the key where the code builds what it describes, or drop it from the config.",
        invalid=(CodePair(_OWN.format(kv="8"), _OWN_CONFIG, "full attention built, never read"),),
        valid=(CodePair(_OWN.format(kv="config.num_key_value_heads"), _OWN_CONFIG),),
    ),
)
