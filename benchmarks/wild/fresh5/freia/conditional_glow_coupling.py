import torch.nn as nn
import FrEIA.framework as Ff
import FrEIA.modules as Fm


class Config:
    ndim_x = 8
    ndim_cond = 3
    n_couplings = 4
    hidden = 64
    clamp = 2.0


def fc_constr(c_in, c_out):
    return nn.Sequential(
        nn.Linear(c_in, Config.hidden), nn.LeakyReLU(), nn.Linear(Config.hidden, Config.hidden),
        nn.LeakyReLU(), nn.Linear(Config.hidden, c_out),
    )


def build_inn(c=Config):
    inn = Ff.SequenceINN(c.ndim_x)
    for i in range(c.n_couplings):
        inn.append(
            Fm.GLOWCouplingBlock,
            cond=0,
            cond_shape=(c.ndim_cond,),
            subnet_constructor=fc_constr,
            clamp=c.clamp,
        )
        inn.append(Fm.PermuteRandom, seed=i)
    return inn


model = build_inn()
