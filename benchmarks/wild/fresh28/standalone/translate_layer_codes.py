"""A block string like "c-B-r|C-b-R" decoded with `str.maketrans` / `translate` (case swapped, dashes dropped) into layers."""

import torch.nn as nn

codes = "c-B-r|C-b-R".translate(str.maketrans("cbrCBR", "CBRcbr", "-"))  # "cbR|CBr"

layers, ch = [], 3
for group in codes.split("|"):
    for letter in group:
        if letter == "C":
            layers.append(nn.Conv2d(ch, ch * 4, 3))
            ch *= 4
        elif letter == "c":
            layers.append(nn.Conv2d(ch, ch, 1))
        elif letter == "B":
            layers.append(nn.BatchNorm2d(ch))
        elif letter == "R":
            layers.append(nn.ReLU())
model = nn.Sequential(*layers)
