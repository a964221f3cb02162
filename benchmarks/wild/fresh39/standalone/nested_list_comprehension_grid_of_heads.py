# a nested list comprehension builds a 3x4 grid of heads (tasks x horizons) in nested ModuleLists
import torch.nn as nn

tasks = ["temp", "wind", "rain"]
horizons = [1, 6, 12, 24]
hidden = 160
model = nn.ModuleDict(
    {
        "encoder": nn.LSTM(20, hidden, num_layers=2, batch_first=True),
        "heads": nn.ModuleList(
            [nn.ModuleList([nn.Linear(hidden, h) for h in horizons]) for _ in tasks]
        ),
    }
)
