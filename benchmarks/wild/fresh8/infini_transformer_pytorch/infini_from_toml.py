"""An Infini transformer whose sizes come from a TOML training config."""

import tomllib
from infini_transformer_pytorch import InfiniTransformer

CFG = tomllib.loads("""
[model]
num_tokens = 50257
dim = 256
depth = 3
dim_head = 32
heads = 8
ff_mult = 2
""")

model = InfiniTransformer(**CFG["model"])
