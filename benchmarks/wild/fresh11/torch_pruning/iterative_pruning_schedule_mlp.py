"""Iterative pruning of an MLP in 4 steps to a 75% ratio, stopped after two steps (a fine-tune
between steps in the real loop); round_to keeps widths multiples of 4."""

import torch
import torch.nn as nn
import torch_pruning as tp

model = nn.Sequential(
    nn.Linear(32, 128),
    nn.ReLU(),
    nn.Linear(128, 128),
    nn.ReLU(),
    nn.Linear(128, 64),
    nn.ReLU(),
    nn.Linear(64, 5),
)
pruner = tp.pruner.MetaPruner(
    model,
    example_inputs=torch.randn(2, 32),
    importance=tp.importance.MagnitudeImportance(p=1),
    iterative_steps=4,
    pruning_ratio=0.75,
    round_to=4,
    ignored_layers=[model[-1]],
)
for _step in range(2):
    pruner.step()
    # finetune(model) ...
