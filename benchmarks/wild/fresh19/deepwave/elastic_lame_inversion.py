import deepwave
import torch
from deepwave import Elastic


def lame_from_velocity(vp, vs, rho):
    mu = rho * vs**2
    lamb = rho * vp**2 - 2 * mu
    return lamb, mu, 1 / rho


shape = (30, 40)
vp = torch.full(shape, 2500.0)
vs = torch.full(shape, 1400.0)
rho = torch.full(shape, 2200.0)
lamb, mu, buoyancy = lame_from_velocity(vp, vs, rho)

model = Elastic(lamb, mu, buoyancy, grid_spacing=[4.0, 4.0], requires_grad=["lamb", "mu"])
print(deepwave.__name__, sum(p.numel() for p in model.parameters() if p.requires_grad))
