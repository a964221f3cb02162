"""diffusers: prior_transformer (wild-code corpus, benchmarks/wild)."""

from diffusers import PriorTransformer

model = PriorTransformer(
    num_attention_heads=2,
    attention_head_dim=8,
    num_layers=2,
    embedding_dim=16,
    num_embeddings=4,
    additional_embeddings=2,
)
