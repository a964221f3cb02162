# structure encoder (neighbour-attention transformer layers) predicting a per-residue property
from sequence_models.gnn import StructEncoder

model = StructEncoder(
    d_out=3, node_features=10, edge_features=11, hidden_dim=48, num_layers=2, dropout=0.0
)
