import torch
from curated_transformers.models import ALBERTConfig, ALBERTEncoder

# ALBERT: a factorized embedding (128 -> 384) and 6 layers drawn from 2 shared groups
config = ALBERTConfig(
    dtype=torch.float32,
    embedding_width=128,
    hidden_width=384,
    intermediate_width=1536,
    n_attention_heads=6,
    n_hidden_layers=6,
    n_hidden_groups=2,
    n_layers_per_group=1,
    n_pieces=12000,
    n_positions=512,
)
model = ALBERTEncoder(config)
