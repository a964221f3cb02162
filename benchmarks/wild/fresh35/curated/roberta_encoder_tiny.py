import torch
from curated_transformers.models import RoBERTaConfig, RoBERTaEncoder

cfg = RoBERTaConfig(
    dtype=torch.float32,
    embedding_width=192,
    hidden_width=192,
    intermediate_width=768,
    n_attention_heads=3,
    n_hidden_layers=3,
    n_pieces=6000,
    n_types=1,
    n_positions=130,
)
model = RoBERTaEncoder(cfg)
