#!/usr/bin/env bash
# vLLM server for the model in ./config.json.
# Planted drift: 8192 tokens (the config trains 4096, no rope scaling) and -tp 3 (32 heads).
export VLLM_LOGGING_LEVEL=INFO
vllm serve ./llama-7b \
  --max-model-len 8192 \
  --dtype bfloat16 \
  -tp 3 \
  --gpu-memory-utilization 0.9 \
  --enforce-eager
