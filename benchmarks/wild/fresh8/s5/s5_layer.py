"""One S5 layer (HiPPO-initialised diagonal state space), width 256, state 128."""

from s5 import S5

model = S5(width=256, state_width=128)
