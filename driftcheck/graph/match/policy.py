"""Severity, kind and wording of drift findings: the one place the policy lives.

Severity policy (stated, so a user can predict it):
- major: anything that changes a weight shape or the parameter count (hidden / intermediate
  size, vocabulary, bias on or off, tied embeddings, missing or extra layers with weights), or
  the number of layers, blocks, heads, KV heads or the head width;
  and the quantization method (packed weights have other shapes);
- minor: values that change what the model computes without changing its weights (norm eps,
  RoPE theta and scaling, sliding window, context length, dtype, activation),
  and weightless layers present on one side only;
- info: values that do not change the model's function (dropout, model type and
  architecture names, parallelism of a server), and the arguments of pure layout ops
  (transpose, permute, expand, unsqueeze, ...): equivalent implementations lay tensors out
  differently (Meta's Llama keeps heads on axis 2, transformers' on axis 1), and what such an
  op's arguments would reveal (head counts, widths) is compared through facts and weights.
  Sizes of view / reshape / unflatten are compared with -1 matching any size, so
  ``view(b, s, 8, -1)`` against ``view(b, s, 8, 64)`` is no finding, and 8 heads against 12
  stays minor.
A finding states both values and where each comes from; it never says which side is right.
"""

from __future__ import annotations

from driftcheck.findings import Severity

MAJOR_FACTS = frozenset(
    {
        "numLayers",
        "numEncoderLayers",
        "numDecoderLayers",
        "hiddenSize",
        "embeddingSize",
        "numHeads",
        "numKvHeads",
        "headDim",
        "intermediateSize",
        "mlpRatio",
        "ssmStateSize",
        "positionBuckets",
        "windowSize",
        "adapterReductionFactor",
        "kvLoraRank",
        "qLoraRank",
        "vHeadDim",
        "vocabSize",
        "tieWordEmbeddings",
        "numExperts",
        "numExpertsPerTok",
        "moeIntermediateSize",
        "sharedExpertIntermediateSize",
        "firstKDenseReplace",
        "patchSize",
        "imageSize",
        "numFrames",
        "inputChannels",
        "stageDepths",
        "stageWidths",
        "stemWidth",
        "stageMlpRatios",
        "stageSrRatios",
        "stageHeads",
        "numClsTokens",
        "layerPattern",
        "numParameters",
        "tensorCount",
        "quantization",
    }
)
INFO_FACTS = frozenset({"modelType", "architectures", "tensorParallelSize", "pipelineParallelSize"})
FACT_KIND = {
    "numLayers": "layer-count",
    "numEncoderLayers": "layer-count",
    "layerPattern": "layer-type",
    "numDecoderLayers": "layer-count",
    "vocabSize": "vocab",
    "tokenizerVocabSize": "vocab",
    "maxPositionEmbeddings": "context-length",
    "maxModelLen": "context-length",
    "maxInputTokens": "context-length",
    "maxTotalTokens": "context-length",
    "tieWordEmbeddings": "tied-weights",
    "dtype": "dtype",
    "quantization": "quantization",
    "normEps": "norm-eps",
    "ropeTheta": "rope",
    "ropeScaling": "rope",
    "rotaryDim": "rope",
    "partialRotaryFactor": "rope",
    "numParameters": "param-count",
    "modelType": "architecture",
    "architectures": "architecture",
}
HEAD_PARAMS = frozenset({"num_heads", "num_kv_heads", "head_dim", "n_head", "heads", "dim_head"})
INFO_PARAMS = frozenset({"dropout", "p", "attn_pdrop", "dropout_p", "momentum", "init_values"})
LAYOUT_OPS = frozenset(
    {
        "Identity",
        "Contiguous",
        "Flatten",
        "Unflatten",
        "Reshape",
        "View",
        "ReshapeFrom",
        "Transpose",
        "Permute",
        "Squeeze",
        "Unsqueeze",
        "Expand",
        "ExpandFrom",
        "Repeat",
        "Concat",
        "Stack",
        "Split",
        "Chunk",
        "Unbind",
    }
)
"""Weightless ops that only move elements around: how an implementation arranges its tensors."""
RESHAPES = frozenset({"Unflatten", "Reshape", "View"})
"""Layout ops whose sizes say something about the model (a head count): compared up to -1."""


def fact_severity(key: str) -> Severity:
    if key in MAJOR_FACTS:
        return Severity.major
    if key in INFO_FACTS:
        return Severity.info
    return Severity.minor


def fact_kind(key: str) -> str:
    return FACT_KIND.get(key, "param")


def structural_severity(kind: str, param: str | None, weights_change: bool) -> Severity:
    if kind in ("layer-count", "block-count", "shape") or weights_change:
        return Severity.major
    if param in HEAD_PARAMS:
        return Severity.major
    if param in INFO_PARAMS:
        return Severity.info
    return Severity.minor


KIND_IDS = {
    "layer-count": "DRF001",
    "block-count": "DRF002",
    "layer-type": "DRF003",
    "shape": "DRF004",
    "param": "DRF005",
    "missing-layer": "DRF006",
    "extra-layer": "DRF007",
    "incomplete": "DRF008",
    "vocab": "DRF009",
    "context-length": "DRF010",
    "tied-weights": "DRF011",
    "dtype": "DRF012",
    "quantization": "DRF013",
    "norm-eps": "DRF014",
    "rope": "DRF015",
    "param-count": "DRF016",
    "architecture": "DRF017",
    "hardcoded-config": "DRF018",
}
"""Each drift kind's rule id (``driftcheck explain DRF001``; the records, with their docs and
examples, are in ``driftcheck/drift/kinds.py``). A kind without an id is a bug: ``check_id``
raises, so a new kind cannot reach a report unregistered."""


def check_id(kind: str) -> str:
    return KIND_IDS[kind]


def fmt(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(fmt(x) for x in v) + "]"
    return str(v)


def message(kind: str, attribute: str, lv: object, rv: object, labels: dict[str, str]) -> str:
    left, right = labels["left"], labels["right"]
    if kind == "layer-count" and attribute.endswith("umLayers"):
        return f"{left} has {fmt(lv)} layers, {right} has {fmt(rv)}"
    if kind == "missing-layer":
        return f"{fmt(lv)} is in {left} only"
    if kind == "extra-layer":
        return f"{fmt(rv)} is in {right} only"
    if lv is None:
        return f"{attribute} is {fmt(rv)} in {right} and not set in {left}"
    if rv is None:
        return f"{attribute} is {fmt(lv)} in {left} and not set in {right}"
    return f"{attribute} is {fmt(lv)} in {left} but {fmt(rv)} in {right}"
