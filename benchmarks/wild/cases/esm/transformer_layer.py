"""esm: transformer_layer (wild-code corpus, benchmarks/wild)."""

from esm.modules import TransformerLayer

model = TransformerLayer(
    embed_dim=64,
    ffn_embed_dim=256,
    attention_heads=4,
    use_rotary_embeddings=True,
)
