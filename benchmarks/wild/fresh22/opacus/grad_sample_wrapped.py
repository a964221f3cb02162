"""A model wrapped in opacus' GradSampleModule (per-sample gradient hooks; the wrapped model is _module)."""

from opacus import GradSampleModule
from torch import nn

base = nn.Sequential(nn.Linear(20, 64), nn.GELU(), nn.LayerNorm(64), nn.Linear(64, 3))
model = GradSampleModule(base)
