import torch
from curated_transformers.models import MPTCausalLM, MPTConfig

model = MPTCausalLM(
    MPTConfig(
        dtype=torch.float32,
        hidden_width=256,
        intermediate_width_multiplier=4,
        n_attention_heads=8,
        n_hidden_layers=3,
        n_pieces=7000,
        use_bias=False,
    )
)
