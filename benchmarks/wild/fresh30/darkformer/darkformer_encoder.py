"""A non-causal Darkformer encoder stack (darkformer-pytorch), 3 layers, head_dim 16, mlp 96."""

from darkformer_pytorch import Darkformer

model = Darkformer(dim=48, depth=3, heads=3, head_dim=16, num_features=24, mlp_dim=96)
