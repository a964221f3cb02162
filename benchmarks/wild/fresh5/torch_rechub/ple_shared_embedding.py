from torch_rechub.basic.features import DenseFeature, SparseFeature
from torch_rechub.models.multi_task import PLE

# the item and the clicked-item history column share one table (shared_with)
features = [
    SparseFeature("user", vocab_size=300, embed_dim=16),
    SparseFeature("item", vocab_size=1000, embed_dim=16),
    SparseFeature("last_item", vocab_size=1000, embed_dim=16, shared_with="item"),
    DenseFeature("dwell"),
]

cfg = dict(
    task_types=["classification", "regression"],
    n_level=2,
    n_expert_specific=2,
    n_expert_shared=1,
    expert_params={"dims": [32]},
    tower_params_list=[{"dims": [16]}, {"dims": [16]}],
)
model = PLE(features, **cfg)
