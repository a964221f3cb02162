"""deeptab's FT-Transformer: every feature a 24-dim token, 2 layers of 4 heads, a small head MLP."""

from deeptab.architectures.ft_transformer import FTTransformer
from deeptab.configs.models.fttransformer_config import FTTransformerConfig

num_info = {"a": {"dimension": 1}, "b": {"dimension": 1}}
cat_info = {"c": {"dimension": 1, "categories": 5}, "d": {"dimension": 1, "categories": 9}}
model = FTTransformer(
    feature_information=(num_info, cat_info, {}),
    num_classes=2,
    config=FTTransformerConfig(
        d_model=24, n_layers=2, n_heads=4, transformer_dim_feedforward=48, head_layer_sizes=[16]
    ),
)
