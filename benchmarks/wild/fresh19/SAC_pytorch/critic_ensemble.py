"""Hand-made critic ensemble (REDQ style) passed to the library's MultipleCritics wrapper."""

from SAC_pytorch import Critic, MultipleCritics

N_CRITICS = 5
critics = [
    Critic(dim_state=17, num_cont_actions=6, dim_hidden=128, mlp_depth=2, dropout=0.01)
    for _ in range(N_CRITICS)
]
model = MultipleCritics(*critics, use_softmin=True)
