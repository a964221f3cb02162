import torch
from curated_transformers.models import BERTConfig, BERTEncoder

config = BERTConfig(
    dtype=torch.float32,
    embedding_width=256,
    hidden_width=256,
    intermediate_width=1024,
    n_attention_heads=4,
    n_hidden_layers=4,
    n_pieces=8000,
    n_types=2,
    n_positions=256,
)
model = BERTEncoder(config)
