"""A small Glow-style INN on 2-D toy data (FrEIA's SequenceINN with AllInOneBlock)."""

import torch.nn as nn
import FrEIA.framework as Ff
import FrEIA.modules as Fm

N_DIM = 2
N_BLOCKS = 6
HIDDEN = 128


def subnet_fc(c_in, c_out):
    return nn.Sequential(nn.Linear(c_in, HIDDEN), nn.ReLU(), nn.Linear(HIDDEN, c_out))


inn = Ff.SequenceINN(N_DIM)
for k in range(N_BLOCKS):
    inn.append(Fm.AllInOneBlock, subnet_constructor=subnet_fc, permute_soft=True)

model = inn
