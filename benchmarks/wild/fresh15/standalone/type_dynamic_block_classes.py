"""Block classes created at run time with type(name, bases, namespace) from a table of widths,
then instantiated from the generated classes' names looked up in a dict."""

import torch.nn as nn

SPECS = {"Tiny": (64, 1), "Small": (96, 2), "Base": (128, 3)}


def _init(self, cin):
    nn.Module.__init__(self)
    self.proj = nn.Conv2d(cin, self.width, 1)
    self.layers = nn.ModuleList(
        nn.Conv2d(self.width, self.width, 3, padding=1) for _ in range(self.depth)
    )


CLASSES = {
    name: type(f"{name}Block", (nn.Module,), {"width": w, "depth": d, "__init__": _init})
    for name, (w, d) in SPECS.items()
}


class Pyramid(nn.Module):
    def __init__(self, names=("Tiny", "Small", "Base"), cin=3, classes=10):
        super().__init__()
        stages = []
        for n in names:
            cls = CLASSES[n]
            stages.append(cls(cin))
            cin = cls.width
        self.stages = nn.Sequential(*stages)
        self.fc = nn.Linear(cin, classes)


model = Pyramid(names=("Tiny", "Base"))
