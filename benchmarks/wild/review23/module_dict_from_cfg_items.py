import torch.nn as nn

HEADS = {"cls": {"out": 10}, "box": {"out": 4, "hidden": 16}, "mask": {"out": 1}}


class M(nn.Module):
    def __init__(self, dim=12):
        super().__init__()
        self.heads = nn.ModuleDict(
            {
                name: nn.Sequential(
                    nn.Linear(dim, spec.get("hidden", dim)),
                    nn.ReLU(),
                    nn.Linear(spec.get("hidden", dim), spec["out"]),
                )
                for name, spec in HEADS.items()
                if name != "mask"
            }
        )
