"""SuperCluster (prototype-routing tabular model): 14 features, 8 clusters, 2 encoder layers of 64."""

from supercluster import SuperCluster

model = SuperCluster(
    input_dim=14,
    embedding_dim=32,
    num_clusters=8,
    num_classes=1,
    encoder_layers=2,
    encoder_hidden_size=64,
    num_attn_heads=4,
)
