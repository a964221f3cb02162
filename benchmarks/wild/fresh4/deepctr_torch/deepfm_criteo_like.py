"""DeepFM on a Criteo-like schema: 26 sparse and 13 dense features."""

from deepctr_torch.inputs import DenseFeat, SparseFeat, get_feature_names
from deepctr_torch.models import DeepFM

sparse_features = ["C" + str(i) for i in range(1, 27)]
dense_features = ["I" + str(i) for i in range(1, 14)]
vocab = {feat: 100 + 7 * i for i, feat in enumerate(sparse_features)}

fixlen_feature_columns = [
    SparseFeat(feat, vocabulary_size=vocab[feat], embedding_dim=4) for feat in sparse_features
] + [DenseFeat(feat, 1) for feat in dense_features]
dnn_feature_columns = fixlen_feature_columns
linear_feature_columns = fixlen_feature_columns
feature_names = get_feature_names(linear_feature_columns + dnn_feature_columns)

model = DeepFM(
    linear_feature_columns, dnn_feature_columns, task="binary", dnn_hidden_units=(64, 32)
)
