"""Mambular (Mamba blocks over feature tokens) with periodic-linear numeric embeddings and a head MLP."""

from mambular.base_models.mambular import Mambular
from mambular.configs import DefaultMambularConfig

numeric = {
    f"x{i}": {"preprocessing": "standardization", "dimension": 1, "categories": None}
    for i in range(4)
}
categorical = {"color": {"preprocessing": "int", "dimension": 1, "categories": 5}}

cfg = DefaultMambularConfig(
    d_model=32, n_layers=2, expand_factor=2, d_state=16, head_layer_sizes=[32]
)
model = Mambular(feature_information=(numeric, categorical, {}), num_classes=4, config=cfg)
