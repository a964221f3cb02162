import torch
from curated_transformers.models import GPTNeoXConfig, GPTNeoXDecoder

model = GPTNeoXDecoder(
    GPTNeoXConfig(
        dtype=torch.float32,
        hidden_width=256,
        intermediate_width=1024,
        n_attention_heads=8,
        n_hidden_layers=2,
        n_pieces=5000,
        n_positions=1024,
        rotary_embedding_fraction=0.25,
    )
)
