import yaml
from molecule_attention_transformer import MAT

CONFIG = """
model:
  dim_in: 26
  model_dim: 128
  dim_out: 12     # the 12 Tox21 tasks
  depth: 6
  heads: 4
  dist_kernel_fn: softmax
"""

cfg = yaml.safe_load(CONFIG)["model"]
model = MAT(**cfg)
