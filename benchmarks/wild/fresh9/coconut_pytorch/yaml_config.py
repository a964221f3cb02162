import yaml
from coconut_pytorch import Coconut

CFG = """
coconut:
  num_reasoning_steps: 2
  transformer:
    num_tokens: 512
    dim: 96
    depth: 4
    heads: 3
    dim_head: 32
    ff_mult: 2
    accept_value_residual: true
"""
cfg = yaml.safe_load(CFG)["coconut"]
model = Coconut(**cfg)
