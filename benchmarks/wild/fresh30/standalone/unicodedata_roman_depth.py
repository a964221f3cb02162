"""Depth read from a Roman-numeral character with `unicodedata.numeric` ("Ⅻ" is 12.0) and a vulgar fraction
("¾") scaling the width."""

import unicodedata

import torch.nn as nn

depth = int(unicodedata.numeric("Ⅻ")) // 4  # 3
width = int(unicodedata.numeric("¾") * 64)  # 48
model = nn.Sequential(*[nn.Linear(width, width) for _ in range(depth)])
