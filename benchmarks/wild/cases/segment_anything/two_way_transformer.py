"""segment_anything: two_way_transformer (wild-code corpus, benchmarks/wild)."""

from segment_anything.modeling import TwoWayTransformer

model = TwoWayTransformer(
    depth=2,
    embedding_dim=32,
    num_heads=4,
    mlp_dim=64,
)
