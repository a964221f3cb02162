import torch
from curated_transformers.models import LlamaCausalLM, LlamaConfig

cfg = LlamaConfig(
    dtype=torch.float32,
    hidden_width=320,
    intermediate_width=864,
    n_query_heads=8,
    n_key_value_heads=2,
    n_hidden_layers=3,
    n_pieces=4096,
    rotary_embedding_fraction=1.0,
)
model = LlamaCausalLM(cfg)
