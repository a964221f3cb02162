"""str.isdigit vs isdecimal: a superscript two is a digit but not decimal; int() reads Arabic-Indic digits."""

import torch.nn as nn

tokens = ["64", "\u00b2", "\u0663\u0662", "x"]  # "64", superscript two, Arabic-Indic "32", "x"
decimals = [int(t) for t in tokens if t.isdecimal()]  # [64, 32]
digits_only = [t for t in tokens if t.isdigit() and not t.isdecimal()]  # the superscript
depth = len(decimals) + len(digits_only)

model = nn.Sequential(
    nn.Linear(decimals[0], decimals[1]),
    *[nn.Linear(decimals[1], decimals[1]) for _ in range(depth)],
)
