"""deeptab's TabTransformer: a transformer over the categorical embeddings, numericals joined afterwards."""

from deeptab.architectures.tabtransformer import TabTransformer
from deeptab.configs.models.tabtransformer_config import TabTransformerConfig

num_info = {"n1": {"dimension": 1}, "n2": {"dimension": 1}, "n3": {"dimension": 1}}
cat_info = {"k1": {"dimension": 1, "categories": 6}, "k2": {"dimension": 1, "categories": 3}}
model = TabTransformer(
    feature_information=(num_info, cat_info, {}),
    num_classes=4,
    config=TabTransformerConfig(d_model=16, n_layers=1, n_heads=2, transformer_dim_feedforward=32),
)
