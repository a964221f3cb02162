"""The Hamburger (matrix-decomposition) global context block, built directly."""

from hamburger_pytorch import Hamburger

model = Hamburger(dim=64, n=16 * 16, inner_dim=32, ratio=4, K=4)
