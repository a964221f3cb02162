"""deeptab's MLP backbone over 3 numerical and 2 categorical features, built from an explicit MLPConfig."""

from deeptab.architectures.mlp import MLP
from deeptab.configs.models.mlp_config import MLPConfig

num_info = {"age": {"dimension": 1}, "income": {"dimension": 1}, "score": {"dimension": 1}}
cat_info = {"city": {"dimension": 1, "categories": 12}, "plan": {"dimension": 1, "categories": 4}}
model = MLP(
    feature_information=(num_info, cat_info, {}),
    num_classes=3,
    config=MLPConfig(layer_sizes=[64, 32], dropout=0.1),
)
