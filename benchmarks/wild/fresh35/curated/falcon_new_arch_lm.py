import torch
from curated_transformers.models import FalconCausalLM, FalconConfig

config = FalconConfig(
    dtype=torch.float32,
    hidden_width=256,
    new_decoder_architecture=True,
    n_query_heads=8,
    n_key_value_heads=2,
    n_hidden_layers=2,
    n_pieces=3000,
)
model = FalconCausalLM(config)
