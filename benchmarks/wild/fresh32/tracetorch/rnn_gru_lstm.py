import torch.nn as nn
from tracetorch import rnn

model = nn.ModuleDict(
    {"gru": rnn.GRU(12, 24), "lstm": rnn.LSTM(24, 16), "simple": rnn.SimpleRNN(16, 8)}
)
