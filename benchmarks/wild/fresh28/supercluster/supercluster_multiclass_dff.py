"""SuperCluster for 6 classes with an explicit feed-forward width and one cross-attention layer."""

from supercluster import SupervisedClusteringModelV2

model = SupervisedClusteringModelV2(
    input_dim=20,
    embedding_dim=24,
    num_clusters=5,
    num_classes=6,
    encoder_layers=3,
    encoder_hidden_size=48,
    d_ff=40,
    num_attn_heads=2,
    num_cross_attn_layers=1,
)
