"""An architecture written as Python calls, read by ast.parse (never executed): positional and keyword arguments."""

import ast

import torch.nn as nn

ARCH = """
conv(3, 12, k=5)
conv(12, 24)
pool()
linear(24, 10, bias=False)
"""

BUILD = {
    "conv": lambda a, b, k=3: nn.Conv2d(a, b, k),
    "pool": lambda: nn.AdaptiveAvgPool2d(1),
    "linear": lambda a, b, bias=True: nn.Linear(a, b, bias=bias),
}

layers = []
for stmt in ast.parse(ARCH).body:
    call = stmt.value
    args = [ast.literal_eval(a) for a in call.args]
    kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}
    layers.append(BUILD[call.func.id](*args, **kwargs))
model = nn.Sequential(*layers[:3], nn.Flatten(), layers[3])
