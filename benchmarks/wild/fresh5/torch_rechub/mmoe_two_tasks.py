"""MMoE for CTR + CVR on a census-like table."""

from torch_rechub.basic.features import DenseFeature, SparseFeature
from torch_rechub.models.multi_task import MMOE

cat_vocab = [("education", 17), ("marital", 7), ("occupation", 15), ("race", 5), ("sex", 2)]
num_cols = ["age", "capital_gain", "capital_loss", "hours_per_week"]

features = [SparseFeature(c, vocab_size=v, embed_dim=4) for c, v in cat_vocab] + [
    DenseFeature(c) for c in num_cols
]
task_types = ["classification", "classification"]
model = MMOE(
    features,
    task_types,
    n_expert=4,
    expert_params={"dims": [32, 16]},
    tower_params_list=[{"dims": [8]}, {"dims": [8]}],
)
