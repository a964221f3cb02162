"""A tabular ResNet (rtdl) sized from a YAML experiment config."""

import rtdl
import yaml

CONFIG = """
data:
  n_num_features: 14
  n_classes: 3
model:
  n_blocks: 2
  d_main: 64
  d_hidden: 128
  dropout_first: 0.25
  dropout_second: 0.0
"""

cfg = yaml.safe_load(CONFIG)
model = rtdl.ResNet.make_baseline(
    d_in=cfg["data"]["n_num_features"], d_out=cfg["data"]["n_classes"], **cfg["model"]
)
