"""MagNet on a directed citation graph, with a learnable phase parameter q and three layers."""

from torch_geometric_signed_directed.nn.directed import MagNet_node_classification

model = MagNet_node_classification(
    num_features=300,
    hidden=32,
    q=0.1,
    K=2,
    label_dim=6,
    activation=True,
    trainable_q=True,
    layer=3,
    dropout=0.5,
    normalization="sym",
)
