"""Model-level facts: the canonical vocabulary every producer writes into ``Graph.facts``.

Parsers (code, HF config, serving manifests, checkpoints) fill what they know under these keys,
each with a ``Location`` (file:line, config key or manifest field). The matcher compares facts
key by key; it never guesses which side is right. Values are plain JSON (ints, floats, str,
bool, lists, dicts).
"""

from __future__ import annotations

FACTS: dict[str, str] = {
    # architecture
    "modelType": "HF model_type (llama, bert, ...)",
    "architectures": "HF architectures list",
    "numLayers": "number of transformer / residual blocks (decoder layers when both exist)",
    "numEncoderLayers": "encoder layers of an encoder-decoder",
    "numDecoderLayers": "decoder layers of an encoder-decoder",
    "hiddenSize": "model width (d_model, n_embd, embedding_length)",
    "embeddingSize": (
        "width of a token table projected up to hiddenSize before the layers (ALBERT's and "
        "ELECTRA's embedding_size, OPT's word_embed_proj_dim)"
    ),
    "numHeads": "attention heads",
    "numKvHeads": "key/value heads (GQA / MQA); equals numHeads for MHA",
    "numKvGroups": "query heads per key/value head (numHeads // numKvHeads)",
    "headDim": "per-head width",
    "intermediateSize": "MLP inner width (feed_forward_length)",
    "mlpRatio": "MLP inner width over the model width, where a config states it so",
    "ssmStateSize": "state size of a selective state-space layer (Mamba's state_size)",
    "vocabSize": "embedding rows / lm_head rows",
    "tokenizerVocabSize": "tokenizer's vocabulary size, where known",
    "maxPositionEmbeddings": "trained context length (n_positions, context_length)",
    "positionBuckets": "relative position buckets (DeBERTa-v2: two table rows per bucket)",
    "windowSize": "attention window side of a windowed vision transformer (Swin's window_size)",
    "relativeAttentionMaxDistance": (
        "distance past which T5's relative position buckets all share one row "
        "(relative_attention_max_distance)"
    ),
    "adapterReductionFactor": "model width over a bottleneck adapter's width (X-MOD)",
    "kvLoraRank": "latent attention's key/value latent width (kv_lora_rank: DeepSeek-V2/V3)",
    "qLoraRank": "latent attention's query latent width (q_lora_rank)",
    "vHeadDim": "latent attention's value head width (v_head_dim)",
    "ropeTheta": "RoPE base frequency (rope.freq_base)",
    "ropeScaling": "RoPE scaling dict ({type/rope_type, factor, ...})",
    "rotaryDim": "dimensions of each head RoPE turns (2 x its frequencies)",
    "partialRotaryFactor": "the fraction of each head RoPE turns (rotaryDim / headDim)",
    "normEps": "epsilon of the model's norms (rms_norm_eps, layer_norm_eps)",
    "slidingWindow": "sliding-window attention size",
    "tieWordEmbeddings": "lm_head shares the input embedding",
    "numExperts": "MoE experts per layer",
    "numExpertsPerTok": "MoE top-k",
    "moeIntermediateSize": "MLP inner width of each routed expert (moe_intermediate_size)",
    "sharedExpertIntermediateSize": "MLP inner width of the shared expert beside the routed ones",
    "firstKDenseReplace": "dense layers before the first MoE layer (first_k_dense_replace)",
    "logitScale": "a constant the output logits are multiplied by (Cohere's logit_scale)",
    "patchSize": "vision patch size (the patch embedding's kernel and stride)",
    "imageSize": "vision input size in pixels (a square image's side)",
    "numFrames": "video frames a video model reads (num_frames: ViViT, TimeSformer, VideoMAE)",
    "inputChannels": "channels the first convolution reads (image channels, mel bins)",
    "stageDepths": "residual blocks per stage of a hierarchical network (ResNet, ConvNeXt)",
    "stageWidths": "output width of each stage of a hierarchical network",
    "stemWidth": "output width of the stem convolution before the first stage",
    "stageMlpRatios": "MLP inner width over the width of each stage (PvT's mlp_ratios)",
    "stageSrRatios": "spatial reduction of the keys and values in each stage (PvT's sr_ratios)",
    "stageHeads": "attention heads of each stage of a hierarchical network (Swin's num_heads)",
    "numClsTokens": "class tokens kept in one [1, k, width] table beside the positions (Pixio's)",
    "numParameters": "total parameter count claimed by a side",
    # serving / checkpoint
    "dtype": "weights dtype (float16, bfloat16, float32, ...)",
    "quantization": "quantization method (awq, gptq, fp8, bitsandbytes, Q4_K_M, ...)",
    "maxModelLen": "context length a server is configured for (vLLM max_model_len, num_ctx)",
    "maxInputTokens": "TGI MAX_INPUT_TOKENS",
    "maxTotalTokens": "TGI MAX_TOTAL_TOKENS",
    "tensorParallelSize": "tensor-parallel degree (vLLM -tp, TGI NUM_SHARD)",
    "pipelineParallelSize": "pipeline-parallel degree",
    "tensorCount": "number of tensors in a checkpoint",
}

# Names that mean a fact, as code attributes (``self.variance_epsilon``) and config keys
# (``rms_norm_eps``): how a producer files a value it holds under the vocabulary above
# (``Graph.uses``). Only names whose meaning does not depend on the model: a bare ``dim`` or
# ``base`` could be anything, so they are left out rather than guessed.
NAME_FACTS: dict[str, str] = {
    **dict.fromkeys(
        ("num_heads", "num_attention_heads", "n_head", "n_heads", "num_attn_heads", "heads"),
        "numHeads",
    ),
    **dict.fromkeys(
        ("num_key_value_heads", "num_kv_heads", "n_kv_heads", "n_kv_head", "num_kv"), "numKvHeads"
    ),
    **dict.fromkeys(
        ("head_dim", "attention_head_size", "head_size", "d_kv", "dim_head", "kv_channels"),
        "headDim",
    ),
    **dict.fromkeys(("hidden_size", "embed_dim", "d_model", "n_embd", "model_dim"), "hiddenSize"),
    **dict.fromkeys(
        ("intermediate_size", "ffn_dim", "d_ff", "n_inner", "ffn_hidden_size"), "intermediateSize"
    ),
    **dict.fromkeys(("num_hidden_layers", "num_layers", "n_layer", "n_layers"), "numLayers"),
    **dict.fromkeys(("num_key_value_groups", "num_kv_groups", "num_queries_per_kv"), "numKvGroups"),
    "vocab_size": "vocabSize",
    **dict.fromkeys(
        (
            "max_position_embeddings",
            "max_seq_len_cached",
            "original_max_seq_len",
            "max_source_positions",
            "max_target_positions",
            "max_positions",
            "max_pos",
            "n_positions",
            "n_ctx",
            "max_seq_len",
            "max_seq_length",
            "max_sequence_length",
            "context_length",
        ),
        "maxPositionEmbeddings",
    ),
    **dict.fromkeys(("rope_theta", "rotary_emb_base", "rope_base"), "ropeTheta"),
    **dict.fromkeys(
        (
            "eps",
            "epsilon",
            "variance_epsilon",
            "norm_eps",
            "rms_norm_eps",
            "layer_norm_eps",
            "layer_norm_epsilon",
            "layernorm_epsilon",
        ),
        "normEps",
    ),
    # a bare ``window`` is a sliding window's size wherever a config states one (the fact
    # is compared only against a config's ``sliding_window``; Swin's is ``window_size``)
    **dict.fromkeys(("sliding_window", "sliding_window_size", "window"), "slidingWindow"),
    **dict.fromkeys(("num_experts", "num_local_experts", "n_routed_experts"), "numExperts"),
    **dict.fromkeys(("num_experts_per_tok", "top_k", "moe_top_k"), "numExpertsPerTok"),
    # CohereConfig / Cohere2Config define ``logit_scale`` (the head's logits times it); a
    # CLIP-style learned ``logit_scale`` is a Parameter, never a number, so is no use
    "logit_scale": "logitScale",
    # T5's bucketing: distances up to it share log-spaced buckets, past it the last one.
    # Only in a weight-free formula (``math.log(max_distance / max_exact)``), so no shape shows it
    **dict.fromkeys(
        ("relative_attention_max_distance", "max_distance"), "relativeAttentionMaxDistance"
    ),
}

CONSTANT_FACTS: dict[str, str] = {k.upper(): v for k, v in NAME_FACTS.items() if v != "normEps"}
"""Module constants that mean a fact (``SLIDING_WINDOW = 4096``, ``MAX_POS = 2048``): upper
case, as constants are written. ``EPS`` is left out: a module-level epsilon is as often a
division guard as a norm's."""

VALUE_FACTS = frozenset(
    {
        "maxPositionEmbeddings",
        "slidingWindow",
        "ropeTheta",
        "numExpertsPerTok",
        "logitScale",
        "relativeAttentionMaxDistance",
    }
)
"""Facts no weight shape holds: a constant read for them while the model is built (a
computed position table's length) is a value the model uses that the structure never shows."""
