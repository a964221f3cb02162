"""Mambular's FT-Transformer on a mixed tabular table, with a trimmed config."""

from mambular.base_models.ft_transformer import FTTransformer
from mambular.configs import DefaultFTTransformerConfig

num_info = {
    f"num_{i}": {"preprocessing": "standardization", "dimension": 1, "categories": None}
    for i in range(6)
}
cat_info = {
    "city": {"preprocessing": "int", "dimension": 1, "categories": 12},
    "weekday": {"preprocessing": "int", "dimension": 1, "categories": 7},
}

config = DefaultFTTransformerConfig(
    d_model=64, n_layers=2, n_heads=4, transformer_dim_feedforward=128
)
model = FTTransformer(feature_information=(num_info, cat_info, {}), num_classes=3, config=config)
