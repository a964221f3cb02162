"""A two-layer GRU4Rec session recommender over 200 items (index 200 is the pad token)."""

from recpack.algorithms.gru4rec import GRU4RecTorch

model = GRU4RecTorch(
    num_items=200, hidden_size=32, num_components=24, pad_token=200, num_layers=2, dropout=0.1
)
