"""A neural spline flow (zflows) on a 2-d box, 3 transforms, hidden (32, 32)."""

from zflows.flow import NSF

model = NSF(a=[-1.0, -1.0], b=[1.0, 1.0], bins=6, transforms=3, hidden_features=(32, 32))
