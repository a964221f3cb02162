"""A small DLRM recommender (bitorch): 13 dense features, four embedding tables, a binarized bottom MLP."""

from bitorch.models import DLRM

model = DLRM(
    dense_feature_size=13,
    embedding_layer_sizes=[50, 20, 30, 12],
    bottom_mlp_layer_sizes=[32, 16],
    top_mlp_layer_sizes=[24, 1],
    binary_bottom_mlp=True,
    embedding_dimension=16,
)
