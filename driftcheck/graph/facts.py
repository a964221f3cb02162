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
    "numHeads": "attention heads",
    "numKvHeads": "key/value heads (GQA / MQA); equals numHeads for MHA",
    "headDim": "per-head width",
    "intermediateSize": "MLP inner width (feed_forward_length)",
    "vocabSize": "embedding rows / lm_head rows",
    "tokenizerVocabSize": "tokenizer's vocabulary size, where known",
    "maxPositionEmbeddings": "trained context length (n_positions, context_length)",
    "ropeTheta": "RoPE base frequency (rope.freq_base)",
    "ropeScaling": "RoPE scaling dict ({type/rope_type, factor, ...})",
    "normEps": "epsilon of the model's norms (rms_norm_eps, layer_norm_eps)",
    "slidingWindow": "sliding-window attention size",
    "tieWordEmbeddings": "lm_head shares the input embedding",
    "numExperts": "MoE experts per layer",
    "numExpertsPerTok": "MoE top-k",
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
