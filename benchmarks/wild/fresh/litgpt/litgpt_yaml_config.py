"""litgpt: a model config as YAML text, as in a config_hub file (fresh batch, benchmarks/wild/fresh)."""

import yaml
from litgpt import GPT, Config

MODEL_YAML = """
name: tiny-llama-like
block_size: 256
vocab_size: 1000
padded_vocab_size: 1024
n_layer: 3
n_head: 4
n_embd: 128
n_query_groups: 2
rotary_percentage: 1.0
parallel_residual: false
bias: false
norm_class_name: RMSNorm
mlp_class_name: LLaMAMLP
intermediate_size: 344
"""
config = Config(**yaml.safe_load(MODEL_YAML))
model = GPT(config)
