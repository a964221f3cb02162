"""Tranception with its kernel sizes and widths read from a JSON config string."""

import json

from tranception_pytorch import Tranception

CFG = '{"dim": 96, "depth": 3, "num_tokens": 21, "heads": 4, "dim_head": 24, "ds_conv_kernel_sizes": [0, 3, 5, 9], "causal": true}'

cfg = json.loads(CFG)
cfg["ds_conv_kernel_sizes"] = tuple(cfg["ds_conv_kernel_sizes"])
model = Tranception(**cfg)
