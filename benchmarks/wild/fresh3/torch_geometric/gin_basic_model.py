from torch_geometric.nn.models import GIN

model = GIN(in_channels=16, hidden_channels=64, num_layers=4, out_channels=2, dropout=0.2, norm="batch_norm")
