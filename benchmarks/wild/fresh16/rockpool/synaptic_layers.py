from rockpool.nn.combinators import Sequential
from rockpool.nn.modules import LIFTorch, LinearTorch

widths = [10, 16, 16, 4]
N_SYN = 2
mods = []
for i in range(len(widths) - 1):
    mods.append(LinearTorch((widths[i], widths[i + 1] * N_SYN)))
    mods.append(LIFTorch((widths[i + 1] * N_SYN, widths[i + 1])))
model = Sequential(*mods)
