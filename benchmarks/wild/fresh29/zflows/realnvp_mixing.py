"""A RealNVP (zflows) in 6 dimensions with 5 transforms and a single hidden layer of 48."""

from zflows.flow import RealNVP

model = RealNVP(dimension=6, transforms=5, hidden_features=(48,))
