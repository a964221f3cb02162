"""deeptab's TabM: a batch-ensembled MLP (8 members share weights, per-member scaling vectors), full variant."""

from deeptab.architectures.tabm import TabM
from deeptab.configs.models.tabm_config import TabMConfig

num_info = {f"f{i}": {"dimension": 1} for i in range(5)}
model = TabM(
    feature_information=(num_info, {}, {}),
    num_classes=2,
    config=TabMConfig(layer_sizes=[32, 16], ensemble_size=8, model_type="full"),
)
