"""Dueling DQN for Atari from pfrl, with a noisy-net variant toggled by a flag (as the examples do)."""

from pfrl import q_functions
from pfrl.nn import to_factorized_noisy

N_ACTIONS = 6
USE_NOISY = True

q_func = q_functions.DuelingDQN(n_actions=N_ACTIONS, n_input_channels=4)
if USE_NOISY:
    # replaces every nn.Linear in place with FactorizedNoisyLinear (mu/sigma pairs)
    to_factorized_noisy(q_func, sigma_scale=0.5)

model = q_func
