"""A two-layer LEM (long expressive memory) RNN, 8 -> 16."""

from torchrecurrent import LEM

model = LEM(input_size=8, hidden_size=16, num_layers=2, batch_first=True)
