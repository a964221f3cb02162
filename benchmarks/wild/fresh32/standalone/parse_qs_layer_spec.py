"""A layer spec in URL query form: parse_qs gives lists (a repeated key twice) and drops blank values by default."""

from urllib.parse import parse_qs, parse_qsl

import torch.nn as nn

SPEC = "width=24&width=40&depth=2&bias=&act=gelu"
q = parse_qs(SPEC)
pairs = parse_qsl(SPEC, keep_blank_values=True)

widths = [int(w) for w in q["width"]]
depth = int(q["depth"][0])
use_bias = "bias" in q  # the blank value was dropped: False
n_keys = len(pairs)  # 5 with blanks kept

layers = [nn.Linear(widths[0], widths[1], bias=use_bias)]
layers += [nn.Linear(widths[1], widths[1]) for _ in range(depth)]
layers.append(nn.Linear(widths[1], n_keys))
model = nn.Sequential(*layers)
