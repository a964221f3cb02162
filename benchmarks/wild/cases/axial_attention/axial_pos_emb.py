"""axial_attention: axial_pos_emb (wild-code corpus, benchmarks/wild)."""

from axial_attention import AxialPositionalEmbedding

model = AxialPositionalEmbedding(
    dim=32,
    shape=(8, 8),
    emb_dim_index=1,
)
