# an Elman RNN: relu nonlinearity, three bidirectional layers, no biases
import torch.nn as nn

model = nn.ModuleDict(
    {
        "rnn": nn.RNN(
            40,
            96,
            num_layers=3,
            nonlinearity="relu",
            bias=False,
            batch_first=True,
            bidirectional=True,
        ),
        "out": nn.Linear(192, 29),
    }
)
