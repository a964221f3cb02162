import ast

import torch.nn as nn

SPEC = "[('conv', 3, 32, 5), ('pool',), ('conv', 32, 64, 3), ('conv', 64, 64, 3), ('pool',), ('flatten',), ('fc', 64 * 6 * 6, 128), ('fc', 128, 10)]"

FACTORY = {
    "conv": lambda cin, cout, k: nn.Conv2d(cin, cout, k),
    "pool": lambda: nn.MaxPool2d(2),
    "flatten": nn.Flatten,
    "fc": nn.Linear,
}

spec = ast.literal_eval(SPEC.replace("64 * 6 * 6", str(64 * 6 * 6)))
model = nn.Sequential(*(FACTORY[kind](*args) for kind, *args in spec))
