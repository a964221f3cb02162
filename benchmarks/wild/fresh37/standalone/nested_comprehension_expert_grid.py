# a grid of experts: rows are layers, columns experts; the last row has fewer, wider experts
import torch.nn as nn

d, n_layers, n_experts = 64, 3, 4
grid = nn.ModuleList(
    [
        nn.ModuleList(
            [
                nn.Sequential(
                    nn.Linear(d, (4 if layer < n_layers - 1 else 8) * d),
                    nn.GELU(),
                    nn.Linear((4 if layer < n_layers - 1 else 8) * d, d),
                )
                for e in range(n_experts if layer < n_layers - 1 else n_experts // 2)
            ]
        )
        for layer in range(n_layers)
    ]
)
gates = nn.ModuleList([nn.Linear(d, len(row), bias=False) for row in grid])
model = nn.ModuleDict({"experts": grid, "gates": gates})
