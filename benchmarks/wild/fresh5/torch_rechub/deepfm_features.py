from torch_rechub.basic.features import DenseFeature, SparseFeature
from torch_rechub.models.ranking import DeepFM

sparse_cols = ["user_id", "item_id", "cate_id", "city"]
vocab = {"user_id": 500, "item_id": 800, "cate_id": 40, "city": 30}
dense_cols = ["price", "age"]

dense_features = [DenseFeature(name) for name in dense_cols]
sparse_features = [SparseFeature(name, vocab_size=vocab[name], embed_dim=8) for name in sparse_cols]

model = DeepFM(
    deep_features=dense_features + sparse_features,
    fm_features=sparse_features,
    mlp_params={"dims": [64, 32], "dropout": 0.2, "activation": "relu"},
)
