"""Categorical (C51-style) dueling head from pfrl for a small frame stack."""

from pfrl.q_functions import DistributionalDuelingDQN

ATARI = dict(n_actions=4, n_atoms=21, v_min=-5.0, v_max=5.0)

model = DistributionalDuelingDQN(n_input_channels=2, **ATARI)
